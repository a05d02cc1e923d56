import {
  routes,
  type StaffCalendar,
  type StaffCalendarDay,
  type StaffCalendarQuery,
  type StaffCalendarSession,
} from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { Anchor, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { UrlQueryChanges } from '../staff/use-url-query';
import classes from './calendar-view.module.css';
import { closureWhat, formatDismissal } from './closure-format';

const asDate = (iso: string) => new Date(`${iso}T12:00:00Z`);
const dayName = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekRange = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "November 16 – 22, 2026" for a week, "November 2026" for a month: the period's heading. */
export function periodTitle(calendar: Pick<StaffCalendar, 'view' | 'from' | 'to'>): string {
  return calendar.view === 'month'
    ? monthName.format(asDate(calendar.from))
    : weekRange.formatRange(asDate(calendar.from), asDate(calendar.to));
}

/** "8:30 AM – 12:30 PM", or null when the day schedule names no hours. */
function hours(session: StaffCalendarSession): string | null {
  if (!session.startsAt) return null;
  return session.endsAt
    ? `${formatDismissal(session.startsAt)} – ${formatDismissal(session.endsAt)}`
    : formatDismissal(session.startsAt);
}

/** One session on one day: its name (to the roster), hours, children, and a closure that changes the day. */
function SessionLine({
  session,
  compact,
  centerWide,
}: {
  session: StaffCalendarSession;
  compact: boolean;
  /** The day's whole-center closures, said once above the sessions: a line does not repeat their reason. */
  centerWide: ReadonlySet<string>;
}) {
  const closed = session.closure?.kind === 'Closed';
  const ownClosure = session.closure !== null && !centerWide.has(session.closure.id);
  const time = hours(session);
  const early =
    session.closure && !closed ? `Home at ${formatDismissal(session.closure.dismissAt ?? '')}` : null;
  // A month's cell is small: the name and what changes the day; a week's adds the hours and the children.
  const details = (
    compact ? [early] : [time, early, `${session.enrolled} ${session.enrolled === 1 ? 'child' : 'children'}`]
  ).filter(Boolean);
  return (
    <li>
      <Anchor component={Link} to={routes.staffSession(session.id)} size="sm" fw={500}>
        <span className={closed ? classes.cancelled : undefined}>{session.name}</span>
      </Anchor>
      {closed && ownClosure ? (
        <Text size="xs" fw={600} className={classes.closed}>
          Closed: {session.closure!.reason}
        </Text>
      ) : !closed && details.length ? (
        <Text size="xs" c="dimmed">
          {details.join(' · ')}
        </Text>
      ) : null}
    </li>
  );
}

/** A day's card: its date, the center's closures that day, and the sessions meeting. */
function DayCard({ day, today, compact }: { day: StaffCalendarDay; today: string; compact: boolean }) {
  const empty = day.sessions.length === 0 && day.closures.length === 0;
  // The whole center's closures show once, above the sessions; a session's own on its line, or above when the
  // session does not meet that day.
  const meeting = new Set(day.sessions.map((s) => s.id));
  const above = day.closures.filter((c) => c.classSessionId === null || !meeting.has(c.classSessionId));
  const centerWide = new Set(day.closures.filter((c) => c.classSessionId === null).map((c) => c.id));
  return (
    <li
      className={classes.day}
      aria-current={day.date === today ? 'date' : undefined}
      data-empty={empty || undefined}
      aria-labelledby={`day-${day.date}`}
    >
      <Title order={3} size="h6" id={`day-${day.date}`}>
        {dayName.format(asDate(day.date))}
        {day.date === today ? ' · Today' : ''}
      </Title>
      {above.map((c) => (
        <Text key={c.id} size="xs" fw={600} className={c.kind === 'Closed' ? classes.closed : undefined}>
          {closureWhat(c)}
          {c.sessionName ? ` · ${c.sessionName}` : ''}: {c.reason}
        </Text>
      ))}
      {day.sessions.length ? (
        <ul className={classes.sessions}>
          {day.sessions.map((s) => (
            <SessionLine key={s.id} session={s} compact={compact} centerWide={centerWide} />
          ))}
        </ul>
      ) : (
        <Text size="xs" c="dimmed">
          No sessions
        </Text>
      )}
    </li>
  );
}

/**
 * The staff calendar's week and month (issue 24): the period's title, Week or Month, the previous and next
 * period and back to today, then each day with the sessions meeting and the closures. The view and the day
 * live in the page's URL (`view`, `date`). A month on a phone lists only the days with something on them.
 */
export function CalendarView({
  calendar,
  update,
}: {
  calendar: StaffCalendar;
  update: (changes: UrlQueryChanges<StaffCalendarQuery>) => void;
}) {
  const month = calendar.view === 'month';
  const unit = month ? 'month' : 'week';
  const showsToday = calendar.from <= calendar.today && calendar.today <= calendar.to;
  // A month's 1st sits under its weekday, Monday first.
  const firstColumn = ((asDate(calendar.from).getUTCDay() + 6) % 7) + 1;
  return (
    // Not a region of its own: a month's name would name two (the closures' list groups by month too).
    <div>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Title order={2} id="calendar-period" aria-live="polite">
            {periodTitle(calendar)}
          </Title>
          <Group gap="xs" wrap="wrap">
            <SegmentedControl
              aria-label="Show a week or a month"
              value={calendar.view}
              // The other view of the same days: today's when today is shown, else the one holding the first day.
              onChange={(view) => update({ view, date: showsToday ? undefined : calendar.from })}
              data={[
                { value: 'week', label: 'Week' },
                { value: 'month', label: 'Month' },
              ]}
            />
            <Button variant="default" onClick={() => update({ date: addDays(calendar.from, -1) })}>
              Previous {unit}
            </Button>
            <Button variant="default" disabled={showsToday} onClick={() => update({ date: undefined })}>
              Today
            </Button>
            <Button variant="default" onClick={() => update({ date: addDays(calendar.to, 1) })}>
              Next {unit}
            </Button>
          </Group>
        </Group>
        <ol
          className={`${classes.days} ${month ? classes.month : ''}`}
          style={{ '--first-column': firstColumn } as React.CSSProperties}
          aria-label={`Days of ${periodTitle(calendar)}`}
        >
          {calendar.days.map((day) => (
            <DayCard key={day.date} day={day} today={calendar.today} compact={month} />
          ))}
        </ol>
      </Stack>
    </div>
  );
}
