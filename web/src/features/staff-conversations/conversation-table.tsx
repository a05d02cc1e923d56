import { routes, type StaffConversationRow } from '@lc/contract';
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { intlLocale } from '../../i18n/intl-locale';
import { formatMessageTime, fullName } from '../conversations/format';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';
import { ConversationStatusBadge, childNames, parentNames, useReadsLanguage } from './conversation-parts';

/**
 * The families' conversations (issue 25; decision 030's one table): the family (a link to the conversation,
 * bold while it holds a message the reader has not read; the language they read), the children, the last
 * message's first words with who wrote it and when, the status, who looks after it and the reader's unread
 * count. The server orders them, newest message first; `empty` says what to do when none match.
 */
export function ConversationTable({
  rows,
  empty,
  describedBy,
}: {
  rows: readonly StaffConversationRow[];
  empty: ReactNode;
  describedBy: string;
}) {
  const { t } = useTranslation();
  const locale = intlLocale();
  const reads = useReadsLanguage();
  const columns: ReadonlyArray<StaffColumn<StaffConversationRow>> = [
    {
      id: 'family',
      header: t('conversations.staff.columns.family'),
      cell: (row) => (
        <>
          <Anchor component={Link} to={routes.staffConversation(row.id)} fw={row.unread > 0 ? 700 : 600}>
            {parentNames(row.family, locale)}
          </Anchor>
          {row.family.language !== 'en' ? (
            <Text size="sm" c="dimmed" fw={400}>
              {reads(row.family)}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      id: 'children',
      header: t('conversations.staff.columns.children'),
      cell: (row) => childNames(row.family, locale),
    },
    {
      id: 'lastMessage',
      header: t('conversations.staff.columns.lastMessage'),
      cell: (row) => (
        <>
          <Text size="sm" lineClamp={2} miw={200}>
            {row.lastMessage.preview}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`conversations.staff.from.${row.lastMessage.side}`)} ·{' '}
            {formatMessageTime(row.lastMessage.created, locale)}
          </Text>
        </>
      ),
    },
    {
      id: 'status',
      header: t('conversations.staff.columns.status'),
      cell: (row) => <ConversationStatusBadge status={row.status} />,
    },
    {
      id: 'assignee',
      header: t('conversations.staff.columns.assignee'),
      cell: (row) => (row.assignee ? fullName(row.assignee) : t('conversations.staff.nobody')),
    },
    {
      id: 'unread',
      header: t('conversations.staff.columns.unread'),
      numeric: true,
      cell: (row) => row.unread.toLocaleString(locale),
    },
  ];
  return (
    <StaffTable
      label={t('conversations.staff.table')}
      rows={rows}
      rowId={(row) => row.id}
      columns={columns}
      empty={empty}
      describedBy={describedBy}
    />
  );
}
