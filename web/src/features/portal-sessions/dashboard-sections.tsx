/**
 * The Student Portal overview's session sections (issue 5): upcoming and current sessions, waitlist
 * places and recent announcements. Each shows its own loading, failure (with retry) and empty state, so
 * one slow or failed call never holds up the others.
 */
import {
  type Announcement,
  type ClassSessionEnrollment,
  routes,
  todayIsoDate,
  type WaitlistSubmission,
} from '@lc/contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LoadState } from '../../lib/use-load.ts';
import { formatDay } from '../class-sessions/format.ts';
import { LoadFailed, Loading } from '../family/load-states.tsx';
import { AnnouncementSummary } from './announcement-card.tsx';
import { ACTIVE_ENROLLMENT, groupBySession, openWaitlistPlaces, splitSessionGroups } from './format.ts';
import { EnrollmentStatusBadge } from './status-badges.tsx';
import { WaitlistPlaces } from './waitlist-place.tsx';

type Loaded<T> = LoadState<T> & { retry: () => void };

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** How many announcements the overview shows (the rest are on each session's page). */
export const DASHBOARD_ANNOUNCEMENTS = 3;

function SectionCard({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id} h="100%">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** "Starts Dec 14" before the first day, "Until Mar 15" once it has begun. */
function whenLine(session: ClassSessionEnrollment['classSession'], today: string): string {
  return session.sessionStartDate > today
    ? `Starts ${formatDay(session.sessionStartDate)}`
    : `In session until ${formatDay(session.sessionEndDate)}`;
}

/** Sessions with a child enrolled or awaiting payment that have not ended, the next one first. */
export function UpcomingSessionsSection({ state }: { state: Loaded<ClassSessionEnrollment[]> }) {
  const today = todayIsoDate();
  return (
    <SectionCard
      id="upcoming-sessions"
      title="Upcoming and current sessions"
      action={
        <Anchor component={Link} to={routes.mySessions} size="sm">
          All my sessions
        </Anchor>
      }
    >
      {state.status === 'loading' ? <Loading label="Loading your sessions…" /> : null}
      {state.status === 'error' ? (
        <LoadFailed message="We could not load your sessions." retry={state.retry} />
      ) : null}
      {state.status === 'success' ? <UpcomingList enrollments={state.data} today={today} /> : null}
    </SectionCard>
  );
}

function UpcomingList({ enrollments, today }: { enrollments: ClassSessionEnrollment[]; today: string }) {
  const active = enrollments.filter((e) => ACTIVE_ENROLLMENT.has(e.status));
  const { current } = splitSessionGroups(groupBySession(active), today);
  if (current.length === 0)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          No upcoming sessions yet. Find a session that suits your child and enroll in a few minutes.
        </Text>
        <Button component={Link} to={routes.sessions} size="sm">
          Browse sessions
        </Button>
      </Stack>
    );
  return (
    <Stack component="ul" gap="md" style={listStyle}>
      {current.map(({ session, enrollments: children }) => (
        <li key={session.id}>
          <Anchor component={Link} to={routes.mySession(session.id)} fw={700}>
            {session.name}
          </Anchor>
          <Text size="sm">
            {whenLine(session, today)} · {session.daySchedule}
          </Text>
          <Group gap="xs" mt={4} wrap="wrap">
            {children.map((e) => (
              <Group key={e.id} gap={6} wrap="nowrap">
                <Text size="sm" fw={600}>
                  {e.student.firstName}
                </Text>
                <EnrollmentStatusBadge status={e.status} size="sm" />
              </Group>
            ))}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

/** Offered seats (with their enroll button and deadline), then places still waiting, with their position. */
export function WaitlistSection({ state }: { state: Loaded<WaitlistSubmission[]> }) {
  const places = state.status === 'success' ? openWaitlistPlaces(state.data) : [];
  return (
    <SectionCard id="waitlist-places" title="Waitlist">
      {state.status === 'loading' ? <Loading label="Loading your waitlist places…" /> : null}
      {state.status === 'error' ? (
        <LoadFailed message="We could not load your waitlist places." retry={state.retry} />
      ) : null}
      {state.status === 'success' && places.length === 0 ? (
        <Text size="sm">
          Your children aren’t on any waitlist. If a session you want is full, join its waitlist and we’ll
          save the next seat for you.
        </Text>
      ) : null}
      {places.length > 0 ? <WaitlistPlaces places={places} /> : null}
    </SectionCard>
  );
}

/** The few most important, newest announcements for the family, each leading to its session's page. */
export function RecentAnnouncementsSection({ state }: { state: Loaded<Announcement[]> }) {
  return (
    <SectionCard id="recent-announcements" title="Recent announcements">
      {state.status === 'loading' ? <Loading label="Loading announcements…" /> : null}
      {state.status === 'error' ? (
        <LoadFailed message="We could not load the announcements." retry={state.retry} />
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <Text size="sm">
          No announcements right now. News from your children’s teachers will appear here.
        </Text>
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? (
        // The API answers the most important and newest first.
        <Stack component="ul" gap="sm" style={listStyle}>
          {state.data.slice(0, DASHBOARD_ANNOUNCEMENTS).map((announcement) => (
            <AnnouncementSummary key={announcement.id} announcement={announcement} />
          ))}
        </Stack>
      ) : null}
    </SectionCard>
  );
}
