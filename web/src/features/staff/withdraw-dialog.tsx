/**
 * The director's withdraw dialog (issue 10; issue 21, decision 018): the refund starts at what the session's
 * policy gives today, the internal note stays apart from the optional message to the family, and the exact
 * email (from the server) is shown before anything is sent. A brother's or sister's sibling discount that ends
 * with the withdrawn place (decision 019) is shown as the parent's dialog shows it: the policy's refund, the
 * line taken off, and a sentence naming who got it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  centsToDollarsInput,
  dollarsToCents,
  formatCents,
  listFormat,
  type WithdrawalQuote,
  type WithdrawPreview,
} from '@lc/contract';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { newIdempotencyKey, previewWithdrawal, withdrawChild } from '../../api/staff-money';
import { AmountTable } from '../forms/amount-table';
import { failureMessage } from '../forms/feedback';
import { type FormOf, TextareaField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { type ChildTarget, dialogFailure, dollars, reason } from './money-form';
import { DialogActions, StaffDialog } from './staff-dialog';

/** Withdraw an enrolled child (the seat goes to the waitlist), with an optional refund. */
export function WithdrawDialog({ target, onClose }: { target: ChildTarget | null; onClose: () => void }) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} title="Withdraw a child">
      {target ? <WithdrawForm key={target.child.enrollmentId} target={target} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

function WithdrawForm({ target, onDone }: { target: ChildTarget; onDone: () => void }) {
  const { child, classSessionId } = target;
  // The policy's refund today, from the same quote the parent's withdraw dialog shows.
  // Not under staffKeys.all: the withdrawal's own refresh of the staff pages must not ask for it again.
  const start = useQuery({
    queryKey: staffKeys.withdrawPreview(classSessionId, child.studentId),
    queryFn: ({ signal }) => previewWithdrawal(classSessionId, { studentId: child.studentId }, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (start.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {failureMessage(
          start.error,
          'The refund policy could not be read. Please check your connection and try again.',
        )}
      </Alert>
    );
  if (!start.data) return <Text size="sm">Reading the session’s refund policy…</Text>;
  return <WithdrawSteps target={target} preview={start.data} onDone={onDone} />;
}

/** The withdraw form: the internal note, the optional message to the family, the refund in dollars. */
function withdrawSchema(refundable: number) {
  return z.object({
    reason: reason('the child is leaving'),
    familyMessage: z
      .string()
      .trim()
      .max(1000, 'Please keep the message to the family under 1000 characters.'),
    refundAmount: dollars(0, refundable, {
      format: 'Enter the amount to refund, like 25.00, or 0.',
      min: 'Enter 0 or more.',
      max:
        refundable === 0
          ? 'Nothing can be refunded on this place. Enter 0.'
          : `You can refund at most ${formatCents(refundable)}.`,
    }),
  });
}
type WithdrawValues = z.infer<ReturnType<typeof withdrawSchema>>;

/** The withdraw form, then the review of the email it sends; a refused withdrawal goes back to the form. */
function WithdrawSteps({
  target,
  preview,
  onDone,
}: {
  target: ChildTarget;
  preview: WithdrawPreview;
  onDone: () => void;
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { child } = target;
  const { quote } = preview;
  const schema = useMemo(() => withdrawSchema(child.refundable), [child.refundable]);
  const form = useForm<WithdrawValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      reason: '',
      familyMessage: '',
      refundAmount: centsToDollarsInput(Math.min(quote.refund, child.refundable)),
    },
  });
  const [review, setReview] = useState<WithdrawPreview | null>(null);
  const name = `${child.firstName} ${child.lastName}`;
  // First the email the family would get, from the message typed now.
  const reviewing = useSubmit(form, {
    action: (values) =>
      previewWithdrawal(target.classSessionId, {
        studentId: child.studentId,
        familyMessage: values.familyMessage,
      }),
    fields: ['familyMessage'],
    onSuccess: setReview,
    alert: (error) => failureMessage(error, 'The email could not be prepared. Please try again.'),
  });
  // Then the withdrawal itself; a refused one goes back to the form, where its failure shows.
  const withdrawing = useSubmit(form, {
    action: async (values) => {
      const refundAmount = dollarsToCents(values.refundAmount)!;
      const result = await withdrawChild(target.classSessionId, {
        studentId: child.studentId,
        reason: values.reason,
        ...(values.familyMessage.trim() ? { familyMessage: values.familyMessage } : {}),
        refundAmount,
        ...(refundAmount > 0 ? { idempotencyKey } : {}),
      });
      return { ...result, refundAmount };
    },
    fields: ['reason', 'familyMessage', 'refundAmount'],
    success: ({ offered, refundAmount }) =>
      `${name} is withdrawn${refundAmount > 0 ? ` and ${formatCents(refundAmount)} refunded` : ''}.${offered > 0 ? ' The seat was offered to the next family on the waitlist.' : ''}`,
    invalidate: [staffKeys.all],
    onSuccess: onDone,
    alert: dialogFailure,
    onFailure: () => setReview(null),
  });

  if (review) {
    return (
      <WithdrawReview
        name={name}
        sessionName={target.sessionName}
        refundAmount={dollarsToCents(form.getValues().refundAmount) ?? 0}
        review={review}
        failure={withdrawing.failure}
        submitting={withdrawing.submitting}
        onBack={() => setReview(null)}
        onConfirm={() => void withdrawing.onSubmit()}
      />
    );
  }
  return (
    <form onSubmit={reviewing.onSubmit} noValidate aria-label="Withdraw">
      <Stack gap="md">
        <Text size="sm">
          {name} leaves {target.sessionName}. The family is emailed, and the seat is offered to the next
          family on the waitlist. You will see the email before it is sent.
        </Text>
        <WithdrawFields form={form} quote={quote} refundable={child.refundable} />
        <DialogActions
          failure={withdrawing.failure ?? reviewing.failure}
          onCancel={onDone}
          submit="Review the email"
          submitting={reviewing.submitting}
        />
      </Stack>
    </form>
  );
}

/**
 * The sibling discounts that end with this place (decision 019), when there are any: the policy's refund, "Less
 * the sibling discount that ends with Ava’s place −$50.00", the refund the dialog starts from, and for each
 * brother's or sister's payment a sentence naming them and the session (with "not charged the rest" when the
 * refund could not cover it). Amounts in the quote are cents.
 */
function SiblingDiscountEnding({ quote: q }: { quote: WithdrawalQuote }) {
  if (q.siblingDiscounts.length === 0) return null;
  const name = q.child.firstName;
  const discountTotal = q.siblingDiscounts.reduce((sum, d) => sum + d.discount, 0);
  const rows: [string, string][] = [
    [
      q.capped
        ? 'By the session’s refund policy, up to what the payment still holds'
        : 'By the session’s refund policy today',
      formatCents(q.refund + q.siblingDiscountKept),
    ],
    [`Less the sibling discount that ends with ${name}’s place`, `−${formatCents(q.siblingDiscountKept)}`],
  ];
  return (
    <Stack gap="xs">
      <AmountTable
        label={'The policy’s refund'}
        rows={rows}
        totalLabel={'Refund'}
        total={formatCents(q.refund)}
      />
      {q.siblingDiscounts.map((d) => (
        <Text size="sm" key={`${d.sessionName}:${d.firstNames.join()}`}>
          {listFormat('en-US', { type: 'conjunction' }).format(d.firstNames)} got the sibling discount in{' '}
          {d.sessionName} ({formatCents(d.discount)} off) because {name} had a place in the program. With{' '}
          {name} withdrawn no brother’s or sister’s place earns it any more, so it comes off this refund
          {q.siblingDiscountKept < discountTotal
            ? `: ${formatCents(q.siblingDiscountKept)}, all of the refund. The family is not charged the rest.`
            : '.'}
        </Text>
      ))}
    </Stack>
  );
}

/** The withdraw form's fields: the internal note, the message to the family, any sibling discount, the refund. */
function WithdrawFields({
  form,
  quote,
  refundable,
}: {
  form: FormOf<WithdrawValues>;
  quote: WithdrawalQuote;
  /** Cents. */
  refundable: number;
}) {
  return (
    <>
      <TextareaField
        form={form}
        name="reason"
        label="Internal note"
        description="Why the child is leaving. Kept in the audit trail; never sent to the family."
        required
        autosize
        minRows={2}
      />
      <TextareaField
        form={form}
        name="familyMessage"
        label="Message to the family (optional)"
        description="Added to the withdrawal email exactly as you write it."
        autosize
        minRows={2}
      />
      <SiblingDiscountEnding quote={quote} />
      <TextField
        form={form}
        name="refundAmount"
        label="Refund (dollars)"
        description={
          refundable > 0
            ? `The session’s refund policy gives ${formatCents(quote.refund)} today${quote.siblingDiscountKept > 0 ? ', after the sibling discount above' : ''}. 0 for no refund; up to ${formatCents(refundable)}.`
            : 'Nothing on this place can be refunded.'
        }
        inputMode="decimal"
      />
    </>
  );
}

/** The withdrawal's last step: the exact email(s) the family gets, then Back or "Withdraw and send". */
function WithdrawReview({
  name,
  sessionName,
  refundAmount,
  review,
  failure,
  submitting,
  onBack,
  onConfirm,
}: {
  name: string;
  sessionName: string;
  /** Cents. */
  refundAmount: number;
  review: WithdrawPreview;
  failure: string | null;
  submitting: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  return (
    <Stack gap="md" aria-label="Review the withdrawal">
      <Text size="sm">
        {name} leaves {sessionName}
        {refundAmount > 0 ? ` with a refund of ${formatCents(refundAmount)}` : ' with no refund'}. The family
        gets {review.mails.length === 1 ? 'this email' : `these ${review.mails.length} emails`}:
      </Text>
      {review.mails.map((mail) => (
        <Paper key={mail.to} withBorder p="sm" component="section" aria-label={`Email to ${mail.to}`}>
          <Text size="sm" fw={600}>
            To: {mail.to}
          </Text>
          <Text size="sm" fw={600}>
            Subject: {mail.subject}
          </Text>
          <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
            {mail.text}
          </Text>
        </Paper>
      ))}
      <Text size="sm" c="dimmed">
        Your internal note stays in the audit trail; it is not in the email.
      </Text>
      <DialogActions
        failure={failure}
        onCancel={onBack}
        cancelLabel="Back"
        submit="Withdraw and send"
        danger
        submitting={submitting}
        onSubmit={onConfirm}
      />
    </Stack>
  );
}
