/**
 * The director's refund dialog (issue 10): part or all of a payment back through its provider, the amount
 * typed in dollars and sent in cents, with a required reason. The form makes one idempotency key when it
 * opens, so a double click or a retry is one refund.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { centsToDollarsInput, dollarsToCents, formatCents } from '@lc/contract';
import { Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { newIdempotencyKey, refundPayment } from '../../api/staff-money';
import { dollars, ReasonField, reason, useSubmit } from './money-form';
import { DialogActions, StaffDialog } from './staff-dialog';

/** A payment to refund: its line in words and what can still go back (cents). */
export type RefundTarget = { paymentId: string; label: string; refundable: number };

/** Refund part or all of a payment through its provider. */
export function RefundDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} title="Refund a payment">
      {target ? <RefundForm key={target.paymentId} target={target} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

/**
 * The refund form: one idempotency key made when it opens, so a double click or a retry is one refund; a
 * refused refund may be tried again as a new one.
 */
function RefundForm({ target, onDone }: { target: RefundTarget; onDone: () => void }) {
  const [idempotencyKey, setKey] = useState(newIdempotencyKey);
  const schema = useMemo(
    () =>
      z.object({
        amount: dollars(1, target.refundable, {
          format: 'Enter the amount to refund, like 25.00.',
          min: 'Enter an amount above $0.00 to refund.',
          max: `You can refund at most ${formatCents(target.refundable)} of this payment.`,
        }),
        reason: reason('the money is going back'),
      }),
    [target.refundable],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: centsToDollarsInput(target.refundable), reason: '' },
  });
  const { failure, run } = useSubmit(setError, ['amount', 'reason'] as const);
  const onSubmit = async (values: Values) => {
    const cents = dollarsToCents(values.amount)!;
    const ok = await run(async () => {
      const refund = await refundPayment(target.paymentId, {
        amount: cents,
        reason: values.reason,
        idempotencyKey,
      });
      return `Refunded ${formatCents(refund.amount)}. The family has been emailed.`;
    });
    if (ok) onDone();
    else setKey(newIdempotencyKey()); // a refused refund may be tried again as a new one
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Refund">
      <Stack gap="md">
        <Text size="sm">
          {target.label}. Up to {formatCents(target.refundable)} can be refunded.
        </Text>
        <TextInput
          label="Amount to refund (dollars)"
          inputMode="decimal"
          required
          error={errors.amount?.message}
          {...register('amount')}
        />
        <ReasonField error={errors.reason?.message} registration={register('reason')} />
        <DialogActions failure={failure} onCancel={onDone} submit="Refund" danger submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
