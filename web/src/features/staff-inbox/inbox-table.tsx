import { type InboxItemSummary, routes } from '@lc/contract';
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type StaffColumn, StaffTable, type TableSort } from '../staff-table/staff-table';
import { formatReceived, InboxKindBadge, InboxStatusBadge, personName } from './inbox-format';

/**
 * The inbox table's columns: who wrote (a link to the message; bold while New) and for which child, the kind,
 * the first words, the status, when it came in and who looks after it. The sortable ones are the server's
 * `INBOX_SORTS`.
 */
const INBOX_COLUMNS: ReadonlyArray<StaffColumn<InboxItemSummary>> = [
  {
    id: 'from',
    header: 'From',
    sortable: true,
    cell: (item) => (
      <>
        <Anchor component={Link} to={routes.staffInboxRow(item)} fw={item.status === 'New' ? 700 : 600}>
          {item.familyName}
        </Anchor>
        <Text size="sm" c="dimmed" fw={400}>
          {item.childName ? `For ${item.childName}` : item.email}
        </Text>
      </>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    sortable: true,
    nowrap: true,
    cell: (item) => <InboxKindBadge kind={item.kind} />,
  },
  {
    id: 'message',
    header: 'Message',
    cell: (item) => (
      <Text size="sm" lineClamp={2} miw={200}>
        {item.preview}
      </Text>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    sortable: true,
    cell: (item) => <InboxStatusBadge status={item.status} />,
  },
  {
    id: 'received',
    header: 'Received',
    sortable: true,
    descendingFirst: true,
    nowrap: true,
    cell: (item) => formatReceived(item.submitted),
  },
  {
    id: 'assignee',
    header: 'Assigned to',
    cell: (item) => (item.assignee ? personName(item.assignee) : 'Nobody yet'),
  },
];

/**
 * The inbox's messages in the server's order (`sort`: a header's button; newest first by default), described
 * by the count under it (`inbox-count`); `empty` says what to do when none match.
 */
export function InboxTable({
  items,
  sort,
  empty,
}: {
  items: InboxItemSummary[];
  sort: TableSort;
  empty: ReactNode;
}) {
  return (
    <StaffTable
      choose={{ list: 'inbox' }}
      label="Inbox table"
      rows={items}
      rowId={(item) => item.id}
      columns={INBOX_COLUMNS}
      sort={sort}
      empty={empty}
      describedBy="inbox-count"
    />
  );
}
