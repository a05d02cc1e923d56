/**
 * /dashboard/children/:studentId/health (issue 26; decision 035): a child's health record for the family —
 * what the center still needs for the child's programs (and what runs out when), the immunizations with the
 * CDC schedule's gaps for the child's age, the physical exam, the doctor, insurance, diet and medications, the
 * documents (opened through signed links) and the allergies on file. Each part says whether our staff have
 * checked it; a change makes them check it again.
 */
import { routes } from '@lc/contract';
import { Anchor, Button, Card, Group, List, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { removeDose, removeHealthDocument } from '../../api/child-health.ts';
import { healthQueries } from '../../api/queries/child-health.ts';
import { healthKeys } from '../../api/query-keys.ts';
import {
  DocumentForm,
  DoseForm,
  PhysicalForm,
  ProfileForm,
} from '../../features/child-health/health-forms.tsx';
import { CheckLine, ComplianceLine, healthDay } from '../../features/child-health/health-parts.tsx';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
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

export default function ChildHealthPage() {
  const { t } = useTranslation();
  const { studentId = '' } = useParams();
  const queryClient = useQueryClient();
  const health = useQuery(healthQueries.child(studentId));
  const name = health.data?.firstName ?? '';
  usePageTitle(name ? t('health.page.title', { name }) : t('health.page.loading'));
  const afterChange = (message: string) => ({
    onSuccess: (record: Awaited<ReturnType<typeof removeDose>>) => {
      queryClient.setQueryData(healthKeys.child(studentId), record);
      void queryClient.invalidateQueries({ queryKey: healthKeys.summary() });
      notifySuccess(message);
    },
    onError: () => notifyError(t('health.page.loadFailed')),
  });
  const dropDose = useMutation({
    mutationFn: (doseId: string) => removeDose(studentId, doseId),
    ...afterChange(t('health.doses.removed')),
  });
  const dropDocument = useMutation({
    mutationFn: (documentId: string) => removeHealthDocument(studentId, documentId),
    ...afterChange(t('health.documents.removed')),
  });

  if (health.status === 'pending') return <Loading label={t('health.page.loading')} />;
  if (health.status === 'error')
    return isNotFound(health.error) ? (
      <RecordNotFound
        title={t('health.page.notFound')}
        backTo={routes.myStudents}
        backLabel={t('health.page.back')}
      >
        {t('health.page.notFound')}
      </RecordNotFound>
    ) : (
      <Stack pt="xl">
        <LoadFailed message={t('health.page.loadFailed')} retry={() => void health.refetch()} />
      </Stack>
    );

  const record = health.data;
  const open = record.compliance.filter((i) => i.status !== 'Complete');
  return (
    <Stack gap="lg" pt="xl" maw={860}>
      <div>
        <Title order={1}>{t('health.page.title', { name })}</Title>
        <Text mt={4} maw="65ch">
          {t('health.page.intro', { name })}
        </Text>
        <Anchor component={Link} to={routes.childMedication(studentId)} mt="xs" display="inline-block">
          {t('medication.family.link')}
        </Anchor>
      </div>

      <Section id="health-needs" title={t('health.page.needsHeading')}>
        {record.programs.length === 0 ? (
          <Text>{t('health.page.needsNoPrograms', { name })}</Text>
        ) : (
          <>
            <Text size="sm">{t('health.page.forPrograms', { programs: record.programs.join(', ') })}</Text>
            {open.length === 0 ? <Text>{t('health.page.needsNone', { name })}</Text> : null}
            <Stack gap="sm">
              {record.compliance.map((item) => (
                <ComplianceLine key={item.requirement} item={item} />
              ))}
            </Stack>
          </>
        )}
      </Section>

      <Section id="health-doses" title={t('health.doses.heading')}>
        <CheckLine check={record.checks.Immunizations} />
        {record.doses.length === 0 ? (
          <Text>{t('health.doses.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={360}>
            <Table>
              <Table.Caption>{t('health.doses.tableCaption', { name })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('health.doses.vaccine')}</Table.Th>
                  <Table.Th scope="col">{t('health.doses.givenOn')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('health.doses.remove')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {record.doses.map((dose) => (
                  <Table.Tr key={dose.id}>
                    <Table.Td>{t(`health.vaccine.${dose.vaccine}`)}</Table.Td>
                    <Table.Td>{healthDay(dose.givenOn)}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={t('health.doses.removeLabel', {
                          vaccine: t(`health.vaccine.${dose.vaccine}`),
                          date: healthDay(dose.givenOn),
                        })}
                        loading={dropDose.isPending && dropDose.variables === dose.id}
                        onClick={() => dropDose.mutate(dose.id)}
                      >
                        {t('health.doses.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {record.scheduleGaps.length > 0 ? (
          <div>
            <Text fw={600} size="sm">
              {t('health.page.scheduleHeading', { name })}
            </Text>
            <List size="sm">
              {record.scheduleGaps.map((gap) => (
                <List.Item key={gap.vaccine}>
                  {t('health.page.scheduleGap', {
                    vaccine: t(`health.vaccine.${gap.vaccine}`),
                    have: gap.have,
                    need: gap.need,
                  })}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        <DoseForm studentId={studentId} />
      </Section>

      <Section id="health-physical" title={t('health.physical.heading')}>
        <CheckLine check={record.checks.Physical} />
        <PhysicalForm key={record.physicalOn ?? 'none'} studentId={studentId} examOn={record.physicalOn} />
      </Section>

      <Section id="health-profile" title={t('health.profile.heading')}>
        <CheckLine check={record.checks.Profile} />
        <ProfileForm key={JSON.stringify(record.profile)} record={record} />
      </Section>

      <Section id="health-documents" title={t('health.documents.heading')}>
        <Text size="sm" maw="65ch">
          {t('health.documents.intro', { name })}
        </Text>
        {record.documents.length === 0 ? <Text>{t('health.documents.empty')}</Text> : null}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {record.documents.map((doc) => (
            <Card key={doc.id} component="li" withBorder padding="sm" radius="sm">
              <Stack gap={4}>
                <Text fw={600}>
                  {t(`health.kind.${doc.kind}`)} · {doc.fileName}
                </Text>
                <Text size="sm">
                  {doc.expiresOn
                    ? t('health.documents.validUntil', { date: healthDay(doc.expiresOn) })
                    : t('health.documents.noExpiry')}{' '}
                  · {t('health.documents.uploadedOn', { date: healthDay(doc.uploaded.slice(0, 10)) })}
                </Text>
                <CheckLine check={doc.check} />
                <Group gap="sm">
                  <Anchor href={doc.url} target="_blank" rel="noopener" underline="always">
                    {t('health.documents.open')}
                  </Anchor>
                  <Anchor href={doc.downloadUrl} underline="always">
                    {t('health.documents.download')}
                  </Anchor>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    aria-label={t('health.documents.removeLabel', { file: doc.fileName })}
                    loading={dropDocument.isPending && dropDocument.variables === doc.id}
                    onClick={() => dropDocument.mutate(doc.id)}
                  >
                    {t('health.documents.remove')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
        <DocumentForm studentId={studentId} />
      </Section>

      <Section id="health-allergies" title={t('health.allergies.heading')}>
        {record.allergies.length === 0 ? (
          <Text>{t('health.allergies.none')}</Text>
        ) : (
          <List>
            {record.allergies.map((a) => (
              <List.Item key={a}>{a}</List.Item>
            ))}
          </List>
        )}
        <Anchor component={Link} to={routes.newAllergy(studentId)} underline="always">
          {t('health.allergies.add')}
        </Anchor>
      </Section>
    </Stack>
  );
}
