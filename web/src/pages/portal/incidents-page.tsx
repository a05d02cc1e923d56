/**
 * /dashboard/incidents (issue 26, part 3): the family's incident reports, newest first, each naming only the
 * family's own children, marked signed or waiting for a signature, and opening the report.
 */
import { routes } from '@lc/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { incidentQueries } from '../../api/queries/incidents.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { incidentWhen } from '../../features/incidents/format.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

export default function IncidentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('incidents.family.listTitle'));
  const list = useQuery(incidentQueries.familyList());
  return (
    <Stack gap="lg" pt="xl" maw={760}>
      <div>
        <Title order={1}>{t('incidents.family.listTitle')}</Title>
        <Text mt="xs" maw="65ch">
          {t('incidents.family.listIntro')}
        </Text>
      </div>
      {list.status === 'pending' ? <Loading label={t('incidents.family.loading')} /> : null}
      {list.status === 'error' ? (
        <LoadFailed message={t('incidents.family.loadFailed')} retry={() => void list.refetch()} />
      ) : null}
      {list.status === 'success' && list.data.incidents.length === 0 ? (
        <Text>{t('incidents.family.none')}</Text>
      ) : null}
      {list.status === 'success' && list.data.incidents.length > 0 ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.data.incidents.map((incident) => (
            <Card component="li" key={incident.id} withBorder radius="md" padding="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={700}>
                    {incident.childNames.join(', ')} · {t(`incidents.kinds.${incident.kind}`)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {incident.sessionName}
                  </Text>
                </div>
                <Group gap="xs">
                  {incident.urgent ? (
                    <Badge color="red.8" variant="filled" tt="none">
                      {t('incidents.urgent')}
                    </Badge>
                  ) : null}
                  <Badge color={incident.acknowledged ? 'oak.8' : 'honey.9'} variant="filled" tt="none">
                    {incident.acknowledged ? t('incidents.family.signed') : t('incidents.family.toSign')}
                  </Badge>
                </Group>
              </Group>
              <Anchor component={Link} to={routes.incident(incident.id)} mt="xs" display="inline-block">
                {t('incidents.family.open', { when: incidentWhen(incident.occurredAt) })}
              </Anchor>
            </Card>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
