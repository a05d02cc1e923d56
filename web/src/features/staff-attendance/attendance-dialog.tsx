/**
 * Checking a child in or out by hand (issue 11), from today's board or a session's roster: the staff member
 * names the adult — a parent, one of the child's contacts (for a pickup, only those the family allows), or
 * someone else by name; a drop-off may name no one. The server's refusal (already in, not arrived, not
 * allowed to pick up) shows in the dialog, by its field when it names one, with focus moved there.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { StaffChild } from '@lc/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { recordAttendance } from '../../api/passes';
import { staffKeys } from '../../api/query-keys';
import { getStaffChild } from '../../api/staff-families';
import { failedWith, failureMessage } from '../forms/feedback';
import { NativeSelectField, TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

/** The child, the session and which way: what the dialog records. */
export type AttendanceTarget = {
  studentId: string;
  classSessionId: number;
  firstName: string;
  lastName: string;
  sessionName: string;
  kind: 'CheckIn' | 'CheckOut';
};

/** The adult choices that are not a contact's id. */
const NO_ONE = 'no-one';
const SOMEONE_ELSE = 'someone-else';
const PARENT = 'parent:';

/** A hand check-in or check-out dialog; `target` null keeps it closed. */
export function AttendanceDialog({
  target,
  onClose,
}: {
  target: AttendanceTarget | null;
  onClose: () => void;
}) {
  // The title stays put while the dialog closes (the target is already gone by then).
  const shown = useRef(target);
  if (target) shown.current = target;
  const checkingOut = shown.current?.kind === 'CheckOut';
  return (
    <StaffDialog
      opened={target !== null}
      onClose={onClose}
      title={checkingOut ? 'Check a child out' : 'Check a child in'}
    >
      {target ? (
        <AttendanceLoader
          key={`${target.studentId}:${target.classSessionId}:${target.kind}`}
          target={target}
          onDone={onClose}
        />
      ) : null}
    </StaffDialog>
  );
}

/** Loads the child's parents and contacts (the child page's query), then shows the form. */
function AttendanceLoader({ target, onDone }: { target: AttendanceTarget; onDone: () => void }) {
  const record = useQuery({
    queryKey: staffKeys.child(target.studentId),
    queryFn: ({ signal }) => getStaffChild(target.studentId, signal),
    retry: (count, error) => !failedWith(error, 404) && count < 1,
  });
  if (record.isPending) return <Text role="status">Loading {target.firstName}’s parents and contacts…</Text>;
  return <AttendanceForm target={target} child={record.data ?? null} onDone={onDone} />;
}

/** An option of the adult select: a parent is sent by name, a contact by id; `person` is for the toast. */
type Choice = { value: string; label: string; person?: string; trusteeId?: string };

/** The adults to choose from for `kind`, in the order staff look for them: parents, then contacts. */
function adultChoices(child: StaffChild | null, kind: AttendanceTarget['kind']): Choice[] {
  const parents: Choice[] = (child?.parents ?? []).map((p) => ({
    value: `${PARENT}${p.userId}`,
    label: `${p.firstName} ${p.lastName} (parent)`,
    person: `${p.firstName} ${p.lastName}`,
  }));
  const contacts: Choice[] = (child?.contacts ?? [])
    .filter((c) => kind === 'CheckIn' || c.canPickup)
    .map((c) => ({
      value: c.id,
      label: `${c.firstName} ${c.lastName} (${c.relationship})`,
      person: `${c.firstName} ${c.lastName}`,
      trusteeId: c.id,
    }));
  return [
    kind === 'CheckIn'
      ? { value: NO_ONE, label: 'No one named' }
      : { value: '', label: 'Choose who is picking up' },
    ...parents,
    ...contacts,
    { value: SOMEONE_ELSE, label: 'Someone else…' },
  ];
}

/** The form's rules: a pickup names who picks up; "Someone else…" needs a name (under 80 characters). */
function attendanceSchema(checkingOut: boolean) {
  return z
    .object({
      trusteeId: z.string(),
      adultName: z.string().trim().max(80, 'Keep the name under 80 characters'),
    })
    .superRefine((values, ctx) => {
      if (values.trusteeId === '')
        ctx.addIssue({ code: 'custom', path: ['trusteeId'], message: 'Choose who is picking up' });
      if (values.trusteeId === SOMEONE_ELSE && values.adultName === '')
        ctx.addIssue({
          code: 'custom',
          path: ['adultName'],
          message: checkingOut ? 'Name the adult who is picking up' : 'Name the adult who brought them',
        });
    });
}
type AttendanceValues = z.infer<ReturnType<typeof attendanceSchema>>;

/** The form: who brought or picks up the child, and the server's refusal if any. */
function AttendanceForm({
  target,
  child,
  onDone,
}: {
  target: AttendanceTarget;
  child: StaffChild | null;
  onDone: () => void;
}) {
  const checkingOut = target.kind === 'CheckOut';
  const choices = useMemo(() => adultChoices(child, target.kind), [child, target.kind]);
  const schema = useMemo(() => attendanceSchema(checkingOut), [checkingOut]);
  const form = useForm<AttendanceValues>({
    resolver: zodResolver(schema),
    defaultValues: { trusteeId: checkingOut ? '' : NO_ONE, adultName: '' },
  });
  const chosen = form.watch('trusteeId');
  const name = `${target.firstName} ${target.lastName}`;
  const notForPickup = checkingOut ? (child?.contacts ?? []).filter((c) => !c.canPickup) : [];
  const { onSubmit, failure, submitting } = useRecordAttendance(form, target, choices, onDone);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={checkingOut ? `Check out ${name}` : `Check in ${name}`}>
      <Stack gap="md">
        <Text size="sm">
          {checkingOut
            ? `${name} leaves ${target.sessionName}. Check the adult is someone the family allows before ${target.firstName} goes.`
            : `${name} arrives at ${target.sessionName}.`}{' '}
          The family gets a message right away.
        </Text>
        {child === null ? (
          <Alert color="yellow" variant="light">
            We could not load {target.firstName}’s contacts. You can still type the adult’s name.
          </Alert>
        ) : null}
        <NativeSelectField
          form={form}
          name="trusteeId"
          label={checkingOut ? 'Who is picking up' : 'Who brought them (optional)'}
          required={checkingOut}
          data={choices.map(({ value, label }) => ({ value, label }))}
        />
        {notForPickup.length > 0 ? (
          <Text size="sm">
            Not allowed to pick up: {notForPickup.map((c) => `${c.firstName} ${c.lastName}`).join(', ')}. If
            one of them is here, call the family before letting {target.firstName} go.
          </Text>
        ) : null}
        {chosen === SOMEONE_ELSE ? (
          <TextField
            form={form}
            name="adultName"
            label="Adult’s full name"
            description={
              checkingOut
                ? 'As on their photo ID. Call the family first if they are not expected.'
                : undefined
            }
            required
            autoComplete="off"
          />
        ) : null}
        <DialogActions
          failure={failure}
          onCancel={onDone}
          submit={checkingOut ? `Check out ${target.firstName}` : `Check in ${target.firstName}`}
          submitting={submitting}
        />
      </Stack>
    </form>
  );
}

/** Who the form names: a contact by id (the server writes their name), a parent or someone else by name. */
function namedAdult(choices: Choice[], values: AttendanceValues) {
  const choice = choices.find((c) => c.value === values.trusteeId);
  const trusteeId = choice?.trusteeId ?? null;
  const someoneElse = values.trusteeId === SOMEONE_ELSE;
  return {
    trusteeId,
    adultName: someoneElse ? values.adultName : trusteeId ? null : (choice?.person ?? null),
    /** The adult's name for the toast. */
    adult: someoneElse ? values.adultName : (choice?.person ?? null),
  };
}

/**
 * Records the check-in or check-out through the form kit (docs/architecture.md, "Forms"); then the board and
 * the child's page refresh and `onDone`. A refusal goes by its field, or into the dialog's alert.
 */
function useRecordAttendance(
  form: UseFormReturn<AttendanceValues>,
  target: AttendanceTarget,
  choices: Choice[],
  onDone: () => void,
) {
  const queryClient = useQueryClient();
  return useSubmit(form, {
    action: (values) => {
      const { trusteeId, adultName } = namedAdult(choices, values);
      return recordAttendance({
        studentId: target.studentId,
        classSessionId: target.classSessionId,
        kind: target.kind,
        trusteeId,
        adultName,
      });
    },
    fields: ['trusteeId', 'adultName'],
    success: (done, values) => {
      const { adult } = namedAdult(choices, values);
      return target.kind === 'CheckOut'
        ? `${done.firstName} is checked out${adult ? ` with ${adult}` : ''}. The family has been told.`
        : `${done.firstName} is checked in${adult ? `, brought by ${adult}` : ''}. The family has been told.`;
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: staffKeys.attendance() });
      await queryClient.invalidateQueries({ queryKey: staffKeys.child(target.studentId) });
      onDone();
    },
    alert: (error) => failureMessage(error, 'That did not work. Please check your connection and try again.'),
  });
}
