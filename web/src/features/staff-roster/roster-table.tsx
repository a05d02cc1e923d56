import {
  type Board,
  formatCents,
  type Roster,
  type RosterColumn,
  routes,
  type StaffEnrollment,
} from '@lc/contract';
import { Anchor, Badge, Button, Group, Menu, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { BreakableEmails } from '../staff/list-parts';
import type { RefundTarget } from '../staff/refund-dialog';
import classes from '../staff/staff.module.css';
import type { AttendanceTarget } from '../staff-attendance/attendance-dialog';
import { type BoardChild, childStateText } from '../staff-attendance/attendance-parts';
import { LateBadge, RecordButton, WRAPPING_BADGE } from '../staff-attendance/today-board';
import { SelectAllCheckbox, SelectRowCheckbox } from '../staff-bulk/selection-bar';
import type { RowSelection } from '../staff-bulk/use-row-selection';
import { RosterColumnChooser } from './roster-columns';

/** Columns whose cells never wrap (a date or a phone number broken over lines is hard to read). */
const UNBROKEN_COLUMNS = new Set<RosterColumn>([
  'Date of birth',
  'Age at start',
  'Parent phones',
  'Enrolled on',
]);

/**
 * "Enrolled children": the roster's table (`rows` under `columns`, exactly the CSV's), with a box to choose
 * each row for a bulk action (`selection`, issue 24), a Today column when the session meets today (`today`)
 * and the director's Actions menu on each row (`enrollments`: each child's payment, by student id).
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
  const page = rows.map((row, r) => [enrolled[r]!.studentId, row] as const);
  const moneyOf = new Map(enrollments.map((m) => [m.studentId, m]));
  const todayOf = new Map((today?.children ?? []).map((c) => [c.studentId, c]));
  return (
    <section aria-labelledby="enrolled-heading">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} fz="h3" id="enrolled-heading">
          Enrolled children
        </Title>
        {rows.length > 0 ? (
          <div className={classes.noPrint}>
            <RosterColumnChooser columns={columns} hidden={hidden} onChange={onHiddenChange} />
          </div>
        ) : null}
      </Group>
      {rows.length === 0 ? (
        <Text>No children are enrolled yet.</Text>
      ) : (
        // A wide table scrolls sideways on a phone: the region takes focus so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
        <section className={classes.tableWrap} aria-label="Roster table" tabIndex={0}>
          <Table
            striped
            verticalSpacing="xs"
            fz="sm"
            className={`${classes.stickyEnds} ${classes.selectable}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Td className={`${classes.noPrint} ${classes.selectCell}`} data-select-cell>
                  <SelectAllCheckbox
                    ids={page.map(([id]) => id)}
                    isSelected={selection.isSelected}
                    onToggleAll={() => selection.toggleAll(page)}
                  />
                </Table.Td>
                {columns.map((column, c) => (
                  <Fragment key={column}>
                    <Table.Th scope="col" className={hidden.has(column) ? classes.screenHidden : undefined}>
                      {column}
                    </Table.Th>
                    {c === 0 && today ? (
                      <Table.Th scope="col" className={classes.noPrint}>
                        Today
                      </Table.Th>
                    ) : null}
                  </Fragment>
                ))}
                {isDirector ? (
                  <Table.Th scope="col" className={`${classes.noPrint} ${classes.actionsCell}`}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => (
                <Table.Tr key={enrolled[r]!.studentId}>
                  <Table.Td className={`${classes.noPrint} ${classes.selectCell}`} data-select-cell>
                    <SelectRowCheckbox
                      name={row[0]!}
                      checked={selection.isSelected(enrolled[r]!.studentId)}
                      onToggle={() => selection.toggle(enrolled[r]!.studentId, row)}
                    />
                  </Table.Td>
                  <RosterCells
                    row={row}
                    columns={columns}
                    studentId={enrolled[r]!.studentId}
                    doNotRelease={enrolled[r]!.doNotRelease}
                    today={today}
                    todayChild={todayOf.get(enrolled[r]!.studentId)}
                    hidden={hidden}
                    onRecord={onRecord}
                  />
                  {isDirector ? (
                    <Table.Td className={`${classes.noPrint} ${classes.actionsCell}`}>
                      <ChildMenu
                        name={row[0]!}
                        child={moneyOf.get(enrolled[r]!.studentId)}
                        onWithdraw={onWithdraw}
                        onMove={onMove}
                        onRecordPayment={onRecordPayment}
                        onAdjust={onAdjust}
                        onRefund={(child) =>
                          onRefund({
                            paymentId: child.paymentId!,
                            label: `${row[0]} in ${session.name}: paid ${formatCents(child.finalAmount)}${child.refundedAmount > 0 ? `, ${formatCents(child.refundedAmount)} refunded so far` : ''}`,
                            refundable: child.refundable,
                          })
                        }
                      />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      )}
    </section>
  );
}

/** One row's cells: the child's name (a link), Today's cell when the session meets today, then the others. */
function RosterCells({
  row,
  columns,
  studentId,
  doNotRelease,
  today,
  todayChild,
  hidden,
  onRecord,
}: {
  row: string[];
  columns: readonly RosterColumn[];
  studentId: string;
  /** People the child may not be released to (issue 24), shown under the name in red. */
  doNotRelease: ReadonlyArray<{ name: string; note: string | null }>;
  today: Board['sessions'][number] | undefined;
  todayChild: BoardChild | undefined;
  hidden: ReadonlySet<RosterColumn>;
  onRecord: (target: AttendanceTarget) => void;
}) {
  const cellClass = (column: RosterColumn) =>
    [UNBROKEN_COLUMNS.has(column) ? classes.nowrap : '', hidden.has(column) ? classes.screenHidden : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return row.map((cell, c) =>
    c === 0 ? (
      <Fragment key={columns[c]}>
        <Table.Th scope="row">
          <Anchor component={Link} to={routes.staffChild(studentId)}>
            {cell}
          </Anchor>
          {doNotRelease.map((r) => (
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
        </Table.Th>
        {today ? (
          <Table.Td className={classes.noPrint}>
            <TodayCell child={todayChild} session={today} onRecord={onRecord} />
          </Table.Td>
        ) : null}
      </Fragment>
    ) : columns[c] === 'Allergies' && cell ? (
      <Table.Td key={columns[c]} className={cellClass('Allergies')}>
        <Badge color="red" variant="light" radius="sm" tt="none" {...WRAPPING_BADGE}>
          {cell}
        </Badge>
      </Table.Td>
    ) : columns[c] === 'Parent emails' ? (
      <Table.Td key={columns[c]} className={cellClass('Parent emails')}>
        <BreakableEmails cell={cell} />
      </Table.Td>
    ) : (
      <Table.Td key={columns[c]} className={cellClass(columns[c]!)}>
        {cell}
      </Table.Td>
    ),
  );
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
