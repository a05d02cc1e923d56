import {
  INBOX_KINDS,
  INBOX_STATUSES,
  type InboxList,
  type InboxListQuery,
  inboxKindLabels,
} from '@lc/contract';
import { Group, Select } from '@mantine/core';
import { ListSearch } from '../staff/list-search';
import type { UrlQueryChanges } from '../staff/use-url-query';
import { personName } from './inbox-format';

/** The filters' "any" choice, kept out of the URL. */
export const ALL = 'all';

/** Above the inbox: status, kind, who looks after it (`assignees`: who may), and a search. */
export function InboxFilters({
  query,
  update,
  assignees,
}: {
  query: InboxListQuery;
  update: (changes: UrlQueryChanges<InboxListQuery>) => void;
  assignees: InboxList['assignees'];
}) {
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Status"
        value={query.status ?? ALL}
        onChange={(value) => update({ status: value ?? undefined })}
        data={[{ value: ALL, label: 'Any status' }, ...INBOX_STATUSES.map((s) => ({ value: s, label: s }))]}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Kind"
        value={query.kind ?? ALL}
        onChange={(value) => update({ kind: value ?? undefined })}
        data={[
          { value: ALL, label: 'Everything' },
          ...INBOX_KINDS.map((k) => ({ value: k, label: inboxKindLabels[k] })),
        ]}
        allowDeselect={false}
        w={180}
      />
      <Select
        label="Assigned to"
        value={query.assignee ?? ALL}
        onChange={(value) => update({ assignee: value ?? undefined })}
        data={[
          { value: ALL, label: 'Anyone' },
          { value: 'me', label: 'Me' },
          { value: 'none', label: 'Nobody yet' },
          ...assignees.map((m) => ({ value: m.id, label: personName(m) })),
        ]}
        allowDeselect={false}
        w={180}
      />
      <ListSearch
        label="Search the inbox"
        placeholder="Family, email or child"
        value={query.q}
        onSearch={(q) => update({ q })}
      />
    </Group>
  );
}
