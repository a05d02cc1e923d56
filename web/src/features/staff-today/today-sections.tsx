/**
 * The parts of the staff home (issue 24, "Today"): the sessions meeting today with their counts, late pickups
 * and allergies in the building; what needs someone now (new messages, tour requests, failed and overdue
 * payments, undelivered mail); registrations opening this week; scheduled announcements. Every line links to
 * where it is handled. Counts are words as well as numbers, so nothing rests on colour.
 */
import { dateTimeFormat, routes, type StaffToday, type TodaySession } from '@lc/contract';
import { Anchor, Badge, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../i18n/intl-locale';
import { CENTER_TIME_ZONE } from '../class-sessions/format';
import { formatWhen } from '../staff/staff-format';
import { AllergyFlags, LateBadge } from '../staff-attendance/today-board';
import { formatDismissal } from '../staff-calendar/closure-format';
import { formatTourTimes } from '../staff-calendar/tour-format';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const dayAndTime = dateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: CENTER_TIME_ZONE,
});
/** "Tue, Nov 24, 8:00 AM" in the center's time zone. */
export const formatDayAndTime = (iso: string) => dayAndTime.format(new Date(iso));

/** A titled card of the home page; `id` names its heading for the section landmark. */
export function TodayCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      radius="md"
      p="md"
      style={{ alignSelf: 'start' }}
    >
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function SessionToday({ session }: { session: TodaySession }) {
  const here = session.arrived - session.gone;
  const notArrived = session.expected - session.arrived;
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Anchor component={Link} to={routes.staffSession(session.classSessionId)} fw={700}>
          {session.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {session.daySchedule}
        </Text>
      </Group>
      <Progress.Root size="lg" aria-hidden="true">
        <Progress.Section
          value={session.expected ? (session.gone / session.expected) * 100 : 0}
          color="gray.6"
        />
        <Progress.Section value={session.expected ? (here / session.expected) * 100 : 0} color="oak.6" />
      </Progress.Root>
      <Text size="sm">
        {plural(session.expected, 'child expected', 'children expected')} · {here} here ·{' '}
        {plural(session.gone, 'gone home', 'gone home')} · {notArrived} not arrived yet
      </Text>
      {session.late.length > 0 ? (
        <Stack gap={4}>
          {session.late.map((child) => (
            <Group key={child.studentId} gap="xs" wrap="wrap">
              <LateBadge />
              <Text size="sm" fw={600}>
                {child.firstName} {child.lastName} is still waiting to be picked up
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      {session.allergies.length > 0 ? (
        <Stack gap={4}>
          {session.allergies.map((child) => (
            <div key={child.studentId}>
              <Text size="sm" fw={600}>
                {child.firstName} {child.lastName} is here
              </Text>
              <AllergyFlags allergies={child.allergies} />
            </div>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** "The whole center is closed today: Thanksgiving." — one closure or early dismissal of today, in words. */
export function closureSentence(closure: StaffToday['closures'][number]): string {
  const who = closure.sessionName ?? 'The whole center';
  return closure.kind === 'Closed'
    ? `${who} is closed today: ${closure.reason}.`
    : `${who} goes home at ${formatDismissal(closure.dismissAt ?? '')} today: ${closure.reason}.`;
}

/**
 * Tours booked for today (decision 028), soonest first: the time, the family (a link to their message) and
 * the child. Shown only to someone with the inbox (`today.inbox` is null otherwise) and only when there is one.
 */
export function ToursToday({ today }: { today: StaffToday }) {
  const tours = today.inbox?.toursToday ?? [];
  if (tours.length === 0) return null;
  return (
    <TodayCard id="today-tours" title="Tours today">
      <List spacing="xs" listStyleType="none" ml={0} pl={0}>
        {tours.map((tour) => (
          <List.Item key={tour.id}>
            <Group gap="xs" wrap="wrap">
              <Text span fw={700}>
                {formatTourTimes(tour)}
              </Text>
              <Anchor component={Link} to={routes.staffInboxItem(tour.id)}>
                {tour.familyName}
              </Anchor>
              {tour.childName ? (
                <Text span size="sm" c="dimmed">
                  with {tour.childName}
                </Text>
              ) : null}
            </Group>
          </List.Item>
        ))}
      </List>
    </TodayCard>
  );
}

/** The sessions meeting today, or a sentence when none does; today's closures first (the calendar's). */
export function SessionsToday({ today }: { today: StaffToday }) {
  return (
    <TodayCard id="today-sessions" title="Sessions today">
      {today.closures.length > 0 ? (
        <Stack gap={4} mb="md">
          {today.closures.map((closure) => (
            <Group key={closure.id} gap="xs" wrap="nowrap" align="flex-start">
              <Badge
                color={closure.kind === 'Closed' ? 'red.8' : 'honey.9'}
                variant="filled"
                radius="sm"
                tt="none"
              >
                {closure.kind === 'Closed' ? 'Closed' : 'Home early'}
              </Badge>
              <Text size="sm">{closureSentence(closure)}</Text>
            </Group>
          ))}
          <Anchor component={Link} to={routes.staffCalendar} size="sm">
            Open the calendar
          </Anchor>
        </Stack>
      ) : null}
      {today.sessions.length === 0 ? (
        <Text>No session meets today.</Text>
      ) : (
        <Stack gap="lg">
          {today.sessions.map((session) => (
            <SessionToday key={session.classSessionId} session={session} />
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={routes.staffAttendance} size="sm" mt="md" display="inline-block">
        Open the attendance board
      </Anchor>
    </TodayCard>
  );
}

type Attention = { key: string; to: string; text: string; detail?: string; urgent?: boolean };

/** What someone should act on, each a link; the director's money and mail lines only for the director. */
export function attentionLines(today: StaffToday): Attention[] {
  const lines: Attention[] = [];
  // Custody first (issue 24): a pickup the door refused, or a parent listing a restricted person.
  for (const alert of today.custodyAlerts ?? [])
    lines.push({
      key: `custody-${alert.id}`,
      to: routes.staffChild(alert.studentId),
      text:
        alert.kind === 'doorRefused'
          ? `The door refused ${alert.personName} collecting ${alert.childName}`
          : `A parent listed ${alert.personName} as a contact for ${alert.childName}`,
      detail: formatWhen(alert.at),
      urgent: alert.kind === 'doorRefused',
    });
  const late = today.sessions.reduce((n, s) => n + s.late.length, 0);
  if (late > 0)
    lines.push({
      key: 'late',
      to: routes.staffAttendance,
      text: `${plural(late, 'child is', 'children are')} waiting to be picked up late`,
      urgent: true,
    });
  // Incident reports (issue 26, decision 037): waiting for a family's signature, and for the director.
  if (today.incidents.awaitingAcknowledgement > 0 || today.incidents.awaitingReview > 0)
    lines.push({
      key: 'incidents',
      to:
        today.incidents.awaitingAcknowledgement > 0
          ? `${routes.staffIncidents}?filter=awaitingAcknowledgement`
          : `${routes.staffIncidents}?filter=awaitingReview`,
      text: `Incidents awaiting acknowledgement: ${today.incidents.awaitingAcknowledgement} · awaiting review: ${today.incidents.awaitingReview}`,
    });
  if (today.inbox && today.inbox.newCount > 0)
    lines.push({
      key: 'inbox',
      to: `${routes.staffInbox}?status=New`,
      text: `${plural(today.inbox.newCount, 'new message', 'new messages')} in the inbox`,
    });
  if (today.inbox && today.inbox.tourRequests > 0)
    lines.push({
      key: 'tours',
      to: `${routes.staffInbox}?status=New&kind=tour`,
      text: `${plural(today.inbox.tourRequests, 'family asks', 'families ask')} to schedule a tour`,
    });
  if (today.money && today.money.failedCount > 0)
    lines.push({
      key: 'failed',
      to: routes.staffBalances,
      text: `${plural(today.money.failedCount, 'automatic payment', 'automatic payments')} failed`,
      detail: `${formatMoney(today.money.failedTotal)} still owed`,
      urgent: true,
    });
  if (today.money && today.money.overdueFamilies > 0)
    lines.push({
      key: 'overdue',
      to: routes.staffBalances,
      text: `${plural(today.money.overdueFamilies, 'family owes', 'families owe')} past the due date`,
      detail: `${formatMoney(today.money.overdueTotal)} overdue`,
    });
  for (const mail of today.mailFailed?.newest ?? [])
    lines.push({
      key: `mail-${mail.to}-${mail.created}`,
      to: `${routes.staffFamilies}?q=${encodeURIComponent(mail.to)}`,
      text: `“${mail.subject}” could not be delivered to ${mail.to}`,
      detail: formatWhen(mail.created),
      urgent: true,
    });
  const unnamed = (today.mailFailed?.count ?? 0) - (today.mailFailed?.newest.length ?? 0);
  if (unnamed > 0)
    lines.push({
      key: 'mail-more',
      to: routes.staffFamilies,
      text: `and ${plural(unnamed, 'more email', 'more emails')} this week could not be delivered`,
    });
  return lines;
}

/** "Needs you now": the lines of {@link attentionLines}, or a sentence when there is nothing. */
export function NeedsAttention({ today }: { today: StaffToday }) {
  const lines = attentionLines(today);
  return (
    <TodayCard id="today-attention" title="Needs you now">
      {lines.length === 0 ? (
        <Text>Nothing is waiting for you. Everything is handled.</Text>
      ) : (
        <List spacing="xs" listStyleType="none" ml={0} pl={0}>
          {lines.map((line) => (
            <List.Item key={line.key}>
              <Group gap="xs" wrap="wrap">
                {line.urgent ? (
                  <Badge color="red.8" variant="filled" radius="sm" tt="none">
                    Now
                  </Badge>
                ) : null}
                <Anchor component={Link} to={line.to}>
                  {line.text}
                </Anchor>
                {line.detail ? (
                  <Text span size="sm" c="dimmed">
                    {line.detail}
                  </Text>
                ) : null}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {today.inbox && today.inbox.newest.length > 0 ? (
        <>
          <Title order={3} size="h6" mt="md" mb={4}>
            Newest messages
          </Title>
          <List spacing={4} size="sm">
            {today.inbox.newest.map((item) => (
              <List.Item key={item.id}>
                <Anchor component={Link} to={routes.staffInboxRow(item)}>
                  {item.familyName}
                </Anchor>{' '}
                {item.kind === 'tour'
                  ? 'would like a tour'
                  : item.kind === 'tutoring'
                    ? 'asks about tutoring'
                    : 'wrote'}
                {item.childName ? ` (for ${item.childName})` : ''} · {formatWhen(item.submitted)}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </TodayCard>
  );
}

/** Sessions whose registration opens in the next seven days. */
export function OpeningThisWeek({ today }: { today: StaffToday }) {
  return (
    <TodayCard id="today-opening" title="Registration opening this week">
      {today.registrationsOpening.length === 0 ? (
        <Text>No registration opens in the next seven days.</Text>
      ) : (
        <List spacing="xs" size="sm">
          {today.registrationsOpening.map((opening) => (
            <List.Item key={`${opening.classSessionId}-${opening.priority}`}>
              <Anchor component={Link} to={routes.staffSession(opening.classSessionId)}>
                {opening.name}
              </Anchor>
              : {opening.priority ? 'returning families from' : 'everyone from'}{' '}
              {formatDayAndTime(opening.opensAt)}
            </List.Item>
          ))}
        </List>
      )}
    </TodayCard>
  );
}

/** Announcements waiting for their send time, soonest first. */
export function ScheduledAnnouncements({ today }: { today: StaffToday }) {
  return (
    <TodayCard id="today-announcements" title="Scheduled announcements">
      {today.announcements.length === 0 ? (
        <Text>Nothing is scheduled to go out.</Text>
      ) : (
        <List spacing="xs" size="sm">
          {today.announcements.map((a) => (
            <List.Item key={a.id}>
              <Anchor component={Link} to={routes.staffAnnouncement(a.id)}>
                {a.title}
              </Anchor>{' '}
              to {a.sessionName ?? 'every family'}
              {a.sendAt ? `, ${formatDayAndTime(a.sendAt)}` : ''}
            </List.Item>
          ))}
        </List>
      )}
      <Anchor component={Link} to={routes.staffAnnouncementNew} size="sm" mt="md" display="inline-block">
        Write an announcement
      </Anchor>
    </TodayCard>
  );
}
