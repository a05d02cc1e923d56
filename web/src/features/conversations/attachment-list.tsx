import type { MessageAttachment } from '@lc/contract';
import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale.ts';
import classes from './conversation.module.css';
import { formatBytes, isPhoto } from './format.ts';

/**
 * A message's files (issue 25): a photo as an image (its alt text "Photo: painting.jpg") with a link to
 * download it, a PDF as a link with its name and size. The links are the signed addresses the conversation
 * gives (decision 031), good for a few hours; the page reads the conversation again long before then.
 */
export function AttachmentList({ attachments }: { attachments: readonly MessageAttachment[] }) {
  const { t } = useTranslation();
  const locale = intlLocale();
  if (attachments.length === 0) return null;
  return (
    <Stack gap="xs" mt="xs">
      {attachments.map((file) =>
        isPhoto(file.contentType) ? (
          <figure key={file.id} style={{ margin: 0 }}>
            <img
              className={classes.photo}
              src={file.url}
              alt={t('conversations.photoAlt', { name: file.fileName })}
              width={file.width ?? undefined}
              height={file.height ?? undefined}
              loading="lazy"
            />
            <Anchor href={file.url} download={file.fileName} size="sm">
              {t('conversations.downloadPhoto', { name: file.fileName })}
            </Anchor>
          </figure>
        ) : (
          <Anchor key={file.id} href={file.url} download={file.fileName} size="sm">
            {t('conversations.document', {
              name: file.fileName,
              size: formatBytes(file.bytes, locale),
            })}
          </Anchor>
        ),
      )}
    </Stack>
  );
}
