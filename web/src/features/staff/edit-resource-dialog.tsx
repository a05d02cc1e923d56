import { zodResolver } from '@hookform/resolvers/zod';
import { type ResourceUpdateInput, ResourceUpdateInputSchema, type StaffResource } from '@lc/contract';
import { Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateResource } from '../../api/staff-resources';
import { SwitchField, TextareaField, TextField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from './staff-dialog';

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
  const form = useForm<z.input<typeof ResourceUpdateInputSchema>, unknown, ResourceUpdateInput>({
    resolver: zodResolver(ResourceUpdateInputSchema),
    defaultValues: {
      name: resource.name,
      description: resource.description ?? '',
      isActive: resource.isActive,
    },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (input) => updateResource(resource.id, input),
    fields: ['name', 'description'],
    success: (_, input) => `Saved ${input.name}.`,
    onSuccess: (list) => {
      onSaved(list);
      onClose();
    },
    // A failure no field explains is told by a toast.
    alert: () => {
      notifyError('The changes could not be saved. Please try again.');
      return null;
    },
  });

  return (
    <StaffDialog opened onClose={onClose} title={`Edit ${resource.name}`}>
      <form noValidate onSubmit={onSubmit} aria-label={`Edit ${resource.name}`}>
        <Stack gap="sm">
          <TextField form={form} name="name" label="Name" required />
          <TextareaField form={form} name="description" label="Description (optional)" autosize minRows={2} />
          <SwitchField form={form} name="isActive" label="Shown to families" />
          <DialogActions onCancel={onClose} submit="Save" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
