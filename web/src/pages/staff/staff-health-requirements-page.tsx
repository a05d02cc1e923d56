/**
 * /staff/health/requirements (issue 26; decision 035; the director): per program, which health records its
 * children need — immunizations up to date (the CDC schedule for ages 3½–12, or a current certificate) and a
 * physical exam within so many months — and whether a missing one blocks a new enrollment or only warns the
 * family. A teacher is answered 403 by the API and shown so.
 */
import type { ProgramRequirement, ProgramRequirements, RequirementMode } from '@lc/contract';
import { routes } from '@lc/contract';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { saveProgramRequirements } from '../../api/child-health.ts';
import { healthQueries } from '../../api/queries/child-health.ts';
import { healthKeys } from '../../api/query-keys.ts';
import { failureFields, failureMessage } from '../../features/forms/feedback.ts';
import { notifySuccess } from '../../features/forms/notify.ts';
import { FormFailure } from '../../features/forms/use-submit.tsx';
import classes from '../../features/staff/staff.module.css';
import { usePageTitle } from '../../layout/use-page-title.ts';

const MODES: Array<{ value: RequirementMode; label: string }> = [
  { value: 'Blocks', label: 'Blocks enrollment until complete' },
  { value: 'Warns', label: 'Warns the family, lets them enroll' },
];

function ProgramForm({ program }: { program: ProgramRequirements }) {
  const queryClient = useQueryClient();
  const had = (r: 'Immunizations' | 'Physical') => program.requirements.find((x) => x.requirement === r);
  const [immunizations, setImmunizations] = useState(Boolean(had('Immunizations')));
  const [immunizationsMode, setImmunizationsMode] = useState<RequirementMode>(
    had('Immunizations')?.mode ?? 'Blocks',
  );
  const [physical, setPhysical] = useState(Boolean(had('Physical')));
  const [physicalMode, setPhysicalMode] = useState<RequirementMode>(had('Physical')?.mode ?? 'Warns');
  const [months, setMonths] = useState<number | string>(had('Physical')?.months ?? 12);
  const [failure, setFailure] = useState<string | null>(null);
  const [monthsError, setMonthsError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => {
      const requirements: ProgramRequirement[] = [];
      if (immunizations)
        requirements.push({ requirement: 'Immunizations', mode: immunizationsMode, months: null });
      if (physical)
        requirements.push({ requirement: 'Physical', mode: physicalMode, months: Number(months) });
      return saveProgramRequirements(program.programId, { requirements });
    },
    onSuccess: (list) => {
      queryClient.setQueryData(healthKeys.requirements(), list);
      void queryClient.invalidateQueries({ queryKey: [...healthKeys.all, 'session'] });
      notifySuccess(`Saved what ${program.name} requires.`);
    },
    onError: (error) => {
      const fields = failureFields(error);
      const first = Object.values(fields)[0];
      if (first) setMonthsError(first);
      else setFailure(failureMessage(error, 'We couldn’t reach the server. Check your connection.'));
    },
  });
  const headingId = `program-${program.programId}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setFailure(null);
          setMonthsError(undefined);
          const n = Number(months);
          if (physical && (!Number.isInteger(n) || n < 1 || n > 36)) {
            setMonthsError('Enter a whole number of months from 1 to 36.');
            document.getElementById(`${headingId}-months`)?.focus();
            return;
          }
          save.mutate();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id={headingId}>
            {program.name}
          </Title>
          <Checkbox
            label="Immunizations up to date (or a current immunization certificate)"
            checked={immunizations}
            onChange={(event) => setImmunizations(event.currentTarget.checked)}
          />
          {immunizations ? (
            <NativeSelect
              label="When immunizations are missing"
              value={immunizationsMode}
              onChange={(event) => setImmunizationsMode(event.currentTarget.value as RequirementMode)}
              data={MODES}
              maw={360}
            />
          ) : null}
          <Checkbox
            label="A physical exam within a number of months"
            checked={physical}
            onChange={(event) => setPhysical(event.currentTarget.checked)}
          />
          {physical ? (
            <Group align="start">
              <NumberInput
                id={`${headingId}-months`}
                label="Months a physical counts"
                value={months}
                onChange={setMonths}
                min={1}
                max={36}
                allowDecimal={false}
                error={monthsError}
                maw={200}
              />
              <NativeSelect
                label="When the physical is missing"
                value={physicalMode}
                onChange={(event) => setPhysicalMode(event.currentTarget.value as RequirementMode)}
                data={MODES}
                maw={360}
              />
            </Group>
          ) : null}
          <FormFailure failure={failure} />
          <Button type="submit" loading={save.isPending} w="fit-content">
            Save {program.name}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

export default function StaffHealthRequirementsPage() {
  usePageTitle('Staff · Health record requirements');
  const list = useQuery(healthQueries.requirements());
  return (
    <Stack gap="lg" mt="lg" className={classes.page} maw={820}>
      <div>
        <Anchor component={Link} to={routes.staffHealth} size="sm" underline="always">
          Health records
        </Anchor>
        <Title order={1}>What each program requires</Title>
        <Text c="dimmed" maw="70ch">
          Families see what is missing on their dashboard and when they enroll. “Blocks” keeps a new
          enrollment waiting until the record is complete; “Warns” tells the family and lets them enroll.
          Immunizations follow the CDC schedule for the child’s age (3½ to 12), or a current certificate.
        </Text>
      </div>
      {list.status === 'pending' ? <Text>Loading programs…</Text> : null}
      {list.status === 'error' ? (
        <Text role="alert">Only the director sets what programs require.</Text>
      ) : null}
      {list.data?.length === 0 ? <Text>No programs yet. Add one on the Programs page.</Text> : null}
      {list.data?.map((program) => (
        <ProgramForm key={`${program.programId}:${JSON.stringify(program.requirements)}`} program={program} />
      ))}
    </Stack>
  );
}
