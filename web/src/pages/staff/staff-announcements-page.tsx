import { type ANNOUNCEMENT_STATUSES, routes, StaffAnnouncementListQuerySchema } from '@lc/contract';
import { Alert, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getStaffAnnouncements } from '../../api/staff-announcements';
import { ListPagination } from '../../features/staff/list-pagination';
import { ShowFilter } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { plural } from '../../features/staff-announcements/announcement-form';
import { AnnouncementsTable } from '../../features/staff-announcements/announcements-table';
import { useSessionChoices } from '../../features/staff-announcements/use-announcement-editor';
import { urlSort } from '../../features/staff-table/url-sort';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const statusChoices = [
  { value: 'all', label: 'All' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'sent', label: 'Sent' },
  { value: 'cancelled', label: 'Cancelled' },
] satisfies Array<{ value: 'all' | (typeof ANNOUNCEMENT_STATUSES)[number]; label: string }>;

const emptyMessages: Record<string, string> = {
  all: 'No announcements yet. Choose “New announcement” to tell families what is coming up.',
  scheduled:
    'Nothing is waiting to go out. Choose “New announcement” and “At a time I choose” to schedule one.',
  sent: 'Nothing has been sent yet. Choose “Scheduled” to see what will go out, or write a new announcement.',
  cancelled: 'Nothing has been cancelled. Choose “All” to see every announcement.',
};

/**
 * /staff/announcements — what was sent, what is scheduled and what was cancelled (issue 10), in one table
 * ordered by a column's header (the latest date first by default; decision 030).
 */
export default function StaffAnnouncementsPage() {
  usePageTitle('Staff · Announcements');
  const { query, update } = useUrlQuery(StaffAnnouncementListQuerySchema, { blank: 'all' });
  const isDirector = currentRole() === 'Admin';
  const list = useQuery({
    queryKey: staffKeys.announcementList(query),
    queryFn: ({ signal }) => getStaffAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });
  const sessions = useSessionChoices();

  const sessionOptions = (sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (query.session !== undefined && !sessionOptions.some((o) => o.value === String(query.session)))
    sessionOptions.push({ value: String(query.session), label: `Session ${query.session}` });
  const status = query.status ?? 'all';

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Announcements</Title>
          <Text c="dimmed">
            {isDirector
              ? 'Messages to the families of any session, or the whole center: now or scheduled.'
              : 'Messages to the families of the sessions you teach: now or scheduled.'}
          </Text>
        </div>
        <Button component={Link} to={routes.staffAnnouncementNew}>
          New announcement
        </Button>
      </Group>

      <Group align="flex-end" gap="md" wrap="wrap">
        <ShowFilter
          labelId="status-label"
          value={status}
          onChange={(value) => update({ status: value })}
          data={statusChoices}
        />
        <Select
          label="Session"
          placeholder="All sessions"
          value={query.session === undefined ? null : String(query.session)}
          onChange={(value) => update({ session: value ?? undefined })}
          data={sessionOptions}
          clearable
          w={260}
          maw="100%"
        />
      </Group>

      <section aria-labelledby="list-heading" aria-busy={list.isFetching}>
        <Title order={2} fz="h4" id="list-heading" mb="sm">
          {list.data ? plural(list.data.total, 'announcement', 'announcements') : 'Announcements'}
        </Title>
        {list.isPending ? <Text role="status">Loading announcements…</Text> : null}
        {list.isError ? (
          <Alert color="red" variant="light" role="alert">
            We could not load the announcements. Please check your connection and try again.
          </Alert>
        ) : null}
        {list.data ? (
          <AnnouncementsTable
            items={list.data.items}
            sort={urlSort(query, update)}
            describedBy="list-heading"
            empty={
              query.session === undefined
                ? emptyMessages[status]
                : `${emptyMessages[status]} Or clear “Session” to see every session’s.`
            }
          />
        ) : null}
        {list.data ? (
          <ListPagination
            mt="md"
            total={list.data.total}
            pageSize={list.data.pageSize}
            page={query.page}
            onChange={(page) => update({ page })}
          />
        ) : null}
      </section>
    </Stack>
  );
}
