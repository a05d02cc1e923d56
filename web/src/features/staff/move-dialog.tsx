/**
 * The director's move dialog (issue 10; issue 21, decision 018): a child's place moves to another session with
 * the same payment; the list holds only the sessions the server says the child can move to.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
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
          session you choose. The payment carries over.
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
        <ReasonField form={form} name="reason" />
        <DialogActions failure={failure} onCancel={onDone} submit="Move" submitting={submitting} />
      </Stack>
    </form>
  );
}
