import { POLICY_TYPE_LABELS, type PolicyRow } from '@lc/contract';
import { Alert, Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { getPolicies } from '../../api/staff-setup';
import { PolicyText } from '../enrollment/policy-text';
import { SectionHead, used } from './programs-section';

/** "Policies": each as families read it, with its kind and how many sessions use it; the director edits. */
export function PoliciesSection({
  isDirector,
  onEdit,
}: {
  isDirector: boolean;
  /** Opens the policy's dialog (null: a new policy). */
  onEdit: (policy: PolicyRow | null) => void;
}) {
  const policies = useQuery({
    queryKey: staffKeys.policies(),
    queryFn: ({ signal }) => getPolicies(signal),
  });
  return (
    <section aria-labelledby="policies-heading">
      <SectionHead
        id="policies-heading"
        title="Policies"
        action={isDirector ? <Button onClick={() => onEdit(null)}>Write a policy</Button> : null}
      />
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
                <Button variant="subtle" size="xs" onClick={() => onEdit(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
              ) : null}
            </Group>
            <PolicyText policy={p} labelledBy={`policy-${p.id}`} />
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
