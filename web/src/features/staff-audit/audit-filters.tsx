import {
  AUDIT_ENTITY_TYPES,
  AUDIT_KIND_NAMES,
  type AuditPage,
  type AuditQuery,
  type TeamMember,
} from '@lc/contract';
import { auditKindName } from '@lc/contract/audit-sentences';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import type { UrlQueryChanges } from '../staff/use-url-query';

/**
 * "Filter the audit trail" (issue 24): who made the change (a staff member), the kind of change (a readable
 * list), and the kind of record apply at once; words or a record's id and a date range are applied with Show.
 * A chosen child or family (from a change's "Only this child’s changes", or a link from the child's page) is
 * named, with a button that shows everyone again. Everything lives in the page's URL (a form of the kit,
 * docs/architecture.md, "Forms", whose request is the page's URL).
 */
export function AuditFilters({
  query,
  update,
  team = [],
  names,
}: {
  query: AuditQuery;
  update: (changes: UrlQueryChanges<AuditQuery>) => void;
  /** The staff, for "Who" (the director's team list). */
  team?: TeamMember[];
  /** The names of the chosen person, child and family, as the page's reply gave them. */
  names?: AuditPage['filterNames'];
}) {
  const { i18n } = useTranslation();
  const form = useForm<{ q: string; from: string; to: string }>({
    defaultValues: { q: query.q ?? '', from: query.from ?? '', to: query.to ?? '' },
  });
  const { onSubmit: onFilter } = useSubmit(form, {
    action: async ({ q, from, to }) => update({ q: q.trim(), from, to }),
    fields: [],
  });
  const people = [...team].sort((a, b) =>
    `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`),
  );
  // A chosen person who is not on the staff list (a parent, a former teacher) is still offered by name.
  if (query.actorUserId && !people.some((p) => p.id === query.actorUserId))
    people.unshift({
      id: query.actorUserId,
      firstName: names?.actor ?? 'Someone no longer on the staff',
      lastName: '',
    } as TeamMember);
  return (
    <Stack gap="sm">
      <form onSubmit={onFilter} aria-label="Filter the audit trail">
        <Group align="flex-end" gap="md" wrap="wrap">
          <NativeSelect
            label="Who"
            value={query.actorUserId ?? ''}
            onChange={(event) => update({ actorUserId: event.currentTarget.value })}
            data={[
              { value: '', label: 'Anyone' },
              ...people.map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}`.trim() })),
            ]}
          />
          <NativeSelect
            label="Kind of change"
            value={query.kind ?? ''}
            onChange={(event) => update({ kind: event.currentTarget.value })}
            data={[
              { value: '', label: 'Every kind' },
              ...AUDIT_KIND_NAMES.map((kind) => ({ value: kind, label: auditKindName(kind, i18n.language) })),
            ]}
          />
          <NativeSelect
            label="Kind of record"
            value={query.entityType ?? ''}
            onChange={(event) => update({ entityType: event.currentTarget.value, entityId: undefined })}
            data={[
              { value: '', label: 'Everything' },
              ...Object.entries(AUDIT_ENTITY_TYPES).map(([value, label]) => ({ value, label })),
            ]}
          />
          <TextField
            form={form}
            name="q"
            label="Search"
            description="Words in the change, like “refund”, or a record’s id"
          />
          <TextField form={form} name="from" type="date" label="From" />
          <TextField form={form} name="to" type="date" label="To" />
          <Button type="submit" variant="default">
            Show
          </Button>
        </Group>
      </form>
      {query.studentId ? (
        <Group gap="xs">
          <Text size="sm">
            Only the changes about <strong>{names?.child ?? 'a child no longer on record'}</strong>
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => update({ studentId: undefined })}>
            Show every child
          </Button>
        </Group>
      ) : null}
      {query.familyUserId ? (
        <Group gap="xs">
          <Text size="sm">
            Only the changes about the family of{' '}
            <strong>{names?.family ?? 'a parent no longer on record'}</strong>
          </Text>
          <Button size="compact-sm" variant="default" onClick={() => update({ familyUserId: undefined })}>
            Show every family
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
