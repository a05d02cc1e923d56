import type { PushDevice, PushSubscriptionInput } from '@lc/contract';
import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { removePushDevice, sendTestPush, subscribePush } from '../../api/push.ts';
import { pushQueries } from '../../api/queries/push.ts';
import { pushKeys } from '../../api/query-keys.ts';
import { intlLocale } from '../../i18n/intl-locale.ts';
import { failureMessage } from '../forms/feedback.ts';
import { notifyError, notifySuccess } from '../forms/notify.ts';
import {
  PushSetupError,
  pushPermission,
  pushSupport,
  subscribeThisDevice,
  thisDeviceEndpoint,
  unsubscribeThisDevice,
} from './device-push.ts';

/**
 * "This device" on both notification settings pages (issue 25 "On the phone"; decision 034): what web push
 * brings, a button that asks the browser's permission (only when pressed) and subscribes through the service
 * worker with the center's VAPID key, the person's devices with Remove, and "Send a test". When this browser
 * cannot (no push support; an iPhone outside the Home Screen app; permission refused) it says so plainly and
 * offers no button that would fail.
 */
export function ThisDeviceSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const devices = useQuery(pushQueries.devices());
  const [support] = useState(() => pushSupport());
  const [permission, setPermission] = useState(() => pushPermission());
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [setupProblem, setSetupProblem] = useState<'no-worker' | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    void thisDeviceEndpoint().then((found) => {
      if (live) setEndpoint(found);
    });
    return () => {
      live = false;
    };
  }, []);

  const name = (device: PushDevice) =>
    t('conversations.device.deviceName', { browser: device.browser, system: device.system });

  const turnOn = useMutation({
    mutationFn: async () => {
      const { publicKey } = await queryClient.fetchQuery(pushQueries.key());
      const subscription = await subscribeThisDevice(publicKey);
      return subscribePush(subscription as PushSubscriptionInput);
    },
    onMutate: () => setSetupProblem(null),
    onSuccess: (device) => {
      setPermission('granted');
      setEndpoint(device.endpoint);
      notifySuccess(t('conversations.device.turnedOn'));
      return queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    },
    onError: (error) => {
      if (error instanceof PushSetupError && error.reason === 'denied') {
        setPermission('denied');
        return;
      }
      setSetupProblem(error instanceof PushSetupError ? 'no-worker' : 'failed');
    },
  });
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      await removePushDevice(device.id);
      if (device.endpoint === endpoint) {
        await unsubscribeThisDevice();
        setEndpoint(null);
      }
      return device;
    },
    onSuccess: (device) => {
      notifySuccess(t('conversations.device.removed', { device: name(device) }));
      return queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    },
    onError: (error) => notifyError(failureMessage(error, t('conversations.device.removeFailed'))),
  });
  const test = useMutation({
    mutationFn: sendTestPush,
    onSuccess: (result) => {
      if (result.sent > 0) notifySuccess(t('conversations.device.testSent', { count: result.sent }));
      else notifyError(t('conversations.device.testNone'));
      if (result.removed > 0) return queryClient.invalidateQueries({ queryKey: pushKeys.devices() });
    },
    onError: (error) => notifyError(failureMessage(error, t('conversations.device.testFailed'))),
  });

  const list = devices.data?.devices ?? [];
  const thisOneOn = endpoint !== null && list.some((d) => d.endpoint === endpoint);
  const dateFormat = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="this-device">
      <Title order={2} size="h3" id="this-device" mb={6}>
        {t('conversations.device.heading')}
      </Title>
      <Stack gap="md">
        <Text size="sm" maw="65ch">
          {t('conversations.device.intro')}
        </Text>
        {support === 'install-first' ? (
          <Alert color="blue" variant="light">
            {/* The heading in the body's colour: a light alert's coloured title is too faint in light mode. */}
            <Text fw={700}>{t('conversations.device.installTitle')}</Text>
            <Text size="sm">{t('conversations.device.iosInstall')}</Text>
          </Alert>
        ) : null}
        {support === 'unsupported' ? (
          <Alert color="gray" variant="light">
            {/* The heading in the body's colour: a light alert's coloured title is too faint in light mode. */}
            <Text fw={700}>{t('conversations.device.unsupportedTitle')}</Text>
            <Text size="sm">{t('conversations.device.unsupported')}</Text>
          </Alert>
        ) : null}
        {support === 'supported' && permission === 'denied' ? (
          <Alert color="yellow" variant="light" role="status">
            {/* The heading in the body's colour: a light alert's coloured title is too faint in light mode. */}
            <Text fw={700}>{t('conversations.device.deniedTitle')}</Text>
            <Text size="sm">{t('conversations.device.denied')}</Text>
          </Alert>
        ) : null}
        {setupProblem ? (
          <Alert color="red" variant="light" role="alert" title={t('conversations.device.failedTitle')}>
            {t(
              setupProblem === 'no-worker' ? 'conversations.device.noWorker' : 'conversations.device.failed',
            )}
          </Alert>
        ) : null}
        {support === 'supported' && permission !== 'denied' ? (
          thisOneOn ? (
            <Text fw={600} role="status">
              {t('conversations.device.on')}
            </Text>
          ) : (
            <Group>
              <Button onClick={() => turnOn.mutate()} loading={turnOn.isPending}>
                {t('conversations.device.turnOn')}
              </Button>
            </Group>
          )
        ) : null}

        <div>
          <Title order={3} size="h5" mb="xs">
            {t('conversations.device.devicesHeading')}
          </Title>
          {devices.isPending ? <Text role="status">{t('conversations.device.loading')}</Text> : null}
          {devices.isError ? (
            <Alert color="red" variant="light" role="alert" title={t('conversations.device.loadFailed')}>
              {failureMessage(devices.error, t('conversations.staff.checkConnection'))}
            </Alert>
          ) : null}
          {devices.isSuccess && list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('conversations.device.noDevices')}
            </Text>
          ) : null}
          {list.length > 0 ? (
            <List listStyleType="none" spacing="sm" p={0}>
              {list.map((device) => (
                <List.Item key={device.id}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <div>
                      <Text fw={600}>
                        {name(device)}
                        {device.endpoint === endpoint ? ` · ${t('conversations.device.thisDevice')}` : ''}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t('conversations.device.added', {
                          date: dateFormat.format(new Date(device.created)),
                        })}
                      </Text>
                    </div>
                    <Button
                      variant="default"
                      size="xs"
                      aria-label={t('conversations.device.removeLabel', { device: name(device) })}
                      loading={remove.isPending && remove.variables?.id === device.id}
                      onClick={() => remove.mutate(device)}
                    >
                      {t('conversations.device.remove')}
                    </Button>
                  </Group>
                </List.Item>
              ))}
            </List>
          ) : null}
        </div>
        {list.length > 0 ? (
          <Group>
            <Button variant="light" onClick={() => test.mutate()} loading={test.isPending}>
              {t('conversations.device.sendTest')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
