import { InboxListQuerySchema } from '@lc/contract';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffKeys } from '../../api/query-keys';
import { getInbox } from '../../api/staff-inbox';
import { failedWith } from '../../features/forms/feedback';
import { ListFooter, LoadFailure } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { ALL, InboxFilters } from '../../features/staff-inbox/inbox-filters';
import { InboxTable } from '../../features/staff-inbox/inbox-table';
import { urlSort } from '../../features/staff-table/url-sort';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/inbox — contact messages, tour requests and tutoring waitlist families in one list (issue 10):
 * newest first (or ordered by a column's header: from, kind, status, received), filtered by status, kind, who
 * looks after it and a search, all kept in the URL.
 */
export default function StaffInboxPage() {
  usePageTitle('Staff · Inbox');
  const { query, update } = useUrlQuery(InboxListQuerySchema, { blank: ALL });
  const inbox = useQuery({
    queryKey: staffKeys.inboxList(query),
    queryFn: ({ signal }) => getInbox(query, signal),
    placeholderData: keepPreviousData,
    retry: (count, error) => !failedWith(error, 403) && count < 1,
  });

  if (failedWith(inbox.error, 403))
    return (
      <Alert mt="lg" color="yellow" variant="light" title="The inbox is not open to you yet">
        Your center’s director can give you the inbox from the Team page.
      </Alert>
    );

  const data = inbox.data;
  const filtered = Boolean(query.status || query.kind || query.assignee || query.q);

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Group gap="sm" align="center">
          <Title order={1}>Inbox</Title>
          {data ? (
            <Badge
              size="lg"
              color={data.newCount > 0 ? 'honey.9' : 'gray.7'}
              variant="filled"
              tt="none"
              radius="sm"
            >
              {data.newCount} new
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed">
          Questions, tour requests and tutoring waitlist families: new ones first, the newest on top (a
          column’s name orders them by it). Open one to reply by email, keep notes and move it along.
        </Text>
      </div>

      <InboxFilters query={query} update={update} assignees={data?.assignees ?? []} />

      {inbox.isError ? (
        <LoadFailure title="We could not load the inbox" onRetry={() => inbox.refetch()} />
      ) : null}

      {inbox.isPending ? (
        <Text role="status">Loading the inbox…</Text>
      ) : data ? (
        <InboxTable
          items={data.items}
          sort={urlSort(query, update)}
          empty={
            filtered
              ? 'No messages match these filters. Choose “Any status”, “Everything” and “Anyone” above, or clear the search.'
              : 'The inbox is empty. Messages from the website’s contact, tour and tutoring forms appear here; nothing to do until one arrives.'
          }
        />
      ) : null}

      {data ? (
        <ListFooter
          total={data.total}
          pageSize={data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Text size="sm" id="inbox-count">
            {data.total} {data.total === 1 ? 'message' : 'messages'}
          </Text>
        </ListFooter>
      ) : null}
    </Stack>
  );
}
