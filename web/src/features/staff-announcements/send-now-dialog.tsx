import type { AnnouncementReach } from '@lc/contract';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { plural } from './announcement-form';

/** A "Send now" waiting for the director's yes: the body to save, and the channels it uses. */
export type PendingSend = { body: Record<string, unknown>; email: boolean; sms: boolean };

/** "Send it now?": the `SendNowSummary` of a pending send, which `onSend` saves. */
export function SendNowDialog({
  confirmingSend,
  reach,
  onSend,
  onClose,
}: {
  confirmingSend: PendingSend | null;
  reach: AnnouncementReach | undefined;
  /** Saves (and so sends) the body; the dialog closes after, whatever the outcome. */
  onSend: (body: Record<string, unknown>) => Promise<void>;
  onClose: () => void;
}) {
  const [sending, setSending] = useState(false);
  return (
    <Modal opened={confirmingSend !== null} onClose={onClose} title="Send it now?" centered>
      {confirmingSend ? (
        <SendNowSummary
          email={confirmingSend.email}
          sms={confirmingSend.sms}
          reach={reach}
          sending={sending}
          onSend={async () => {
            setSending(true);
            try {
              await onSend(confirmingSend.body);
            } finally {
              setSending(false);
              onClose();
            }
          }}
          onBack={onClose}
        />
      ) : null}
    </Modal>
  );
}

/**
 * The "Send now" confirmation: how many emails and text messages go out at once (the reach of the chosen
 * sessions: families and emergency contacts), before anything is sent. `reach` undefined: still counting.
 */
export function SendNowSummary({
  email,
  sms,
  reach,
  sending,
  onSend,
  onBack,
}: {
  email: boolean;
  sms: boolean;
  reach: AnnouncementReach | undefined;
  sending: boolean;
  onSend: () => void;
  onBack: () => void;
}) {
  const emails = reach ? reach.email.families + reach.email.contacts : 0;
  const texts = reach ? reach.sms.families + reach.sms.contacts : 0;
  const parts = [
    email ? plural(emails, 'email', 'emails') : null,
    sms ? plural(texts, 'text message', 'text messages') : null,
  ].filter((p): p is string => p !== null);
  return (
    <Stack gap="md">
      <Text size="sm">
        {reach
          ? `This sends ${parts.join(' and ')} right away, to ${plural(reach.families, 'family', 'families')} and their emergency contacts who receive them. It cannot be taken back.`
          : 'Counting who receives it…'}
      </Text>
      <Group gap="sm">
        <Button loading={sending} disabled={!reach} onClick={onSend} data-autofocus>
          {reach ? `Send ${parts.join(' and ')}` : 'Send'}
        </Button>
        <Button variant="default" onClick={onBack}>
          Not yet
        </Button>
      </Group>
    </Stack>
  );
}
