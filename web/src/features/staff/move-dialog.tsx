/**
 * The director's move dialog (issue 10; issue 21, decision 018; issue 23): a child's place moves to another
 * session and what was paid carries over; the list holds only the sessions the server says the child can move
 * to, and choosing one says, before confirming, what the family will owe or hold as credit there.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { formatCents, type MoveTarget } from '@lc/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { getMoveTargets, moveChild } from '../../api/staff-money';
import { SelectField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { type ChildTarget, dialogFailure, ReasonField, reason } from './money-form';
import { DialogActions, StaffDialog } from './staff-dialog';

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
    queryKey: staffKeys.moveTargets(target.classSessionId, target.child.studentId),
    queryFn: ({ signal }) => getMoveTargets(target.classSessionId, target.child.studentId, signal),
  });
  const form = useForm<MoveValues>({
    resolver: zodResolver(moveSchema),
    defaultValues: { toClassSessionId: '', reason: '' },
  });
  const name = `${target.child.firstName} ${target.child.lastName}`;
  const options = (sessions.data ?? []).map((s) => ({
    value: String(s.id),
    label: `${s.name} (${s.seatsTaken} of ${s.rosterSize} seats taken)`,
  }));
  const chosenId = useWatch({ control: form.control, name: 'toClassSessionId' });
  const chosen = (sessions.data ?? []).find((s) => String(s.id) === chosenId);
  const { onSubmit, failure, submitting } = useSubmit(form, {
    // Answers the chosen session's name, read before the list is refreshed without it.
    action: async (values) => {
      const to = options.find((o) => o.value === values.toClassSessionId);
      await moveChild(target.classSessionId, {
        studentId: target.child.studentId,
        toClassSessionId: Number(values.toClassSessionId),
        reason: values.reason,
      });
      return to?.label.replace(/ \(.*\)$/, '') ?? 'the new session';
    },
    fields: ['toClassSessionId', 'reason'],
    success: (sessionName) => `${name} moved to ${sessionName}.`,
    invalidate: [staffKeys.all],
    onSuccess: onDone,
    alert: dialogFailure,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Move">
      <Stack gap="md">
        <Text size="sm">
          {name} leaves {target.sessionName} (the seat is offered to its waitlist) and takes a seat in the
          session you choose. What the family paid carries over to the new place.
        </Text>
        <SelectField
          form={form}
          name="toClassSessionId"
          label="Move to"
          required
          searchable
          description={`Sessions shown to families with a free seat that ${target.child.firstName} is not already in.`}
          placeholder={sessions.isPending ? 'Loading sessions…' : 'Choose a session'}
          nothingFoundMessage="No session has a free seat for this child"
          data={options}
          comboboxProps={{ withinPortal: true }}
        />
        {chosen ? <MoveMoney target={chosen} childName={target.child.firstName} /> : null}
        <ReasonField form={form} name="reason" />
        <DialogActions failure={failure} onCancel={onDone} submit="Move" submitting={submitting} />
      </Stack>
    </form>
  );
}

/**
 * What the move does to the family's account (the server's quote, office-ledger.ts): the price there, and the
 * balance after the money already paid is carried over.
 */
function MoveMoney({ target, childName }: { target: MoveTarget; childName: string }) {
  const after = target.balanceAfter;
  const outcome =
    after > 0
      ? `The family will owe ${formatCents(after)} more.`
      : after < 0
        ? `The family will have a credit of ${formatCents(-after)} on account.`
        : 'Nothing more is owed and nothing is left over.';
  return (
    <Alert variant="light" color={after > 0 ? 'yellow' : 'blue'} title="What this does to the account">
      {childName}’s place in {target.name} costs {formatCents(target.price)}. {outcome}
    </Alert>
  );
}
