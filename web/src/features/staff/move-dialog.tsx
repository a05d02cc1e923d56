/**
 * The director's move dialog (issue 10; issue 21, decision 018): a child's place moves to another session with
 * the same payment; the list holds only the sessions the server says the child can move to.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { getMoveTargets, moveChild } from '../../api/staff-money';
import { type ChildTarget, ReasonField, reason, useSubmit } from './money-form';
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
