import { Table } from '@mantine/core';

/**
 * A short table of amounts that add up to a total (e.g. a withdrawal's refund: the policy's amount, less a
 * sibling discount, then the refund). `rows` are [label, amount] already formatted; the total row is bold.
 * Used by the parent's and the director's withdraw dialogs.
 */
export function AmountTable({
  label,
  rows,
  totalLabel,
  total,
}: {
  label: string;
  rows: Array<[string, string]>;
  totalLabel: string;
  total: string;
}) {
  return (
    <Table withTableBorder variant="vertical" aria-label={label}>
      <Table.Tbody>
        {rows.map(([rowLabel, amount]) => (
          <Table.Tr key={rowLabel}>
            <Table.Th scope="row" fw={400}>
              {rowLabel}
            </Table.Th>
            <Table.Td ta="right">{amount}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">{totalLabel}</Table.Th>
          <Table.Td ta="right" fw={700}>
            {total}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
