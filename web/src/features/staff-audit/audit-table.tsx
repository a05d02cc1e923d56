import { AUDIT_CSV_COLUMNS, type AuditEvent, auditChanges, auditTableRows } from '@lc/contract';
import { List, Table } from '@mantine/core';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { ColumnHeads, ScrollRegion } from '../staff/list-parts';

const CHANGES = AUDIT_CSV_COLUMNS.indexOf('Changes');

/** The audit trail's table: exactly the CSV's columns, the changes as a list of "field: before → after". */
export function AuditTable({ items }: { items: AuditEvent[] }) {
  const rows = auditTableRows(items, CENTER_TIME_ZONE);
  return (
    <ScrollRegion label="Audit trail table">
      <Table verticalSpacing="sm" striped>
        <ColumnHeads columns={AUDIT_CSV_COLUMNS} />
        <Table.Tbody>
          {items.map((event, index) => (
            <Table.Tr key={event.id}>
              {rows[index]!.map((cell, column) =>
                column === CHANGES ? (
                  <Table.Td key={AUDIT_CSV_COLUMNS[column]}>
                    <List size="sm" spacing={2}>
                      {auditChanges(event.before, event.after).map((change) => (
                        <List.Item key={change}>{change}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                ) : (
                  <Table.Td key={AUDIT_CSV_COLUMNS[column]}>{cell}</Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
