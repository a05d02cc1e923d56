/**
 * The director's dialogs for a child's place and a family's money (issue 10): refund, withdraw, move, and
 * enroll a child by hand. Amounts are typed in dollars and sent in cents; every field has a label, errors sit
 * by their field (the server's too) and focus moves to the first one. A refund dialog makes one idempotency
 * key when it opens, so a double click or a retry is one refund.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import { centsToDollarsInput, dollarsToCents, formatCents, type StaffEnrollment } from '@lc/contract';
import { Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
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
} from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { getStaffSessions } from '../../api/staff';
import {
  enrollByHand,
  moveChild,
  newIdempotencyKey,
  refundPayment,
  searchChildren,
  withdrawChild,
} from '../../api/staff-money';
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
 * the message in the dialog; answers whether it succeeded.
 */
function useSubmit<T extends FieldValues>(setError: UseFormSetError<T>, order: readonly Path<T>[]) {
  const [failure, setFailure] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const run = async (request: () => Promise<string>): Promise<boolean> => {
    setFailure(null);
    try {
      notifySuccess(await request());
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      return true;
    } catch (error) {
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

/** Withdraw an enrolled child (the seat goes to the waitlist), with an optional refund. */
export function WithdrawDialog({ target, onClose }: { target: ChildTarget | null; onClose: () => void }) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} title="Withdraw a child">
      {target ? <WithdrawForm key={target.child.enrollmentId} target={target} onDone={onClose} /> : null}
    </StaffDialog>
  );
}

function WithdrawForm({ target, onDone }: { target: ChildTarget; onDone: () => void }) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { child } = target;
  const schema = useMemo(
    () =>
      z.object({
        reason: reason('the child is leaving'),
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
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { reason: '', refundAmount: '0.00' } });
  const { failure, run } = useSubmit(setError, ['reason', 'refundAmount'] as const);
  const name = `${child.firstName} ${child.lastName}`;
  const onSubmit = async (values: Values) => {
    const refundAmount = dollarsToCents(values.refundAmount)!;
    const ok = await run(async () => {
      const result = await withdrawChild(target.classSessionId, {
        studentId: child.studentId,
        reason: values.reason,
        refundAmount,
        ...(refundAmount > 0 ? { idempotencyKey } : {}),
      });
      return `${name} is withdrawn${refundAmount > 0 ? ` and ${formatCents(refundAmount)} refunded` : ''}.${result.offered > 0 ? ' The seat was offered to the next family on the waitlist.' : ''}`;
    });
    if (ok) onDone();
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Withdraw">
      <Stack gap="md">
        <Text size="sm">
          {name} leaves {target.sessionName}. The family is emailed, and the seat is offered to the next
          family on the waitlist.
        </Text>
        <ReasonField error={errors.reason?.message} registration={register('reason')} />
        <TextInput
          label="Refund (dollars)"
          description={
            child.refundable > 0
              ? `0 for no refund; up to ${formatCents(child.refundable)}.`
              : 'Nothing on this place can be refunded.'
          }
          inputMode="decimal"
          error={errors.refundAmount?.message}
          {...register('refundAmount')}
        />
        <DialogActions
          failure={failure}
          onCancel={onDone}
          submit="Withdraw"
          danger
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
  const sessions = useQuery({
    queryKey: ['staff', 'sessions', { period: 'active', pageSize: 100, sort: 'name' }],
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'active', page: 1, pageSize: 100, sort: 'name', dir: 'asc' }, signal),
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
  const options = (sessions.data?.items ?? [])
    .filter((s) => s.id !== target.classSessionId)
    .map((s) => ({
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
              placeholder={sessions.isPending ? 'Loading sessions…' : 'Choose a session'}
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

const enrollSchema = z.object({
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
    defaultValues: { studentId: '', amount: '', note: '' },
  });
  const { failure, run } = useSubmit(setError, ['studentId', 'amount', 'note'] as const);
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
              onChange={(value) => field.onChange(value ?? '')}
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
        <DialogActions failure={failure} onCancel={onDone} submit="Enroll" submitting={isSubmitting} />
      </Stack>
    </form>
  );
}
