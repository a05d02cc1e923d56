import { AUDIT_ENTITY_TYPES, type AuditQuery } from '@lc/contract';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import type { UrlQueryChanges } from '../staff/use-url-query';

/**
 * "Filter the audit trail": the kind of record (applied at once), words or a record's id, and a date range,
 * applied with Show. The typed words and dates start from the URL's (a form of the kit, docs/architecture.md,
 * "Forms", whose request is the page's URL).
 */
export function AuditFilters({
  query,
  update,
}: {
  query: AuditQuery;
  update: (changes: UrlQueryChanges<AuditQuery>) => void;
}) {
  const form = useForm<{ q: string; from: string; to: string }>({
    defaultValues: { q: query.q ?? '', from: query.from ?? '', to: query.to ?? '' },
  });
  const { onSubmit: onFilter } = useSubmit(form, {
    action: async ({ q, from, to }) => update({ q: q.trim(), from, to }),
    fields: [],
  });
  return (
    <form onSubmit={onFilter} aria-label="Filter the audit trail">
      <Group align="flex-end" gap="md" wrap="wrap">
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
  );
}
