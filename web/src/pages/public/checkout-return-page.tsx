import { routes } from '@lc/contract';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { site } from '../../content/site';
import { usePageTitle } from '../../layout/use-page-title';

export type CheckoutOutcome = 'successful' | 'failed';

/**
 * Where the payment provider's hosted checkout sends the parent back to (spec §2 "Unprotected routes":
 * sessions/{classSessionId}/enrollment-successful|failed/{checkoutId}). Unprotected because the login
 * session may have lapsed while the parent was paying.
 */
export default function CheckoutReturnPage({ outcome }: { outcome: CheckoutOutcome }) {
  const successful = outcome === 'successful';
  usePageTitle(successful ? 'Enrollment received' : 'Payment not completed');
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="flex-start">
        <Title order={1}>
          {successful ? 'Thank you — you’re all set!' : 'Your payment didn’t go through'}
        </Title>
        {successful ? (
          <>
            <Text size="lg">
              Your checkout is complete. We’ll email you a receipt and a confirmation, and your child’s
              enrollment will appear under My sessions in the Student Portal.
            </Text>
            <Text>We can’t wait to meet your family.</Text>
          </>
        ) : (
          <>
            <Text size="lg">
              The checkout was cancelled or the payment was declined, so you have not been charged and your
              child is not enrolled yet. The seat we were holding will be released for other families.
            </Text>
            <Text>You can try again from the sessions page, or call us at {site.phone} and we’ll help.</Text>
          </>
        )}
        <Group mt="sm">
          {successful ? (
            <Button component={Link} to={routes.mySessions} size="md">
              Go to My sessions
            </Button>
          ) : null}
          <Button component={Link} to={routes.sessions} size="md" variant={successful ? 'default' : 'filled'}>
            Browse sessions
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
