import { zodResolver } from '@hookform/resolvers/zod';
import { fieldMessage, PassIssueSchema, type PickupPass } from '@lc/contract';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { issuePass } from '../../api/passes.ts';
import { failedWith, failureMessage } from '../forms/feedback.ts';
import { PasswordField } from '../forms/fields.tsx';
import { notifyError } from '../forms/notify.ts';
import { useSubmit } from '../forms/use-submit.tsx';

/** The confirmation differs from the PIN (a field message of the contract's files, in the family's language). */
export const PIN_MISMATCH = fieldMessage('fields.passes.pinMismatch');

/** The PIN twice: the server's rule (4 to 6 digits, contract PIN_MESSAGE), and both the same. */
const PinFormSchema = z
  .object({ pin: PassIssueSchema.shape.pin, confirmPin: z.string().trim() })
  .refine((values) => values.pin === values.confirmPin, { path: ['confirmPin'], message: PIN_MISMATCH });
type PinFormInput = z.input<typeof PinFormSchema>;
type PinFormValues = z.output<typeof PinFormSchema>;

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
  const { t } = useTranslation();
  const form = useForm<PinFormInput, unknown, PinFormValues>({
    resolver: zodResolver(PinFormSchema),
    mode: 'onTouched',
    defaultValues: { pin: '', confirmPin: '' },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (values) => issuePass(trusteeId, values.pin),
    fields: ['pin', 'confirmPin'],
    onSuccess: onIssued,
    // The form has no alert: a failure no field explains is a toast, with the server's reason for a 400/404.
    alert: (error) => {
      const failed = t('family.pinForm.failed');
      notifyError(
        failedWith(error, 400, 404) ? failureMessage(error, failed) : failed,
        t('family.pinForm.failedTitle'),
      );
      return null;
    },
  });

  // Masked like a password (the eye button shows it), with the phone's number pad. `off`, not `new-password`:
  // the PIN is the pickup adult's, not a secret of this account for the browser to save and fill in.
  const pinInput = {
    inputMode: 'numeric' as const,
    pattern: '[0-9]*',
    autoComplete: 'off',
    maxLength: 6,
    spellCheck: false,
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        <Text size="sm">{t('family.pinForm.description', { description })}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <PasswordField form={form} name="pin" label={t('family.pinForm.pin')} required {...pinInput} />
          <PasswordField
            form={form}
            name="confirmPin"
            label={t('family.pinForm.pinAgain')}
            required
            {...pinInput}
          />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('family.common.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
