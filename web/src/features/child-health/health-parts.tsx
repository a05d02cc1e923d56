/**
 * The parts of a child's health record a family reads and fills in (issue 26; decision 035): what the center
 * still needs, the staff's check of each part, and the vaccines' and documents' names in the reader's
 * language. Parent-side code: the staff pages write their own English (decision 015).
 */
import type { ComplianceItem, HealthCheck } from '@lc/contract';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { formatDay } from '../class-sessions/format.ts';

/** An ISO day as "Jan 5, 2027" in the reader's language. */
export const healthDay = (iso: string) => formatDay(iso, { withYear: true, locale: intlLocale() });

/** One requirement with its status badge and what is short. */
export function ComplianceLine({ item }: { item: ComplianceItem }) {
  const { t } = useTranslation();
  const color = item.status === 'Complete' ? 'oak.8' : item.status === 'Expiring' ? 'honey.9' : 'red.8';
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{t(`health.requirement.${item.requirement}`)}</Text>
        <Badge color={color} variant="filled" radius="sm" tt="none">
          {t(`health.status.${item.status}`, { date: item.expiresOn ? healthDay(item.expiresOn) : '' })}
        </Badge>
        {item.status !== 'Complete' ? (
          <Text size="sm" c="dimmed">
            {t(`health.mode.${item.mode}`)}
          </Text>
        ) : null}
      </Group>
      {item.missingDoses.length > 0 ? (
        <List size="sm" spacing={2}>
          {item.missingDoses.map((d) => (
            <List.Item key={d.vaccine}>
              {t('health.page.dosesShort', {
                vaccine: t(`health.vaccine.${d.vaccine}`),
                have: d.have,
                need: d.need,
              })}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

/** "Checked by … on …" or "Not checked yet", for one part of the record. */
export function CheckLine({ check }: { check: HealthCheck }) {
  const { t } = useTranslation();
  if (!check)
    return (
      <Text size="sm" c="dimmed">
        {t('health.page.notChecked')}
      </Text>
    );
  const date = healthDay(check.checkedAt.slice(0, 10));
  return (
    <Text size="sm" fw={600}>
      {check.checkedBy
        ? t('health.page.checked', { person: check.checkedBy, date })
        : t('health.page.checkedBySomeone', { date })}
    </Text>
  );
}
