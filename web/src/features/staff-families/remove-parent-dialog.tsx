import type { FamilyParent } from '@lc/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { removeFromFamily } from '../../api/staff-families';
import { failureMessage } from '../forms/feedback';
import { FormFailure, useSubmit } from '../forms/use-submit';
import { StaffDialog } from '../staff/staff-dialog';

/**
 * The director takes a parent out of the family they share (issue 13): they lose the children and contacts,
 * the other parents keep them, and everyone is emailed. The dialog cannot be closed while the removal is
 * under way; its title and text stay put while it closes (the parent is already gone by then).
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
  const shown = useRef(parent);
  if (parent) shown.current = parent;
  const form = useForm();
  const busy = form.formState.isSubmitting;
  const name = shown.current ? `${shown.current.firstName} ${shown.current.lastName}` : '';
  return (
    <StaffDialog
      opened={parent !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={`Remove ${name} from the family?`}
    >
      {shown.current ? (
        <RemoveParentForm form={form} parent={shown.current} onClose={onClose} onRemoved={onRemoved} />
      ) : null}
    </StaffDialog>
  );
}

/**
 * The confirmation, a form of the kit (docs/architecture.md, "Forms") with no field: a refusal shows in its
 * alert, which goes with the dialog when it closes (its content is unmounted).
 */
function RemoveParentForm({
  form,
  parent,
  onClose,
  onRemoved,
}: {
  form: UseFormReturn;
  parent: FamilyParent;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const name = `${parent.firstName} ${parent.lastName}`;
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: () => removeFromFamily(parent.userId),
    fields: [],
    success: `${name} no longer shares this family.`,
    onSuccess: () => {
      onClose();
      onRemoved();
    },
    alert: (error) => failureMessage(error, 'We could not do that. Please try again.'),
  });
  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <Text size="sm">
          {name} will no longer see or manage the family’s children, contacts, places or announcements. The
          other parents keep everything. {name} keeps their own account, payments and receipts. We email
          everyone.
        </Text>
        <FormFailure failure={failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submitting} data-autofocus>
            Keep {parent.firstName}
          </Button>
          <Button type="submit" color="red" loading={submitting}>
            Remove from family
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
