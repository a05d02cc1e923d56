import { routes } from '@lc/contract';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { conversationQueries } from '../../api/queries/conversations.ts';
import { NotificationSettingsForm } from '../../features/conversations/notification-settings-form.tsx';
import { DailySummarySwitch } from '../../features/day-feed/daily-summary-switch.tsx';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { ThisDeviceSection } from '../../features/push/this-device-section.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /dashboard/notifications (issue 25): how a parent hears about the center's messages, their quiet hours, and the
 * daily summary of their children's day (opt-in).
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('conversations.settings.title'));
  const settings = useQuery(conversationQueries.notificationSettings());
  return (
    <Stack gap="lg" pt="xl" maw={760}>
      <div>
        <Anchor component={Link} to={routes.messages} size="sm">
          {t('conversations.backToMessages')}
        </Anchor>
        <Title order={1} mt="xs">
          {t('conversations.settings.title')}
        </Title>
        <Text mt={4} maw="65ch">
          {t('conversations.settings.intro')}
        </Text>
      </div>
      {settings.status === 'pending' ? <Loading label={t('conversations.settings.loading')} /> : null}
      {settings.status === 'error' ? (
        <LoadFailed message={t('conversations.settings.loadFailed')} retry={() => settings.refetch()} />
      ) : null}
      {settings.status === 'success' ? (
        <NotificationSettingsForm
          settings={settings.data}
          noNumber={t('conversations.settings.noNumberFamily')}
        />
      ) : null}
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="daily-summary-heading">
        <Title order={2} size="h3" id="daily-summary-heading" mb="sm">
          {t('conversations.settings.dailyHeading')}
        </Title>
        <DailySummarySwitch />
      </Card>
      <ThisDeviceSection />
    </Stack>
  );
}
