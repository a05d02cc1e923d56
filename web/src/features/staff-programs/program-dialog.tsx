import { zodResolver } from '@hookform/resolvers/zod';
import { type ProgramInput, ProgramInputSchema, type ProgramRow, type ProgramValues } from '@lc/contract';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { saveProgram } from '../../api/staff-setup';
import { notifyError, notifySuccess } from '../forms/notify';
import { SwitchField } from '../forms/switch-field';
import { useServerFieldErrors } from '../forms/use-server-field-errors';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

const PROGRAM_FIELDS = ['name', 'startDate', 'endDate', 'isActive'] as const;

/** Add a program (`program` null) or edit one: its name, dates and whether new sessions can use it. */
export function ProgramDialog({ program, onClose }: { program: ProgramRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProgramInput, unknown, ProgramValues>({
    resolver: zodResolver(ProgramInputSchema),
    defaultValues: {
      name: program?.name ?? '',
      isActive: program?.isActive ?? true,
      startDate: program?.startDate ?? '',
      endDate: program?.endDate ?? '',
    },
  });
  const showFieldErrors = useServerFieldErrors(setError, PROGRAM_FIELDS);
  const onSubmit = async (values: ProgramValues) => {
    try {
      queryClient.setQueryData(['staff', 'programs'], await saveProgram(program?.id ?? null, values));
      notifySuccess(program ? `Saved ${values.name}.` : `${values.name} is added.`);
      onClose();
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The program could not be saved. Please try again.');
    }
  };
  return (
    <StaffDialog opened onClose={onClose} title={program ? `Edit ${program.name}` : 'Add a program'}>
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={program ? 'Edit program' : 'Add a program'}
      >
        <Stack gap="md">
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="date"
              label="Starts"
              error={errors.startDate?.message}
              {...register('startDate')}
            />
            <TextInput type="date" label="Ends" error={errors.endDate?.message} {...register('endDate')} />
          </SimpleGrid>
          <SwitchField control={control} name="isActive">
            Active: new sessions can use it
          </SwitchField>
          <DialogActions onCancel={onClose} submit="Save" submitting={isSubmitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
