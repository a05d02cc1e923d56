import { routes } from '@lc/contract';
import { Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { accountQueries } from '../../api/queries/account.ts';
import { failedWith, failureMessage } from '../../features/forms/feedback.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { isSignedIn } from '../../lib/auth-token.ts';

/**
 * /confirm-email/:token — the link in the welcome email (issue 3). Confirms the address on arrival; opening
 * it again is harmless. Works signed in or not, since the parent may open the mail on another device.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('confirmEmail.pageTitle'));
  const { token } = useParams();
  const result = useQuery(accountQueries.emailConfirmation(token));
  const signedIn = isSignedIn();
  const next = signedIn
    ? { to: routes.dashboard, label: t('confirmEmail.goToPortal') }
    : { to: routes.login, label: t('confirmEmail.logIn') };

  return (
    <Container size="xs" py={{ base: 48, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        {result.status === 'pending' ? (
          <Stack align="center" gap="md" role="status">
            <Loader aria-hidden="true" />
            <Title order={1} size="h3">
              {t('confirmEmail.confirming')}
            </Title>
          </Stack>
        ) : result.status === 'success' ? (
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('confirmEmail.confirmed')}
            </Title>
            <Text>{t('confirmEmail.thanks')}</Text>
            <Button component={Link} to={next.to} size="md">
              {next.label}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('confirmEmail.failedHeading')}
            </Title>
            <Text role="alert">
              {/* A dead or used link (400) is said in the server's words; anything else generally. */}
              {failedWith(result.error, 400)
                ? failureMessage(result.error, t('confirmEmail.failed'))
                : t('confirmEmail.failed')}
            </Text>
            <Text size="sm">
              {signedIn ? t('confirmEmail.freshLinkSignedIn') : t('confirmEmail.freshLinkSignedOut')}
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
