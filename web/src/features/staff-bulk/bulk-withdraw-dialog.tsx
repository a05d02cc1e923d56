/**
 * "Withdraw selected…" (issue 24, the director only): several children of a roster leave the session with ONE
 * confirmation that lists each consequence — per child, the refund by the session's policy exactly as the
 * single withdrawal's dialog starts it (staff/withdraw-dialog.tsx), and the total. One internal note and an
 * optional message to each family; one idempotency key made when the dialog opens, so a double click or a
 * retry withdraws and refunds each child once.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatCents } from '@lc/contract';
import { Alert, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { bulkWithdraw, previewBulkWithdraw } from '../../api/staff-bulk-move';
import { newIdempotencyKey } from '../../api/staff-money';
import { TextareaField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { dialogFailure, ReasonField, reason } from '../staff/money-form';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';
import type { BulkMoveTarget } from './bulk-move-dialog';

/** The dialog; `onWithdrawn` runs after the withdrawal (the page clears its selection). */
export function BulkWithdrawDialog({
  target,
  onClose,
  onWithdrawn,
}: {
  target: BulkMoveTarget | null;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} size="lg" title="Withdraw selected children">
      {target ? (
        <BulkWithdrawForm
          target={target}
          onDone={onClose}
          onWithdrawn={() => {
            onWithdrawn();
            onClose();
          }}
        />
      ) : null}
    </StaffDialog>
  );
}

const schema = z.object({
  reason: reason('the children are leaving'),
  familyMessage: z.string().trim().max(1000, 'Please keep the message to the family under 1000 characters.'),
});
type Values = z.infer<typeof schema>;

function BulkWithdrawForm({
  target,
  onDone,
  onWithdrawn,
}: {
  target: BulkMoveTarget;
  onDone: () => void;
  onWithdrawn: () => void;
}) {
  // Made once when the dialog opens: a double click or a retry withdraws and refunds each child once.
  const [idempotencyKey] = useState(() => newIdempotencyKey().replaceAll('-', ''));
  const ids = target.children.map((c) => c.studentId);
  const preview = useQuery({
    queryKey: staffKeys.bulkWithdrawPreview(target.classSessionId, ids),
    queryFn: ({ signal }) => previewBulkWithdraw(target.classSessionId, { studentIds: ids }, signal),
  });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '', familyMessage: '' },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) =>
      bulkWithdraw(target.classSessionId, {
        studentIds: ids,
        reason: values.reason,
        ...(values.familyMessage ? { familyMessage: values.familyMessage } : {}),
        idempotencyKey,
      }),
    fields: ['reason', 'familyMessage'],
    success: (result) => result.message,
    invalidate: [staffKeys.all],
    onSuccess: onWithdrawn,
    alert: dialogFailure,
  });
  const count = target.children.length;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Withdraw selected children">
      <Stack gap="md">
        <Text size="sm">
          {count === 1 ? target.children[0]!.name : `${count} children`} leave {target.sessionName}; their
          seats are offered to its waitlist and each family is emailed. Each is refunded what the session’s
          refund policy gives today, as withdrawing them one by one would.
        </Text>
        {preview.data ? (
          <Stack gap="xs">
            <Text size="sm" fw={600} id="bulk-withdraw-consequences">
              Refunds by the policy, child by child
            </Text>
            <List size="sm" spacing={4} aria-labelledby="bulk-withdraw-consequences">
              {preview.data.children.map((c) => (
                <List.Item key={c.studentId}>
                  {c.refund > 0
                    ? `${c.name}: ${formatCents(c.refund)} refunded${c.capped ? ' (part was already given back)' : ''}.`
                    : `${c.name}: no refund by the policy.`}
                </List.Item>
              ))}
            </List>
            <Text size="sm">
              In all: {formatCents(preview.data.total)}. Brothers and sisters on one payment are refunded one
              after the other, each by the policy at its turn.
            </Text>
          </Stack>
        ) : preview.isError ? (
          <Alert color="red" variant="light" role="alert">
            {dialogFailure(preview.error)}
          </Alert>
        ) : (
          <Text size="sm">Reading the session’s refund policy…</Text>
        )}
        <ReasonField form={form} name="reason" />
        <TextareaField
          form={form}
          name="familyMessage"
          label="Message to each family (optional)"
          description="Added to the email each family gets. The reason above stays with the office."
          autosize
          minRows={2}
          maxLength={1000}
        />
        <DialogActions
          failure={failure}
          onCancel={onDone}
          submit={`Withdraw ${count === 1 ? '1 child' : `${count} children`}`}
          danger
          submitting={submitting || !preview.data}
        />
      </Stack>
    </form>
  );
}
