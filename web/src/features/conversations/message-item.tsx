import { zodResolver } from '@hookform/resolvers/zod';
import { type Message, type MessageEdit, MessageEditSchema } from '@lc/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { AppDialog, DialogActions } from '../forms/dialog.tsx';
import { failureMessage } from '../forms/feedback.ts';
import { TextareaField } from '../forms/fields.tsx';
import { notifySuccess } from '../forms/notify.ts';
import { FormFailure, useSubmit } from '../forms/use-submit.tsx';
import { AttachmentList } from './attachment-list.tsx';
import classes from './conversation.module.css';
import { formatMessageTime, fullName } from './format.ts';

/** What a message can do: change or delete it (its author, inside the window), each answered by the server. */
export type MessageChanges = {
  edit: (messageId: string, body: string) => Promise<Message>;
  remove: (messageId: string) => Promise<void>;
  /** After a change: the page reads the conversation again. */
  changed: (message: Message | { id: string; deleted: true }) => void;
};

/** "You", "Ana Avery", "Ana Rivera · Teacher", or the words for an account that is gone. */
export function useAuthorLabel(): (message: Message) => string {
  const { t } = useTranslation();
  return (message) => {
    if (message.mine) return t('conversations.you');
    if (!message.author) return t('conversations.formerAccount');
    const name = fullName(message.author);
    if (!message.author.role) return name;
    return `${name} · ${t(`conversations.roles.${message.author.role}`)}`;
  };
}

/**
 * One message as an `<article>` named by its author and time: the text (or "This message was deleted." in its
 * place), "edited", its files, and — on the reader's own message while `changeable` — Edit (in place, with
 * Save and Cancel) and Delete (after a confirmation). `receipt` is the read receipt under it, if any.
 */
export function MessageItem({
  message,
  changeable,
  changes,
  receipt,
}: {
  message: Message;
  changeable: boolean;
  changes: MessageChanges;
  receipt?: string | null;
}) {
  const { t } = useTranslation();
  const authorLabel = useAuthorLabel();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleted = message.deletedAt !== null;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`${classes.message} ${message.mine ? classes.mine : ''}`}
      >
        <Group gap={6} wrap="wrap" id={headingId}>
          <Text span size="sm" fw={700}>
            {authorLabel(message)}
          </Text>{' '}
          <Text span size="xs" c="dimmed">
            <time dateTime={message.created}>{formatMessageTime(message.created, intlLocale())}</time>
            {message.editedAt && !deleted ? ` · ${t('conversations.edited')}` : ''}
          </Text>
        </Group>
        {deleted ? (
          <Text size="sm" fs="italic" c="dimmed" mt={4}>
            {t('conversations.deleted')}
          </Text>
        ) : editing ? (
          <EditForm
            message={message}
            changes={changes}
            onDone={() => setEditing(false)}
            labelledBy={headingId}
          />
        ) : (
          <>
            {message.body ? (
              <Text size="sm" mt={4} className={classes.body}>
                {message.body}
              </Text>
            ) : null}
            <AttachmentList attachments={message.attachments} />
          </>
        )}
        {changeable && !editing && !deleted ? (
          <Group gap="xs" mt="xs">
            <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
              {t('conversations.edit')}
            </Button>
            <Button size="compact-sm" variant="default" color="red" onClick={() => setDeleting(true)}>
              {t('conversations.delete')}
            </Button>
          </Group>
        ) : null}
        {receipt ? (
          <Text size="xs" c="dimmed" mt={4} ta="right">
            {receipt}
          </Text>
        ) : null}
      </article>
      <DeleteDialog
        message={message}
        opened={deleting}
        onClose={() => setDeleting(false)}
        changes={changes}
      />
    </li>
  );
}

/** The message's text in a field, saved with Save (the contract's `MessageEditSchema`), or left with Cancel. */
function EditForm({
  message,
  changes,
  onDone,
  labelledBy,
}: {
  message: Message;
  changes: MessageChanges;
  onDone: () => void;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const form = useForm<MessageEdit>({
    resolver: zodResolver(MessageEditSchema),
    reValidateMode: 'onSubmit',
    defaultValues: { body: message.body },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: ({ body }) => changes.edit(message.id, body),
    fields: ['body'],
    onSuccess: (next) => {
      changes.changed(next);
      onDone();
    },
    alert: (error) => failureMessage(error, t('conversations.editFailed')),
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={labelledBy}>
      <Stack gap="xs" mt="xs">
        <TextareaField
          form={form}
          name="body"
          label={t('conversations.editLabel')}
          autosize
          minRows={2}
          maxRows={8}
          data-autofocus
        />
        <FormFailure failure={failure} />
        <Group gap="xs">
          <Button type="submit" size="compact-sm" loading={submitting}>
            {t('conversations.save')}
          </Button>
          <Button type="button" size="compact-sm" variant="default" onClick={onDone}>
            {t('conversations.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Delete this message?" with Cancel and Delete; the server's sentence when it refuses (the window passed). */
function DeleteDialog({
  message,
  opened,
  onClose,
  changes,
}: {
  message: Message;
  opened: boolean;
  onClose: () => void;
  changes: MessageChanges;
}) {
  const { t } = useTranslation();
  const remove = useMutation({
    mutationFn: () => changes.remove(message.id),
    onSuccess: () => {
      onClose();
      notifySuccess(t('conversations.deletedToast'));
      changes.changed({ id: message.id, deleted: true });
    },
  });
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={t('conversations.deleteTitle')}
      closeLabel={t('conversations.close')}
    >
      <Stack gap="md">
        <Text>{t('conversations.deleteExplained')}</Text>
        <DialogActions
          failure={remove.isError ? failureMessage(remove.error, t('conversations.deleteFailed')) : null}
          onCancel={onClose}
          cancelLabel={t('conversations.cancel')}
          submit={t('conversations.delete')}
          danger
          submitting={remove.isPending}
          onSubmit={() => remove.mutate()}
        />
      </Stack>
    </AppDialog>
  );
}
