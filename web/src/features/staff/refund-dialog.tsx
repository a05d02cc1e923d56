/**
 * The director's refund dialog (issue 10): part or all of a payment back through its provider, the amount
 * typed in dollars and sent in cents, with a required reason. The form makes one idempotency key when it
 * opens, so a double click or a retry is one refund.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { centsToDollarsInput, dollarsToCents, formatCents } from '@lc/contract';
import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { newIdempotencyKey, refundPayment } from '../../api/staff-money';
import { TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { dialogFailure, dollars, ReasonField, reason } from './money-form';
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
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: centsToDollarsInput(target.refundable), reason: '' },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) =>
      refundPayment(target.paymentId, {
        amount: dollarsToCents(values.amount)!,
        reason: values.reason,
        idempotencyKey,
      }),
    fields: ['amount', 'reason'],
    success: (refund) => `Refunded ${formatCents(refund.amount)}. The family has been emailed.`,
    invalidate: [staffKeys.all],
    onSuccess: onDone,
    alert: dialogFailure,
    onFailure: () => setKey(newIdempotencyKey()), // a refused refund may be tried again as a new one
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Refund">
      <Stack gap="md">
        <Text size="sm">
          {target.label}. Up to {formatCents(target.refundable)} can be refunded.
        </Text>
        <TextField
          form={form}
          name="amount"
          label="Amount to refund (dollars)"
          inputMode="decimal"
          required
        />
        <ReasonField form={form} name="reason" />
        <DialogActions failure={failure} onCancel={onDone} submit="Refund" danger submitting={submitting} />
      </Stack>
    </form>
  );
}
