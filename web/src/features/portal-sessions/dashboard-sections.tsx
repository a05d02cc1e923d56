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
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed, Loading } from '../family/load-states.tsx';
import { AnnouncementSummary } from './announcement-card.tsx';
import {
  ACTIVE_ENROLLMENT,
  formatPortalDay,
  groupBySession,
  openWaitlistPlaces,
  splitSessionGroups,
} from './format.ts';
import { EnrollmentStatusBadge } from './status-badges.tsx';
import { WaitlistPlaces } from './waitlist-place.tsx';

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

/** "Starts Dec 14" before the first day, "In session until Mar 15" once it has begun. */
function whenLine(session: ClassSessionEnrollment['classSession'], today: string, t: TFunction): string {
  return session.sessionStartDate > today
    ? t('portal.dashboard.startsOn', { date: formatPortalDay(session.sessionStartDate) })
    : t('portal.dashboard.inSessionUntil', { date: formatPortalDay(session.sessionEndDate) });
}

/** Sessions with a child enrolled or awaiting payment that have not ended, the next one first. */
export function UpcomingSessionsSection({ state }: { state: UseQueryResult<ClassSessionEnrollment[]> }) {
  const { t } = useTranslation();
  const today = todayIsoDate();
  return (
    <SectionCard
      id="upcoming-sessions"
      title={t('portal.dashboard.upcomingHeading')}
      action={
        <Anchor component={Link} to={routes.mySessions} size="sm">
          {t('portal.dashboard.allMySessions')}
        </Anchor>
      }
    >
      {state.status === 'pending' ? <Loading label={t('portal.common.loadingSessions')} /> : null}
      {state.status === 'error' ? (
        <LoadFailed message={t('portal.common.sessionsFailed')} retry={() => state.refetch()} />
      ) : null}
      {state.status === 'success' ? <UpcomingList enrollments={state.data} today={today} /> : null}
    </SectionCard>
  );
}

function UpcomingList({ enrollments, today }: { enrollments: ClassSessionEnrollment[]; today: string }) {
  const { t } = useTranslation();
  const active = enrollments.filter((e) => ACTIVE_ENROLLMENT.has(e.status));
  const { current } = splitSessionGroups(groupBySession(active), today);
  if (current.length === 0)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('portal.dashboard.noUpcoming')}</Text>
        <Button component={Link} to={routes.sessions} size="sm">
          {t('portal.common.browseSessions')}
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
            {whenLine(session, today, t)} · {session.daySchedule}
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
export function WaitlistSection({ state }: { state: UseQueryResult<WaitlistSubmission[]> }) {
  const { t } = useTranslation();
  const places = state.status === 'success' ? openWaitlistPlaces(state.data) : [];
  return (
    <SectionCard id="waitlist-places" title={t('portal.common.waitlistHeading')}>
      {state.status === 'pending' ? <Loading label={t('portal.common.loadingWaitlist')} /> : null}
      {state.status === 'error' ? (
        <LoadFailed message={t('portal.common.waitlistFailed')} retry={() => state.refetch()} />
      ) : null}
      {state.status === 'success' && places.length === 0 ? (
        <Text size="sm">{t('portal.dashboard.noWaitlist')}</Text>
      ) : null}
      {places.length > 0 ? <WaitlistPlaces places={places} /> : null}
    </SectionCard>
  );
}

/** The few most important, newest announcements for the family, each leading to its session's page. */
export function RecentAnnouncementsSection({ state }: { state: UseQueryResult<Announcement[]> }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="recent-announcements" title={t('portal.dashboard.recentHeading')}>
      {state.status === 'pending' ? <Loading label={t('portal.common.loadingAnnouncements')} /> : null}
      {state.status === 'error' ? (
        <LoadFailed message={t('portal.common.announcementsFailed')} retry={() => state.refetch()} />
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <Text size="sm">{t('portal.dashboard.noAnnouncements')}</Text>
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
