import type { TeamMember } from '@lc/contract';
import { Badge, Button, Select, Switch, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { changeStaffRole } from '../../api/staff';
import { setInboxAccess } from '../../api/staff-inbox';
import { getToken, readClaims } from '../../lib/auth-token';
import { failureMessage } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';
import { ColumnHeads, ScrollRegion } from '../staff/list-parts';

const roleLabels = { Staff: 'Teacher', Admin: 'Director' } as const;

/**
 * The staff: name ("Invited" until they sign in), email, role (a choice, but not one's own), inbox access
 * (always for a director), and "Remove from staff". Each change is saved at once.
 */
export function TeamTable({ team }: { team: TeamMember[] }) {
  const me = readClaims(getToken())?.sub;
  const { changeRole, inboxAccess } = useTeamChanges();

  return (
    <ScrollRegion label="Team table">
      <Table verticalSpacing="sm">
        <ColumnHeads columns={['Name', 'Email', 'Role', 'Inbox']} actions />
        <Table.Tbody>
          {team.map((member) => {
            const name = `${member.firstName} ${member.lastName}`;
            const isMe = member.id === me;
            return (
              <Table.Tr key={member.id}>
                <Table.Th scope="row">
                  {name}
                  {member.hasSignedIn ? null : (
                    <Badge ml="xs" variant="filled" color="gray.7" radius="sm" tt="none">
                      Invited
                    </Badge>
                  )}
                </Table.Th>
                <Table.Td>{member.emailAddress}</Table.Td>
                <Table.Td>
                  {isMe ? (
                    <Text size="sm">{roleLabels[member.role]} (you)</Text>
                  ) : (
                    <Select
                      aria-label={`Role of ${name}`}
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
                  )}
                </Table.Td>
                <Table.Td>
                  {member.role === 'Admin' ? (
                    <Text size="sm">Always</Text>
                  ) : (
                    <Switch
                      label="Reads the inbox"
                      checked={member.inboxAccess}
                      disabled={inboxAccess.isPending}
                      onChange={(event) =>
                        inboxAccess.mutate({ member, allowed: event.currentTarget.checked })
                      }
                      aria-label={`${name} reads and answers the inbox`}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {isMe ? null : (
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => changeRole.mutate({ member, role: 'Parent' })}
                      aria-label={`Remove ${name} from the staff`}
                    >
                      Remove from staff
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
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
