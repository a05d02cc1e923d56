import { zodResolver } from '@hookform/resolvers/zod';
import {
  POLICY_TYPE_LABELS,
  POLICY_TYPES,
  type PolicyInput,
  PolicyInputSchema,
  type PolicyRow,
  type ProgramInput,
  ProgramInputSchema,
  type ProgramRow,
  type ProgramValues,
} from '@lc/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { getPolicies, getPrograms, savePolicy, saveProgram } from '../../api/staff-setup';
import { formatDateRange } from '../../features/class-sessions/format';
import { PolicyText } from '../../features/enrollment/policy-text';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { SwitchField } from '../../features/forms/switch-field';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors';
import classes from '../../features/staff/staff.module.css';
import { DialogActions, StaffDialog } from '../../features/staff/staff-dialog';
import { RichTextField } from '../../features/staff-announcements/rich-text-field';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const PROGRAM_FIELDS = ['name', 'startDate', 'endDate', 'isActive'] as const;
const POLICY_FIELDS = ['policyType', 'name', 'htmlValue'] as const;

const used = (n: number) => (n === 0 ? 'No sessions' : n === 1 ? '1 session' : `${n} sessions`);

/**
 * /staff/programs — programs (spec §3 ClassSection) and policies (spec §3 Policy), issue 10. Everyone on the
 * staff reads them; the director adds and edits them (policy text as rich text, sanitised by the server).
 */
export default function StaffProgramsPage() {
  usePageTitle('Staff · Programs and policies');
  const isDirector = currentRole() === 'Admin';
  const programs = useQuery({
    queryKey: ['staff', 'programs'],
    queryFn: ({ signal }) => getPrograms(signal),
  });
  const policies = useQuery({
    queryKey: ['staff', 'policies'],
    queryFn: ({ signal }) => getPolicies(signal),
  });
  const [program, setProgram] = useState<ProgramRow | 'new' | null>(null);
  const [policy, setPolicy] = useState<PolicyRow | 'new' | null>(null);

  return (
    <Stack gap="xl" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Programs and policies</Title>
        <Text c="dimmed">
          A program groups sessions, like the morning program and its enrichment classes. Policies are what
          families read and accept before they pay; a change shows on every session that uses the policy.
        </Text>
      </div>

      <section aria-labelledby="programs-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h3" id="programs-heading">
            Programs
          </Title>
          {isDirector ? <Button onClick={() => setProgram('new')}>Add a program</Button> : null}
        </Group>
        {programs.isPending ? <Text role="status">Loading the programs…</Text> : null}
        {programs.isError ? (
          <Alert color="red" variant="light" role="alert">
            We could not load the programs. Please check your connection and try again.
          </Alert>
        ) : null}
        {programs.data?.length === 0 ? <Text>No programs yet.</Text> : null}
        {programs.data && programs.data.length > 0 ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
          <section className={classes.tableWrap} aria-label="Programs table" tabIndex={0}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Program</Table.Th>
                  <Table.Th scope="col">Dates</Table.Th>
                  <Table.Th scope="col">Used by</Table.Th>
                  {isDirector ? (
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {programs.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Th scope="row">
                      {p.name}
                      {p.isActive ? null : (
                        <Badge ml="xs" variant="light" color="gray" radius="sm" tt="none">
                          Inactive
                        </Badge>
                      )}
                    </Table.Th>
                    <Table.Td>
                      {p.startDate && p.endDate ? formatDateRange(p.startDate, p.endDate) : 'Year-round'}
                    </Table.Td>
                    <Table.Td>{used(p.sessionCount)}</Table.Td>
                    {isDirector ? (
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="xs"
                          onClick={() => setProgram(p)}
                          aria-label={`Edit ${p.name}`}
                        >
                          Edit
                        </Button>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ) : null}
      </section>

      <section aria-labelledby="policies-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h3" id="policies-heading">
            Policies
          </Title>
          {isDirector ? <Button onClick={() => setPolicy('new')}>Write a policy</Button> : null}
        </Group>
        {policies.isPending ? <Text role="status">Loading the policies…</Text> : null}
        {policies.isError ? (
          <Alert color="red" variant="light" role="alert">
            We could not load the policies. Please check your connection and try again.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(policies.data ?? []).map((p) => (
            <Paper
              key={p.id}
              withBorder
              radius="md"
              p="md"
              component="article"
              aria-labelledby={`policy-${p.id}`}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
                <div>
                  <Title order={3} fz="h4" id={`policy-${p.id}`}>
                    {p.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {POLICY_TYPE_LABELS[p.policyType]} · {used(p.sessionCount)}
                  </Text>
                </div>
                {isDirector ? (
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => setPolicy(p)}
                    aria-label={`Edit ${p.name}`}
                  >
                    Edit
                  </Button>
                ) : null}
              </Group>
              <PolicyText policy={p} labelledBy={`policy-${p.id}`} />
            </Paper>
          ))}
        </SimpleGrid>
      </section>

      {program ? (
        <ProgramDialog program={program === 'new' ? null : program} onClose={() => setProgram(null)} />
      ) : null}
      {policy ? (
        <PolicyDialog policy={policy === 'new' ? null : policy} onClose={() => setPolicy(null)} />
      ) : null}
    </Stack>
  );
}

function ProgramDialog({ program, onClose }: { program: ProgramRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProgramInput, unknown, ProgramValues>({
    resolver: zodResolver(ProgramInputSchema),
    defaultValues: {
      name: program?.name ?? '',
      isActive: program?.isActive ?? true,
      startDate: program?.startDate ?? '',
      endDate: program?.endDate ?? '',
    },
  });
  const showFieldErrors = useServerFieldErrors(setError, PROGRAM_FIELDS);
  const onSubmit = async (values: ProgramValues) => {
    try {
      queryClient.setQueryData(['staff', 'programs'], await saveProgram(program?.id ?? null, values));
      notifySuccess(program ? `Saved ${values.name}.` : `${values.name} is added.`);
      onClose();
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The program could not be saved. Please try again.');
    }
  };
  return (
    <StaffDialog opened onClose={onClose} title={program ? `Edit ${program.name}` : 'Add a program'}>
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={program ? 'Edit program' : 'Add a program'}
      >
        <Stack gap="md">
          <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="date"
              label="Starts"
              error={errors.startDate?.message}
              {...register('startDate')}
            />
            <TextInput type="date" label="Ends" error={errors.endDate?.message} {...register('endDate')} />
          </SimpleGrid>
          <SwitchField control={control} name="isActive">
            Active: new sessions can use it
          </SwitchField>
          <DialogActions onCancel={onClose} submit="Save" submitting={isSubmitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}

function PolicyDialog({ policy, onClose }: { policy: PolicyRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PolicyInput>({
    resolver: zodResolver(PolicyInputSchema),
    defaultValues: {
      policyType: policy?.policyType ?? 'Expectation',
      name: policy?.name ?? '',
      htmlValue: policy?.htmlValue ?? '',
    },
  });
  const showFieldErrors = useServerFieldErrors(setError, POLICY_FIELDS);
  const onSubmit = async (values: PolicyInput) => {
    try {
      queryClient.setQueryData(['staff', 'policies'], await savePolicy(policy?.id ?? null, values));
      notifySuccess(policy ? `Saved ${values.name}.` : `${values.name} is ready to use on a session.`);
      onClose();
    } catch (error) {
      if (!showFieldErrors(error)) notifyError('The policy could not be saved. Please try again.');
    }
  };
  return (
    <StaffDialog opened onClose={onClose} size="lg" title={policy ? `Edit ${policy.name}` : 'Write a policy'}>
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={policy ? 'Edit policy' : 'Write a policy'}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NativeSelect
              label="Kind"
              data={POLICY_TYPES.map((t) => ({ value: t, label: POLICY_TYPE_LABELS[t] }))}
              error={errors.policyType?.message}
              {...register('policyType')}
            />
            <TextInput label="Name" required error={errors.name?.message} {...register('name')} />
          </SimpleGrid>
          <Controller
            control={control}
            name="htmlValue"
            render={({ field }) => (
              <RichTextField
                // react-hook-form moves focus to the editor when its text is the first error.
                ref={field.ref}
                label="Policy text"
                description="As families will read it before they pay."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.htmlValue?.message}
              />
            )}
          />
          <DialogActions onCancel={onClose} submit="Save policy" submitting={isSubmitting} />
        </Stack>
      </form>
    </StaffDialog>
  );
}
