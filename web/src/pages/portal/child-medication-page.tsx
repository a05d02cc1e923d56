/**
 * /dashboard/children/:studentId/medication (issue 26; decision 040): every dose of medicine the center gave
 * the family's child, newest first — what and how much, when, in which session, who gave it, the note, and
 * whose signed authorization it was given under; a corrected entry says so, a voided one gives the reason.
 * Linked from the child's health record. Another family's child answers "not found".
 */
import { routes } from '@lc/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { medicationQueries } from '../../api/queries/medication.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { doseWhen, signedDay } from '../../features/medication/format.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

export default function ChildMedicationPage() {
  const { t } = useTranslation();
  const { studentId = '' } = useParams();
  const log = useQuery(medicationQueries.family(studentId));
  const name = log.data?.firstName ?? '';
  usePageTitle(name ? t('medication.family.title', { name }) : t('medication.family.loading'));

  if (log.status === 'pending') return <Loading label={t('medication.family.loading')} />;
  if (log.status === 'error')
    return isNotFound(log.error) ? (
      <RecordNotFound
        title={t('medication.family.notFound')}
        backTo={routes.myStudents}
        backLabel={t('medication.family.back')}
      >
        {t('medication.family.notFound')}
      </RecordNotFound>
    ) : (
      <Stack pt="xl">
        <LoadFailed message={t('medication.family.loadFailed')} retry={() => void log.refetch()} />
      </Stack>
    );

  return (
    <Stack gap="lg" pt="xl" maw={760}>
      <div>
        <Anchor component={Link} to={routes.childHealth(studentId)} size="sm">
          {t('medication.family.back')}
        </Anchor>
        <Title order={1} mt={4}>
          {t('medication.family.title', { name })}
        </Title>
        <Text mt={4} maw="65ch">
          {t('medication.family.intro', { name })}
        </Text>
      </div>
      {log.data.doses.length === 0 ? (
        <Text>{t('medication.family.empty', { name })}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {log.data.doses.map((dose) => (
            <Card key={dose.id} component="li" withBorder padding="md" radius="md">
              <Stack gap={4}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} td={dose.voidedAt ? 'line-through' : undefined}>
                    {dose.medication}, {dose.dose}
                  </Text>
                  {dose.corrected ? (
                    <Badge color="gray.7" variant="filled" tt="none">
                      {t('medication.family.corrected')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm">
                  {t('medication.family.when', {
                    when: doseWhen(dose.givenAt),
                    session: dose.sessionName,
                    giver: dose.givenBy,
                  })}
                </Text>
                {dose.note ? <Text size="sm">{t('medication.family.note', { note: dose.note })}</Text> : null}
                {dose.voidedAt ? (
                  <Text size="sm" fw={600}>
                    {t('medication.family.voided', { reason: dose.voidReason ?? '' })}
                  </Text>
                ) : null}
                <Text size="sm" c="dimmed">
                  {t('medication.family.authorized', {
                    signer: dose.authorizedBy,
                    date: signedDay(dose.authorizedAt),
                  })}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
