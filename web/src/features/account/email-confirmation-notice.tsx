import { Alert, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { resendConfirmation } from '../../api/auth.ts';
import { accountQueries } from '../../api/queries/account.ts';
import { failedWith, failureMessage } from '../forms/feedback.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';

/**
 * A gentle reminder at the top of the Student Portal until the parent has confirmed their email address,
 * with a button that mails a fresh link (issue 3). Shows nothing once confirmed, or if the account could
 * not be read (the page itself will say what went wrong).
 */
export function EmailConfirmationNotice() {
  const { t } = useTranslation();
  const account = useQuery(accountQueries.me());
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  if (account.status !== 'success' || account.data.emailConfirmed) return null;
  const { emailAddress } = account.data;

  const send = async () => {
    setSending(true);
    try {
      await resendConfirmation();
      setSent(true);
      notifySuccess(t('family.emailNotice.sentToast', { email: emailAddress }));
    } catch (error) {
      // Too many asks: the server says how long to wait; anything else, a general sentence.
      const failed = t('family.emailNotice.sendFailed');
      notifyError(failedWith(error, 429) ? failureMessage(error, failed) : failed);
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
      title={t('family.emailNotice.title')}
      // Honey text on the honey tint is too faint (axe color-contrast); the body colour reads well on it.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">
        <Trans
          i18nKey="family.emailNotice.body"
          values={{ email: emailAddress }}
          components={{ strong: <strong /> }}
        />
      </Text>
      <Group mt="sm" gap="sm">
        <Button size="xs" variant="white" color="dark" onClick={send} loading={sending} disabled={sent}>
          {sent ? t('family.emailNotice.sent') : t('family.emailNotice.send')}
        </Button>
      </Group>
    </Alert>
  );
}
