import { routes, todayIsoDate } from '@lc/contract';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { getEnrollments, getWaitlistPlaces } from '../../api/enrollment.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import {
  groupBySession,
  openWaitlistPlaces,
  type SessionGroup,
  splitSessionGroups,
} from '../../features/portal-sessions/format.ts';
import { SessionGroupCard } from '../../features/portal-sessions/session-group-card.tsx';
import { WaitlistPlaces } from '../../features/portal-sessions/waitlist-place.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useLoad } from '../../lib/use-load.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * /dashboard/sessions (spec §2; issue 5): the family's sessions, current and upcoming first, then past and
 * cancelled ones, and their waitlist places — an offered seat at the top, with its deadline.
 */
export default function MySessionsPage() {
  usePageTitle('My sessions');
  const enrollments = useLoad('enrollments', (signal) => getEnrollments(signal));
  const waitlist = useLoad('waitlist', (signal) => getWaitlistPlaces(signal));
  const places = waitlist.status === 'success' ? openWaitlistPlaces(waitlist.data) : [];
  const offered = places.filter((p) => p.status === 'Offered');
  const waiting = places.filter((p) => p.status === 'Waiting');

  return (
    <Stack gap="xl" pt="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>My sessions</Title>
          <Text mt={4}>
            Where each of your children is enrolled or waiting. Open a session for its announcements and
            resources.
          </Text>
        </div>
        <Button component={Link} to={routes.sessions} variant="default">
          Browse sessions
        </Button>
      </Group>

      {offered.length > 0 ? (
        <section aria-labelledby="offered-seats">
          <Title order={2} size="h3" id="offered-seats" mb="sm">
            {offered.length === 1 ? 'A seat is waiting for you' : 'Seats are waiting for you'}
          </Title>
          <WaitlistPlaces places={offered} />
        </section>
      ) : null}

      {enrollments.status === 'loading' ? <Loading label="Loading your sessions…" /> : null}
      {enrollments.status === 'error' ? (
        <LoadFailed message="We could not load your sessions." retry={enrollments.retry} />
      ) : null}
      {enrollments.status === 'success' ? (
        <Enrollments groups={groupBySession(enrollments.data)} today={todayIsoDate()} />
      ) : null}

      {waitlist.status === 'loading' ? <Loading label="Loading your waitlist places…" /> : null}
      {waitlist.status === 'error' ? (
        <section aria-labelledby="waitlist">
          <Title order={2} size="h3" id="waitlist" mb="sm">
            Waitlist
          </Title>
          <LoadFailed message="We could not load your waitlist places." retry={waitlist.retry} />
        </section>
      ) : null}
      {waiting.length > 0 ? (
        <section aria-labelledby="waitlist">
          <Title order={2} size="h3" id="waitlist" mb="sm">
            Waitlist
          </Title>
          <WaitlistPlaces places={waiting} />
        </section>
      ) : null}
    </Stack>
  );
}

function Enrollments({ groups, today }: { groups: SessionGroup[]; today: string }) {
  if (groups.length === 0) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Title order={2} size="h3">
          No sessions yet
        </Title>
        <Text mt="xs">
          Your children aren’t enrolled in a session yet. Have a look at what’s coming up — and if a session
          is full, you can join its waitlist and we’ll let you know when a seat opens.
        </Text>
        <Button component={Link} to={routes.sessions} mt="md" w="fit-content">
          Browse sessions
        </Button>
      </Card>
    );
  }
  const { current, past } = splitSessionGroups(groups, today);
  return (
    <>
      <section aria-labelledby="current-sessions">
        <Title order={2} size="h3" id="current-sessions" mb="sm">
          Current and upcoming
        </Title>
        {current.length === 0 ? (
          <Text>
            None of your children have a current or upcoming session.{' '}
            <Anchor component={Link} to={routes.sessions} underline="always">
              See what’s coming up
            </Anchor>
            .
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
            Past and cancelled
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
