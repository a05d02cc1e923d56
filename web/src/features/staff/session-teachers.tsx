import type { StaffSessionRow } from '@lc/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { staffKeys } from '../../api/query-keys';
import { getTeam, setSessionTeachers } from '../../api/staff';
import { failureField, failureMessage } from '../forms/feedback';
import { MultiSelectField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';

/** Why the teachers were not saved: the server's word on the list, its sentence, or "could not be saved". */
const teachersFailure = (error: unknown): string =>
  failureField(error, 'userIds') ??
  failureMessage(error, 'The teachers could not be saved. Please try again.');

/**
 * The director chooses who teaches a session (issue 10). Saving replaces the list; the roster and the
 * sessions list reload (their queries are invalidated), and the change is in the audit trail. A refusal is
 * said by the list and in a toast, and stays until the next save; focus stays on the Save button.
 */
export function SessionTeachers({ session }: { session: StaffSessionRow }) {
  const team = useQuery({ queryKey: staffKeys.team(), queryFn: ({ signal }) => getTeam(signal) });
  const form = useForm<{ userIds: string[] }>({
    defaultValues: { userIds: session.teachers.map((t) => t.id) },
    reValidateMode: 'onSubmit',
  });
  const chosen = useWatch({ control: form.control, name: 'userIds' });
  const { onSubmit, submitting } = useSubmit(form, {
    action: ({ userIds }) => setSessionTeachers(session.id, userIds),
    // No field takes focus: the message goes by the list through `alert`.
    fields: [],
    success: (teachers) =>
      teachers.length > 0
        ? `${teachers.map((t) => t.firstName).join(' and ')} now ${teachers.length === 1 ? 'teaches' : 'teach'} ${session.name}.`
        : `${session.name} has no teacher now.`,
    invalidate: [staffKeys.all],
    onSuccess: () => form.clearErrors('userIds'),
    failureToast: teachersFailure,
    alert: (error) => {
      form.setError('userIds', { type: 'server', message: teachersFailure(error) });
      return null;
    },
  });

  const unchanged =
    [...chosen].sort().join() ===
    session.teachers
      .map((t) => t.id)
      .sort()
      .join();

  return (
    <Stack gap="xs" maw={520}>
      <MultiSelectField
        form={form}
        name="userIds"
        label="Teachers"
        description="The teachers chosen here see this session’s roster."
        placeholder={chosen.length === 0 ? 'Choose teachers' : undefined}
        data={(team.data ?? []).map((m) => ({
          value: m.id,
          label: `${m.firstName} ${m.lastName}${m.role === 'Admin' ? ' (director)' : ''}`,
        }))}
        disabled={team.isPending}
        searchable
        nothingFoundMessage="No one on the staff by that name"
      />
      <Group gap="xs">
        <Button onClick={onSubmit} loading={submitting} disabled={unchanged}>
          Save teachers
        </Button>
        {team.isError ? (
          <Text size="sm" c="red" role="alert">
            The staff list could not be loaded.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
