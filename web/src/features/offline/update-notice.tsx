/**
 * The polite notice that a new version of the app is ready (issue 25): a toast that stays until the person
 * chooses, in their language, with a "Reload" button that switches to the new version.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../../i18n/i18n.ts';

/** The notice's id: shown once however many times the worker reports a waiting version. */
export const UPDATE_NOTICE_ID = 'app-update';

/** Show the notice; `reload` runs when the person presses "Reload". */
export function showUpdateNotice(reload: () => void): void {
  const t = i18n.t.bind(i18n);
  notifications.show({
    id: UPDATE_NOTICE_ID,
    title: t('offline.updateTitle'),
    color: 'oak',
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': t('toast.close') },
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap" mt={4}>
        <Text size="sm">{t('offline.updateText')}</Text>
        <Button
          size="xs"
          onClick={() => {
            notifications.hide(UPDATE_NOTICE_ID);
            reload();
          }}
        >
          {t('offline.reload')}
        </Button>
      </Group>
    ),
  });
}
