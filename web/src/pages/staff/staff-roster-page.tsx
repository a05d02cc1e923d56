import { rosterColumns, rosterTableRows, routes } from '@lc/contract';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getRoster } from '../../api/staff';
import { getSessionEnrollments } from '../../api/staff-money';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { failedWith } from '../../features/forms/feedback';
import { AdjustDialog } from '../../features/staff/adjust-dialog';
import { EnrollByHandDialog } from '../../features/staff/enroll-by-hand-dialog';
import type { ChildTarget } from '../../features/staff/money-form';
import { MoveDialog } from '../../features/staff/move-dialog';
import { RecordPaymentDialog } from '../../features/staff/record-payment-dialog';
import { RefundDialog, type RefundTarget } from '../../features/staff/refund-dialog';
import { SessionTeachers } from '../../features/staff/session-teachers';
import classes from '../../features/staff/staff.module.css';
import { WithdrawDialog } from '../../features/staff/withdraw-dialog';
import { AttendanceDialog, type AttendanceTarget } from '../../features/staff-attendance/attendance-dialog';
import { useBoard } from '../../features/staff-attendance/attendance-parts';
import { BulkMoveDialog, type BulkMoveTarget } from '../../features/staff-bulk/bulk-move-dialog';
import { BulkWithdrawDialog } from '../../features/staff-bulk/bulk-withdraw-dialog';
import { MessageFamiliesDialog, type MessageTarget } from '../../features/staff-bulk/message-families-dialog';
import { saveCsv } from '../../features/staff-bulk/selected-csv';
import { SelectionBar } from '../../features/staff-bulk/selection-bar';
import { useRowSelection } from '../../features/staff-bulk/use-row-selection';
import { PhoneClockSwitch } from '../../features/staff-duty/phone-clock-switch';
import { useHiddenRosterColumns } from '../../features/staff-roster/roster-columns';
import { RosterHeader } from '../../features/staff-roster/roster-header';
import { RosterTable } from '../../features/staff-roster/roster-table';
import { PendingSection, WaitlistSection } from '../../features/staff-roster/waitlist-section';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';

/**
 * /staff/sessions/:classSessionId — a session's roster (issue 10): enrolled children with what a teacher
 * needs (allergies stand out), a CSV with exactly the table's rows and columns, a printable page, and the
 * seats on hold and the waitlist apart. A session the caller does not teach is not found; a teacher's roster
 * carries no money, so their table and CSV have no Payment column (`rosterColumns`). On a day the
 * session meets, a "Today" column shows each child's drop-off or pickup and checks them in or out by hand
 * (issue 11). Children can be chosen to message their families or export their rows, and the director can
 * move or withdraw several at once with one confirmation (issue 24).
 */
export default function StaffRosterPage() {
  const { classSessionId } = useParams();
  const roster = useQuery({
    queryKey: staffKeys.roster(classSessionId),
    queryFn: ({ signal }) => getRoster(classSessionId, signal),
    retry: (count, error) => !failedWith(error, 404) && count < 1,
  });
  const isDirector = currentRole() === 'Admin';
  // The director's actions on a child's place and money (issue 10): each enrolled child's payment.
  const money = useQuery({
    queryKey: staffKeys.enrollments(classSessionId),
    queryFn: ({ signal }) => getSessionEnrollments(Number(classSessionId), signal),
    enabled: isDirector && roster.isSuccess,
  });
  const [withdrawing, setWithdrawing] = useState<ChildTarget | null>(null);
  const [moving, setMoving] = useState<ChildTarget | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const [paying, setPaying] = useState<ChildTarget | null>(null);
  const [adjusting, setAdjusting] = useState<ChildTarget | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  // Today's drop-offs and pickups, when the session meets today (the attendance board's query).
  const board = useBoard();
  const [recording, setRecording] = useState<AttendanceTarget | null>(null);
  const { hidden, setHidden } = useHiddenRosterColumns();
  const selection = useRowSelection<string[]>(classSessionId ?? '');
  const [messaging, setMessaging] = useState<MessageTarget | null>(null);
  const [bulkMoving, setBulkMoving] = useState<BulkMoveTarget | null>(null);
  const [bulkWithdrawing, setBulkWithdrawing] = useState<BulkMoveTarget | null>(null);
  usePageTitle(roster.data ? `Roster · ${roster.data.session.name}` : 'Roster');

  if (failedWith(roster.error, 404)) return <NotFoundPage />;
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
  const today = board.data?.sessions.find((s) => s.classSessionId === session.id);
  // The chosen children still on the roster, in the table's order (a withdrawn child leaves the choice).
  const chosen = enrolled
    .map((child, r) => ({ studentId: child.studentId, row: rows[r]! }))
    .filter((c) => selection.isSelected(c.studentId));
  const count = chosen.length;

  return (
    <Stack gap="lg" mt="lg" className={`${classes.page} ${classes.roster}`}>
      <RosterHeader
        session={session}
        enrolledCount={enrolled.length}
        today={today}
        isDirector={isDirector}
        onEnroll={() => setEnrolling(true)}
      />

      <Button
        component={Link}
        to={routes.staffSessionDay(session.id)}
        variant="light"
        w="fit-content"
        className={classes.noPrint}
      >
        The day: notes, photos, meals
      </Button>
      <Button
        component={Link}
        to={routes.staffSessionForms(session.id)}
        variant="light"
        w="fit-content"
        className={classes.noPrint}
      >
        Signed forms
      </Button>

      {isDirector ? (
        <section aria-labelledby="teachers-heading" className={classes.noPrint}>
          <Title order={2} fz="h3" id="teachers-heading" mb="xs">
            Who teaches this session
          </Title>
          <SessionTeachers key={session.teachers.map((t) => t.id).join()} session={session} />
          <PhoneClockSwitch classSessionId={session.id} sessionName={session.name} />
        </section>
      ) : null}

      <SelectionBar count={count} noun={['child', 'children']} onClear={selection.clear}>
        <Button
          size="compact-sm"
          onClick={() =>
            setMessaging({
              familyIds: [],
              childIds: chosen.map((c) => c.studentId),
              label: `the families of ${count === 1 ? chosen[0]!.row[0] : `${count} children`}`,
            })
          }
        >
          Message selected families
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={() =>
            saveCsv(
              `roster-${session.id}-selected.csv`,
              columns,
              chosen.map((c) => c.row),
            )
          }
        >
          Export selected
        </Button>
        {isDirector ? (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() =>
              setBulkMoving({
                classSessionId: session.id,
                sessionName: session.name,
                children: chosen.map((c) => ({ studentId: c.studentId, name: c.row[0]! })),
              })
            }
          >
            Move selected…
          </Button>
        ) : null}
        {isDirector ? (
          <Button
            size="compact-sm"
            variant="default"
            onClick={() =>
              setBulkWithdrawing({
                classSessionId: session.id,
                sessionName: session.name,
                children: chosen.map((c) => ({ studentId: c.studentId, name: c.row[0]! })),
              })
            }
          >
            Withdraw selected…
          </Button>
        ) : null}
      </SelectionBar>

      <RosterTable
        selection={selection}
        session={session}
        enrolled={enrolled}
        columns={columns}
        rows={rows}
        today={today}
        enrollments={money.data ?? []}
        isDirector={isDirector}
        hidden={hidden}
        onHiddenChange={setHidden}
        onRecord={setRecording}
        onWithdraw={(child) =>
          setWithdrawing({ classSessionId: session.id, sessionName: session.name, child })
        }
        onMove={(child) => setMoving({ classSessionId: session.id, sessionName: session.name, child })}
        onRefund={setRefunding}
        onRecordPayment={(child) =>
          setPaying({ classSessionId: session.id, sessionName: session.name, child })
        }
        onAdjust={(child) => setAdjusting({ classSessionId: session.id, sessionName: session.name, child })}
      />

      <PendingSection pending={pending} />

      <WaitlistSection classSessionId={Number(classSessionId)} waitlist={waitlist} isDirector={isDirector} />

      <AttendanceDialog target={recording} onClose={() => setRecording(null)} />
      <MessageFamiliesDialog target={messaging} onClose={() => setMessaging(null)} onSent={selection.clear} />
      {isDirector ? (
        <>
          <WithdrawDialog target={withdrawing} onClose={() => setWithdrawing(null)} />
          <BulkMoveDialog target={bulkMoving} onClose={() => setBulkMoving(null)} onMoved={selection.clear} />
          <BulkWithdrawDialog
            target={bulkWithdrawing}
            onClose={() => setBulkWithdrawing(null)}
            onWithdrawn={selection.clear}
          />
          <MoveDialog target={moving} onClose={() => setMoving(null)} />
          <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
          <RecordPaymentDialog target={paying} onClose={() => setPaying(null)} />
          <AdjustDialog target={adjusting} onClose={() => setAdjusting(null)} />
          <EnrollByHandDialog
            session={enrolling ? { id: session.id, name: session.name } : null}
            onClose={() => setEnrolling(false)}
          />
        </>
      ) : null}
    </Stack>
  );
}
