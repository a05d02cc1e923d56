import { zodResolver } from '@hookform/resolvers/zod';
import { type StaffInviteInput, StaffInviteInputSchema } from '@lc/contract';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { inviteToStaff } from '../../api/staff';
import { notifyError, notifySuccess } from '../forms/notify';
import { useServerFieldErrors } from '../forms/use-server-field-errors';

const FIELD_ORDER = ['firstName', 'lastName', 'emailAddress', 'role'] as const;

/**
 * "Invite someone": a name, an email and a role. A new person gets a link to choose a password; a parent who
 * already has an account keeps it and gains the staff pages.
 */
export function InviteForm() {
  const queryClient = useQueryClient();
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

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invite-heading" maw={720}>
      <Title order={2} fz="h3" id="invite-heading" mb="xs">
        Invite someone
      </Title>
      <Text size="sm" mb="md">
        They get an email with a link to choose a password (it works for 7 days). A parent who already has an
        account keeps it, with their family, and simply gains the staff pages.
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
  );
}
