import { routes, StaffConversationListQuerySchema } from '@lc/contract';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { conversationQueries } from '../../api/queries/conversations';
import { ListFooter, LoadFailure } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { ANY_STATUS, ConversationFilters } from '../../features/staff-conversations/conversation-filters';
import { ConversationTable } from '../../features/staff-conversations/conversation-table';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/messages (issue 25): the families' conversations the staff member may read (the office: every
 * family; a teacher: the families of their children), newest message first, filtered by status, "Unread
 * only" and a search, all kept in the address (decision 030), with each one's unread count.
 */
export default function StaffMessagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('conversations.staff.listTitle'));
  const { query, update } = useUrlQuery(StaffConversationListQuerySchema, { blank: ANY_STATUS });
  const list = useQuery({ ...conversationQueries.staffList(query), placeholderData: keepPreviousData });
  const data = list.data;
  const filtered = Boolean(query.status || query.unread || query.q);

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>{t('conversations.staff.listTitle')}</Title>
        <Text c="dimmed">{t('conversations.staff.listIntro')}</Text>
        <Anchor component={Link} to={routes.staffNotifications} size="sm">
          {t('conversations.settingsLink')}
        </Anchor>
      </div>

      <ConversationFilters query={query} update={update} />

      {list.isError ? (
        <LoadFailure title={t('conversations.staff.listFailed')} onRetry={() => list.refetch()} />
      ) : null}

      {list.isPending ? (
        <Text role="status">{t('conversations.staff.listLoading')}</Text>
      ) : data ? (
        <ConversationTable
          rows={data.items}
          describedBy="conversations-count"
          empty={filtered ? t('conversations.staff.noMatch') : t('conversations.staff.empty')}
        />
      ) : null}

      {data ? (
        <ListFooter
          total={data.total}
          pageSize={data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Group gap="xs">
            <Text size="sm" id="conversations-count">
              {t('conversations.staff.count', { count: data.total })}
            </Text>
          </Group>
        </ListFooter>
      ) : null}
    </Stack>
  );
}
