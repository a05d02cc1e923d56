import { Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dutyKeys, getPhoneClock, setPhoneClock } from '../../api/staff-duty';
import { failureMessage } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';

/**
 * The director allows or stops clocking in from a phone for a session (issue 26, decision 038): teachers on
 * duty there then clock in on /staff/my-time as well as at the door tablet. Saved at once and audited by the
 * server; the switch shows the saved state (a failure puts it back and says why in a toast).
 */
export function PhoneClockSwitch({
  classSessionId,
  sessionName,
}: {
  classSessionId: number;
  sessionName: string;
}) {
  const queryClient = useQueryClient();
  const phone = useQuery({
    queryKey: dutyKeys.phone(classSessionId),
    queryFn: ({ signal }) => getPhoneClock(classSessionId, signal),
  });
  const save = useMutation({
    mutationFn: (allowed: boolean) => setPhoneClock(classSessionId, allowed),
    onSuccess: async (_, allowed) => {
      queryClient.setQueryData(dutyKeys.phone(classSessionId), { allowed });
      await queryClient.invalidateQueries({ queryKey: dutyKeys.me() });
      notifySuccess(
        allowed
          ? `Teachers can now clock in to ${sessionName} from their phone.`
          : `Clocking in to ${sessionName} is back to the door tablet only.`,
      );
    },
    onError: (error) =>
      notifyError(failureMessage(error, 'The setting could not be saved. Please try again.')),
  });
  if (phone.isError)
    return (
      <Text size="sm" c="red.8" role="alert" mt="sm">
        Whether teachers may clock in from a phone could not be loaded.
      </Text>
    );
  return (
    <Switch
      mt="md"
      label="Teachers may clock in from their phone"
      description="Otherwise staff clock in for this session at the door tablet only."
      checked={save.isPending ? Boolean(save.variables) : Boolean(phone.data?.allowed)}
      disabled={phone.isPending || save.isPending}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
    />
  );
}
