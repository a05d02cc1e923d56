import { INBOX_KINDS, INBOX_STATUSES, InboxListQuerySchema, inboxKindLabels, routes } from '@lc/contract';
import { Alert, Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { getInbox } from '../../api/staff-inbox';
import { ListPagination } from '../../features/staff/list-pagination';
import { ListSearch } from '../../features/staff/list-search';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import {
  formatReceived,
  InboxKindBadge,
  InboxStatusBadge,
  personName,
} from '../../features/staff-inbox/inbox-format';
import { usePageTitle } from '../../layout/use-page-title';

const ALL = 'all';

/**
 * /staff/inbox — contact messages, tour requests and tutoring waitlist families in one list (issue 10):
 * new first, filtered by status, kind, who looks after it and a search, all kept in the URL.
 */
export default function StaffInboxPage() {
  usePageTitle('Staff · Inbox');
  const { query, update } = useUrlQuery(InboxListQuerySchema, { blank: ALL });
  const inbox = useQuery({
    queryKey: ['staff', 'inbox', 'list', query],
    queryFn: ({ signal }) => getInbox(query, signal),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status === 403) && count < 1,
  });

  if (inbox.error instanceof ApiError && inbox.error.status === 403)
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
          Questions, tour requests and tutoring waitlist families, newest messages first. Open one to reply by
          email, keep notes and move it along.
        </Text>
      </div>

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
            ...(data?.assignees ?? []).map((m) => ({ value: m.id, label: personName(m) })),
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

      {inbox.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the inbox">
          Please check your connection and try again.
          <Button variant="light" color="red" size="xs" ml="sm" onClick={() => inbox.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {inbox.isPending ? (
        <Text role="status">Loading the inbox…</Text>
      ) : data && data.items.length === 0 ? (
        <Text role="status">
          {filtered
            ? 'No messages match these filters.'
            : 'The inbox is empty. Messages from the website’s forms will appear here.'}
        </Text>
      ) : data ? (
        // A wide table scrolls sideways on a phone: the region takes focus so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
        <section className={classes.tableWrap} aria-label="Inbox messages" tabIndex={0}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-describedby="inbox-count">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">From</Table.Th>
                {/* On a phone everything sits in the first column, so the page never scrolls sideways. */}
                <Table.Th scope="col" visibleFrom="sm">
                  Message
                </Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  Status
                </Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  Received
                </Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  Assigned to
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td miw={{ base: 0, sm: 180 }}>
                    <Anchor
                      component={Link}
                      to={routes.staffInboxItem(item.id)}
                      fw={item.status === 'New' ? 700 : 600}
                    >
                      {item.familyName}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {item.childName ? `For ${item.childName}` : item.email}
                    </Text>
                    <Stack hiddenFrom="sm" gap={4} mt={6}>
                      <Group gap={6}>
                        <InboxKindBadge kind={item.kind} />
                        <InboxStatusBadge status={item.status} />
                      </Group>
                      <Text size="sm" lineClamp={2}>
                        {item.preview}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatReceived(item.submitted)} ·{' '}
                        {item.assignee ? personName(item.assignee) : 'Nobody assigned yet'}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td miw={240} visibleFrom="sm">
                    <InboxKindBadge kind={item.kind} mb={4} />
                    <Text size="sm" lineClamp={2}>
                      {item.preview}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" miw={120}>
                    <InboxStatusBadge status={item.status} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatReceived(item.submitted)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {item.assignee ? personName(item.assignee) : 'Nobody yet'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ) : null}

      {data ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" id="inbox-count">
            {data.total} {data.total === 1 ? 'message' : 'messages'}
          </Text>
          <ListPagination
            total={data.total}
            pageSize={data.pageSize}
            page={query.page}
            onChange={(page) => update({ page })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
