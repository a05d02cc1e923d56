import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ClassSession,
  routes,
  type SessionDuplicateInput,
  SessionDuplicateInputSchema,
} from '@lc/contract';
import { Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { duplicateSession } from '../../api/staff-setup';
import { TextField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';
import { DialogActions, StaffDialog } from './staff-dialog';

/**
 * "Duplicate for next term" (issue 10): the copy's name and first day; every other date moves with it, the
 * copy starts inactive and keeps the teachers, and no family comes along. Opens the copy's form when done.
 */
export function DuplicateSessionDialog({
  session,
  opened,
  onClose,
}: {
  session: ClassSession;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const form = useForm<SessionDuplicateInput, unknown, z.output<typeof SessionDuplicateInputSchema>>({
    resolver: zodResolver(SessionDuplicateInputSchema),
    defaultValues: { name: `${session.name} (next term)`, sessionStartDate: '' },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: (input) => duplicateSession(session.id, input),
    fields: ['name', 'sessionStartDate'],
    success: (_, input) =>
      `${input.name} is ready to check. It stays hidden from families until you make it active.`,
    invalidate: [staffKeys.all],
    onSuccess: ({ id }) => {
      onClose();
      navigate(routes.staffEditSession(id));
    },
    // A failure no field explains is told by a toast.
    alert: () => {
      notifyError('The session could not be copied. Please try again.');
      return null;
    },
  });

  return (
    <StaffDialog opened={opened} onClose={onClose} title="Duplicate for next term" size="md">
      <form onSubmit={onSubmit} noValidate aria-label="Duplicate for next term">
        <Stack gap="md">
          <Text size="sm">
            Everything about {session.name} is copied except its families: the dates and registration windows
            move with the new first day, the teachers stay, and the copy stays hidden until you make it
            active.
          </Text>
          <TextField form={form} name="name" label="Name of the new session" required />
          <TextField
            form={form}
            name="sessionStartDate"
            type="date"
            label="First day of the new session"
            required
          />
          <DialogActions onCancel={onClose} submit="Duplicate" submitting={submitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
