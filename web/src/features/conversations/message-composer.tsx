import { zodResolver } from '@hookform/resolvers/zod';
import {
  ATTACHMENT_MAX_BYTES,
  fieldMessage,
  MESSAGE_MAX_ATTACHMENTS,
  type Message,
  type MessageAttachment,
  type MessageFormInput,
  type MessageInput,
  MessageInputSchema,
  messageSentence,
} from '@lc/contract';
import { ActionIcon, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { failureField, failureMessage } from '../forms/feedback.ts';
import { TextareaField, useFieldError } from '../forms/fields.tsx';
import { FormFailure, useSubmit } from '../forms/use-submit.tsx';
import classes from './conversation.module.css';
import { formatBytes } from './format.ts';

/** What the file input offers (the server checks the bytes themselves; a phone's browser hands an iPhone's photos over as JPEG). */
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** A fresh form: no text, no files, and a new `clientKey` for the next message (made once, kept on retry). */
const blank = (): MessageFormInput => ({ body: '', attachmentIds: [], clientKey: crypto.randomUUID() });

/**
 * The composer (issue 25): a "Message" text box (Enter makes a new line, Ctrl+Enter or ⌘+Enter sends), "Attach
 * a photo or PDF" (each file is uploaded as it is chosen and listed with a Remove button; at most
 * {@link MESSAGE_MAX_ATTACHMENTS}), and Send. The form kit's path (docs/architecture.md, "Forms"): the
 * contract's `MessageInputSchema` first, its message by the field with focus there; the server's field
 * messages the same way; anything else in the form's alert. A failed send keeps the text and the files, and
 * sending again reuses the message's `clientKey`, so a message the server did receive is posted once.
 */
export function MessageComposer({
  send,
  upload,
  onSent,
}: {
  send: (input: MessageInput) => Promise<Message>;
  upload: (file: File) => Promise<MessageAttachment>;
  onSent: (message: Message) => void | Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const form = useForm<MessageFormInput, unknown, MessageInput>({
    resolver: zodResolver(MessageInputSchema),
    reValidateMode: 'onSubmit',
    defaultValues: blank(),
  });
  const [files, setFiles] = useState<MessageAttachment[]>([]);
  const [uploading, setUploading] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const { field: filesField } = useController({ control: form.control, name: 'attachmentIds' });
  const filesFieldError = useFieldError(form, 'attachmentIds');
  const fileInput = useRef<HTMLButtonElement | null>(null);

  // The files chosen so far, as shown and as the form sends them (`attachmentIds`), changed together at once
  // (an upload finishing while another is on its way builds on the latest list, not a render's).
  const chosen = useRef<MessageAttachment[]>([]);
  const keepFiles = (next: MessageAttachment[]) => {
    chosen.current = next;
    setFiles(next);
    form.setValue(
      'attachmentIds',
      next.map((file) => file.id),
    );
  };

  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) => send(values),
    fields: ['body', 'attachmentIds'],
    onSuccess: async (message) => {
      form.reset(blank());
      keepFiles([]);
      setFileError(null);
      await onSent(message);
    },
    alert: (error) => failureMessage(error, t('conversations.sendFailed')),
  });

  /** Refuses what cannot go (too many, too large) by the input, else uploads each file in turn. */
  const choose = async (picked: File[]) => {
    setFileError(null);
    form.clearErrors('attachmentIds');
    const refuse = (message: string) => {
      setFileError(message);
      fileInput.current?.focus();
    };
    if (files.length + uploading.length + picked.length > MESSAGE_MAX_ATTACHMENTS)
      return refuse(
        messageSentence(
          fieldMessage('fields.conversations.tooManyFiles', { max: MESSAGE_MAX_ATTACHMENTS }),
          i18n.language,
        ),
      );
    const tooLarge = picked.find((file) => file.size > ATTACHMENT_MAX_BYTES);
    if (tooLarge) return refuse(t('conversations.fileTooLarge', { name: tooLarge.name }));
    for (const file of picked) {
      setUploading((names) => [...names, file.name]);
      try {
        const stored = await upload(file);
        keepFiles([...chosen.current, stored]);
      } catch (error) {
        refuse(failureField(error, 'file') ?? failureMessage(error, t('conversations.uploadFailed')));
      } finally {
        setUploading((names) => names.filter((name) => name !== file.name));
      }
    }
  };

  const sendWithKeys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void onSubmit();
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('conversations.composer')}
      className={classes.composer}
    >
      <Stack gap="xs">
        <TextareaField
          form={form}
          name="body"
          label={t('conversations.message')}
          description={t('conversations.messageHint')}
          autosize
          minRows={2}
          maxRows={6}
          onKeyDown={sendWithKeys}
        />
        <FileInput
          ref={(element) => {
            fileInput.current = element;
            filesField.ref(element);
          }}
          label={t('conversations.attach')}
          description={t('conversations.attachPlaceholder')}
          multiple
          accept={ACCEPT}
          value={[]}
          onChange={(picked) => void choose(picked)}
          error={fileError ?? filesFieldError}
          disabled={files.length + uploading.length >= MESSAGE_MAX_ATTACHMENTS}
        />
        {files.length > 0 || uploading.length > 0 ? (
          <List listStyleType="none" spacing={4} p={0} aria-label={t('conversations.chosenFiles')}>
            {files.map((file) => (
              <List.Item key={file.id}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {file.fileName} ({formatBytes(file.bytes, intlLocale())})
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('conversations.removeFile', { name: file.fileName })}
                    onClick={() => keepFiles(chosen.current.filter((f) => f.id !== file.id))}
                  >
                    <span aria-hidden="true">×</span>
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
            {uploading.map((name) => (
              <List.Item key={`uploading-${name}`}>
                <Text size="sm" role="status">
                  {t('conversations.uploading', { name })}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : null}
        <FormFailure failure={failure} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} disabled={uploading.length > 0}>
            {t('conversations.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
