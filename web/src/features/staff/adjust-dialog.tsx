/**
 * The director's "Charge or credit" dialog (issue 23): an extra charge, a late fee, a credit or a write-off on
 * a child's place, in dollars sent as cents, with the reason the family reads on their statement. The form
 * makes one idempotency key when it opens, so a double click or a retry posts once. The server holds the
 * limits (a write-off up to what is due, a credit up to what was charged) and its message lands by the field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdjustmentKind, dollarsToCents, formatCents, placeStatusText } from '@lc/contract';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { adjustPlace, newIdempotencyKey } from '../../api/staff-money';
import { NativeSelectField, TextareaField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { type ChildTarget, dialogFailure, dollars } from './money-form';
import { DialogActions, StaffDialog } from './staff-dialog';

/** Post a charge, a late fee, a credit or a write-off on a place. */
export function AdjustDialog({ target, onClose }: { target: ChildTarget | null; onClose: () => void }) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} title="Charge or credit">
      {target ? <AdjustForm key={target.child.enrollmentId} target={target} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

const KINDS: { value: AdjustmentKind; label: string; done: string }[] = [
  { value: 'charge', label: 'Charge (an extra fee, a field trip)', done: 'Charged' },
  { value: 'late_fee', label: 'Late fee', done: 'Late fee of' },
  { value: 'credit', label: 'Credit (money off what was charged)', done: 'Credited' },
  { value: 'write_off', label: 'Write off (stop asking for what is due)', done: 'Wrote off' },
];

const schema = z.object({
  kind: z.enum(['charge', 'late_fee', 'credit', 'write_off'], {
    error: 'Choose a charge, a late fee, a credit or a write-off.',
  }),
  amount: dollars(1, 10_000_000, {
    format: 'Enter the amount, like 25.00.',
    min: 'Enter an amount above $0.00.',
    max: 'That amount is larger than any session’s price.',
  }),
  reason: z
    .string()
    .trim()
    .min(1, 'Please say why, as the family will read it on their statement.')
    .max(200, 'Please keep the note under 200 characters.'),
});
type Values = z.infer<typeof schema>;

function AdjustForm({ target, onDone }: { target: ChildTarget; onDone: () => void }) {
  const [idempotencyKey, setKey] = useState(newIdempotencyKey);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { kind: 'charge', amount: '', reason: '' },
  });
  const name = `${target.child.firstName} ${target.child.lastName}`;
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) =>
      adjustPlace(target.classSessionId, target.child.studentId, {
        kind: values.kind,
        amount: dollarsToCents(values.amount)!,
        reason: values.reason,
        idempotencyKey,
      }),
    fields: ['kind', 'amount', 'reason'],
    success: (result, values) =>
      `${KINDS.find((k) => k.value === values.kind)!.done} ${formatCents(dollarsToCents(values.amount)!)} for ${name}. ${placeStatusText(result.place)}.`,
    invalidate: [staffKeys.all],
    onSuccess: onDone,
    alert: dialogFailure,
    onFailure: () => setKey(newIdempotencyKey()),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Charge or credit">
      <Stack gap="md">
        <Text size="sm">
          {name} in {target.sessionName}: {placeStatusText(target.child.account)}. The family sees this on
          their statement with your reason.
        </Text>
        <NativeSelectField
          form={form}
          name="kind"
          label="What to post"
          data={KINDS.map(({ value, label }) => ({ value, label }))}
          required
        />
        <TextField form={form} name="amount" label="Amount (dollars)" inputMode="decimal" required />
        <TextareaField
          form={form}
          name="reason"
          label="Reason"
          description="Shown to the family, e.g. “Picked up 25 minutes late on Nov 3”."
          required
          autosize
          minRows={2}
        />
        <DialogActions failure={failure} onCancel={onDone} submit="Post" submitting={submitting} />
      </Stack>
    </form>
  );
}
