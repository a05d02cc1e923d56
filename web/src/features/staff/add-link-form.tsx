import { zodResolver } from '@hookform/resolvers/zod';
import { type ResourceLinkInput, ResourceLinkInputSchema, type StaffResource } from '@lc/contract';
import { Button, Card, Group, NativeSelect, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { addResourceLink } from '../../api/staff-resources';
import { notifyError, notifySuccess } from '../forms/notify';
import { useServerFieldErrors } from '../forms/use-server-field-errors';

const LINK_FIELDS = ['type', 'name', 'url', 'description'] as const;
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
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ResourceLinkInputSchema>, unknown, ResourceLinkInput>({
    resolver: zodResolver(ResourceLinkInputSchema),
    defaultValues: EMPTY_LINK,
  });
  const showFieldErrors = useServerFieldErrors(setError, LINK_FIELDS);

  const onSubmit = async (input: ResourceLinkInput) => {
    try {
      onSaved(await addResourceLink(sessionId, input));
      notifySuccess(`${input.name} is added. Families see it now.`);
      reset(EMPTY_LINK);
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The link could not be added. Please try again.');
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form noValidate aria-labelledby="add-link-title" onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="sm">
          <Title order={3} fz="h4" id="add-link-title">
            Add a link
          </Title>
          <NativeSelect
            label="Kind"
            data={[
              { value: 'Link', label: 'A web page' },
              { value: 'Video', label: 'A video' },
            ]}
            error={errors.type?.message}
            {...register('type')}
          />
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <TextInput
            label="Web address"
            description="Starts with https://"
            type="url"
            inputMode="url"
            required
            error={errors.url?.message}
            {...register('url')}
          />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            error={errors.description?.message}
            {...register('description')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Add link
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
