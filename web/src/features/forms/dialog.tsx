import { Alert, Button, Group, Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog titled `title`, for the staff's screens and the family's alike (a Mantine modal, named by its title, focus trapped, Escape closes). Built from
 * the compound parts so its header row is not a second `<header>` landmark beside the site's (axe:
 * landmark-unique, landmark-no-duplicate-banner), and the close button has a name: `closeLabel`, "Close"
 * unless a family's page gives it in the family's language (`FamilyDialog`).
 */
export function AppDialog({
  opened,
  onClose,
  title,
  size,
  closeLabel = 'Close',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalRootProps['size'];
  closeLabel?: string;
  children: ReactNode;
}) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="presentation">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/**
 * The foot of a staff dialog's form: the request's failure (if any) as an alert, then Cancel (`cancelLabel`
 * on a family's page) and the submit button (`danger` makes it red, for money going back or a seat given up).
 * With `onSubmit` the last button is a plain button that calls it, for a step that is not a form (a review).
 */
export function DialogActions({
  failure,
  onCancel,
  submit,
  danger = false,
  submitting,
  cancelLabel = 'Cancel',
  onSubmit,
}: {
  failure?: string | null;
  onCancel: () => void;
  submit: string;
  danger?: boolean;
  submitting: boolean;
  cancelLabel?: string;
  onSubmit?: () => void;
}) {
  return (
    <>
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          type={onSubmit ? 'button' : 'submit'}
          color={danger ? 'red' : undefined}
          loading={submitting}
          onClick={onSubmit}
        >
          {submit}
        </Button>
      </Group>
    </>
  );
}
