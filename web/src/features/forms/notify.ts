import { notifications } from '@mantine/notifications';

/** The toast's close button has a name (Mantine's has none: axe button-name). */
const closeButtonProps = { 'aria-label': 'Close message' };

/** A success toast (shown at top center, spec §1). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, position: 'top-center', closeButtonProps });
}

/** An error toast (spec §8: every failure shows its generic message). */
export function notifyError(message: string, title?: string): void {
  notifications.show({
    color: 'red',
    title,
    message,
    position: 'top-center',
    autoClose: 8000,
    closeButtonProps,
  });
}
