/**
 * /staff/children/:studentId/health (issue 26; decision 035): a child's health record for the staff — what
 * their programs require and where they stand, allergies, immunizations, the physical exam, doctor, insurance,
 * diet and medications, and the documents (opened through signed links). Staff mark each part, and each
 * document, checked; a family's later change clears the check. A teacher reaches only children in their own
 * sessions (404 otherwise, shown as not found).
 */
import type { ChildHealth, HealthCheck, HealthCheckInput } from '@lc/contract';
import { routes } from '@lc/contract';
import { Anchor, Badge, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { checkHealthRecord } from '../../api/child-health.ts';
import { healthQueries } from '../../api/queries/child-health.ts';
import { healthKeys } from '../../api/query-keys.ts';
import { formatDay } from '../../features/class-sessions/format.ts';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import classes from '../../features/staff/staff.module.css';
import { WRAPPING_BADGE } from '../../features/staff-attendance/today-board.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const day = (iso: string) => formatDay(iso.slice(0, 10), { withYear: true });
const KIND: Record<string, string> = {
  ImmunizationCertificate: 'Immunization certificate',
  PhysicalExamForm: 'Physical exam form',
  DoctorNote: 'Doctor’s note',
  CourtOrder: 'Court order',
  Other: 'Other document',
};
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

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The check of one part: who and when, and the button that checks it or takes the check back. */
function CheckControl({
  check,
  what,
  busy,
  onChange,
}: {
  check: HealthCheck;
  what: string;
  busy: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Group gap="sm">
      {check ? (
        <Badge color="teal.9" variant="filled" radius="sm" tt="none" {...WRAPPING_BADGE}>
          Checked by {check.checkedBy ?? 'a former staff member'} on {day(check.checkedAt)}
        </Badge>
      ) : (
        <Badge color="gray.7" variant="filled" radius="sm" tt="none">
          Not checked
        </Badge>
      )}
      <Button
        size="xs"
        variant={check ? 'default' : 'filled'}
        loading={busy}
        onClick={() => onChange(!check)}
        // A long file name wraps on a phone instead of being cut off.
        h="auto"
        mih={30}
        py={4}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      >
        {check ? `Take back the check on ${what}` : `Mark ${what} checked`}
      </Button>
    </Group>
  );
}

export default function StaffChildHealthPage() {
  const { studentId = '' } = useParams();
  const queryClient = useQueryClient();
  const health = useQuery(healthQueries.staffChild(studentId));
  const r = health.data;
  usePageTitle(r ? `Staff · ${r.firstName} ${r.lastName} · Health record` : 'Staff · Health record');
  const check = useMutation({
    mutationFn: (body: HealthCheckInput) => checkHealthRecord(studentId, body),
    onSuccess: (record: ChildHealth, body) => {
      queryClient.setQueryData(healthKeys.staffChild(studentId), record);
      void queryClient.invalidateQueries({ queryKey: [...healthKeys.all, 'session'] });
      notifySuccess(body.checked ? 'Marked checked.' : 'Check taken back.');
    },
    onError: () => notifyError('We couldn’t save the check. Please try again.'),
  });
  const busy = (key: string) =>
    check.isPending && `${check.variables?.record}:${check.variables?.documentId ?? ''}` === key;

  if (health.status === 'pending') return <Text mt="lg">Loading the health record…</Text>;
  if (health.status === 'error' || !r)
    return (
      <Stack mt="lg" className={classes.page}>
        <Title order={1}>Health record not found</Title>
        <Text>This child is not in one of your sessions, or the record does not exist.</Text>
        <Anchor component={Link} to={routes.staffHealth} underline="always">
          Back to health records
        </Anchor>
      </Stack>
    );

  return (
    <Stack gap="lg" mt="lg" className={classes.page} maw={900}>
      <div>
        <Anchor component={Link} to={routes.staffHealth} size="sm" underline="always">
          Health records
        </Anchor>
        <Title order={1}>
          {r.firstName} {r.lastName}: health record
        </Title>
        <Text c="dimmed">Born {day(r.dateOfBirth)}</Text>
        <Anchor component={Link} to={routes.staffChild(studentId)} size="sm" underline="always">
          The child’s page
        </Anchor>
      </div>

      <Part id="staff-health-needs" title="What the programs require">
        {r.programs.length === 0 ? <Text>No current program requires health records.</Text> : null}
        {r.compliance.map((item) => (
          <Group key={item.requirement} gap="sm">
            <Text fw={600}>{item.requirement === 'Physical' ? 'Physical exam' : 'Immunizations'}</Text>
            <Badge
              color={item.status === 'Complete' ? 'oak.8' : item.status === 'Expiring' ? 'honey.9' : 'red.8'}
              variant="filled"
              radius="sm"
              tt="none"
            >
              {item.status === 'Expiring' ? `Runs out ${day(item.expiresOn ?? '')}` : item.status}
            </Badge>
            {item.missingDoses.length > 0 ? (
              <Text size="sm">
                Short:{' '}
                {item.missingDoses.map((d) => `${VACCINE[d.vaccine]} ${d.have} of ${d.need}`).join(', ')}
              </Text>
            ) : null}
          </Group>
        ))}
      </Part>

      <Part id="staff-health-allergies" title="Allergies">
        {r.allergies.length === 0 ? (
          <Text>No allergies on file.</Text>
        ) : (
          <List>
            {r.allergies.map((a) => (
              <List.Item key={a}>{a}</List.Item>
            ))}
          </List>
        )}
      </Part>

      <Part id="staff-health-doses" title="Immunizations">
        <CheckControl
          check={r.checks.Immunizations}
          what="immunizations"
          busy={busy('Immunizations:')}
          onChange={(checked) => check.mutate({ record: 'Immunizations', checked })}
        />
        {r.doses.length === 0 ? (
          <Text>No doses recorded.</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Caption>Doses recorded by the family</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Vaccine</Table.Th>
                  <Table.Th scope="col">Date given</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.doses.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{VACCINE[d.vaccine]}</Table.Td>
                    <Table.Td>{day(d.givenOn)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {r.scheduleGaps.length > 0 ? (
          <Text size="sm">
            Short of the CDC schedule for this age:{' '}
            {r.scheduleGaps.map((g) => `${VACCINE[g.vaccine]} ${g.have} of ${g.need}`).join(', ')}
          </Text>
        ) : null}
      </Part>

      <Part id="staff-health-physical" title="Physical exam">
        <CheckControl
          check={r.checks.Physical}
          what="the physical exam"
          busy={busy('Physical:')}
          onChange={(checked) => check.mutate({ record: 'Physical', checked })}
        />
        <Text>{r.physicalOn ? `Last exam on ${day(r.physicalOn)}` : 'No physical exam recorded.'}</Text>
      </Part>

      <Part id="staff-health-profile" title="Doctor, insurance, diet and medications">
        <CheckControl
          check={r.checks.Profile}
          what="these details"
          busy={busy('Profile:')}
          onChange={(checked) => check.mutate({ record: 'Profile', checked })}
        />
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">Physician</Table.Th>
              <Table.Td>
                {r.profile.physicianName || '—'}
                {r.profile.physicianPhone ? ` · ${r.profile.physicianPhone}` : ''}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Insurance</Table.Th>
              <Table.Td>
                {r.profile.insuranceCarrier || '—'}
                {r.profile.insuranceMemberId ? ` · member ${r.profile.insuranceMemberId}` : ''}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Dietary needs</Table.Th>
              <Table.Td>{r.profile.dietaryNeeds || '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">Medications</Table.Th>
              <Table.Td>{r.profile.medications.length > 0 ? r.profile.medications.join('; ') : '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Part>

      <Part id="staff-health-documents" title="Documents">
        {r.documents.length === 0 ? <Text>No documents uploaded.</Text> : null}
        {r.documents.map((doc) => (
          <Card key={doc.id} withBorder padding="sm" radius="sm">
            <Stack gap={4}>
              <Text fw={600}>
                {KIND[doc.kind]} · {doc.fileName}
              </Text>
              <Text size="sm">
                {doc.expiresOn ? `Valid until ${day(doc.expiresOn)}` : 'Does not run out'} · uploaded{' '}
                {day(doc.uploaded)}
              </Text>
              <Group gap="sm">
                <Anchor href={doc.url} target="_blank" rel="noopener" underline="always">
                  Open {doc.fileName}
                </Anchor>
                <Anchor href={doc.downloadUrl} underline="always">
                  Download {doc.fileName}
                </Anchor>
              </Group>
              <CheckControl
                check={doc.check}
                what={doc.fileName}
                busy={busy(`Document:${doc.id}`)}
                onChange={(checked) => check.mutate({ record: 'Document', documentId: doc.id, checked })}
              />
            </Stack>
          </Card>
        ))}
      </Part>
    </Stack>
  );
}
