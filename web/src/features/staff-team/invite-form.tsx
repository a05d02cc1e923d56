import { zodResolver } from '@hookform/resolvers/zod';
import { type StaffInviteInput, StaffInviteInputSchema } from '@lc/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { staffKeys } from '../../api/query-keys';
import { inviteToStaff } from '../../api/staff';
import { SelectField, TextField } from '../forms/fields';
import { notifyError } from '../forms/notify';
import { useSubmit } from '../forms/use-submit';

const ROLE_CHOICES = [
  { value: 'Staff', label: 'Teacher — sees the sessions they teach' },
  { value: 'Admin', label: 'Director — sees everything, money included' },
];

/**
 * "Invite someone": a name, an email and a role. A new person gets a link to choose a password; a parent who
 * already has an account keeps it and gains the staff pages. A form of the kit (docs/architecture.md,
 * "Forms"): the server's field messages by their fields, any other failure in a toast.
 */
export function InviteForm() {
  const queryClient = useQueryClient();
  const form = useForm<StaffInviteInput, unknown, z.output<typeof StaffInviteInputSchema>>({
    resolver: zodResolver(StaffInviteInputSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', emailAddress: '', role: 'Staff' },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: inviteToStaff,
    fields: ['firstName', 'lastName', 'emailAddress', 'role'],
    success: (member) =>
      member.hasSignedIn
        ? `${member.firstName} ${member.lastName} is now on the staff and has been told by email.`
        : `We emailed ${member.firstName} a link to choose a password.`,
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: staffKeys.team() });
    },
    // A failure no field explains is told by a toast.
    alert: () => {
      notifyError('The invitation could not be sent. Please try again.');
      return null;
    },
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invite-heading" maw={720}>
      <Title order={2} fz="h3" id="invite-heading" mb="xs">
        Invite someone
      </Title>
      <Text size="sm" mb="md">
        They get an email with a link to choose a password (it works for 7 days). A parent who already has an
        account keeps it, with their family, and simply gains the staff pages.
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Invite someone to the staff">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField form={form} name="firstName" label="First name" required autoComplete="off" />
            <TextField form={form} name="lastName" label="Last name" required autoComplete="off" />
          </SimpleGrid>
          <TextField
            form={form}
            name="emailAddress"
            label="Email address"
            type="email"
            required
            autoComplete="off"
          />
          <SelectField form={form} name="role" label="Role" data={ROLE_CHOICES} allowDeselect={false} />
          <Group>
            <Button type="submit" loading={submitting}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
