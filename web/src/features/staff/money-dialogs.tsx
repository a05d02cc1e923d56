/**
 * The director's dialogs for a child's place and a family's money (issue 10): refund, withdraw, move, and
 * enroll a child by hand. Amounts are typed in dollars and sent in cents; every field has a label, errors sit
 * by their field (the server's too) and focus moves to the first one. A refund dialog makes one idempotency
 * key when it opens, so a double click or a retry is one refund.
 *
 * Issue 21 (decision 018): the withdraw dialog starts its refund at what the session's policy gives today,
 * keeps the internal note apart from the optional message to the family, and shows the exact email (from the
 * server) before anything is sent; the move dialog lists only sessions the child can move to; enrolling by
 * hand a child outside the session's ages shows the families' sentence and asks for a reason to enroll anyway.
 * A brother's or sister's sibling discount that ends with the withdrawn place (decision 019) is shown as the
 * parent's dialog shows it: the policy's refund, the line taken off, and a sentence naming who got it.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import {
  centsToDollarsInput,
  dollarsToCents,
  formatCents,
  listFormat,
  type StaffEnrollment,
  type WithdrawalQuote,
  type WithdrawPreview,
} from '@lc/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  Controller,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormSetError,
  useForm,
  useWatch,
} from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import {
  enrollByHand,
  getMoveTargets,
  moveChild,
  newIdempotencyKey,
  previewWithdrawal,
  refundPayment,
  searchChildren,
  withdrawChild,
} from '../../api/staff-money';
import { AmountTable } from '../forms/amount-table';
import { notifySuccess } from '../forms/notify';
import { applyServerFieldErrors } from '../forms/use-server-field-errors';
import { DialogActions, StaffDialog } from './staff-dialog';

/** A money field in dollars: a valid amount, then the range in cents. */
const dollars = (min: number, max: number, messages: { format: string; min: string; max: string }) =>
  z
    .string()
    .trim()
    .refine((v) => dollarsToCents(v) !== null, messages.format)
    .refine((v) => (dollarsToCents(v) ?? 0) >= min, messages.min)
    .refine((v) => (dollarsToCents(v) ?? 0) <= max, messages.max);

const reason = (what: string) =>
  z.string().trim().min(1, `Please say why ${what}.`).max(500, 'Please keep this under 500 characters.');

/**
 * Runs a dialog's request: places the server's field messages by the fields (focus on the first), or shows
 * the message in the dialog; answers whether it succeeded. `intercept` may take an error the dialog answers
 * itself (answering true).
 */
function useSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  order: readonly Path<T>[],
  intercept?: (error: unknown) => boolean,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const run = async (request: () => Promise<string>): Promise<boolean> => {
    setFailure(null);
    try {
      notifySuccess(await request());
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      return true;
    } catch (error) {
      if (intercept?.(error)) return false;
      if (!applyServerFieldErrors(error, setError, order))
        setFailure(
          error instanceof ApiError
            ? error.message
            : 'That did not work. Please check your connection and try again.',
        );
      return false;
    }
  };
  return { failure, run };
}

/** The required "Reason" box of a refund, a withdrawal or a move. */
function ReasonField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  return <Textarea label="Reason" required autosize minRows={2} error={error} {...registration} />;
}

export type RefundTarget = { paymentId: string; label: string; refundable: number };

/** Refund part or all of a payment through its provider. */
export function RefundDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} title="Refund a payment">
      {target ? <RefundForm key={target.paymentId} target={target} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

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

export type ChildTarget = { classSessionId: number; sessionName: string; child: StaffEnrollment };

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
  // Not under ['staff']: the withdrawal's own refresh of the staff pages must not ask for it again.
  const start = useQuery({
    queryKey: ['withdraw-preview', classSessionId, child.studentId],
    queryFn: ({ signal }) => previewWithdrawal(classSessionId, { studentId: child.studentId }, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (start.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {start.error instanceof ApiError
          ? start.error.message
          : 'The refund policy could not be read. Please check your connection and try again.'}
      </Alert>
    );
  if (!start.data) return <Text size="sm">Reading the session’s refund policy…</Text>;
  return <WithdrawSteps target={target} preview={start.data} onDone={onDone} />;
}

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
  const schema = useMemo(
    () =>
      z.object({
        reason: reason('the child is leaving'),
        familyMessage: z
          .string()
          .trim()
          .max(1000, 'Please keep the message to the family under 1000 characters.'),
        refundAmount: dollars(0, child.refundable, {
          format: 'Enter the amount to refund, like 25.00, or 0.',
          min: 'Enter 0 or more.',
          max:
            child.refundable === 0
              ? 'Nothing can be refunded on this place. Enter 0.'
              : `You can refund at most ${formatCents(child.refundable)}.`,
        }),
      }),
    [child.refundable],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      reason: '',
      familyMessage: '',
      refundAmount: centsToDollarsInput(Math.min(quote.refund, child.refundable)),
    },
  });
  const { failure, run } = useSubmit(setError, ['reason', 'familyMessage', 'refundAmount'] as const);
  const [review, setReview] = useState<WithdrawPreview | null>(null);
  const [reviewFailure, setReviewFailure] = useState<string | null>(null);
  const name = `${child.firstName} ${child.lastName}`;

  const onReview = async (values: Values) => {
    setReviewFailure(null);
    try {
      setReview(
        await previewWithdrawal(target.classSessionId, {
          studentId: child.studentId,
          familyMessage: values.familyMessage,
        }),
      );
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['familyMessage'] as const))
        setReviewFailure(
          error instanceof ApiError ? error.message : 'The email could not be prepared. Please try again.',
        );
    }
  };
  const onConfirm = async () => {
    const values = getValues();
    const refundAmount = dollarsToCents(values.refundAmount)!;
    const ok = await run(async () => {
      const result = await withdrawChild(target.classSessionId, {
        studentId: child.studentId,
        reason: values.reason,
        ...(values.familyMessage.trim() ? { familyMessage: values.familyMessage } : {}),
        refundAmount,
        ...(refundAmount > 0 ? { idempotencyKey } : {}),
      });
      return `${name} is withdrawn${refundAmount > 0 ? ` and ${formatCents(refundAmount)} refunded` : ''}.${result.offered > 0 ? ' The seat was offered to the next family on the waitlist.' : ''}`;
    });
    if (ok) onDone();
    else setReview(null);
  };

  if (review) {
    const refundAmount = dollarsToCents(getValues().refundAmount) ?? 0;
    return (
      <Stack gap="md" aria-label="Review the withdrawal">
        <Text size="sm">
          {name} leaves {target.sessionName}
          {refundAmount > 0 ? ` with a refund of ${formatCents(refundAmount)}` : ' with no refund'}. The
          family gets {review.mails.length === 1 ? 'this email' : `these ${review.mails.length} emails`}:
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
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setReview(null)}>
            Back
          </Button>
          <Button color="red" loading={isSubmitting} onClick={() => void handleSubmit(onConfirm)()}>
            Withdraw and send
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={handleSubmit(onReview)} noValidate aria-label="Withdraw">
      <Stack gap="md">
        <Text size="sm">
          {name} leaves {target.sessionName}. The family is emailed, and the seat is offered to the next
          family on the waitlist. You will see the email before it is sent.
        </Text>
        <Textarea
          label="Internal note"
          description="Why the child is leaving. Kept in the audit trail; never sent to the family."
          required
          autosize
          minRows={2}
          error={errors.reason?.message}
          {...register('reason')}
        />
        <Textarea
          label="Message to the family (optional)"
          description="Added to the withdrawal email exactly as you write it."
          autosize
          minRows={2}
          error={errors.familyMessage?.message}
          {...register('familyMessage')}
        />
        <SiblingDiscountEnding quote={quote} />
        <TextInput
          label="Refund (dollars)"
          description={
            child.refundable > 0
              ? `The session’s refund policy gives ${formatCents(quote.refund)} today${quote.siblingDiscountKept > 0 ? ', after the sibling discount above' : ''}. 0 for no refund; up to ${formatCents(child.refundable)}.`
              : 'Nothing on this place can be refunded.'
          }
          inputMode="decimal"
          error={errors.refundAmount?.message}
          {...register('refundAmount')}
        />
        <DialogActions
          failure={failure ?? reviewFailure}
          onCancel={onDone}
          submit="Review the email"
          submitting={isSubmitting}
        />
      </Stack>
    </form>
  );
}

/** Move an enrolled child to another session (same payment). */
export function MoveDialog({ target, onClose }: { target: ChildTarget | null; onClose: () => void }) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} title="Move to another session">
      {target ? <MoveForm key={target.child.enrollmentId} target={target} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

const moveSchema = z.object({
  toClassSessionId: z
    .string({ error: 'Choose the session to move to.' })
    .min(1, 'Choose the session to move to.'),
  reason: reason('the child is moving'),
});
type MoveValues = z.infer<typeof moveSchema>;

function MoveForm({ target, onDone }: { target: ChildTarget; onDone: () => void }) {
  // Only sessions the child can move to: shown to families, not ended, a seat left, not already theirs.
  const sessions = useQuery({
    queryKey: ['staff', 'move-targets', target.classSessionId, target.child.studentId],
    queryFn: ({ signal }) => getMoveTargets(target.classSessionId, target.child.studentId, signal),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MoveValues>({
    resolver: zodResolver(moveSchema),
    defaultValues: { toClassSessionId: '', reason: '' },
  });
  const { failure, run } = useSubmit(setError, ['toClassSessionId', 'reason'] as const);
  const name = `${target.child.firstName} ${target.child.lastName}`;
  const options = (sessions.data ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.name} (${s.seatsTaken} of ${s.rosterSize} seats taken)`,
  }));
  const onSubmit = async (values: MoveValues) => {
    const to = options.find((o) => o.value === values.toClassSessionId);
    const ok = await run(async () => {
      await moveChild(target.classSessionId, {
        studentId: target.child.studentId,
        toClassSessionId: Number(values.toClassSessionId),
        reason: values.reason,
      });
      return `${name} moved to ${to?.label.replace(/ \(.*\)$/, '') ?? 'the new session'}.`;
    });
    if (ok) onDone();
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Move">
      <Stack gap="md">
        <Text size="sm">
          {name} leaves {target.sessionName} (the seat is offered to its waitlist) and takes a seat in the
          session you choose. The payment carries over.
        </Text>
        <Controller
          control={control}
          name="toClassSessionId"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label="Move to"
              required
              searchable
              description={`Sessions shown to families with a free seat that ${target.child.firstName} is not already in.`}
              placeholder={sessions.isPending ? 'Loading sessions…' : 'Choose a session'}
              nothingFoundMessage="No session has a free seat for this child"
              data={options}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors.toClassSessionId?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <ReasonField error={errors.reason?.message} registration={register('reason')} />
        <DialogActions failure={failure} onCancel={onDone} submit="Move" submitting={isSubmitting} />
      </Stack>
    </form>
  );
}

/** Enroll a child by hand, e.g. paid by check: an offline payment with a note. */
export function EnrollByHandDialog({
  session,
  onClose,
}: {
  session: { id: number; name: string } | null;
  onClose: () => void;
}) {
  return (
    <StaffDialog opened={session !== null} onClose={onClose} title="Enroll a child by hand">
      {session ? <EnrollForm session={session} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

const enrollSchema = z
  .object({
    studentId: z.string().min(1, 'Search for the child and choose them from the list.'),
    amount: dollars(0, 10_000_000, {
      format: 'Enter the amount received, like 1260.00, or 0.',
      min: 'Enter 0 or more.',
      max: 'That amount is larger than any session’s price.',
    }),
    note: z
      .string()
      .trim()
      .min(1, 'Add a note, like “Check #1042”.')
      .max(200, 'Please keep the note under 200 characters.'),
    /** "Enroll anyway" a child outside the session's ages, with the reason kept in the audit row. */
    override: z.boolean(),
    ageOverrideReason: z.string().trim().max(500, 'Please keep this under 500 characters.'),
  })
  .refine((v) => !v.override || v.ageOverrideReason.length > 0, {
    path: ['ageOverrideReason'],
    message: 'Say why the child may join outside the session’s ages.',
  });
type EnrollValues = z.infer<typeof enrollSchema>;

function EnrollForm({ session, onDone }: { session: { id: number; name: string }; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const matches = useQuery({
    queryKey: ['staff', 'children', debounced],
    queryFn: ({ signal }) => searchChildren(debounced, signal),
    enabled: debounced.length >= 2,
    placeholderData: keepPreviousData,
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnrollValues>({
    resolver: zodResolver(enrollSchema),
    defaultValues: { studentId: '', amount: '', note: '', override: false, ageOverrideReason: '' },
  });
  // The families' sentence refusing the child's age (the server's 409 on `ageOverrideReason`).
  const [ageRefusal, setAgeRefusal] = useState<string | null>(null);
  const { failure, run } = useSubmit(
    setError,
    ['studentId', 'amount', 'note', 'ageOverrideReason'] as const,
    (error) => {
      if (!(error instanceof ApiError) || error.status !== 409) return false;
      const sentence = error.fields.ageOverrideReason;
      if (!sentence) return false;
      setAgeRefusal(sentence);
      return true;
    },
  );
  const override = useWatch({ control, name: 'override' });
  const options = (matches.data ?? []).map((c) => ({
    value: c.studentId,
    label: `${c.firstName} ${c.lastName} — ${c.parents.map((p) => `${p.name} <${p.emailAddress}>`).join(', ') || 'no parent account'}`,
  }));
  const onSubmit = async (values: EnrollValues) => {
    const child = options.find((o) => o.value === values.studentId);
    const ok = await run(async () => {
      await enrollByHand(session.id, {
        studentId: values.studentId,
        amount: dollarsToCents(values.amount)!,
        note: values.note,
        ...(ageRefusal && values.override ? { ageOverrideReason: values.ageOverrideReason } : {}),
      });
      return `${child?.label.split(' — ')[0] ?? 'The child'} is enrolled in ${session.name}. The family has been emailed.`;
    });
    if (ok) onDone();
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Enroll a child by hand">
      <Stack gap="md">
        <Text size="sm">
          For a family who paid the office (a check, cash): the payment is recorded as offline with your note,
          within {session.name}’s seats.
        </Text>
        <Controller
          control={control}
          name="studentId"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label="Child"
              description="Search by the child’s or a parent’s name, or a parent’s email."
              required
              searchable
              filter={({ options: all }) => all}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={
                debounced.length >= 2 && !matches.isFetching ? 'No child matches' : undefined
              }
              data={options}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                setAgeRefusal(null); // another child: the server judges their age afresh
              }}
              onBlur={field.onBlur}
              error={errors.studentId?.message}
            />
          )}
        />
        <TextInput
          label="Amount received (dollars)"
          inputMode="decimal"
          required
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextInput
          label="Note"
          placeholder="Check #1042"
          required
          error={errors.note?.message}
          {...register('note')}
        />
        {ageRefusal ? (
          <Alert color="yellow" variant="light" title="Outside the session’s ages">
            <Stack gap="sm">
              <Text size="sm">{ageRefusal}</Text>
              <Checkbox label="Enroll anyway" {...register('override')} />
              {override ? (
                <Textarea
                  label="Why this child may join"
                  description="Kept in the audit trail with the sentence above."
                  required
                  autosize
                  minRows={2}
                  error={errors.ageOverrideReason?.message}
                  {...register('ageOverrideReason')}
                />
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <DialogActions
          failure={failure}
          onCancel={onDone}
          submit={ageRefusal && override ? 'Enroll anyway' : 'Enroll'}
          submitting={isSubmitting}
        />
      </Stack>
    </form>
  );
}
