import type { StaffSessionRow } from '@lc/contract';
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { getTeam, setSessionTeachers } from '../../api/staff';
import { notifyError, notifySuccess } from '../forms/notify';

/**
 * The director chooses who teaches a session (issue 10). Saving replaces the list; the roster and the
 * sessions list reload (their queries are invalidated), and the change is in the audit trail.
 */
export function SessionTeachers({ session }: { session: StaffSessionRow }) {
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: ['staff', 'team'], queryFn: ({ signal }) => getTeam(signal) });
  const [chosen, setChosen] = useState(session.teachers.map((t) => t.id));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => setSessionTeachers(session.id, chosen),
    onSuccess: async (teachers) => {
      setError(null);
      notifySuccess(
        teachers.length > 0
          ? `${teachers.map((t) => t.firstName).join(' and ')} now ${teachers.length === 1 ? 'teaches' : 'teach'} ${session.name}.`
          : `${session.name} has no teacher now.`,
      );
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (failure) => {
      const message =
        failure instanceof ApiError
          ? (failure.fields.userIds ?? failure.message)
          : 'The teachers could not be saved. Please try again.';
      setError(message);
      notifyError(message);
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
      <MultiSelect
        label="Teachers"
        description="The teachers chosen here see this session’s roster."
        placeholder={chosen.length === 0 ? 'Choose teachers' : undefined}
        data={(team.data ?? []).map((m) => ({
          value: m.id,
          label: `${m.firstName} ${m.lastName}${m.role === 'Admin' ? ' (director)' : ''}`,
        }))}
        value={chosen}
        onChange={setChosen}
        error={error}
        disabled={team.isPending}
        searchable
        nothingFoundMessage="No one on the staff by that name"
      />
      <Group gap="xs">
        <Button onClick={() => save.mutate()} loading={save.isPending} disabled={unchanged}>
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
