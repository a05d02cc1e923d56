import { zodResolver } from '@hookform/resolvers/zod';
import {
  POLICY_TYPE_LABELS,
  POLICY_TYPES,
  type PolicyInput,
  PolicyInputSchema,
  type PolicyRow,
} from '@lc/contract';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { savePolicy } from '../../api/staff-setup';
import { notifyError, notifySuccess } from '../forms/notify';
import { useServerFieldErrors } from '../forms/use-server-field-errors';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';
import { RichTextField } from '../staff-announcements/rich-text-field';

const POLICY_FIELDS = ['policyType', 'name', 'htmlValue'] as const;

/** Write a policy (`policy` null) or edit one: its kind, name and text as families read it (rich text). */
export function PolicyDialog({ policy, onClose }: { policy: PolicyRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PolicyInput>({
    resolver: zodResolver(PolicyInputSchema),
    defaultValues: {
      policyType: policy?.policyType ?? 'Expectation',
      name: policy?.name ?? '',
      htmlValue: policy?.htmlValue ?? '',
    },
  });
  const showFieldErrors = useServerFieldErrors(setError, POLICY_FIELDS);
  const onSubmit = async (values: PolicyInput) => {
    try {
      queryClient.setQueryData(['staff', 'policies'], await savePolicy(policy?.id ?? null, values));
      notifySuccess(policy ? `Saved ${values.name}.` : `${values.name} is ready to use on a session.`);
      onClose();
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The policy could not be saved. Please try again.');
    }
  };
  return (
    <StaffDialog opened onClose={onClose} size="lg" title={policy ? `Edit ${policy.name}` : 'Write a policy'}>
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={policy ? 'Edit policy' : 'Write a policy'}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelect
              label="Kind"
              data={POLICY_TYPES.map((t) => ({ value: t, label: POLICY_TYPE_LABELS[t] }))}
              error={errors.policyType?.message}
              {...register('policyType')}
            />
            <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          </SimpleGrid>
          <Controller
            control={control}
            name="htmlValue"
            render={({ field }) => (
              <RichTextField
                // react-hook-form moves focus to the editor when its text is the first error.
                ref={field.ref}
                label="Policy text"
                description="As families will read it before they pay."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.htmlValue?.message}
              />
            )}
          />
          <DialogActions onCancel={onClose} submit="Save policy" submitting={isSubmitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
