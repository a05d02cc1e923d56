import { zodResolver } from '@hookform/resolvers/zod';
import { PassIssueSchema, type PickupPass } from '@lc/contract';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client.ts';
import { issuePass } from '../../api/passes.ts';
import { notifyError } from '../forms/notify.ts';
import { useServerFieldErrors } from '../forms/use-server-field-errors.ts';

export const PIN_MISMATCH = 'The two PINs are not the same. Please type the PIN again.';

/** The PIN twice: the server's rule (4 to 6 digits, contract PIN_MESSAGE), and both the same. */
const PinFormSchema = z
  .object({ pin: PassIssueSchema.shape.pin, confirmPin: z.string().trim() })
  .refine((values) => values.pin === values.confirmPin, { path: ['confirmPin'], message: PIN_MISMATCH });
type PinFormInput = z.input<typeof PinFormSchema>;
type PinFormValues = z.output<typeof PinFormSchema>;

const FIELD_ORDER = ['pin', 'confirmPin'] as const;

/**
 * Issue (or re-issue) a pickup pass with a PIN (issue 11): the PIN of 4 to 6 digits typed twice, checked here
 * and by the server, errors by their field with focus moved to the first. `onIssued` gets the new pass.
 */
export function PinForm({
  trusteeId,
  label,
  submitLabel,
  description,
  onIssued,
  onCancel,
}: {
  trusteeId: string;
  /** The form's accessible name, e.g. "Issue a pickup pass for Rose Lee". */
  label: string;
  submitLabel: string;
  /** What the PIN is for, shown above the fields. */
  description: string;
  onIssued: (pass: PickupPass) => void;
  onCancel?: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PinFormInput, unknown, PinFormValues>({
    resolver: zodResolver(PinFormSchema),
    mode: 'onTouched',
    defaultValues: { pin: '', confirmPin: '' },
  });
  const showFieldErrors = useServerFieldErrors(setError, FIELD_ORDER);

  const onSubmit = async (values: PinFormValues) => {
    try {
      onIssued(await issuePass(trusteeId, values.pin));
    } catch (error) {
      if (showFieldErrors(error)) return;
      notifyError(
        error instanceof ApiError && (error.status === 400 || error.status === 404)
          ? error.message
          : 'We could not issue the pass. Please try again.',
        'Pass not issued',
      );
    }
  };

  const pinInput = {
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: 6,
    spellCheck: false,
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={label}>
      <Stack gap="sm">
        <Text size="sm">{description} We never send the PIN by email.</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="PIN (4 to 6 digits)"
            required
            error={errors.pin?.message}
            {...pinInput}
            {...register('pin')}
          />
          <TextInput
            label="Type the PIN again"
            required
            error={errors.confirmPin?.message}
            {...pinInput}
            {...register('confirmPin')}
          />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
