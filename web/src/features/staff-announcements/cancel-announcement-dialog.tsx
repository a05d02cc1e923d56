import { Button, Group, Modal, Text } from '@mantine/core';

/** "Cancel announcement" asks first: before it goes out nobody receives it; after, it leaves the web pages. */
export function CancelAnnouncementDialog({
  opened,
  sent,
  cancelling,
  onCancel,
  onClose,
}: {
  opened: boolean;
  sent: boolean;
  cancelling: boolean;
  onCancel: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={sent ? 'Take it off the web?' : 'Cancel it before it goes out?'}
      centered
    >
      <Text size="sm" mb="md">
        {sent
          ? 'It already went out by email and text. Cancelling takes it off the families’ web pages.'
          : 'Nobody will receive it. This cannot be undone.'}
      </Text>
      <Group gap="sm">
        <Button color="red" loading={cancelling} onClick={onCancel} data-autofocus>
          Yes, cancel it
        </Button>
        <Button variant="default" onClick={onClose}>
          Keep it
        </Button>
      </Group>
    </Modal>
  );
}
