import { type AuditEvent, auditChanges } from '@lc/contract';
import { auditSentenceText, auditTime, auditWho } from '@lc/contract/audit-sentences';
import { Button, Code, Group, List, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { ColumnHeads, ScrollRegion } from '../staff/list-parts';
import classes from './audit-table.module.css';

const COLUMNS = ['What happened', 'Who', 'When'] as const;

/** The raw values, as stored, for the disclosure: "—" for none. */
const raw = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);

/**
 * The audit trail's table (issue 24): each change as a sentence in the reader's language (names, dollars, the
 * center's time), who made it and when; a native disclosure ("Details", keyboard-operable) holds the changed
 * fields, the action's code, the record and the raw values before and after, and narrows the trail to the
 * change's child or family (`onOnly`).
 */
export function AuditTable({
  items,
  onOnly,
}: {
  items: AuditEvent[];
  onOnly: (filter: { studentId?: string; familyUserId?: string }) => void;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (
    <ScrollRegion label="Audit trail table">
      <Table verticalSpacing="sm" striped>
        <ColumnHeads columns={COLUMNS} />
        <Table.Tbody>
          {items.map((event) => {
            const changes = auditChanges(event.before, event.after);
            return (
              <Table.Tr key={event.id}>
                <Table.Td className={classes.what}>
                  <Text>{auditSentenceText(event.sentence, language, CENTER_TIME_ZONE)}</Text>
                  <details className={classes.details}>
                    <summary>Details</summary>
                    <Stack gap="xs" mt="xs">
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
                      {event.studentId || event.familyUserId ? (
                        <Group gap="xs">
                          {event.studentId ? (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => onOnly({ studentId: event.studentId ?? undefined })}
                            >
                              Only this child’s changes
                            </Button>
                          ) : null}
                          {event.familyUserId ? (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => onOnly({ familyUserId: event.familyUserId ?? undefined })}
                            >
                              Only this family’s changes
                            </Button>
                          ) : null}
                        </Group>
                      ) : null}
                    </Stack>
                  </details>
                </Table.Td>
                <Table.Td>{auditWho(event, language)}</Table.Td>
                <Table.Td className={classes.when}>
                  {auditTime(event.at, language === 'es' ? 'es' : 'en', CENTER_TIME_ZONE)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
