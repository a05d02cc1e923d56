import {
  formatCents,
  PAYMENT_CSV_COLUMNS,
  PAYMENT_SORTS,
  type PaymentSort,
  paymentTableRows,
  type StaffPaymentList,
  type StaffPaymentRow,
} from '@lc/contract';
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { BreakableEmails } from '../staff/list-parts';
import { MoneyTotals } from '../staff/money-totals';
import type { RefundTarget } from '../staff/refund-dialog';
import { ColumnChooser, useHiddenColumns } from '../staff-table/column-chooser';
import { type StaffColumn, StaffTable, type TableSort } from '../staff-table/staff-table';

/** The totals over everything the filters match: paid, refunded and net (cents shown as dollars). */
export function PaymentTotals({ totals }: { totals: StaffPaymentList['totals'] }) {
  return (
    <MoneyTotals
      cols={{ base: 1, xs: 3 }}
      items={[
        ['Paid', totals.paid],
        ['Refunded', totals.refunded],
        ['Net', totals.net],
      ]}
    />
  );
}

/** A payments table column's key: the server's sort key where it has one (`PAYMENT_SORTS`). */
export type PaymentColumnId = PaymentSort | 'email' | 'children' | 'method' | 'note';

/** The key of each of the CSV's columns, in the CSV's order (the table draws the same columns). */
const COLUMN_IDS: Record<(typeof PAYMENT_CSV_COLUMNS)[number], PaymentColumnId> = {
  Date: 'date',
  Family: 'family',
  Email: 'email',
  Session: 'session',
  Children: 'children',
  Status: 'status',
  Method: 'method',
  Amount: 'amount',
  Refunded: 'refunded',
  Note: 'note',
};

/** The table's columns in order, each with its key and name (the column chooser's list). */
export const PAYMENT_COLUMNS = PAYMENT_CSV_COLUMNS.map((header) => ({ id: COLUMN_IDS[header], header }));

/**
 * Left off the screen until the director chooses otherwise (issue 24): the email and the method, so the rest
 * with the Refund button fit beside the sidebar at 1280 px. Printed pages and the CSV have every column.
 */
export const PAYMENT_SCREEN_HIDDEN: readonly PaymentColumnId[] = ['email', 'method'];

/** Ordered first from the largest or newest (a click on these headers starts descending). */
const DESCENDING_FIRST = new Set<PaymentColumnId>(['date', 'amount', 'refunded']);
const SORTABLE = new Set<PaymentColumnId>(PAYMENT_SORTS);
const UNBROKEN = new Set<PaymentColumnId>(['date', 'amount', 'refunded']);

/** A payment with its cells as the CSV writes them (`paymentTableRows`). */
type PaymentLine = { payment: StaffPaymentRow; cells: string[] };

const COLUMNS: ReadonlyArray<StaffColumn<PaymentLine>> = PAYMENT_COLUMNS.map(({ id, header }, c) => ({
  id,
  header,
  sortable: SORTABLE.has(id),
  descendingFirst: DESCENDING_FIRST.has(id),
  nowrap: UNBROKEN.has(id),
  numeric: id === 'amount' || id === 'refunded',
  cell: (line: PaymentLine) => (id === 'email' ? <BreakableEmails cell={line.cells[c]!} /> : line.cells[c]),
}));

/** The signed-in director's choice of the payments table's columns on screen, and how to change it. */
export function usePaymentColumns() {
  return useHiddenColumns<PaymentColumnId>('payments', PAYMENT_SCREEN_HIDDEN);
}

/** The "Columns" button above the payments table. */
export function PaymentColumnChooser({
  hidden,
  onChange,
}: {
  hidden: ReadonlySet<PaymentColumnId>;
  onChange: (hidden: PaymentColumnId[]) => void;
}) {
  return <ColumnChooser columns={PAYMENT_COLUMNS} hidden={hidden} onChange={onChange} />;
}

/**
 * The payments table: exactly the CSV's cells (the date is the row's header, dates and amounts unbroken), in
 * the server's order (`sort`: a header's button), the columns the director chose (`hidden` left off the
 * screen, printed all the same), and a Refund button on each row with something left to refund. `empty` says
 * what to do when no payment matches.
 */
export function PaymentsTable({
  items,
  onRefund,
  sort,
  hidden,
  empty,
}: {
  items: StaffPaymentRow[];
  onRefund: (target: RefundTarget) => void;
  sort: TableSort;
  hidden: ReadonlySet<string>;
  empty: ReactNode;
}) {
  const cells = paymentTableRows(items, CENTER_TIME_ZONE);
  const lines = items.map((payment, r) => ({ payment, cells: cells[r]! }));
  return (
    <StaffTable
      label="Payments table"
      rows={lines}
      rowId={(line) => line.payment.id}
      columns={COLUMNS}
      sort={sort}
      hidden={hidden}
      empty={empty}
      describedBy="payments-count"
      actions={({ payment }) =>
        payment.refundable > 0 ? (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => onRefund(refundTarget(payment))}
            aria-label={`Refund ${payment.familyName}’s payment of ${formatCents(payment.finalAmount)}`}
          >
            Refund…
          </Button>
        ) : null
      }
    />
  );
}

function refundTarget(payment: StaffPaymentRow): RefundTarget {
  return {
    paymentId: payment.id,
    label: `${payment.familyName}${payment.sessionName ? `, ${payment.sessionName}` : ''}: paid ${formatCents(payment.finalAmount)}${payment.refundedAmount > 0 ? `, ${formatCents(payment.refundedAmount)} refunded so far` : ''}`,
    refundable: payment.refundable,
  };
}
