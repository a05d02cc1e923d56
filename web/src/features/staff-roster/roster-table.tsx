import {
  type Board,
  formatCents,
  type Roster,
  type RosterColumn,
  routes,
  type StaffEnrollment,
} from '@lc/contract';
import { Anchor, Badge, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BreakableEmails } from '../staff/list-parts';
import type { RefundTarget } from '../staff/refund-dialog';
import classes from '../staff/staff.module.css';
import type { AttendanceTarget } from '../staff-attendance/attendance-dialog';
import { type BoardChild, childStateText } from '../staff-attendance/attendance-parts';
import { LateBadge, RecordButton, WRAPPING_BADGE } from '../staff-attendance/today-board';
import type { RowSelection } from '../staff-bulk/use-row-selection';
import { ColumnChooser } from '../staff-table/column-chooser';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

/** Columns whose cells never wrap (a date or a phone number broken over lines is hard to read). */
const UNBROKEN_COLUMNS = new Set<RosterColumn>([
  'Date of birth',
  'Age at start',
  'Parent phones',
  'Enrolled on',
]);

/** One enrolled child as the roster's table draws them: the CSV's cells and what the screen adds. */
type RosterRow = {
  studentId: string;
  /** The row's cells, exactly the CSV's, under `columns`. */
  cells: string[];
  /** People the child may not be released to (issue 24), shown under the name in red. */
  doNotRelease: ReadonlyArray<{ name: string; note: string | null }>;
  todayChild: BoardChild | undefined;
  money: StaffEnrollment | undefined;
};

/**
 * "Enrolled children": the roster's table (`rows` under `columns`, exactly the CSV's) on the staff table
 * (decision 030), with a box to choose each row for a bulk action (`selection`, issue 24), a Today column
 * when the session meets today (`today`) and the director's Actions menu on each row (`enrollments`: each
 * child's payment, by student id).
 */
export function RosterTable({
  session,
  enrolled,
  columns,
  rows,
  today,
  enrollments,
  isDirector,
  hidden,
  onHiddenChange,
  onRecord,
  onWithdraw,
  onMove,
  onRefund,
  onRecordPayment,
  onAdjust,
  selection,
}: {
  session: Roster['session'];
  enrolled: Roster['enrolled'];
  columns: readonly RosterColumn[];
  rows: string[][];
  today: Board['sessions'][number] | undefined;
  enrollments: StaffEnrollment[];
  isDirector: boolean;
  /** Columns left off the screen (the person's choice, roster-columns.tsx); printed all the same. */
  hidden: ReadonlySet<RosterColumn>;
  onHiddenChange: (hidden: RosterColumn[]) => void;
  onRecord: (target: AttendanceTarget) => void;
  onWithdraw: (child: StaffEnrollment) => void;
  onMove: (child: StaffEnrollment) => void;
  onRefund: (target: RefundTarget) => void;
  onRecordPayment: (child: StaffEnrollment) => void;
  onAdjust: (child: StaffEnrollment) => void;
  /** The children chosen for a bulk action (issue 24), each with its row's cells (the CSV's). */
  selection: RowSelection<string[]>;
}) {
  const moneyOf = new Map(enrollments.map((m) => [m.studentId, m]));
  const todayOf = new Map((today?.children ?? []).map((c) => [c.studentId, c]));
  const tableRows: RosterRow[] = rows.map((cells, r) => ({
    studentId: enrolled[r]!.studentId,
    cells,
    doNotRelease: enrolled[r]!.doNotRelease,
    todayChild: todayOf.get(enrolled[r]!.studentId),
    money: moneyOf.get(enrolled[r]!.studentId),
  }));
  const cellColumns: StaffColumn<RosterRow>[] = columns.map((column, c) => ({
    id: column,
    header: column,
    nowrap: UNBROKEN_COLUMNS.has(column),
    cell: (row) => <RosterCell column={column} row={row} cell={row.cells[c] ?? ''} />,
  }));
  const todayColumn: StaffColumn<RosterRow> = {
    id: 'Today',
    header: 'Today',
    screenOnly: true,
    when: today !== undefined,
    cell: (row) => (today ? <TodayCell child={row.todayChild} session={today} onRecord={onRecord} /> : null),
  };
  // The roster's selection keeps each child's CSV cells (the bulk dialogs and the export read them).
  const rowSelection: Pick<RowSelection<RosterRow>, 'isSelected' | 'toggle' | 'toggleAll'> = {
    isSelected: selection.isSelected,
    toggle: (id, row) => selection.toggle(id, row.cells),
    toggleAll: (page) => selection.toggleAll(page.map(([id, row]) => [id, row.cells] as const)),
  };
  return (
    <section aria-labelledby="enrolled-heading">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="h3" id="enrolled-heading">
          Enrolled children
        </Title>
        {rows.length > 0 ? (
          <div className={classes.noPrint}>
            <ColumnChooser
              columns={columns.map((column) => ({ id: column, header: column }))}
              hidden={hidden}
              onChange={onHiddenChange}
              description="The printed roster and the CSV always have every column."
            />
          </div>
        ) : null}
      </Group>
      <StaffTable
        label="Roster table"
        rows={tableRows}
        rowId={(row) => row.studentId}
        columns={[cellColumns[0]!, todayColumn, ...cellColumns.slice(1)]}
        hidden={hidden}
        selection={{ state: rowSelection, rowName: (row) => row.cells[0]! }}
        actions={
          isDirector
            ? (row) => (
                <ChildMenu
                  name={row.cells[0]!}
                  child={row.money}
                  onWithdraw={onWithdraw}
                  onMove={onMove}
                  onRecordPayment={onRecordPayment}
                  onAdjust={onAdjust}
                  onRefund={(child) =>
                    onRefund({
                      paymentId: child.paymentId!,
                      label: `${row.cells[0]} in ${session.name}: paid ${formatCents(child.finalAmount)}${child.refundedAmount > 0 ? `, ${formatCents(child.refundedAmount)} refunded so far` : ''}`,
                      refundable: child.refundable,
                    })
                  }
                />
              )
            : undefined
        }
        empty={
          isDirector
            ? 'No children are enrolled yet. Enroll a child by hand, or share the session’s page with families.'
            : 'No children are enrolled yet. They appear here as families enroll.'
        }
      />
    </section>
  );
}

/** One cell of a child's row: the name (a link, with any do-not-release note), allergies as a badge, emails. */
function RosterCell({ column, row, cell }: { column: RosterColumn; row: RosterRow; cell: string }) {
  if (column === 'Child')
    return (
      <>
        <Anchor component={Link} to={routes.staffChild(row.studentId)}>
          {cell}
        </Anchor>
        {row.doNotRelease.map((r) => (
          // `data-screen-note`: on the screen only, never in the CSV (a roster file gets printed and handed round).
          <Text key={r.name} size="xs" c="var(--mantine-color-red-text)" fw={600} mt={2} data-screen-note>
            Do not release to {r.name}
            {r.note ? (
              <Text span size="xs" c="var(--mantine-color-text)" fw={400} display="block">
                {r.note}
              </Text>
            ) : null}
          </Text>
        ))}
      </>
    );
  if (column === 'Allergies' && cell)
    return (
      <Badge color="red" variant="light" radius="sm" tt="none" {...WRAPPING_BADGE}>
        {cell}
      </Badge>
    );
  if (column === 'Parent emails') return <BreakableEmails cell={cell} />;
  return cell;
}

/** A child's drop-off or pickup today and the button to check them in or out. */
function TodayCell({
  child,
  session,
  onRecord,
}: {
  child: BoardChild | undefined;
  session: { classSessionId: number; name: string };
  onRecord: (target: AttendanceTarget) => void;
}) {
  if (!child) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm">{childStateText(child)}</Text>
      {child.late ? <LateBadge /> : null}
      <RecordButton child={child} session={session} onRecord={onRecord} />
    </Stack>
  );
}

/**
 * The director's menu on an enrolled child's row: withdraw, move, record a payment (when something is due),
 * charge or credit, refund (when something is refundable).
 */
function ChildMenu({
  name,
  child,
  onWithdraw,
  onMove,
  onRefund,
  onRecordPayment,
  onAdjust,
}: {
  name: string;
  child: StaffEnrollment | undefined;
  onWithdraw: (child: StaffEnrollment) => void;
  onMove: (child: StaffEnrollment) => void;
  onRefund: (child: StaffEnrollment) => void;
  onRecordPayment: (child: StaffEnrollment) => void;
  onAdjust: (child: StaffEnrollment) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="default" disabled={!child} aria-label={`Actions for ${name}`}>
          Actions
        </Button>
      </Menu.Target>
      {child ? (
        <Menu.Dropdown>
          <Menu.Item onClick={() => onWithdraw(child)}>Withdraw…</Menu.Item>
          <Menu.Item onClick={() => onMove(child)}>Move…</Menu.Item>
          <Menu.Item onClick={() => onRecordPayment(child)} disabled={child.account.balance <= 0}>
            Record a payment…
          </Menu.Item>
          <Menu.Item onClick={() => onAdjust(child)}>Charge or credit…</Menu.Item>
          <Menu.Item onClick={() => onRefund(child)} disabled={!child.paymentId || child.refundable === 0}>
            Refund…
          </Menu.Item>
        </Menu.Dropdown>
      ) : null}
    </Menu>
  );
}
