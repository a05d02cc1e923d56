/**
 * The dashboard's notice of incident reports the family has not signed yet (issue 26): one line per report
 * (the family's own children, the kind, when) with a link to read and sign it. Nothing when all are signed.
 */
import { routes } from '@lc/contract';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { incidentQueries } from '../../api/queries/incidents.ts';
import { incidentWhen } from './format.ts';

/** An alert's title in the body colour: the tinted title colours are too faint on their tint (axe). */
const TITLE_READS = { title: { color: 'var(--mantine-color-text)' } };

export function IncidentNotice() {
  const { t } = useTranslation();
  const list = useQuery(incidentQueries.familyList());
  const waiting = list.data?.incidents.filter((i) => !i.acknowledged) ?? [];
  if (waiting.length === 0) return null;
  return (
    <Alert
      styles={TITLE_READS}
      color="honey"
      variant="light"
      title={t('incidents.family.noticeTitle', { count: waiting.length })}
      role="region"
      aria-label={t('incidents.family.noticeTitle', { count: waiting.length })}
    >
      <Stack gap="xs">
        <List spacing={4}>
          {waiting.map((incident) => (
            <List.Item key={incident.id}>
              <Text span>
                {t('incidents.family.noticeBody', {
                  children: incident.childNames.join(', '),
                  kind: t(`incidents.kinds.${incident.kind}`),
                  when: incidentWhen(incident.occurredAt),
                })}{' '}
              </Text>
              <Anchor component={Link} to={routes.incident(incident.id)} underline="always">
                {t('incidents.family.noticeLink')}
              </Anchor>
            </List.Item>
          ))}
        </List>
        <Anchor component={Link} to={routes.incidents} underline="always" size="sm">
          {t('incidents.family.allReports')}
        </Anchor>
      </Stack>
    </Alert>
  );
}
