import type { PassState } from '@lc/contract';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiDownload } from '../../api/client.ts';
import { uploadPassPhoto } from '../../api/passes.ts';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';

/**
 * The server's rule for a photo (passes routes: JPEG or PNG, at most 5 MB), checked here first. Its words and
 * PHOTO_MISSING are shown in the family's language through `family.fieldMessages`.
 */
export const PHOTO_MESSAGE = 'Choose a JPEG or PNG photo of at most 5 MB';
const PHOTO_MISSING = 'Choose a photo to upload.';
const PHOTO_TYPES = ['image/jpeg', 'image/png'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A blob as a `data:` URL. The page's CSP allows `data:` images but not `blob:` ones, so a photo fetched
 * with the session token is shown this way rather than through an object URL.
 */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/**
 * The adult's photo on their pass (issue 11): shown once there is one (fetched with the session token: it
 * is an API route), and a file input to add or replace it. Staff see it at the door.
 */
export function PassPhoto({
  trusteeId,
  holder,
  imageUrl,
  onUploaded,
}: {
  trusteeId: string;
  /** "Rose Lee", or "you" for the parent's own pass. */
  holder: { fullName: string; isSelf: boolean };
  imageUrl: string | null;
  onUploaded: (state: PassState) => void;
}) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [shown, setShown] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!imageUrl) return;
    let current = true;
    apiDownload(imageUrl)
      .then(({ blob }) => dataUrlOf(blob))
      .then((url) => {
        if (current) setShown(url);
      })
      .catch(() => {
        // The photo could not be read: the input below still lets the family add one.
      });
    return () => {
      current = false;
    };
  }, [imageUrl]);

  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const upload = async () => {
    if (!file) return fail(PHOTO_MISSING);
    if (!PHOTO_TYPES.includes(file.type) || file.size > PHOTO_MAX_BYTES) return fail(PHOTO_MESSAGE);
    setUploading(true);
    try {
      const state = await uploadPassPhoto(trusteeId, file);
      setShown(await dataUrlOf(file));
      setFile(null);
      setError(null);
      notifySuccess(
        holder.isSelf ? t('family.photo.savedSelf') : t('family.photo.savedOther', { name: holder.fullName }),
      );
      onUploaded(state);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) fail(failure.fields.file ?? failure.message);
      else notifyError(t('family.photo.failed'), t('family.photo.failedTitle'));
    } finally {
      setUploading(false);
    }
  };

  const alt = holder.isSelf
    ? t('family.photo.altSelf')
    : t('family.photo.altOther', { name: holder.fullName });
  return (
    <Stack gap="xs">
      <Text fw={700}>{t('family.photo.heading')}</Text>
      <Group align="flex-start" gap="md" wrap="wrap">
        {shown ? (
          <img
            src={shown}
            alt={alt}
            width={96}
            height={96}
            style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-md)' }}
          />
        ) : null}
        <Stack gap="xs" style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <FileInput
            ref={inputRef}
            label={imageUrl ? t('family.photo.replace') : t('family.photo.add')}
            description={t('family.photo.description')}
            accept={PHOTO_TYPES.join(',')}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setError(null);
            }}
            error={fieldMessage(error ?? undefined)}
            clearable
          />
          <Group>
            <Button variant="default" onClick={upload} loading={uploading}>
              {t('family.photo.upload')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Stack>
  );
}
