import { type Board, type Roster, routes } from '@lc/contract';
import { Anchor, Button, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { downloadRosterCsv } from '../../api/staff';
import { formatDateRange } from '../class-sessions/format';
import classes from '../staff/staff.module.css';
import { useCsvDownload } from '../staff/use-csv-download';

/**
 * The roster's head: the session's dates, schedule, seats and teachers, today's drop-offs and pickups when it
 * meets today (`today`: in, picked up, not arrived), and Download CSV, Print, and for the director Edit
 * session and Enroll a child by hand.
 */
export function RosterHeader({
  session,
  enrolledCount,
  today,
  isDirector,
  onEnroll,
}: {
  session: Roster['session'];
  enrolledCount: number;
  today: Board['sessions'][number] | undefined;
  isDirector: boolean;
  onEnroll: () => void;
}) {
  const { exporting, exportCsv } = useCsvDownload(
    () => downloadRosterCsv(session.id),
    'The roster could not be downloaded. Please try again.',
  );
  const todayCounts = today
    ? (['In', 'Out', 'NotArrived'] as const).map(
        (state) => today.children.filter((c) => c.state === state).length,
      )
    : null;

  return (
    <>
      <Anchor component={Link} to={routes.staffSessions} size="sm" className={classes.noPrint}>
        ← All sessions
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{session.name}</Title>
          <Text>
            {formatDateRange(session.sessionStartDate, session.sessionEndDate)} · {session.daySchedule}
          </Text>
          <Text size="sm" c="dimmed">
            {enrolledCount} enrolled · {session.seatsTaken} of {session.rosterSize} seats taken
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
          <Button onClick={exportCsv} loading={exporting} disabled={enrolledCount === 0}>
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
            <Button variant="default" onClick={onEnroll}>
              Enroll a child by hand
            </Button>
          ) : null}
        </Group>
      </Group>
    </>
  );
}
