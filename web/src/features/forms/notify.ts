import { notifications } from '@mantine/notifications';

/** A success toast (shown at top center, spec §1). */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, position: 'top-center' });
}

/** An error toast (spec §8: every failure shows its generic message). */
export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', title, message, position: 'top-center', autoClose: 8000 });
}
