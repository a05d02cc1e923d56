import { zodResolver } from '@hookform/resolvers/zod';
import { type ResourceUpdateInput, ResourceUpdateInputSchema, type StaffResource } from '@lc/contract';
import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateResource } from '../../api/staff-resources';
import { notifyError, notifySuccess } from '../forms/notify';
import { useServerFieldErrors } from '../forms/use-server-field-errors';
import { DialogActions, StaffDialog } from './staff-dialog';

const EDIT_FIELDS = ['name', 'description'] as const;

/** Rename a resource or change its description (and whether families see it). */
export function EditResourceDialog({
  resource,
  onClose,
  onSaved,
}: {
  resource: StaffResource;
  onClose: () => void;
  onSaved: (list: StaffResource[]) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ResourceUpdateInputSchema>, unknown, ResourceUpdateInput>({
    resolver: zodResolver(ResourceUpdateInputSchema),
    defaultValues: {
      name: resource.name,
      description: resource.description ?? '',
      isActive: resource.isActive,
    },
  });
  const showFieldErrors = useServerFieldErrors(setError, EDIT_FIELDS);

  const onSubmit = async (input: ResourceUpdateInput) => {
    try {
      onSaved(await updateResource(resource.id, input));
      notifySuccess(`Saved ${input.name}.`);
      onClose();
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The changes could not be saved. Please try again.');
    }
  };

  return (
    <StaffDialog opened onClose={onClose} title={`Edit ${resource.name}`}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={`Edit ${resource.name}`}>
        <Stack gap="sm">
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <Textarea
            label="Description (optional)"
            autosize
            minRows={2}
            error={errors.description?.message}
            {...register('description')}
          />
          <Switch
            label="Shown to families"
            checked={watch('isActive')}
            onChange={(event) => setValue('isActive', event.currentTarget.checked, { shouldDirty: true })}
          />
          <DialogActions onCancel={onClose} submit="Save" submitting={isSubmitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
