import { zodResolver } from '@hookform/resolvers/zod';
import { type ResourceLinkInput, ResourceLinkInputSchema, type StaffResource } from '@lc/contract';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addResourceLink } from '../../api/staff-resources';
import { NativeSelectField, TextareaField, TextField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';

const EMPTY_LINK: z.input<typeof ResourceLinkInputSchema> = {
  type: 'Link',
  name: '',
  url: '',
  description: '',
};

/** Add a link or a video on another site (http or https only). */
export function AddLinkForm({
  sessionId,
  onSaved,
}: {
  sessionId: number;
  onSaved: (list: StaffResource[]) => void;
}) {
  const form = useForm<z.input<typeof ResourceLinkInputSchema>, unknown, ResourceLinkInput>({
    resolver: zodResolver(ResourceLinkInputSchema),
    defaultValues: EMPTY_LINK,
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (input) => addResourceLink(sessionId, input),
    fields: ['type', 'name', 'url', 'description'],
    success: (_, input) => `${input.name} is added. Families see it now.`,
    onSuccess: (list) => {
      onSaved(list);
      form.reset(EMPTY_LINK);
    },
    // A failure no field explains is told by a toast.
    alert: () => {
      notifyError('The link could not be added. Please try again.');
      return null;
    },
  });

  return (
    <Card withBorder radius="md" padding="md">
      <form noValidate aria-labelledby="add-link-title" onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={3} fz="h4" id="add-link-title">
            Add a link
          </Title>
          <NativeSelectField
            form={form}
            name="type"
            label="Kind"
            data={[
              { value: 'Link', label: 'A web page' },
              { value: 'Video', label: 'A video' },
            ]}
          />
          <TextField form={form} name="name" label="Name" required />
          <TextField
            form={form}
            name="url"
            label="Web address"
            description="Starts with https://"
            type="url"
            inputMode="url"
            required
          />
          <TextareaField form={form} name="description" label="Description (optional)" autosize minRows={2} />
          <Group>
            <Button type="submit" loading={submitting}>
              Add link
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
