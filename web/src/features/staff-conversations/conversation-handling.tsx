import {
  CONVERSATION_STATUSES,
  type ConversationStatus,
  type ConversationUpdate,
  type StaffConversation,
} from '@lc/contract';
import { Group, Select } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateStaffConversation } from '../../api/conversations';
import { fullName } from '../conversations/format';
import { failureMessage } from '../forms/feedback';
import { notifyError, notifySuccess } from '../forms/notify';

const NOBODY = 'none';

/** Who may be given it, and whoever has it now even if they may no longer be (the select shows them). */
const choices = ({ assignee, assignees }: StaffConversation) =>
  assignee && !assignees.some((member) => member.id === assignee.id) ? [assignee, ...assignees] : assignees;

/**
 * The office's controls for a conversation (issue 25): its status and who looks after it, each saved as it
 * is chosen (`PATCH /api/staff/conversations/{id}`), then `settle`d with the server's answer. Shown only when
 * the conversation says `canManage` (a teacher without the inbox reads and writes, but does not file).
 */
export function ConversationHandling({
  conversation,
  settle,
}: {
  conversation: StaffConversation;
  settle: (next: StaffConversation) => Promise<void>;
}) {
  const { t } = useTranslation();
  const update = useMutation({
    mutationFn: (input: ConversationUpdate) => updateStaffConversation(conversation.id, input),
    onSuccess: async (next, input) => {
      await settle(next);
      notifySuccess(
        input.status
          ? t('conversations.staff.marked', { status: t(`conversations.staff.status.${input.status}`) })
          : next.assignee
            ? t('conversations.staff.assigned', { name: fullName(next.assignee) })
            : t('conversations.staff.unassigned'),
      );
    },
    onError: (error) => notifyError(failureMessage(error, t('conversations.staff.updateFailed'))),
  });
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label={t('conversations.staff.columns.status')}
        value={conversation.status}
        onChange={(value) => {
          if (value && value !== conversation.status) update.mutate({ status: value as ConversationStatus });
        }}
        data={CONVERSATION_STATUSES.map((status) => ({
          value: status,
          label: t(`conversations.staff.status.${status}`),
        }))}
        allowDeselect={false}
        disabled={update.isPending}
        w={170}
      />
      <Select
        label={t('conversations.staff.columns.assignee')}
        value={conversation.assignee?.id ?? NOBODY}
        onChange={(value) => {
          const assigneeId = value === NOBODY ? null : value;
          if (value && assigneeId !== (conversation.assignee?.id ?? null)) update.mutate({ assigneeId });
        }}
        data={[
          { value: NOBODY, label: t('conversations.staff.nobody') },
          ...choices(conversation).map((member) => ({ value: member.id, label: fullName(member) })),
        ]}
        allowDeselect={false}
        disabled={update.isPending}
        w={220}
      />
    </Group>
  );
}
