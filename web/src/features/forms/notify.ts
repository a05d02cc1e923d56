import { notifications } from '@mantine/notifications';
import { i18n } from '../../i18n/i18n.ts';

/**
 * The toast's close button has a name (Mantine's has none: axe button-name), in the language shown. A
 * function, so each toast reads the language at the moment it is shown.
 */
const closeButtonProps = () => ({ 'aria-label': i18n.t('toast.close') });

/** A success toast (shown at top center, spec §1). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({
    color: 'green',
    title,
    message,
    position: 'top-center',
    closeButtonProps: closeButtonProps(),
  });
}

/** An error toast (spec §8: every failure shows its generic message). */
export function notifyError(message: string, title?: string): void {
  notifications.show({
    color: 'red',
    title,
    message,
    position: 'top-center',
    autoClose: 8000,
    closeButtonProps: closeButtonProps(),
  });
}
