import type { TeamMember } from '@lc/contract';
import { Badge, Button, Select, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { changeStaffRole } from '../../api/staff';
import { setInboxAccess } from '../../api/staff-inbox';
import { getToken, readClaims } from '../../lib/auth-token';
import { failureMessage } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

const roleLabels = { Staff: 'Teacher', Admin: 'Director' } as const;

/**
 * The staff: name ("Invited" until they sign in), email, role (a choice, but not one's own), inbox access
 * (always for a director), and "Remove from staff" (kept at the right edge). Each change is saved at once. The
 * team is one short list, unpaged and in the server's order (last name): no sort.
 */
export function TeamTable({ team }: { team: TeamMember[] }) {
  const me = readClaims(getToken())?.sub;
  const { changeRole, inboxAccess } = useTeamChanges();
  const nameOf = (member: TeamMember) => `${member.firstName} ${member.lastName}`;
  const columns: ReadonlyArray<StaffColumn<TeamMember>> = [
    {
      id: 'name',
      header: 'Name',
      cell: (member) => (
        <>
          {nameOf(member)}
          {member.hasSignedIn ? null : (
            <Badge ml="xs" variant="filled" color="gray.7" radius="sm" tt="none">
              Invited
            </Badge>
          )}
        </>
      ),
    },
    { id: 'email', header: 'Email', nowrap: true, cell: (member) => member.emailAddress },
    {
      id: 'role',
      header: 'Role',
      cell: (member) =>
        member.id === me ? (
          <Text size="sm">{roleLabels[member.role]} (you)</Text>
        ) : (
          <Select
            aria-label={`Role of ${nameOf(member)}`}
            value={member.role}
            data={[
              { value: 'Staff', label: 'Teacher' },
              { value: 'Admin', label: 'Director' },
            ]}
            allowDeselect={false}
            onChange={(role) =>
              role && role !== member.role
                ? changeRole.mutate({ member, role: role as 'Staff' | 'Admin' })
                : undefined
            }
            w={140}
          />
        ),
    },
    {
      id: 'inbox',
      header: 'Inbox',
      cell: (member) =>
        member.role === 'Admin' ? (
          <Text size="sm">Always</Text>
        ) : (
          <Switch
            label="Reads the inbox"
            checked={member.inboxAccess}
            disabled={inboxAccess.isPending}
            onChange={(event) => inboxAccess.mutate({ member, allowed: event.currentTarget.checked })}
            aria-label={`${nameOf(member)} reads and answers the inbox`}
          />
        ),
    },
  ];

  return (
    <StaffTable
      label="Team table"
      rows={team}
      rowId={(member) => member.id}
      columns={columns}
      empty="Nobody is on the staff yet. Invite someone with the form below."
      actions={(member) =>
        member.id === me ? null : (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            onClick={() => changeRole.mutate({ member, role: 'Parent' })}
            aria-label={`Remove ${nameOf(member)} from the staff`}
          >
            Remove from staff
          </Button>
        )
      }
    />
  );
}

/** A member's role (Parent: off the staff) and inbox access, each saved at once and said in a notice. */
function useTeamChanges() {
  const queryClient = useQueryClient();
  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: 'Staff' | 'Admin' | 'Parent' }) =>
      changeStaffRole(member.id, role),
    onSuccess: async (_result, { member, role }) => {
      notifySuccess(
        role === 'Parent'
          ? `${member.firstName} ${member.lastName} is no longer on the staff.`
          : `${member.firstName} ${member.lastName} is now a ${roleLabels[role].toLowerCase()}.`,
      );
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    },
    onError: (error) =>
      notifyError(failureMessage(error, 'The change could not be saved. Please try again.')),
  });

  const inboxAccess = useMutation({
    mutationFn: ({ member, allowed }: { member: TeamMember; allowed: boolean }) =>
      setInboxAccess(member.id, allowed),
    onSuccess: async (_result, { member, allowed }) => {
      notifySuccess(
        allowed
          ? `${member.firstName} ${member.lastName} can now read and answer the inbox.`
          : `${member.firstName} ${member.lastName} no longer sees the inbox.`,
      );
      await queryClient.invalidateQueries({ queryKey: staffKeys.team() });
    },
    onError: (error) =>
      notifyError(failureMessage(error, 'The change could not be saved. Please try again.')),
  });

  return { changeRole, inboxAccess };
}
