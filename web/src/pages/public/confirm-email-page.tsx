import { routes } from '@lc/contract';
import { Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { confirmEmail } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { isSignedIn } from '../../lib/auth-token.ts';
import { useLoad } from '../../lib/use-load.ts';

/**
 * /confirm-email/:token — the link in the welcome email (issue 3). Confirms the address on arrival; opening
 * it again is harmless. Works signed in or not, since the parent may open the mail on another device.
 */
export default function ConfirmEmailPage() {
  usePageTitle('Confirm your email');
  const { token } = useParams();
  const result = useLoad(`confirm:${token}`, () => confirmEmail(token));
  const signedIn = isSignedIn();
  const next = signedIn
    ? { to: routes.dashboard, label: 'Go to the Student Portal' }
    : { to: routes.login, label: 'Log in' };

  return (
    <Container size="xs" py={{ base: 48, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {result.status === 'loading' ? (
          <Stack align="center" gap="md" role="status">
            <Loader aria-hidden="true" />
            <Title order={1} size="h3">
              Confirming your email address…
            </Title>
          </Stack>
        ) : result.status === 'success' ? (
          <Stack gap="md">
            <Title order={1} size="h2">
              Your email address is confirmed
            </Title>
            <Text>
              Thank you! We will use it for session updates, pickup notices and receipts — and nothing else.
            </Text>
            <Button component={Link} to={next.to} size="md">
              {next.label}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h2">
              We could not confirm your email
            </Title>
            <Text role="alert">
              {result.error instanceof ApiError && result.error.status === 400
                ? result.error.message
                : 'Something went wrong while confirming your address. Please try the link again in a moment.'}
            </Text>
            <Text size="sm">
              {signedIn
                ? 'You can ask for a fresh link from the notice at the top of your Student Portal.'
                : 'Log in, and the Student Portal will offer you a fresh link.'}
            </Text>
            <Button component={Link} to={next.to} size="md">
              {next.label}
            </Button>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
