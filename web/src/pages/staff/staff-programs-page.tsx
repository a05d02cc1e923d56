import type { PolicyRow, ProgramRow } from '@lc/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import classes from '../../features/staff/staff.module.css';
import { PoliciesSection } from '../../features/staff-programs/policies-section';
import { PolicyDialog } from '../../features/staff-programs/policy-dialog';
import { ProgramDialog } from '../../features/staff-programs/program-dialog';
import { ProgramsSection } from '../../features/staff-programs/programs-section';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

/**
 * /staff/programs — programs (spec §3 ClassSection) and policies (spec §3 Policy), issue 10. Everyone on the
 * staff reads them; the director adds and edits them (policy text as rich text, sanitised by the server).
 */
export default function StaffProgramsPage() {
  usePageTitle('Staff · Programs and policies');
  const isDirector = currentRole() === 'Admin';
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

      <ProgramsSection isDirector={isDirector} onEdit={(p) => setProgram(p ?? 'new')} />

      <PoliciesSection isDirector={isDirector} onEdit={(p) => setPolicy(p ?? 'new')} />

      {program ? (
        <ProgramDialog program={program === 'new' ? null : program} onClose={() => setProgram(null)} />
      ) : null}
      {policy ? (
        <PolicyDialog policy={policy === 'new' ? null : policy} onClose={() => setPolicy(null)} />
      ) : null}
    </Stack>
  );
}
