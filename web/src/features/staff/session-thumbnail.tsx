import { THUMBNAIL_FILE_MESSAGE, THUMBNAIL_MAX_BYTES } from '@lc/contract';
import { Button, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { uploadThumbnail } from '../../api/staff-resources';
import { notifyError, notifySuccess } from '../forms/notify';

const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

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
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(session.thumbnail);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLButtonElement>(null);

  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadThumbnail(session.id, chosen),
    onSuccess: async ({ thumbnail }) => {
      setCurrent(thumbnail);
      setFile(null);
      setError(null);
      onUploaded(thumbnail);
      notifySuccess(`The new picture of ${session.name} is saved.`);
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 400) fail(failure.fields.file ?? failure.message);
      else notifyError('The picture could not be uploaded. Please try again.');
    },
  });

  const submit = () => {
    if (!file) return fail('Choose a picture to upload.');
    if (file.size > THUMBNAIL_MAX_BYTES) return fail(THUMBNAIL_FILE_MESSAGE);
    upload.mutate(file);
  };

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
          <FileInput
            ref={inputRef}
            label="Upload a new picture"
            description="A JPEG, PNG or WebP photo under 5 MB, saved as soon as you upload it."
            accept={PICTURE_TYPES}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setError(null);
            }}
            error={error}
            clearable
          />
          <Group>
            <Button variant="default" onClick={submit} loading={upload.isPending}>
              Upload picture
            </Button>
          </Group>
        </Stack>
      </Group>
    </Stack>
  );
}
