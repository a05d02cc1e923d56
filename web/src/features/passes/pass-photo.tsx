import { zodResolver } from '@hookform/resolvers/zod';
import { fieldMessage, type PassState } from '@lc/contract';
import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Resolver, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiDownload } from '../../api/client.ts';
import { uploadPassPhoto } from '../../api/passes.ts';
import { failedWith, failureMessage } from '../forms/feedback.ts';
import { type FormOf, useFieldError } from '../forms/fields.tsx';
import { notifyError } from '../forms/notify.ts';
import { useSubmit } from '../forms/use-submit.tsx';

/**
 * The server's rule for a photo (passes routes: JPEG or PNG, at most 5 MB), checked here first. Its words and
 * PHOTO_MISSING are field messages of the contract's files, shown in the family's language.
 */
export const PHOTO_MESSAGE = fieldMessage('fields.passes.photo');
const PHOTO_MISSING = fieldMessage('fields.passes.photoMissing');
const PHOTO_TYPES = ['image/jpeg', 'image/png'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The chosen file: one there is (the form holds null until then), a JPEG or PNG of at most 5 MB. */
const PhotoFormSchema = z.object({
  file: z
    .instanceof(File, { message: PHOTO_MISSING })
    .refine((file) => PHOTO_TYPES.includes(file.type) && file.size <= PHOTO_MAX_BYTES, PHOTO_MESSAGE),
});
type PhotoInput = { file: File | null };
type PhotoValues = z.output<typeof PhotoFormSchema>;

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
 * is an API route), and a file input to add or replace it (react-hook-form and the kit's useSubmit: the
 * photo is checked here first, a 400's reason said by the input, anything else in a toast). Staff see it
 * at the door.
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
  const [shown, setShown] = useState<string | null>(null);
  const form = useForm<PhotoInput, unknown, PhotoValues>({
    // The schema is the one definition of a photo it takes; the form's null is just invalid input to it.
    resolver: zodResolver(PhotoFormSchema) as unknown as Resolver<PhotoInput, unknown, PhotoValues>,
    // A message stays until the next upload or another choice.
    reValidateMode: 'onSubmit',
    defaultValues: { file: null },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: async ({ file }) => {
      const state = await uploadPassPhoto(trusteeId, file);
      setShown(await dataUrlOf(file));
      return state;
    },
    fields: ['file'],
    success: holder.isSelf
      ? t('family.photo.savedSelf')
      : t('family.photo.savedOther', { name: holder.fullName }),
    onSuccess: (state) => {
      form.reset({ file: null });
      onUploaded(state);
    },
    // A refused photo without a field message: the server's reason by the input; anything else a toast.
    alert: (error) => {
      if (failedWith(error, 400)) {
        form.setError(
          'file',
          { type: 'server', message: failureMessage(error, PHOTO_MESSAGE) },
          { shouldFocus: true },
        );
      } else notifyError(t('family.photo.failed'), t('family.photo.failedTitle'));
      return null;
    },
  });

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
          <PhotoField
            form={form}
            label={imageUrl ? t('family.photo.replace') : t('family.photo.add')}
            description={t('family.photo.description')}
          />
          <Group>
            {/* Not a form of its own (it sits beside the pass's other controls): the button sends it. */}
            <Button variant="default" onClick={onSubmit} loading={submitting}>
              {t('family.photo.upload')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Stack>
  );
}

/**
 * The photo's file input, bound like the kit's fields (features/forms/fields.tsx): the error in the
 * family's language, the ref that takes focus; choosing another file clears the message.
 */
function PhotoField({
  form,
  label,
  description,
}: {
  form: FormOf<PhotoInput> & { clearErrors: (name: 'file') => void };
  label: string;
  description: string;
}) {
  const { field } = useController({ control: form.control, name: 'file' });
  const error = useFieldError(form, 'file');
  return (
    <FileInput
      ref={field.ref}
      label={label}
      description={description}
      accept={PHOTO_TYPES.join(',')}
      value={field.value}
      onChange={(chosen) => {
        field.onChange(chosen);
        form.clearErrors('file');
      }}
      onBlur={field.onBlur}
      error={error}
      clearable
    />
  );
}
