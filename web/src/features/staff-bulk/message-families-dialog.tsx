/**
 * "Message selected families" (issue 24): write an email and/or a text message to the families of the rows
 * chosen on the roster or the families search, with the announcements' own preview and reach counts
 * (staff-announcements/message-preview.tsx), and send it to exactly those families. The dialog makes one
 * idempotency key when it opens, so a double click or a retry after a lost answer sends once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FamilyMessageReach, type FamilyMessageTargets, FamilyMessageTextSchema } from '@lc/contract';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { getFamilyMessageReach, sendFamilyMessage } from '../../api/staff-family-message';
import { newIdempotencyKey } from '../../api/staff-money';
import { failedWith } from '../forms/feedback';
import { TextareaField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';
import { MessagePreview, reachSentence, SmsLength } from '../staff-announcements/message-preview';

/** Whom to write to: the chosen families (parent accounts) or children, and how the dialog names them. */
export type MessageTarget = Required<FamilyMessageTargets> & {
  /** "2 families", "3 children’s families": said in the dialog. */
  label: string;
};

type Values = { subject: string; emailMessage: string; smsMessage: string };
type Parsed = z.output<typeof FamilyMessageTextSchema>;

/** The dialog; `onSent` runs after a send (the page clears its selection). */
export function MessageFamiliesDialog({
  target,
  onClose,
  onSent,
}: {
  target: MessageTarget | null;
  onClose: () => void;
  onSent: () => void;
}) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} size="xl" title="Message selected families">
      {target ? (
        <MessageForm
          target={target}
          onDone={onClose}
          onSent={() => {
            onSent();
            onClose();
          }}
        />
      ) : null}
    </StaffDialog>
  );
}

/** How many the chosen rows reach, by channel; 404 when one is no longer the caller's to write to. */
function useReach(target: MessageTarget) {
  const targets = { familyIds: target.familyIds, childIds: target.childIds };
  return useQuery({
    queryKey: staffKeys.familyMessageReach(targets),
    queryFn: ({ signal }) => getFamilyMessageReach(targets, signal),
    retry: (count, error) => !failedWith(error, 404) && count < 1,
  });
}

function ReachLine({ reach, failed }: { reach: FamilyMessageReach | undefined; failed: boolean }) {
  if (failed)
    return (
      <Alert color="red" variant="light" role="alert">
        One of the chosen families can no longer be written to from here. Close this window, choose again and
        try once more.
      </Alert>
    );
  return (
    <Text size="sm" aria-live="polite">
      {reach ? reachSentence(reach) : 'Counting who this reaches…'}
    </Text>
  );
}

function MessageForm({
  target,
  onDone,
  onSent,
}: {
  target: MessageTarget;
  onDone: () => void;
  onSent: () => void;
}) {
  // Made once when the dialog opens: the same send twice (a double click, a retry) goes out once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const reach = useReach(target);
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(FamilyMessageTextSchema) as unknown as Resolver<Values, unknown, Parsed>,
    defaultValues: { subject: '', emailMessage: '', smsMessage: '' },
  });
  const values = form.watch();
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (words) =>
      sendFamilyMessage({
        familyIds: target.familyIds,
        childIds: target.childIds,
        ...words,
        idempotencyKey,
      }),
    fields: ['subject', 'emailMessage', 'smsMessage'],
    success: (result) => result.message,
    onSuccess: onSent,
  });
  const families = reach.data?.families;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Message selected families">
      <Stack gap="md">
        <Text>
          To {target.label}. Parents hear by email, and by text when they gave a mobile number; emergency
          contacts who chose email or texts hear too.
        </Text>
        <ReachLine reach={reach.data} failed={failedWith(reach.error, 404)} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            <TextField form={form} name="subject" label="Subject" required maxLength={120} />
            <TextareaField
              form={form}
              name="emailMessage"
              label="Email"
              description="Plain text. Leave empty to send no email."
              autosize
              minRows={4}
              maxLength={10_000}
            />
            <TextareaField
              form={form}
              name="smsMessage"
              label="Text message"
              description="Leave empty to send no text. “Bright Oak:” is added in front."
              autosize
              minRows={2}
              maxLength={320}
            />
            <SmsLength message={values.smsMessage} />
          </Stack>
          <MessagePreview
            subject={values.subject}
            emailMessage={values.emailMessage}
            smsMessage={values.smsMessage}
          />
        </SimpleGrid>
        <DialogActions
          failure={failure}
          onCancel={onDone}
          submit={
            families === undefined ? 'Send' : `Send to ${families} ${families === 1 ? 'family' : 'families'}`
          }
          submitting={submitting}
        />
      </Stack>
    </form>
  );
}
