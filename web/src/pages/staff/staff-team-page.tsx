import { zodResolver } from '@hookform/resolvers/zod';
import { type StaffInviteInput, StaffInviteInputSchema, type TeamMember } from '@lc/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { changeStaffRole, getTeam, inviteToStaff } from '../../api/staff';
import { setInboxAccess } from '../../api/staff-inbox';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors';
import classes from '../../features/staff/staff.module.css';
import { usePageTitle } from '../../layout/use-page-title';
import { getToken, readClaims } from '../../lib/auth-token';

const roleLabels = { Staff: 'Teacher', Admin: 'Director' } as const;
const FIELD_ORDER = ['firstName', 'lastName', 'emailAddress', 'role'] as const;

/** /staff/team — the director's team: who is on the staff, invitations, roles (issue 10). */
export default function StaffTeamPage() {
  usePageTitle('Staff · Team');
  const queryClient = useQueryClient();
  const me = readClaims(getToken())?.sub;
  const team = useQuery({ queryKey: ['staff', 'team'], queryFn: ({ signal }) => getTeam(signal) });

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StaffInviteInput, unknown, z.output<typeof StaffInviteInputSchema>>({
    resolver: zodResolver(StaffInviteInputSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', emailAddress: '', role: 'Staff' },
  });
  const showFieldErrors = useServerFieldErrors(setError, FIELD_ORDER);

  const onInvite = async (values: z.output<typeof StaffInviteInputSchema>) => {
    try {
      const member = await inviteToStaff(values);
      notifySuccess(
        member.hasSignedIn
          ? `${member.firstName} ${member.lastName} is now on the staff and has been told by email.`
          : `We emailed ${member.firstName} a link to choose a password.`,
      );
      reset();
      await queryClient.invalidateQueries({ queryKey: ['staff', 'team'] });
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The invitation could not be sent. Please try again.');
    }
  };

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: TeamMember; role: 'Staff' | 'Admin' | 'Parent' }) =>
      changeStaffRole(member.id, role),
    onSuccess: async (_result, { member, role }) => {
      notifySuccess(
        role === 'Parent'
          ? `${member.firstName} ${member.lastName} is no longer on the staff.`
          : `${member.firstName} ${member.lastName} is now a ${roleLabels[role].toLowerCase()}.`,
      );
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (error) =>
      notifyError(
        error instanceof ApiError ? error.message : 'The change could not be saved. Please try again.',
      ),
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
      await queryClient.invalidateQueries({ queryKey: ['staff', 'team'] });
    },
    onError: (error) =>
      notifyError(
        error instanceof ApiError ? error.message : 'The change could not be saved. Please try again.',
      ),
  });

  if (team.error instanceof ApiError && team.error.status === 403)
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Only the director manages the team">
        Ask your center’s director to invite someone or change a role.
      </Alert>
    );

  return (
    <Stack gap="xl" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Team</Title>
        <Text c="dimmed">
          Teachers see the rosters of the sessions they teach, and the inbox when you give it to them;
          directors see everything.
        </Text>
      </div>

      <section aria-labelledby="team-heading">
        <Title order={2} fz="h3" id="team-heading" mb="sm">
          On the staff
        </Title>
        {team.isPending ? <Text role="status">Loading the team…</Text> : null}
        {team.isError && !(team.error instanceof ApiError && team.error.status === 403) ? (
          <Alert color="red" variant="light" role="alert">
            We could not load the team. Please check your connection and try again.
          </Alert>
        ) : null}
        {team.data ? (
          // A wide table scrolls sideways on a phone: the region takes focus so the keyboard can scroll it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
          <section className={classes.tableWrap} aria-label="Team table" tabIndex={0}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Role</Table.Th>
                  <Table.Th scope="col">Inbox</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {team.data.map((member) => {
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
          </section>
        ) : null}
      </section>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invite-heading" maw={720}>
        <Title order={2} fz="h3" id="invite-heading" mb="xs">
          Invite someone
        </Title>
        <Text size="sm" mb="md">
          They get an email with a link to choose a password (it works for 7 days). A parent who already has
          an account keeps it, with their family, and simply gains the staff pages.
        </Text>
        <form onSubmit={handleSubmit(onInvite)} noValidate aria-label="Invite someone to the staff">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                required
                autoComplete="off"
                error={errors.firstName?.message}
                {...register('firstName')}
              />
              <TextInput
                label="Last name"
                required
                autoComplete="off"
                error={errors.lastName?.message}
                {...register('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Email address"
              type="email"
              required
              autoComplete="off"
              error={errors.emailAddress?.message}
              {...register('emailAddress')}
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Role"
                  data={[
                    { value: 'Staff', label: 'Teacher — sees the sessions they teach' },
                    { value: 'Admin', label: 'Director — sees everything, money included' },
                  ]}
                  allowDeselect={false}
                  value={field.value ?? 'Staff'}
                  onChange={(value) => field.onChange(value ?? 'Staff')}
                  onBlur={field.onBlur}
                  error={errors.role?.message}
                />
              )}
            />
            <Group>
              <Button type="submit" loading={isSubmitting}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
