import {
  formatAgeMonths,
  formatCents,
  formatPhone,
  type RosterAdult,
  type RosterColumn,
  rosterColumns,
  rosterTableRows,
  routes,
  type StaffEnrollment,
} from '@lc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Menu,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { downloadRosterCsv, getRoster } from '../../api/staff';
import { actOnWaitlist, getSessionEnrollments } from '../../api/staff-money';
import { CENTER_TIME_ZONE, formatDateRange } from '../../features/class-sessions/format';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { EnrollByHandDialog } from '../../features/staff/enroll-by-hand-dialog';
import type { ChildTarget } from '../../features/staff/money-form';
import { MoveDialog } from '../../features/staff/move-dialog';
import { RefundDialog, type RefundTarget } from '../../features/staff/refund-dialog';
import { SessionTeachers } from '../../features/staff/session-teachers';
import { WithdrawDialog } from '../../features/staff/withdraw-dialog';
import { AttendanceDialog, type AttendanceTarget } from '../../features/staff-attendance/attendance-dialog';
import { type BoardChild, childStateText, useBoard } from '../../features/staff-attendance/attendance-parts';
import { LateBadge, RecordButton, WRAPPING_BADGE } from '../../features/staff-attendance/today-board';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import { saveFile } from '../../lib/save-file';
import NotFoundPage from '../public/not-found-page';
import classes from './staff.module.css';

/** Columns whose cells never wrap (a date or a phone number broken over lines is hard to read). */
const UNBROKEN_COLUMNS = new Set<RosterColumn>([
  'Date of birth',
  'Age at start',
  'Parent phones',
  'Enrolled on',
]);

const adults = (people: RosterAdult[]) =>
  people.map((p) => `${p.name}${p.phone ? `, ${formatPhone(p.phone)}` : ''}`).join('; ');

/**
 * /staff/sessions/:classSessionId — a session's roster (issue 10): enrolled children with what a teacher
 * needs (allergies stand out), a CSV with exactly the table's rows and columns, a printable page, and the
 * seats on hold and the waitlist apart. A session the caller does not teach is not found; a teacher's roster
 * carries no money, so their table and CSV have no Payment column (`rosterColumns`). On a day the
 * session meets, a "Today" column shows each child's drop-off or pickup and checks them in or out by hand
 * (issue 11).
 */
export default function StaffRosterPage() {
  const { classSessionId } = useParams();
  const roster = useQuery({
    queryKey: ['staff', 'roster', classSessionId],
    queryFn: ({ signal }) => getRoster(classSessionId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  const [exporting, setExporting] = useState(false);
  const isDirector = currentRole() === 'Admin';
  // The director's actions on a child's place and money (issue 10): each enrolled child's payment.
  const money = useQuery({
    queryKey: ['staff', 'enrollments', classSessionId],
    queryFn: ({ signal }) => getSessionEnrollments(Number(classSessionId), signal),
    enabled: isDirector && roster.isSuccess,
  });
  const [withdrawing, setWithdrawing] = useState<ChildTarget | null>(null);
  const [moving, setMoving] = useState<ChildTarget | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  // Today's drop-offs and pickups, when the session meets today (the attendance board's query).
  const board = useBoard();
  const [recording, setRecording] = useState<AttendanceTarget | null>(null);
  const queryClient = useQueryClient();
  const waitlistAction = useMutation({
    mutationFn: (args: { studentId: string; name: string; action: 'offer' | 'skip' | 'remove' }) =>
      actOnWaitlist(Number(classSessionId), args.studentId, args.action),
    onSuccess: async (_done, { name, action }) => {
      notifySuccess(
        action === 'offer'
          ? `${name} has been offered the seat; the family has been emailed.`
          : action === 'skip'
            ? `${name} keeps waiting, now at the end of the line.`
            : `${name} is off the waitlist; the family has been emailed.`,
      );
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (error) =>
      notifyError(error instanceof ApiError ? error.message : 'That did not work. Please try again.'),
  });
  usePageTitle(roster.data ? `Roster · ${roster.data.session.name}` : 'Roster');

  if (roster.error instanceof ApiError && roster.error.status === 404) return <NotFoundPage />;
  if (roster.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title="We could not load this roster">
        Please check your connection and try again.
      </Alert>
    );
  if (!roster.data)
    return (
      <Text role="status" mt="lg">
        Loading the roster…
      </Text>
    );

  const { session, enrolled, pending, waitlist } = roster.data;
  const columns = rosterColumns(roster.data);
  const rows = rosterTableRows(roster.data, CENTER_TIME_ZONE);
  const moneyOf = new Map((money.data ?? []).map((m) => [m.studentId, m]));
  const today = board.data?.sessions.find((s) => s.classSessionId === session.id);
  const todayOf = new Map((today?.children ?? []).map((c) => [c.studentId, c]));
  const todayCounts = today
    ? (['In', 'Out', 'NotArrived'] as const).map(
        (state) => today.children.filter((c) => c.state === state).length,
      )
    : null;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadRosterCsv(session.id);
      saveFile(blob, fileName);
    } catch {
      notifyError('The roster could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg" mt="lg" className={`${classes.page} ${classes.roster}`}>
      <Anchor component={Link} to={routes.staff} size="sm" className={classes.noPrint}>
        ← All sessions
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{session.name}</Title>
          <Text>
            {formatDateRange(session.sessionStartDate, session.sessionEndDate)} · {session.daySchedule}
          </Text>
          <Text size="sm" c="dimmed">
            {enrolled.length} enrolled · {session.seatsTaken} of {session.rosterSize} seats taken
            {session.teachers.length > 0
              ? ` · Taught by ${session.teachers.map((t) => `${t.firstName} ${t.lastName}`).join(', ')}`
              : ''}
          </Text>
          {todayCounts ? (
            <Text size="sm" className={classes.noPrint}>
              Today: {todayCounts[0]} in · {todayCounts[1]} picked up · {todayCounts[2]} not arrived ·{' '}
              {/* A link inside a sentence is underlined: in dark, oak.4 beside the text is under 3:1 (axe). */}
              <Anchor component={Link} to={routes.staffAttendance} underline="always">
                Today’s attendance
              </Anchor>
            </Text>
          ) : null}
        </div>
        <Group gap="xs" className={classes.noPrint}>
          <Button onClick={exportCsv} loading={exporting} disabled={enrolled.length === 0}>
            Download CSV
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Print roster
          </Button>
          {isDirector ? (
            <Button variant="default" component={Link} to={routes.staffEditSession(session.id)}>
              Edit session
            </Button>
          ) : null}
          {isDirector ? (
            <Button variant="default" onClick={() => setEnrolling(true)}>
              Enroll a child by hand
            </Button>
          ) : null}
        </Group>
      </Group>

      {isDirector ? (
        <section aria-labelledby="teachers-heading" className={classes.noPrint}>
          <Title order={2} fz="h3" id="teachers-heading" mb="xs">
            Who teaches this session
          </Title>
          <SessionTeachers key={session.teachers.map((t) => t.id).join()} session={session} />
        </section>
      ) : null}

      <section aria-labelledby="enrolled-heading">
        <Title order={2} fz="h3" id="enrolled-heading" mb="sm">
          Enrolled children
        </Title>
        {rows.length === 0 ? (
          <Text>No children are enrolled yet.</Text>
        ) : (
          // A wide table scrolls sideways on a phone: the region takes focus so the keyboard can scroll it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
          <section className={classes.tableWrap} aria-label="Roster table" tabIndex={0}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column, c) => (
                    <Fragment key={column}>
                      <Table.Th scope="col">{column}</Table.Th>
                      {c === 0 && today ? (
                        <Table.Th scope="col" className={classes.noPrint}>
                          Today
                        </Table.Th>
                      ) : null}
                    </Fragment>
                  ))}
                  {isDirector ? (
                    <Table.Th scope="col" className={classes.noPrint}>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, r) => (
                  <Table.Tr key={enrolled[r]!.studentId}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <Fragment key={columns[c]}>
                          <Table.Th scope="row">
                            <Anchor component={Link} to={routes.staffChild(enrolled[r]!.studentId)}>
                              {cell}
                            </Anchor>
                          </Table.Th>
                          {today ? (
                            <Table.Td className={classes.noPrint}>
                              <TodayCell
                                child={todayOf.get(enrolled[r]!.studentId)}
                                session={today}
                                onRecord={setRecording}
                              />
                            </Table.Td>
                          ) : null}
                        </Fragment>
                      ) : columns[c] === 'Allergies' && cell ? (
                        <Table.Td key={columns[c]}>
                          <Badge color="red" variant="light" radius="sm" tt="none" {...WRAPPING_BADGE}>
                            {cell}
                          </Badge>
                        </Table.Td>
                      ) : (
                        <Table.Td
                          key={columns[c]}
                          className={UNBROKEN_COLUMNS.has(columns[c]!) ? classes.nowrap : undefined}
                        >
                          {cell}
                        </Table.Td>
                      ),
                    )}
                    {isDirector ? (
                      <Table.Td className={classes.noPrint}>
                        <ChildMenu
                          name={row[0]!}
                          child={moneyOf.get(enrolled[r]!.studentId)}
                          onWithdraw={(child) =>
                            setWithdrawing({ classSessionId: session.id, sessionName: session.name, child })
                          }
                          onMove={(child) =>
                            setMoving({ classSessionId: session.id, sessionName: session.name, child })
                          }
                          onRefund={(child) =>
                            setRefunding({
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

      {pending.length > 0 ? (
        <section aria-labelledby="pending-heading">
          <Title order={2} fz="h3" id="pending-heading" mb="xs">
            Seats on hold
          </Title>
          <Text size="sm" mb="xs">
            These families are paying now; the seat is theirs until the hold ends.
          </Text>
          <List>
            {pending.map((child) => (
              <List.Item key={child.studentId}>
                {child.firstName} {child.lastName} ({formatAgeMonths(child.ageMonthsAtStart)}) —{' '}
                {adults(child.parents)}
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}

      <section aria-labelledby="waitlist-heading">
        <Title order={2} fz="h3" id="waitlist-heading" mb="xs">
          Waitlist
        </Title>
        {waitlist.length === 0 ? (
          <Text>No one is waiting for a seat.</Text>
        ) : (
          <List type="ordered">
            {waitlist.map((entry) => {
              const name = `${entry.firstName} ${entry.lastName}`;
              const act = (action: 'offer' | 'skip' | 'remove') =>
                waitlistAction.mutate({ studentId: entry.studentId, name, action });
              return (
                <List.Item key={entry.studentId}>
                  {name} ({formatAgeMonths(entry.ageMonthsAtStart)}) —{' '}
                  {entry.status === 'Offered' ? 'offered a seat' : `number ${entry.position} in line`} —{' '}
                  {adults(entry.parents)}
                  {isDirector ? (
                    <Group gap="xs" mt={4} className={classes.noPrint}>
                      {entry.status === 'Waiting' ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => act('offer')}
                          aria-label={`Offer ${name} a seat now`}
                          disabled={waitlistAction.isPending}
                        >
                          Offer a seat now
                        </Button>
                      ) : null}
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => act('skip')}
                        aria-label={`Skip ${name} (keeps waiting at the end of the line)`}
                        disabled={waitlistAction.isPending}
                      >
                        Skip
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => act('remove')}
                        aria-label={`Remove ${name} from the waitlist`}
                        disabled={waitlistAction.isPending}
                      >
                        Remove
                      </Button>
                    </Group>
                  ) : null}
                </List.Item>
              );
            })}
          </List>
        )}
      </section>

      <AttendanceDialog target={recording} onClose={() => setRecording(null)} />
      {isDirector ? (
        <>
          <WithdrawDialog target={withdrawing} onClose={() => setWithdrawing(null)} />
          <MoveDialog target={moving} onClose={() => setMoving(null)} />
          <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
          <EnrollByHandDialog
            session={enrolling ? { id: session.id, name: session.name } : null}
            onClose={() => setEnrolling(false)}
          />
        </>
      ) : null}
    </Stack>
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

/** The director's menu on an enrolled child's row: withdraw, move, refund (when something is refundable). */
function ChildMenu({
  name,
  child,
  onWithdraw,
  onMove,
  onRefund,
}: {
  name: string;
  child: StaffEnrollment | undefined;
  onWithdraw: (child: StaffEnrollment) => void;
  onMove: (child: StaffEnrollment) => void;
  onRefund: (child: StaffEnrollment) => void;
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
          <Menu.Item onClick={() => onRefund(child)} disabled={!child.paymentId || child.refundable === 0}>
            Refund…
          </Menu.Item>
        </Menu.Dropdown>
      ) : null}
    </Menu>
  );
}
