import { RESOURCE_FILE_MAX_BYTES, RESOURCE_FILE_MESSAGE, type StaffResource } from '@lc/contract';
import { Button, Card, FileInput, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { uploadResource } from '../../api/staff-resources';
import { notifyError, notifySuccess } from '../forms/notify';

const FILE_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';

type UploadErrors = Partial<Record<'file' | 'name' | 'description', string>>;

/** Upload a PDF or a picture with an optional name (the file's name otherwise) and description. */
export function UploadFileForm({
  sessionId,
  onSaved,
}: {
  sessionId: number;
  onSaved: (list: StaffResource[]) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<UploadErrors>({});
  const fileRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);

  const show = (next: UploadErrors) => {
    setErrors(next);
    if (next.file) fileRef.current?.focus();
    else if (next.name) nameRef.current?.focus();
    else if (next.description) descriptionRef.current?.focus();
  };

  const upload = useMutation({
    mutationFn: (chosen: File) => uploadResource(sessionId, chosen, { name, description }),
    onSuccess: (list) => {
      onSaved(list);
      notifySuccess(`${name.trim() || file?.name || 'The file'} is added. Families see it now.`);
      setFile(null);
      setName('');
      setDescription('');
      setErrors({});
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 400 && Object.keys(failure.fields).length > 0)
        show(failure.fields);
      else notifyError('The file could not be uploaded. Please try again.');
    },
  });

  return (
    <Card withBorder radius="md" padding="md">
      <form
        noValidate
        aria-labelledby="upload-file-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (!file) return show({ file: 'Choose a file to upload.' });
          if (file.size > RESOURCE_FILE_MAX_BYTES) return show({ file: RESOURCE_FILE_MESSAGE });
          upload.mutate(file);
        }}
      >
        <Stack gap="sm">
          <Title order={3} fz="h4" id="upload-file-title">
            Upload a file
          </Title>
          <FileInput
            ref={fileRef}
            label="File"
            description="A PDF or a picture (JPEG, PNG or WebP) under 20 MB."
            accept={FILE_TYPES}
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setErrors((e) => ({ ...e, file: undefined }));
            }}
            error={errors.file}
            clearable
            required
          />
          <TextInput
            ref={nameRef}
            label="Name"
            description="As families will read it. Leave empty to use the file’s name."
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <Textarea
            ref={descriptionRef}
            label="Description (optional)"
            autosize
            minRows={2}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
          />
          <Group>
            <Button type="submit" loading={upload.isPending}>
              Upload file
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
