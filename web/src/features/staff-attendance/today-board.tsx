/**
 * Today's board (issue 11): per session meeting today, who is in, who has gone home and with whom, and who
 * has not arrived; allergies stand out, and a child still here after the session's end plus the grace is a
 * late pickup (a badge and a marked row, in words as well as colour). Each child still to arrive or still
 * here has a button to check them in or out by hand.
 */
import { type BoardSession, dateTimeFormat, routes } from '@lc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import classes from '../staff/staff.module.css';
import { formatDismissal } from '../staff-calendar/closure-format';
import { StaffTable } from '../staff-table/staff-table';
import type { AttendanceTarget } from './attendance-dialog';
import { type BoardChild, childStateText, formatClock, useBoard } from './attendance-parts';

/** Badge props that let its words wrap in a narrow cell instead of being cut off with "…". */
export const WRAPPING_BADGE = {
  h: 'auto',
  py: 2,
  maw: '100%',
  styles: { label: { whiteSpace: 'normal', overflow: 'visible' } },
} as const;

/** Red "Allergy: Peanuts" badges (nothing when none is recorded); a long name wraps, never cut off. */
export function AllergyFlags({ allergies }: { allergies: string[] }) {
  if (allergies.length === 0) return null;
  return (
    <Group gap={4} wrap="wrap" mt={4}>
      {allergies.map((allergy) => (
        <Badge key={allergy} color="red.8" variant="filled" radius="sm" tt="none" {...WRAPPING_BADGE}>
          Allergy: {allergy}
        </Badge>
      ))}
    </Group>
  );
}

/** The "Late pickup" badge: dark honey behind white text (the words carry the meaning, not the colour). */
export function LateBadge() {
  return (
    <Badge color="honey.9" variant="filled" radius="sm" tt="none" {...WRAPPING_BADGE}>
      Late pickup
    </Badge>
  );
}

/** The Check in / Check out button of a child on the board or roster (none once picked up). */
export function RecordButton({
  child,
  session,
  onRecord,
}: {
  child: BoardChild;
  session: { classSessionId: number; name: string };
  onRecord: (target: AttendanceTarget) => void;
}) {
  if (child.state === 'Out') return null;
  const kind = child.state === 'In' ? 'CheckOut' : 'CheckIn';
  const verb = kind === 'CheckIn' ? 'Check in' : 'Check out';
  return (
    <Button
      size="compact-sm"
      variant="default"
      aria-label={`${verb} ${child.firstName} ${child.lastName}`}
      onClick={() =>
        onRecord({
          studentId: child.studentId,
          classSessionId: session.classSessionId,
          firstName: child.firstName,
          lastName: child.lastName,
          sessionName: session.name,
          kind,
        })
      }
    >
      {verb}
    </Button>
  );
}

/** "Friday, November 20" for the board's calendar date (read as UTC midnight, so the day never shifts). */
const dayFormat = dateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

const counts = (session: BoardSession) => {
  const by = (state: BoardChild['state']) => session.children.filter((c) => c.state === state).length;
  return `${by('In')} in · ${by('Out')} picked up · ${by('NotArrived')} not arrived`;
};

function SessionCard({
  session,
  onRecord,
}: {
  session: BoardSession;
  onRecord: (target: AttendanceTarget) => void;
}) {
  const headingId = `board-session-${session.classSessionId}`;
  const late = session.children.filter((c) => c.late);
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <div>
          <Title order={2} fz="h3" id={headingId}>
            {session.name}
          </Title>
          <Text size="sm">
            {session.daySchedule}
            {session.lateAfter ? ` · Late after ${formatClock(session.lateAfter)}` : ''}
          </Text>
          {session.earlyDismissal ? (
            <Text size="sm" fw={600}>
              Home early today at {formatDismissal(session.earlyDismissal.dismissAt)}:{' '}
              {session.earlyDismissal.reason}
            </Text>
          ) : null}
        </div>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{counts(session)}</Text>
          <Anchor component={Link} to={routes.staffSession(session.classSessionId)} size="sm">
            Roster
            <VisuallyHidden> of {session.name}</VisuallyHidden>
          </Anchor>
        </Group>
      </Group>
      {late.length > 0 ? (
        <Alert color="red" variant="light" mb="sm" title="Late pickup">
          {late.map((c) => c.firstName).join(', ')} {late.length === 1 ? 'is' : 'are'} still here after pickup
          time. Please call the family.
        </Alert>
      ) : null}
      <StaffTable
        label={`${session.name}: today’s children`}
        rows={session.children}
        rowId={(child) => child.studentId}
        rowClassName={(child) => (child.late ? classes.lateRow : undefined)}
        columns={[
          {
            id: 'child',
            header: 'Child',
            cell: (child) => (
              <>
                <Anchor component={Link} to={routes.staffChild(child.studentId)}>
                  {child.firstName} {child.lastName}
                </Anchor>
                <AllergyFlags allergies={child.allergies} />
              </>
            ),
          },
          {
            id: 'today',
            header: 'Today',
            cell: (child) => (
              <Group gap={4} wrap="wrap">
                <span>{childStateText(child)}</span>
                {child.late ? <LateBadge /> : null}
              </Group>
            ),
          },
        ]}
        actionsLabel="Check in or out"
        actions={(child) => <RecordButton child={child} session={session} onRecord={onRecord} />}
        empty="No children are enrolled in this session yet."
      />
    </Paper>
  );
}

/** The Today view: every session meeting today with its children, refreshed every 30 seconds. */
export function TodayBoard({ onRecord }: { onRecord: (target: AttendanceTarget) => void }) {
  const board = useBoard();
  if (board.isPending) return <Text role="status">Loading today’s board…</Text>;
  if (board.isError)
    return (
      <Alert color="red" variant="light" role="alert" title="We could not load today’s board">
        Please check your connection; we will try again in a moment.
      </Alert>
    );
  const { date, sessions } = board.data;
  return (
    <Stack gap="lg">
      <Text>
        {dayFormat.format(new Date(`${date}T00:00:00Z`))}. The board updates on its own every 30 seconds.
      </Text>
      {sessions.length === 0 ? (
        <Text>
          No sessions meet today. Enjoy the quiet — the board fills up again on the next school day.
        </Text>
      ) : (
        sessions.map((session) => (
          <SessionCard key={session.classSessionId} session={session} onRecord={onRecord} />
        ))
      )}
    </Stack>
  );
}
