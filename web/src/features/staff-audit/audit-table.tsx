import { type AuditEvent, auditChanges } from '@lc/contract';
import { auditSentenceText, auditTime, auditWho } from '@lc/contract/audit-sentences';
import { Button, Code, Group, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { type StaffColumn, StaffTable, type TableSort } from '../staff-table/staff-table';
import classes from './audit-table.module.css';

/** The raw values, as stored, for the disclosure: "—" for none. */
const raw = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

/**
 * The audit trail's table (issue 24): each change as a sentence in the reader's language (names, dollars, the
 * center's time; the row's header), who made it and when, in the server's order (`sort`: newest first by
 * default, oldest first or by who from a header's button); a native disclosure ("Details", keyboard-operable) holds the changed
 * fields, the action's code, the record and the raw values before and after, and narrows the trail to the
 * change's child or family (`onOnly`).
 */
export function AuditTable({
  items,
  onOnly,
  sort,
  empty,
}: {
  items: AuditEvent[];
  onOnly: (filter: { studentId?: string; familyUserId?: string }) => void;
  sort: TableSort;
  empty: ReactNode;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const columns: ReadonlyArray<StaffColumn<AuditEvent>> = [
    {
      id: 'what',
      header: 'What happened',
      cell: (event) => <WhatHappened event={event} language={language} onOnly={onOnly} />,
    },
    { id: 'who', header: 'Who', sortable: true, cell: (event) => auditWho(event, language) },
    {
      id: 'when',
      header: 'When',
      sortable: true,
      descendingFirst: true,
      nowrap: true,
      cell: (event) => auditTime(event.at, language === 'es' ? 'es' : 'en', CENTER_TIME_ZONE),
    },
  ];
  return (
    <StaffTable
      label="Audit trail table"
      rows={items}
      rowId={(event) => event.id}
      columns={columns}
      sort={sort}
      empty={empty}
      describedBy="audit-count"
    />
  );
}

/**
 * One change's sentence (the row's header) and its "Details" disclosure: the changed fields, the action's code
 * and record, the raw values before and after, and "Only this child's / family's changes".
 */
/** The "Only this child’s changes" and "Only this family’s changes" filters a change offers, each with its label. */
function onlyFilters(
  event: AuditEvent,
): { label: string; filter: { studentId?: string; familyUserId?: string } }[] {
  return [
    ...(event.studentId
      ? [{ label: 'Only this child’s changes', filter: { studentId: event.studentId } }]
      : []),
    ...(event.familyUserId
      ? [{ label: 'Only this family’s changes', filter: { familyUserId: event.familyUserId } }]
      : []),
  ];
}

function WhatHappened({
  event,
  language,
  onOnly,
}: {
  event: AuditEvent;
  language: string;
  onOnly: (filter: { studentId?: string; familyUserId?: string }) => void;
}) {
  const changes = auditChanges(event.before, event.after);
  return (
    <div className={classes.what}>
      <Text fw={400}>{auditSentenceText(event.sentence, language, CENTER_TIME_ZONE)}</Text>
      <details className={classes.details}>
        <summary>Details</summary>
        <Stack gap="xs" mt="xs" fw={400}>
          {changes.length > 0 ? (
            <List size="sm" spacing={2} aria-label="What changed">
              {changes.map((change) => (
                <List.Item key={change}>{change}</List.Item>
              ))}
            </List>
          ) : null}
          <Text size="sm">
            Recorded as <Code>{event.action}</Code> on {event.entityType} {event.entityId}
          </Text>
          <div className={classes.raw}>
            <div>
              <Text size="sm" fw={600}>
                Before
              </Text>
              <pre className={classes.json}>{raw(event.before)}</pre>
            </div>
            <div>
              <Text size="sm" fw={600}>
                After
              </Text>
              <pre className={classes.json}>{raw(event.after)}</pre>
            </div>
          </div>
          {onlyFilters(event).length > 0 ? (
            <Group gap="xs">
              {onlyFilters(event).map(({ label, filter }) => (
                <Button key={label} size="xs" variant="default" onClick={() => onOnly(filter)}>
                  {label}
                </Button>
              ))}
            </Group>
          ) : null}
        </Stack>
      </details>
    </div>
  );
}
