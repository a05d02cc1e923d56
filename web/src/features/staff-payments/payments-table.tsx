import {
  formatCents,
  PAYMENT_CSV_COLUMNS,
  paymentTableRows,
  type StaffPaymentList,
  type StaffPaymentRow,
} from '@lc/contract';
import { Button, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { BreakableEmails, ColumnHeads, ScrollRegion } from '../staff/list-parts';
import type { RefundTarget } from '../staff/refund-dialog';
import classes from '../staff/staff.module.css';

/** Money columns never wrap ("$1,945.00" reads as one piece). */
const AMOUNT_COLUMNS = new Set(
  (['Amount', 'Refunded'] as const).map((name) => PAYMENT_CSV_COLUMNS.indexOf(name)),
);

/** The totals over everything the filters match: paid, refunded and net (cents shown as dollars). */
export function PaymentTotals({ totals }: { totals: StaffPaymentList['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" aria-label="Totals" m={0}>
      {(
        [
          ['Paid', totals.paid],
          ['Refunded', totals.refunded],
          ['Net', totals.net],
        ] as const
      ).map(([label, cents]) => (
        <Paper key={label} withBorder radius="md" p="md">
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fz="xl" fw={700}>
            {formatCents(cents)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * The payments table: exactly the CSV's columns (the first a row header, amounts unbroken) and a Refund
 * button on each row with something left to refund.
 */
export function PaymentsTable({
  items,
  onRefund,
}: {
  items: StaffPaymentRow[];
  onRefund: (target: RefundTarget) => void;
}) {
  const rows = paymentTableRows(items, CENTER_TIME_ZONE);
  return (
    <ScrollRegion label="Payments table">
      <Table striped verticalSpacing="xs" horizontalSpacing={8} fz="sm" className={classes.stickyEnds}>
        <ColumnHeads columns={PAYMENT_CSV_COLUMNS} actions />
        <Table.Tbody>
          {rows.map((row, r) => {
            const payment = items[r]!;
            return (
              <Table.Tr key={payment.id}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <Table.Th key={PAYMENT_CSV_COLUMNS[c]} scope="row" style={{ whiteSpace: 'nowrap' }}>
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td
                      key={PAYMENT_CSV_COLUMNS[c]}
                      className={AMOUNT_COLUMNS.has(c) ? classes.nowrap : undefined}
                    >
                      {PAYMENT_CSV_COLUMNS[c] === 'Email' ? <BreakableEmails cell={cell} /> : cell}
                    </Table.Td>
                  ),
                )}
                <Table.Td className={classes.actionsCell}>
                  {payment.refundable > 0 ? (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => onRefund(refundTarget(payment))}
                      aria-label={`Refund ${payment.familyName}’s payment of ${formatCents(payment.finalAmount)}`}
                    >
                      Refund…
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function refundTarget(payment: StaffPaymentRow): RefundTarget {
  return {
    paymentId: payment.id,
    label: `${payment.familyName}${payment.sessionName ? `, ${payment.sessionName}` : ''}: paid ${formatCents(payment.finalAmount)}${payment.refundedAmount > 0 ? `, ${formatCents(payment.refundedAmount)} refunded so far` : ''}`,
    refundable: payment.refundable,
  };
}
