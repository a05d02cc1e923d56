import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_CHILDREN_PER_ADULT,
  type ProgramInput,
  ProgramInputSchema,
  type ProgramRow,
  type ProgramValues,
} from '@lc/contract';
import { SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { staffKeys } from '../../api/query-keys';
import { saveProgram } from '../../api/staff-setup';
import { SwitchField, TextField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

/**
 * Add a program (`program` null) or edit one: its name, dates, licensing ratio (children per adult on duty,
 * 12 for a new one; Today's ratios count against it) and whether new sessions can use it.
 */
export function ProgramDialog({ program, onClose }: { program: ProgramRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<ProgramInput, unknown, ProgramValues>({
    resolver: zodResolver(ProgramInputSchema),
    defaultValues: {
      name: program?.name ?? '',
      isActive: program?.isActive ?? true,
      startDate: program?.startDate ?? '',
      endDate: program?.endDate ?? '',
      childrenPerAdult: program?.childrenPerAdult ?? DEFAULT_CHILDREN_PER_ADULT,
    },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (values) => saveProgram(program?.id ?? null, values),
    fields: ['name', 'startDate', 'endDate', 'childrenPerAdult', 'isActive'],
    success: (_, values) => (program ? `Saved ${values.name}.` : `${values.name} is added.`),
    onSuccess: (list) => {
      queryClient.setQueryData(staffKeys.programs(), list);
      onClose();
    },
    // A failure no field explains is told by a toast.
    alert: () => {
      notifyError('The program could not be saved. Please try again.');
      return null;
    },
  });
  return (
    <StaffDialog opened onClose={onClose} title={program ? `Edit ${program.name}` : 'Add a program'}>
      <form onSubmit={onSubmit} noValidate aria-label={program ? 'Edit program' : 'Add a program'}>
        <Stack gap="md">
          <TextField form={form} name="name" label="Name" required />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextField form={form} name="startDate" type="date" label="Starts" />
            <TextField form={form} name="endDate" type="date" label="Ends" />
          </SimpleGrid>
          <TextField
            form={form}
            name="childrenPerAdult"
            rules={{ setValueAs: (v: unknown) => (v === '' || v === null ? undefined : Number(v)) }}
            type="number"
            inputMode="numeric"
            min={1}
            max={40}
            label="Children per adult"
            description="Licensing ratio: children per adult on duty (e.g. 12 for preschool-age children)."
            required
            w={{ base: '100%', xs: 220 }}
          />
          <SwitchField form={form} name="isActive" label="Active: new sessions can use it" />
          <DialogActions onCancel={onClose} submit="Save" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
