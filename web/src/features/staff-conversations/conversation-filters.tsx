import { CONVERSATION_STATUSES, type StaffConversationListQuery } from '@lc/contract';
import { Checkbox, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../staff/list-search';
import type { UrlQueryChanges } from '../staff/use-url-query';

/** The status filter's "any" choice, kept out of the address. */
export const ANY_STATUS = 'all';

/**
 * Above the conversations (decision 030: the filters live in the address): the status, "Unread only", and a
 * search of the families' and children's names and the messages' words.
 */
export function ConversationFilters({
  query,
  update,
}: {
  query: StaffConversationListQuery;
  update: (changes: UrlQueryChanges<StaffConversationListQuery>) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label={t('conversations.staff.columns.status')}
        value={query.status ?? ANY_STATUS}
        onChange={(value) => update({ status: value ?? undefined })}
        data={[
          { value: ANY_STATUS, label: t('conversations.staff.anyStatus') },
          ...CONVERSATION_STATUSES.map((status) => ({
            value: status,
            label: t(`conversations.staff.status.${status}`),
          })),
        ]}
        allowDeselect={false}
        w={170}
      />
      <Checkbox
        label={t('conversations.staff.unreadOnly')}
        checked={query.unread === 'true'}
        onChange={(event) => update({ unread: event.currentTarget.checked ? 'true' : undefined })}
        mb={8}
      />
      <ListSearch
        label={t('conversations.staff.search')}
        placeholder={t('conversations.staff.searchPlaceholder')}
        value={query.q}
        onSearch={(q) => update({ q })}
      />
    </Group>
  );
}
