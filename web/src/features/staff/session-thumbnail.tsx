import { zodResolver } from '@hookform/resolvers/zod';
import { THUMBNAIL_FILE_MESSAGE, THUMBNAIL_MAX_BYTES } from '@lc/contract';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { uploadThumbnail } from '../../api/staff-resources';
import { failedWith, failureMessage } from '../forms/feedback';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { FileField } from './file-field';

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

/** A picture is chosen and under the size limit (the server checks its content). */
const PictureSchema = z.object({
  file: z
    .instanceof(File, { message: 'Choose a picture to upload.' })
    .refine((file) => file.size <= THUMBNAIL_MAX_BYTES, THUMBNAIL_FILE_MESSAGE),
});
type PictureInput = { file: File | null };
type PictureValues = z.output<typeof PictureSchema>;

/**
 * The session's picture on the director's session form (issue 10): the current picture (with alt text), a
 * file input for a new one (JPEG, PNG or WebP under 5 MB; the server checks the content) and an Upload
 * button. The picture is saved at once; `onUploaded` receives its new address so the form's Picture field
 * shows it (and a later "Save changes" keeps it).
 */
export function SessionThumbnail({
  session,
  onUploaded,
}: {
  session: { id: number; name: string; thumbnail: string | null };
  onUploaded: (url: string) => void;
}) {
  const [current, setCurrent] = useState(session.thumbnail);
  const form = useForm<PictureInput, unknown, PictureValues>({
    // The schema is the one definition of a picture it takes; the form's null is just invalid input to it.
    resolver: zodResolver(PictureSchema) as unknown as Resolver<PictureInput, unknown, PictureValues>,
    // A message stays until the next upload or another choice.
    reValidateMode: 'onSubmit',
    defaultValues: { file: null },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: ({ file }) => uploadThumbnail(session.id, file),
    fields: ['file'],
    success: `The new picture of ${session.name} is saved.`,
    invalidate: [staffKeys.all],
    onSuccess: ({ thumbnail }) => {
      setCurrent(thumbnail);
      form.reset({ file: null });
      onUploaded(thumbnail);
    },
    // A refused picture: the server's reason by the input, with focus; anything else a toast.
    alert: (error) => {
      if (failedWith(error, 400))
        form.setError(
          'file',
          { type: 'server', message: failureMessage(error, THUMBNAIL_FILE_MESSAGE) },
          { shouldFocus: true },
        );
      else notifyError('The picture could not be uploaded. Please try again.');
      return null;
    },
  });

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="md" wrap="wrap">
        {current ? (
          <Image
            src={current}
            alt={`The picture families see for ${session.name}`}
            w={160}
            h={107}
            fit="cover"
            radius="md"
          />
        ) : (
          <Text size="sm" c="dimmed" maw={160}>
            No picture yet. Families see the center’s picture until you add one.
          </Text>
        )}
        <Stack gap="xs" style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <FileField
            form={form}
            name="file"
            label="Upload a new picture"
            description="A JPEG, PNG or WebP photo under 5 MB, saved as soon as you upload it."
            accept={PICTURE_TYPES}
            clearable
          />
          <Group>
            {/* Not a form of its own (it sits inside the session's form): the button sends it. */}
            <Button variant="default" onClick={onSubmit} loading={submitting}>
              Upload picture
            </Button>
          </Group>
        </Stack>
      </Group>
    </Stack>
  );
}
