import { zodResolver } from '@hookform/resolvers/zod';
import { RESOURCE_FILE_MAX_BYTES, RESOURCE_FILE_MESSAGE, type StaffResource } from '@lc/contract';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { uploadResource } from '../../api/staff-resources';
import { TextareaField, TextField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { FileField } from './file-field';

const FILE_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';

/** A file is chosen and under the size limit (the server checks its content); name and description are free. */
const UploadSchema = z.object({
  file: z
    .instanceof(File, { message: 'Choose a file to upload.' })
    .refine((file) => file.size <= RESOURCE_FILE_MAX_BYTES, RESOURCE_FILE_MESSAGE),
  name: z.string(),
  description: z.string(),
});
type UploadInput = { file: File | null; name: string; description: string };
type UploadValues = z.output<typeof UploadSchema>;
const EMPTY_UPLOAD: UploadInput = { file: null, name: '', description: '' };

/**
 * Upload a PDF or a picture with an optional name (the file's name otherwise) and description. A message
 * stays by its field until the next upload (or, for the file, another choice).
 */
export function UploadFileForm({
  sessionId,
  onSaved,
}: {
  sessionId: number;
  onSaved: (list: StaffResource[]) => void;
}) {
  const form = useForm<UploadInput, unknown, UploadValues>({
    // The schema is the one definition of an upload; the form's null file is just invalid input to it.
    resolver: zodResolver(UploadSchema) as unknown as Resolver<UploadInput, unknown, UploadValues>,
    reValidateMode: 'onSubmit',
    defaultValues: EMPTY_UPLOAD,
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: ({ file, name, description }) => uploadResource(sessionId, file, { name, description }),
    fields: ['file', 'name', 'description'],
    success: (_, { file, name }) =>
      `${name.trim() || file.name || 'The file'} is added. Families see it now.`,
    onSuccess: (list) => {
      onSaved(list);
      form.reset(EMPTY_UPLOAD);
    },
    // A failure no field explains is told by a toast.
    alert: () => {
      notifyError('The file could not be uploaded. Please try again.');
      return null;
    },
  });

  return (
    <Card withBorder radius="md" padding="md">
      <form noValidate aria-labelledby="upload-file-title" onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={3} fz="h4" id="upload-file-title">
            Upload a file
          </Title>
          <FileField
            form={form}
            name="file"
            label="File"
            description="A PDF or a picture (JPEG, PNG or WebP) under 20 MB."
            accept={FILE_TYPES}
            clearable
            required
          />
          <TextField
            form={form}
            name="name"
            label="Name"
            description="As families will read it. Leave empty to use the file’s name."
          />
          <TextareaField form={form} name="description" label="Description (optional)" autosize minRows={2} />
          <Group>
            <Button type="submit" loading={submitting}>
              Upload file
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
