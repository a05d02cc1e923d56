/**
 * The dashboard's "Health records" card (issue 26; decision 035): per child, what their programs still need
 * or what runs out soon, with a link to the child's health page. Shown only when something is open, so a
 * family with everything in order is not asked to look.
 */
import { routes } from '@lc/contract';
import { Anchor, Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { healthQueries } from '../../api/queries/child-health.ts';
import { ComplianceLine } from './health-parts.tsx';

export function HealthRecordsCard() {
  const { t } = useTranslation();
  const summary = useQuery(healthQueries.summary());
  if (summary.status !== 'success' || summary.data.children.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="health-records">
      <Stack gap="md">
        <Title order={2} size="h3" id="health-records">
          {t('health.card.heading')}
        </Title>
        {summary.data.children.map((child) => (
          <Stack key={child.studentId} gap="xs">
            <Title order={3} size="h4">
              {child.firstName}
            </Title>
            {child.items.map((item) => (
              <ComplianceLine key={item.requirement} item={item} />
            ))}
            <Anchor component={Link} to={routes.childHealth(child.studentId)} underline="always">
              {t('health.card.open', { name: child.firstName })}
            </Anchor>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
