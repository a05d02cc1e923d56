/**
 * The thread of one inbox message (issue 10): what the family wrote, the staff's notes and replies in order,
 * a reply mailed to the family and a note for the staff only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type InboxItem, InboxNoteInputSchema, InboxReplyInputSchema } from '@lc/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { addInboxNote, replyToInboxItem } from '../../api/staff-inbox';
import { TextareaField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { formatWhen } from '../staff/staff-format';
import { personName } from './inbox-format';

/** "Their message" (or "Their tour request"), as they wrote it. */
export function MessageSection({ data }: { data: InboxItem }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="message-heading">
      <Title order={2} fz="h4" id="message-heading" mb="xs">
        {data.kind === 'tour' ? 'Their tour request' : 'Their message'}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {data.message ?? 'They did not add a message.'}
      </Text>
    </Paper>
  );
}

/** "Notes and replies": the thread so far, oldest first; a note is tinted. */
export function ThreadSection({ data }: { data: InboxItem }) {
  return (
    <section aria-labelledby="thread-heading">
      <Title order={2} fz="h4" id="thread-heading" mb="xs">
        Notes and replies
      </Title>
      {data.entries.length === 0 ? (
        <Text c="dimmed">Nothing yet. Replies you send and notes you add appear here.</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.entries.map((entry) => (
            <Paper
              component="li"
              key={entry.id}
              withBorder
              radius="md"
              p="sm"
              bg={entry.kind === 'Note' ? 'var(--mantine-color-default-hover)' : undefined}
            >
              <Text size="sm" fw={600}>
                {entry.kind === 'Reply' ? 'Emailed to the family' : 'Staff note'}
                {entry.author ? ` by ${personName(entry.author)}` : ''}
              </Text>
              <Text size="xs" c="dimmed" mb={4}>
                {formatWhen(entry.created)}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {entry.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}

/** A form of the thread: a titled section (`id` names its heading) around one form. */
function ThreadForm({
  id,
  title,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id} mb="xs">
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate aria-labelledby={id}>
        <Stack gap="sm">{children}</Stack>
      </form>
    </Paper>
  );
}

/** The form of one required text (`body`) checked by `resolver`. */
function useBodyForm(resolver: Resolver<{ body: string }>) {
  return useForm<{ body: string }>({ resolver, defaultValues: { body: '' } });
}

/**
 * The reply mailed to the family; on success a notice says where it went, and the form empties. A form of
 * the kit (docs/architecture.md, "Forms"): the server's message by the field, any other failure in a toast.
 */
export function ReplyForm({ item, onSent }: { item: InboxItem; onSent: (next: InboxItem) => Promise<void> }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useBodyForm(zodResolver(InboxReplyInputSchema));
  const { onSubmit, submitting } = useSubmit(form, {
    action: ({ body }) => {
      setSentTo(null);
      return replyToInboxItem(item.id, body);
    },
    fields: ['body'],
    success: `Your reply is on its way to ${item.email}.`,
    onSuccess: async (next) => {
      form.reset();
      setSentTo(item.email);
      await onSent(next);
    },
    alert: () => {
      notifyError('Your reply could not be sent. Please try again.');
      return null;
    },
  });

  return (
    <ThreadForm id="reply-heading" title="Reply by email" onSubmit={onSubmit}>
      <TextareaField
        form={form}
        name="body"
        label={`Your reply to ${item.firstName}`}
        description={
          item.language === 'es'
            ? `They wrote from the Spanish site, so we email it to ${item.email} with the greeting and the signature in Spanish: write your reply in Spanish if you can. When they answer, it comes to the center’s email.`
            : `We email it to ${item.email}, greeting them by name and signed with yours. When they answer, it comes to the center’s email.`
        }
        autosize
        minRows={5}
        maxRows={16}
        required
      />
      {sentTo ? (
        <Alert color="green" variant="light" role="status" title="Reply sent">
          Your reply is on its way to {sentTo}.
        </Alert>
      ) : null}
      <Group>
        <Button type="submit" loading={submitting}>
          Send reply
        </Button>
      </Group>
    </ThreadForm>
  );
}

/** A note for the staff only (never mailed); a form of the kit like {@link ReplyForm}. */
export function NoteForm({
  item,
  onAdded,
}: {
  item: InboxItem;
  onAdded: (next: InboxItem) => Promise<void>;
}) {
  const form = useBodyForm(zodResolver(InboxNoteInputSchema));
  const { onSubmit, submitting } = useSubmit(form, {
    action: ({ body }) => addInboxNote(item.id, body),
    fields: ['body'],
    success: 'Your note was added.',
    onSuccess: async (next) => {
      form.reset();
      await onAdded(next);
    },
    alert: () => {
      notifyError('Your note could not be saved. Please try again.');
      return null;
    },
  });

  return (
    <ThreadForm id="note-heading" title="Add a note" onSubmit={onSubmit}>
      <TextareaField
        form={form}
        name="body"
        label="Note for the staff"
        description="Only the staff see notes; the family never does."
        autosize
        minRows={2}
        maxRows={10}
        required
      />
      <Group>
        <Button type="submit" variant="default" loading={submitting}>
          Add note
        </Button>
      </Group>
    </ThreadForm>
  );
}
