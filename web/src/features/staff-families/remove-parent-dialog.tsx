import type { FamilyParent } from '@lc/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { removeFromFamily } from '../../api/staff-families';
import { notifySuccess } from '../forms/notify';
import { StaffDialog } from '../staff/staff-dialog';

/**
 * The director takes a parent out of the family they share (issue 13): they lose the children and contacts,
 * the other parents keep them, and everyone is emailed.
 */
export function RemoveParentDialog({
  parent,
  onClose,
  onRemoved,
}: {
  parent: FamilyParent | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = parent ? `${parent.firstName} ${parent.lastName}` : '';
  return (
    <StaffDialog
      opened={parent !== null}
      onClose={() => {
        if (busy) return;
        setError(null);
        onClose();
      }}
      title={`Remove ${name} from the family?`}
    >
      <Stack>
        <Text size="sm">
          {name} will no longer see or manage the family’s children, contacts, places or announcements. The
          other parents keep everything. {name} keeps their own account, payments and receipts. We email
          everyone.
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Keep {parent?.firstName}
          </Button>
          <Button
            color="red"
            loading={busy}
            onClick={async () => {
              if (!parent) return;
              setBusy(true);
              setError(null);
              try {
                await removeFromFamily(parent.userId);
                notifySuccess(`${name} no longer shares this family.`);
                onClose();
                onRemoved();
              } catch (failure) {
                setError(
                  failure instanceof ApiError ? failure.message : 'We could not do that. Please try again.',
                );
              } finally {
                setBusy(false);
              }
            }}
          >
            Remove from family
          </Button>
        </Group>
      </Stack>
    </StaffDialog>
  );
}
