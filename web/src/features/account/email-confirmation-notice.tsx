import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { getAccount, resendConfirmation } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { useLoad } from '../../lib/use-load.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';

/**
 * A gentle reminder at the top of the Student Portal until the parent has confirmed their email address,
 * with a button that mails a fresh link (issue 3). Shows nothing once confirmed, or if the account could
 * not be read (the page itself will say what went wrong).
 */
export function EmailConfirmationNotice() {
  const account = useLoad('account', (signal) => getAccount(signal));
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  if (account.status !== 'success' || account.data.emailConfirmed) return null;
  const { emailAddress } = account.data;

  const send = async () => {
    setSending(true);
    try {
      await resendConfirmation();
      setSent(true);
      notifySuccess(`A new confirmation link is on its way to ${emailAddress}.`);
    } catch (error) {
      notifyError(
        error instanceof ApiError && error.status === 429
          ? error.message
          : 'We could not send a new link just now. Please try again in a moment.',
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Alert
      color="honey"
      variant="light"
      radius="md"
      mb="lg"
      title="Please confirm your email address"
      // Honey text on the honey tint is too faint (axe color-contrast); the body colour reads well on it.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        We sent a link to <strong>{emailAddress}</strong>. Confirming it lets us reach you about sessions,
        pickups and receipts.
      </Text>
      <Group mt="sm" gap="sm">
        <Button size="xs" variant="white" color="dark" onClick={send} loading={sending} disabled={sent}>
          {sent ? 'Link sent — check your inbox' : 'Send a new link'}
        </Button>
      </Group>
    </Alert>
  );
}
