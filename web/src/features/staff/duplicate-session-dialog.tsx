import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ClassSession,
  routes,
  type SessionDuplicateInput,
  SessionDuplicateInputSchema,
} from '@lc/contract';
import { Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { duplicateSession } from '../../api/staff-setup';
import { notifyError, notifySuccess } from '../forms/notify';
import { useServerFieldErrors } from '../forms/use-server-field-errors';
import { DialogActions, StaffDialog } from './staff-dialog';

const FIELDS = ['name', 'sessionStartDate'] as const;

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
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SessionDuplicateInput, unknown, z.output<typeof SessionDuplicateInputSchema>>({
    resolver: zodResolver(SessionDuplicateInputSchema),
    defaultValues: { name: `${session.name} (next term)`, sessionStartDate: '' },
  });
  const showFieldErrors = useServerFieldErrors(setError, FIELDS);

  const onSubmit = async (input: SessionDuplicateInput) => {
    try {
      const { id } = await duplicateSession(session.id, input);
      notifySuccess(
        `${input.name} is ready to check. It stays hidden from families until you make it active.`,
      );
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
      onClose();
      navigate(routes.staffEditSession(id));
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The session could not be copied. Please try again.');
    }
  };

  return (
    <StaffDialog opened={opened} onClose={onClose} title="Duplicate for next term" size="md">
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Duplicate for next term">
        <Stack gap="md">
          <Text size="sm">
            Everything about {session.name} is copied except its families: the dates and registration windows
            move with the new first day, the teachers stay, and the copy stays hidden until you make it
            active.
          </Text>
          <TextInput
            label="Name of the new session"
            required
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            type="date"
            label="First day of the new session"
            required
            error={errors.sessionStartDate?.message}
            {...register('sessionStartDate')}
          />
          <DialogActions onCancel={onClose} submit="Duplicate" submitting={isSubmitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
