/**
 * "Move selected…" (issue 24, the director only): several children of a roster move to one other session with
 * ONE confirmation that lists each consequence — per child, the price there and what the family will owe or
 * hold as credit after the move, exactly as the single move quotes them (staff/move-dialog.tsx), or why the
 * child cannot go. The move is all or none: when one child cannot go, nothing changes and the alert names them.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type BulkMovePreview, formatCents } from '@lc/contract';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { bulkMove, previewBulkMove } from '../../api/staff-bulk-move';
import { getMoveTargets } from '../../api/staff-money';
import { SelectField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { dialogFailure, ReasonField, reason } from '../staff/money-form';
import { DialogActions, StaffDialog } from '../staff/staff-dialog';

/** The chosen children of one roster. */
export type BulkMoveTarget = {
  classSessionId: number;
  sessionName: string;
  children: ReadonlyArray<{ studentId: string; name: string }>;
};

/** The dialog; `onMoved` runs after the move (the page clears its selection). */
export function BulkMoveDialog({
  target,
  onClose,
  onMoved,
}: {
  target: BulkMoveTarget | null;
  onClose: () => void;
  onMoved: () => void;
}) {
  return (
    <StaffDialog opened={target !== null} onClose={onClose} size="lg" title="Move selected children">
      {target ? (
        <BulkMoveForm
          target={target}
          onDone={onClose}
          onMoved={() => {
            onMoved();
            onClose();
          }}
        />
      ) : null}
    </StaffDialog>
  );
}

const schema = z.object({
  toClassSessionId: z
    .string({ error: 'Choose the session to move to.' })
    .min(1, 'Choose the session to move to.'),
  reason: reason('the children are moving'),
});
type Values = z.infer<typeof schema>;

/** What the family will owe or hold after the move, in words (the single move dialog's sentence). */
function balanceWords(after: number): string {
  return after > 0
    ? `the family will owe ${formatCents(after)} more`
    : after < 0
      ? `the family will have a credit of ${formatCents(-after)} on account`
      : 'nothing more is owed and nothing is left over';
}

/** Every child's consequence, one line each; a child who cannot go says why. */
function Consequences({ preview }: { preview: BulkMovePreview }) {
  const blocked = preview.children.filter((c) => c.problem !== null);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} id="bulk-move-consequences">
        What this does, child by child
      </Text>
      <List size="sm" spacing={4} aria-labelledby="bulk-move-consequences">
        {preview.children.map((c) => (
          <List.Item key={c.studentId}>
            {c.problem
              ? `${c.name}: cannot move. ${c.problem}`
              : `${c.name} moves to ${preview.toSession.name}: the place costs ${formatCents(c.price)}; ${balanceWords(c.balanceAfter)}.`}
          </List.Item>
        ))}
      </List>
      {blocked.length > 0 ? (
        <Alert color="red" variant="light" role="alert">
          {blocked.map((c) => c.name).join(', ')} cannot move to {preview.toSession.name}, so nobody will be
          moved. Choose another session, or take {blocked.length === 1 ? 'that child' : 'those children'} out
          of your selection.
        </Alert>
      ) : null}
    </Stack>
  );
}

function BulkMoveForm({
  target,
  onDone,
  onMoved,
}: {
  target: BulkMoveTarget;
  onDone: () => void;
  onMoved: () => void;
}) {
  const ids = target.children.map((c) => c.studentId);
  // The sessions any chosen child can move to (the single move's list for each); the preview says who cannot.
  const lists = useQueries({
    queries: ids.map((studentId) => ({
      queryKey: staffKeys.moveTargets(target.classSessionId, studentId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getMoveTargets(target.classSessionId, studentId, signal),
    })),
  });
  const sessions = new Map(lists.flatMap((l) => l.data ?? []).map((s) => [s.id, s]));
  const options = [...sessions.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({
      value: String(s.id),
      label: `${s.name} (${s.seatsTaken} of ${s.rosterSize} seats taken)`,
    }));
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { toClassSessionId: '', reason: '' },
  });
  const toId = useWatch({ control: form.control, name: 'toClassSessionId' });
  const preview = useQuery({
    queryKey: staffKeys.bulkMovePreview(target.classSessionId, ids, toId),
    queryFn: ({ signal }) =>
      previewBulkMove(target.classSessionId, { studentIds: ids, toClassSessionId: Number(toId) }, signal),
    enabled: toId !== '',
  });
  const blocked = preview.data?.children.some((c) => c.problem !== null) ?? false;
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) =>
      bulkMove(target.classSessionId, {
        studentIds: ids,
        toClassSessionId: Number(values.toClassSessionId),
        reason: values.reason,
      }),
    fields: ['toClassSessionId', 'reason'],
    success: (result) => result.message,
    invalidate: [staffKeys.all],
    onSuccess: onMoved,
    alert: (error) => `${dialogFailure(error)} Nobody was moved.`,
  });
  const count = target.children.length;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Move selected children">
      <Stack gap="md">
        <Text size="sm">
          {count === 1 ? target.children[0]!.name : `${count} children`} leave {target.sessionName} (the seats
          are offered to its waitlist) and take seats in the session you choose. What each family paid carries
          over. All of them move, or none.
        </Text>
        <SelectField
          form={form}
          name="toClassSessionId"
          label="Move to"
          required
          searchable
          description="Sessions shown to families with a free seat for at least one of the children."
          placeholder={lists.some((l) => l.isPending) ? 'Loading sessions…' : 'Choose a session'}
          nothingFoundMessage="No session has a free seat for these children"
          data={options}
          comboboxProps={{ withinPortal: true }}
        />
        {preview.data ? <Consequences preview={preview.data} /> : null}
        {preview.isError ? (
          <Alert color="red" variant="light" role="alert">
            {dialogFailure(preview.error)}
          </Alert>
        ) : null}
        <ReasonField form={form} name="reason" />
        {blocked ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Close
            </Button>
          </Group>
        ) : (
          <DialogActions
            failure={failure}
            onCancel={onDone}
            submit={`Move ${count === 1 ? '1 child' : `${count} children`}`}
            submitting={submitting}
          />
        )}
      </Stack>
    </form>
  );
}
