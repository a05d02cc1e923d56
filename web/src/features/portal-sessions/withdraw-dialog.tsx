/**
 * The parent's "Withdraw {child}" dialog (issue 13): it loads the exact refund withdrawing the child today
 * gives (the server's quote under the session's refund policy), shows it broken down with the policy in plain
 * words, and withdraws only on the confirm button, which says the amount ("Withdraw Maya and refund $270.00").
 * The dialog makes one idempotency key when it opens, so a double click or a retry is one withdrawal. A refund
 * that changed meanwhile (e.g. the day changed) is said in the dialog and the new quote is loaded.
 */
import {
  type ClassSessionEnrollment,
  formatCents,
  formatPolicyDate,
  type WithdrawalQuote,
  withdrawButtonLabel,
} from '@lc/contract';
import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { getWithdrawalQuote, newWithdrawKey, withdrawChild } from '../../api/withdraw.ts';
import { useLoad } from '../../lib/use-load.ts';
import { LoadFailed, Loading } from '../family/load-states.tsx';
import { notifySuccess } from '../forms/notify.ts';
import { DialogActions, StaffDialog } from '../staff/staff-dialog.tsx';

/** Withdraw `enrollment`'s child; `onWithdrawn` runs after the server said yes (the page reloads its data). */
export function WithdrawDialog({
  enrollment,
  onClose,
  onWithdrawn,
}: {
  enrollment: ClassSessionEnrollment | null;
  onClose: () => void;
  onWithdrawn: () => void;
}) {
  return (
    <StaffDialog
      opened={enrollment !== null}
      onClose={onClose}
      title={enrollment ? `Withdraw ${enrollment.student.firstName}` : 'Withdraw'}
      size="lg"
    >
      {enrollment ? (
        <WithdrawPanel
          key={enrollment.id}
          enrollment={enrollment}
          onCancel={onClose}
          onDone={() => {
            onWithdrawn();
            onClose();
          }}
        />
      ) : null}
    </StaffDialog>
  );
}

const failureText = (error: unknown) =>
  error instanceof ApiError && error.status < 500
    ? error.message
    : 'That did not work. Please check your connection and try again.';

function WithdrawPanel({
  enrollment,
  onCancel,
  onDone,
}: {
  enrollment: ClassSessionEnrollment;
  onCancel: () => void;
  onDone: () => void;
}) {
  const [idempotencyKey] = useState(newWithdrawKey);
  const quote = useLoad(`withdrawal:${enrollment.id}`, (signal) => getWithdrawalQuote(enrollment.id, signal));
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (quote.status === 'loading') return <Loading label="Working out your refund…" />;
  if (quote.status === 'error')
    return quote.error instanceof ApiError && quote.error.status === 409 ? (
      <Stack gap="md">
        <Alert color="yellow" variant="light" role="alert">
          {quote.error.message}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Back to the session
          </Button>
        </Group>
      </Stack>
    ) : (
      <LoadFailed message="We could not work out the refund." retry={quote.retry} />
    );

  const q = quote.data;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    setSubmitting(true);
    try {
      const result = await withdrawChild(enrollment.id, { expectedRefund: q.refund, idempotencyKey });
      notifySuccess(result.message);
      onDone();
    } catch (error) {
      setFailure(failureText(error));
      // The refund changed since the dialog opened: show the new one (the button says it).
      if (error instanceof ApiError && error.status === 409 && error.fields.expectedRefund) quote.retry();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Withdraw ${q.child.firstName}`}>
      <Stack gap="md">
        <Text>
          If you withdraw {q.child.firstName} today ({formatPolicyDate(q.today)}), {q.child.firstName}’s place
          in {q.classSession.name} ends and the seat goes to the next family waiting for one.
        </Text>
        <RefundBreakdown quote={q} />
        <section aria-labelledby="withdraw-policy">
          <Title order={3} size="h5" id="withdraw-policy" mb={4}>
            {q.classSession.name}’s refund policy
          </Title>
          <List size="sm" spacing={4}>
            {q.policySentences.map((sentence) => (
              <List.Item key={sentence}>{sentence}</List.Item>
            ))}
          </List>
        </section>
        <DialogActions
          failure={failure}
          onCancel={onCancel}
          submit={withdrawButtonLabel(q.child.firstName, q.refund)}
          danger
          submitting={submitting}
        />
      </Stack>
    </form>
  );
}

/** The refund line by line: registration, supply fee, what was already refunded, the total, where it goes. */
function RefundBreakdown({ quote: q }: { quote: WithdrawalQuote }) {
  // A place given free of charge (e.g. placed by the office at no cost): nothing was paid, nothing to work out.
  if (q.registrationShare === 0 && q.supplyFeeRefund === 0 && q.refundableOnPayment === 0)
    return <Text size="sm">This place was free of charge, so there is nothing to refund.</Text>;
  const registrationLabel =
    q.window === 'full'
      ? 'Registration, in full'
      : `Registration, ${q.policy.refundPercentAfter}% of ${formatCents(q.registrationShare)}`;
  const rows: Array<[string, string]> = [
    [registrationLabel, formatCents(q.registrationRefund)],
    ['Supply fee', q.supplyFeeRefund > 0 ? formatCents(q.supplyFeeRefund) : 'Not refunded'],
  ];
  if (q.capped)
    rows.push(['Less what we already refunded on this payment', `−${formatCents(q.policyTotal - q.refund)}`]);
  const when =
    q.window === 'full'
      ? `Today is within the full-refund period, which ends on ${formatPolicyDate(q.fullRefundUntil)}.`
      : `The full-refund period ended on ${formatPolicyDate(q.fullRefundUntil)}.`;
  return (
    <Stack gap="xs">
      <Text size="sm">{when}</Text>
      <Table withTableBorder variant="vertical" aria-label="Your refund">
        <Table.Tbody>
          {rows.map(([label, amount]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={400}>
                {label}
              </Table.Th>
              <Table.Td ta="right">{amount}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Your refund</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatCents(q.refund)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {q.refund === 0
          ? 'There is nothing to refund for this place under the policy.'
          : q.refundMethod === 'office'
            ? `You paid our office directly, so we will give back ${formatCents(q.refund)} the way you paid.`
            : `${formatCents(q.refund)} goes back to the card you paid with, usually within 5–10 business days.`}
      </Text>
    </Stack>
  );
}
