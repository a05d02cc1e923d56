import { routes } from '@lc/contract';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** An unknown session on the enroll and waitlist pages: a friendly message and the way back. */
export function SessionNotFound() {
  usePageTitle('Session not found');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>We couldn’t find that session</Title>
        <Text size="lg">
          It may have ended, or the link may be mistyped. Have a look at the sessions that are open now.
        </Text>
        <Anchor component={Link} to={routes.sessions} size="lg">
          See all sessions
        </Anchor>
      </Stack>
    </Container>
  );
}
