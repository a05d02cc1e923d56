import { routes } from '@lc/contract';
import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { sortByStartDate } from '../../features/class-sessions/format.ts';
import { SessionCard } from '../../features/class-sessions/session-card.tsx';
import { SessionsLoadError, SessionsLoading } from '../../features/class-sessions/session-load-states.tsx';
import { useActiveClassSessions } from '../../features/class-sessions/use-class-sessions.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /sessions — the sessions open to browse (GET /api/ClassSession?active=true), earliest first. */
export default function SessionsPage() {
  usePageTitle('Sessions');
  const sessions = useActiveClassSessions();

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>Sessions</Title>
          <Text size="lg" maw={720}>
            Our programs run in sessions of a few weeks to a few months. Open a session to see its dates,
            schedule, tuition and policies, then enroll — or join the waitlist when a session is full.
          </Text>
        </Stack>

        {sessions.status === 'loading' ? <SessionsLoading label="Loading sessions…" /> : null}

        {sessions.status === 'error' ? (
          <SessionsLoadError
            message="We could not load the sessions. Please check your connection and try again."
            onRetry={sessions.retry}
          />
        ) : null}

        {sessions.status === 'success' && sessions.data.length === 0 ? (
          <Text size="lg" role="status">
            No sessions are open right now — join our mailing list by{' '}
            <Anchor component={Link} to={routes.contact} underline="always">
              contacting us
            </Anchor>
            .
          </Text>
        ) : null}

        {sessions.status === 'success' && sessions.data.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {sortByStartDate(sessions.data).map((session, index) => (
              <SessionCard key={session.id} session={session} eagerImage={index < 2} />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Container>
  );
}
