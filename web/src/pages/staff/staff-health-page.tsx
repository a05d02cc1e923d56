/**
 * /staff/health?session=<id>&incomplete=1 (issue 26; decision 035): a session's compliance list — each child
 * enrolled, their allergies, and each requirement of the session's program Complete, Runs out (date) or
 * Missing (with the doses short) — with a filter to the children with something to do and a link to each
 * child's record, where staff open the documents and mark parts checked. A teacher picks among their own
 * sessions (the API answers 404 for another room's); the director among all. The choices live in the address.
 */
import type { ComplianceItem } from '@lc/contract';
import { routes } from '@lc/contract';
import { Anchor, Badge, Group, NativeSelect, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { healthQueries } from '../../api/queries/child-health.ts';
import { staffKeys } from '../../api/query-keys.ts';
import { getStaffSessions } from '../../api/staff.ts';
import { formatDay } from '../../features/class-sessions/format.ts';
import classes from '../../features/staff/staff.module.css';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { currentRole } from '../../lib/auth-token.ts';

const SESSIONS = { period: 'active', page: 1, pageSize: 100, sort: 'start', dir: 'asc' } as const;

const REQUIREMENT = { Immunizations: 'Immunizations', Physical: 'Physical exam' } as const;
const VACCINE: Record<string, string> = {
  DTaP: 'DTaP',
  Polio: 'Polio (IPV)',
  MMR: 'MMR',
  Varicella: 'Varicella',
  HepatitisB: 'Hepatitis B',
  Hib: 'Hib',
  PCV: 'PCV',
  HepatitisA: 'Hepatitis A',
  Influenza: 'Flu',
  Covid19: 'COVID-19',
  Tdap: 'Tdap',
};

/** One requirement's cell: its status, the day it runs out, the doses short. */
function ItemCell({ item }: { item: ComplianceItem | undefined }) {
  if (!item) return <Text c="dimmed">Not required</Text>;
  const color = item.status === 'Complete' ? 'oak.8' : item.status === 'Expiring' ? 'honey.9' : 'red.8';
  const label =
    item.status === 'Complete'
      ? 'Complete'
      : item.status === 'Expiring'
        ? `Runs out ${formatDay(item.expiresOn ?? '', { withYear: true })}`
        : 'Missing';
  return (
    <Stack gap={2}>
      <Badge color={color} variant="filled" radius="sm" tt="none" w="fit-content">
        {label}
      </Badge>
      {item.missingDoses.length > 0 ? (
        <Text size="xs">
          {item.missingDoses.map((d) => `${VACCINE[d.vaccine] ?? d.vaccine} ${d.have}/${d.need}`).join(', ')}
        </Text>
      ) : null}
      {item.status !== 'Complete' && item.mode === 'Blocks' ? (
        <Text size="xs">Blocks new enrollment</Text>
      ) : null}
    </Stack>
  );
}

export default function StaffHealthPage() {
  usePageTitle('Staff · Health records');
  const [params, setParams] = useSearchParams();
  const sessionId = Number(params.get('session') ?? '') || null;
  const incomplete = params.get('incomplete') === '1';
  const sessions = useQuery({
    queryKey: staffKeys.sessions({ ...SESSIONS, for: 'health' }),
    queryFn: ({ signal }) => getStaffSessions(SESSIONS, signal),
  });
  const list = useQuery({
    ...healthQueries.session(sessionId ?? 0, incomplete),
    enabled: sessionId !== null,
  });
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next, { replace: true });
  };
  const requirements = list.data?.requirements ?? [];

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Health records</Title>
        <Text c="dimmed" maw="70ch">
          Each child in a session, with what their program requires: immunizations up to date and a recent
          physical exam. Open a child to see their documents and mark what you have checked.
        </Text>
        {currentRole() === 'Admin' ? (
          <Anchor component={Link} to={routes.staffHealthRequirements} underline="always" size="sm">
            What each program requires
          </Anchor>
        ) : null}
      </div>
      <Group align="end" gap="lg">
        <NativeSelect
          label="Session"
          value={sessionId ? String(sessionId) : ''}
          onChange={(event) => set({ session: event.currentTarget.value || null })}
          data={[
            { value: '', label: sessions.status === 'pending' ? 'Loading sessions…' : 'Choose a session' },
            ...(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name })),
          ]}
          miw={280}
        />
        <Switch
          label="Only children with something missing or running out"
          checked={incomplete}
          onChange={(event) => set({ incomplete: event.currentTarget.checked ? '1' : null })}
        />
      </Group>
      {sessionId === null ? <Text>Choose a session to see its children’s health records.</Text> : null}
      {list.status === 'error' ? (
        <Text role="alert">We couldn’t load this session’s health records.</Text>
      ) : null}
      {list.data ? (
        <Stack gap="sm">
          <Text>
            {list.data.programName
              ? requirements.length > 0
                ? `${list.data.programName} requires: ${requirements
                    .map(
                      (r) =>
                        `${REQUIREMENT[r.requirement]}${r.months ? ` within ${r.months} months` : ''} (${
                          r.mode === 'Blocks' ? 'blocks enrollment' : 'warning'
                        })`,
                    )
                    .join('; ')}.`
                : `${list.data.programName} requires no health records.`
              : 'This session is in no program, so nothing is required.'}
          </Text>
          {list.data.children.length === 0 ? (
            <Text>{incomplete ? 'Every child’s record is complete.' : 'No children are enrolled yet.'}</Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Caption>Health records for {list.data.sessionName}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Child</Table.Th>
                    <Table.Th scope="col">Allergies</Table.Th>
                    {requirements.map((r) => (
                      <Table.Th scope="col" key={r.requirement}>
                        {REQUIREMENT[r.requirement]}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.children.map((child) => (
                    <Table.Tr key={child.studentId}>
                      <Table.Th scope="row">
                        <Anchor
                          component={Link}
                          to={routes.staffChildHealth(child.studentId)}
                          underline="always"
                        >
                          {child.firstName} {child.lastName}
                        </Anchor>
                      </Table.Th>
                      <Table.Td>{child.allergies.length > 0 ? child.allergies.join(', ') : '—'}</Table.Td>
                      {requirements.map((r) => (
                        <Table.Td key={r.requirement}>
                          <ItemCell item={child.items.find((i) => i.requirement === r.requirement)} />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
