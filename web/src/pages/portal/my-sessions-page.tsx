import { routes, todayIsoDate } from '@lc/contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { enrollmentQueries } from '../../api/queries/enrollment.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { FamilyCalendar } from '../../features/portal-sessions/family-calendar.tsx';
import {
  groupBySession,
  openWaitlistPlaces,
  type SessionGroup,
  splitSessionGroups,
} from '../../features/portal-sessions/format.ts';
import { SessionGroupCard } from '../../features/portal-sessions/session-group-card.tsx';
import { WaitlistPlaces } from '../../features/portal-sessions/waitlist-place.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * /dashboard/sessions (spec §2; issue 5): the family's sessions, current and upcoming first, then past and
 * cancelled ones, and their waitlist places — an offered seat at the top, with its deadline; then the center's
 * closed days and early pickups ahead for their children (issue 24).
 */
export default function MySessionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('portal.mySessions.title'));
  const enrollments = useQuery(enrollmentQueries.enrollments());
  const waitlist = useQuery(enrollmentQueries.waitlist());
  const places = waitlist.status === 'success' ? openWaitlistPlaces(waitlist.data) : [];
  const offered = places.filter((p) => p.status === 'Offered');
  const waiting = places.filter((p) => p.status === 'Waiting');

  return (
    <Stack gap="xl" pt="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>{t('portal.mySessions.title')}</Title>
          <Text mt={4}>{t('portal.mySessions.intro')}</Text>
        </div>
        <Button component={Link} to={routes.sessions} variant="default">
          {t('portal.common.browseSessions')}
        </Button>
      </Group>

      {offered.length > 0 ? (
        <section aria-labelledby="offered-seats">
          <Title order={2} size="h3" id="offered-seats" mb="sm">
            {t('portal.mySessions.offeredHeading', { count: offered.length })}
          </Title>
          <WaitlistPlaces places={offered} />
        </section>
      ) : null}

      {enrollments.status === 'pending' ? <Loading label={t('portal.common.loadingSessions')} /> : null}
      {enrollments.status === 'error' ? (
        <LoadFailed message={t('portal.common.sessionsFailed')} retry={() => enrollments.refetch()} />
      ) : null}
      {enrollments.status === 'success' ? (
        <Enrollments groups={groupBySession(enrollments.data)} today={todayIsoDate()} />
      ) : null}

      {waitlist.status === 'pending' ? <Loading label={t('portal.common.loadingWaitlist')} /> : null}
      {waitlist.status === 'error' ? (
        <section aria-labelledby="waitlist">
          <Title order={2} size="h3" id="waitlist" mb="sm">
            {t('portal.common.waitlistHeading')}
          </Title>
          <LoadFailed message={t('portal.common.waitlistFailed')} retry={() => waitlist.refetch()} />
        </section>
      ) : null}
      {waiting.length > 0 ? (
        <section aria-labelledby="waitlist">
          <Title order={2} size="h3" id="waitlist" mb="sm">
            {t('portal.common.waitlistHeading')}
          </Title>
          <WaitlistPlaces places={waiting} />
        </section>
      ) : null}

      {enrollments.status === 'success' && enrollments.data.length > 0 ? <FamilyCalendar /> : null}
    </Stack>
  );
}

function Enrollments({ groups, today }: { groups: SessionGroup[]; today: string }) {
  const { t } = useTranslation();
  if (groups.length === 0) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Title order={2} size="h3">
          {t('portal.mySessions.noSessionsHeading')}
        </Title>
        <Text mt="xs">{t('portal.mySessions.noSessionsBody')}</Text>
        <Button component={Link} to={routes.sessions} mt="md" w="fit-content">
          {t('portal.common.browseSessions')}
        </Button>
      </Card>
    );
  }
  const { current, past } = splitSessionGroups(groups, today);
  return (
    <>
      <section aria-labelledby="current-sessions">
        <Title order={2} size="h3" id="current-sessions" mb="sm">
          {t('portal.mySessions.currentHeading')}
        </Title>
        {current.length === 0 ? (
          <Text>
            <Trans
              i18nKey="portal.mySessions.noCurrent"
              components={{ upcoming: <Anchor component={Link} to={routes.sessions} underline="always" /> }}
            />
          </Text>
        ) : (
          <Stack component="ul" gap="md" style={listStyle}>
            {current.map((group) => (
              <SessionGroupCard key={group.session.id} group={group} />
            ))}
          </Stack>
        )}
      </section>
      {past.length > 0 ? (
        <section aria-labelledby="past-sessions">
          <Title order={2} size="h3" id="past-sessions" mb="sm">
            {t('portal.mySessions.pastHeading')}
          </Title>
          <Stack component="ul" gap="md" style={listStyle}>
            {past.map((group) => (
              <SessionGroupCard key={group.session.id} group={group} />
            ))}
          </Stack>
        </section>
      ) : null}
    </>
  );
}
