/**
 * The director's "Record a payment" dialog (issue 23): money the office received for a child's place (cash, a
 * check, an agency's subsidy) against what is due on it, the amount typed in dollars and sent in cents, with
 * how it was paid and an optional reference. The form makes one idempotency key when it opens, so a double
 * click or a retry records the payment once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { centsToDollarsInput, dollarsToCents, formatCents, placeStatusText } from '@lc/contract';
import { Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { newIdempotencyKey, recordOfficePayment } from '../../api/staff-money';
import { NativeSelectField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { type ChildTarget, dialogFailure, dollars } from './money-form';
import { DialogActions, StaffDialog } from './staff-dialog';

/** Record money received for a place that has a balance due. */
export function RecordPaymentDialog({
  target,
  onClose,
}: {
  target: ChildTarget | null;
  onClose: () => void;
}) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} title="Record a payment">
      {target ? <RecordPaymentForm key={target.child.enrollmentId} target={target} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

const METHODS = [
  { value: 'check', label: 'Check' },
  { value: 'cash', label: 'Cash' },
  { value: 'subsidy', label: 'Subsidy or agency' },
  { value: 'other', label: 'Other' },
];

function RecordPaymentForm({ target, onDone }: { target: ChildTarget; onDone: () => void }) {
  const [idempotencyKey, setKey] = useState(newIdempotencyKey);
  const due = target.child.account.balance;
  const schema = useMemo(
    () =>
      z.object({
        amount: dollars(1, due, {
          format: 'Enter the amount received, like 100.00.',
          min: 'Enter an amount above $0.00.',
          max: `At most ${formatCents(due)} is due on this place. Enter that or less.`,
        }),
        method: z.enum(['cash', 'check', 'subsidy', 'other'], {
          error: 'Choose how the family paid: cash, check, subsidy or other.',
        }),
        reference: z.string().trim().max(200, 'Please keep the note under 200 characters.'),
      }),
    [due],
  );
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: centsToDollarsInput(due), method: 'check', reference: '' },
  });
  const name = `${target.child.firstName} ${target.child.lastName}`;
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) =>
      recordOfficePayment(target.classSessionId, target.child.studentId, {
        amount: dollarsToCents(values.amount)!,
        method: values.method,
        reference: values.reference || undefined,
        idempotencyKey,
      }),
    fields: ['amount', 'method', 'reference'],
    success: (result) => `Payment recorded for ${name}. ${placeStatusText(result.place)}.`,
    invalidate: [staffKeys.all],
    onSuccess: onDone,
    alert: dialogFailure,
    onFailure: () => setKey(newIdempotencyKey()),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record a payment">
      <Stack gap="md">
        <Text size="sm">
          {name} in {target.sessionName}: {placeStatusText(target.child.account)}. Record money the office
          received; it is added to the family’s account and shows on their statement.
        </Text>
        <TextField form={form} name="amount" label="Amount received (dollars)" inputMode="decimal" required />
        <NativeSelectField form={form} name="method" label="Paid by" data={METHODS} required />
        <TextField
          form={form}
          name="reference"
          label="Reference (optional)"
          description="A check number or an agency’s voucher, as it should read on the family’s statement."
        />
        <DialogActions failure={failure} onCancel={onDone} submit="Record payment" submitting={submitting} />
      </Stack>
    </form>
  );
}
