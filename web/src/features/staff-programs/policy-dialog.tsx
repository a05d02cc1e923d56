import { zodResolver } from '@hookform/resolvers/zod';
import {
  POLICY_TYPE_LABELS,
  POLICY_TYPES,
  type PolicyInput,
  PolicyInputSchema,
  type PolicyRow,
} from '@lc/contract';
import { SimpleGrid, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useForm } from 'react-hook-form';
import { staffKeys } from '../../api/query-keys';
import { savePolicy } from '../../api/staff-setup';
import { type FormOf, NativeSelectField, TextField, useFieldError } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';
import { RichTextField } from '../staff-announcements/rich-text-field';

/** Write a policy (`policy` null) or edit one: its kind, name and text as families read it (rich text). */
export function PolicyDialog({ policy, onClose }: { policy: PolicyRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<PolicyInput>({
    resolver: zodResolver(PolicyInputSchema),
    defaultValues: {
      policyType: policy?.policyType ?? 'Expectation',
      name: policy?.name ?? '',
      htmlValue: policy?.htmlValue ?? '',
    },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (values) => savePolicy(policy?.id ?? null, values),
    fields: ['policyType', 'name', 'htmlValue'],
    success: (_, values) =>
      policy ? `Saved ${values.name}.` : `${values.name} is ready to use on a session.`,
    onSuccess: (list) => {
      queryClient.setQueryData(staffKeys.policies(), list);
      onClose();
    },
    // A failure no field explains is told by a toast.
    alert: () => {
      notifyError('The policy could not be saved. Please try again.');
      return null;
    },
  });
  return (
    <StaffDialog opened onClose={onClose} size="lg" title={policy ? `Edit ${policy.name}` : 'Write a policy'}>
      <form onSubmit={onSubmit} noValidate aria-label={policy ? 'Edit policy' : 'Write a policy'}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelectField
              form={form}
              name="policyType"
              label="Kind"
              data={POLICY_TYPES.map((t) => ({ value: t, label: POLICY_TYPE_LABELS[t] }))}
            />
            <TextField form={form} name="name" label="Name" required />
          </SimpleGrid>
          <PolicyTextField form={form} />
          <DialogActions onCancel={onClose} submit="Save policy" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}

/**
 * The policy's text in the rich-text editor, bound like the kit's fields (features/forms/fields.tsx): the
 * error in the reader's language, and the editor takes focus when its text is the first error.
 */
function PolicyTextField({ form }: { form: FormOf<PolicyInput> }) {
  const { field } = useController({ control: form.control, name: 'htmlValue' });
  const error = useFieldError(form, 'htmlValue');
  return (
    <RichTextField
      ref={field.ref}
      label="Policy text"
      description="As families will read it before they pay."
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
