import { routes } from '@lc/contract';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { conversationQueries } from '../../api/queries/conversations';
import { NotificationSettingsForm } from '../../features/conversations/notification-settings-form';
import { ThisDeviceSection } from '../../features/push/this-device-section';
import classes from '../../features/staff/staff.module.css';
import { usePageTitle } from '../../layout/use-page-title';

/** /staff/notifications (issue 25): how a staff member hears about families' messages, and their quiet hours. */
export default function StaffNotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('conversations.settings.title'));
  const settings = useQuery(conversationQueries.notificationSettings());
  return (
    <Stack gap="lg" mt="lg" className={classes.page} maw={760}>
      <Anchor component={Link} to={routes.staffMessages} size="sm">
        {t('conversations.backToMessages')}
      </Anchor>
      <div>
        <Title order={1}>{t('conversations.settings.title')}</Title>
        <Text c="dimmed" maw="65ch">
          {t('conversations.settings.staffIntro')}
        </Text>
      </div>
      {settings.isPending ? <Text role="status">{t('conversations.settings.loading')}</Text> : null}
      {settings.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('conversations.settings.loadFailed')}>
          {t('conversations.staff.checkConnection')}
        </Alert>
      ) : null}
      {settings.data ? (
        <NotificationSettingsForm
          settings={settings.data}
          noNumber={t('conversations.settings.noNumberStaff')}
        />
      ) : null}
      <ThisDeviceSection />
    </Stack>
  );
}
