import { routes, type StaffSessionListQuery, StaffSessionListQuerySchema } from '@lc/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { getStaffSessions } from '../../api/staff';
import { ListFooter, LoadFailure } from '../../features/staff/list-parts';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { SessionsFilters } from '../../features/staff-sessions/sessions-filters';
import { SessionsTable } from '../../features/staff-sessions/sessions-table';
import { urlSort } from '../../features/staff-table/url-sort';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const emptyMessages: Record<StaffSessionListQuery['period'], string> = {
  active: 'No sessions are running or coming up. Choose “All” above to see past ones.',
  current: 'No sessions are running right now. Choose “Upcoming” or “All” above.',
  upcoming: 'No sessions are coming up. Choose “All” above to see every session.',
  past: 'No sessions have ended yet. Choose “Running and upcoming” above for the others.',
  all: 'There are no sessions yet. A session appears here once the director creates it.',
};

/** /staff — the sessions this staff member may see: the director all of them, a teacher their own. */
export default function StaffSessionsPage() {
  usePageTitle('Staff · Sessions');
  const { query, update } = useUrlQuery(StaffSessionListQuerySchema);
  const isDirector = currentRole() === 'Admin';
  const sessions = useQuery({
    queryKey: staffKeys.sessions(query),
    queryFn: ({ signal }) => getStaffSessions(query, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>Sessions</Title>
          <Text c="dimmed">
            {isDirector
              ? 'Every session at the center. Open one for its roster.'
              : 'The sessions you teach. Open one for its roster.'}
          </Text>
        </div>
        {isDirector ? (
          <Button component={Link} to={routes.staffNewSession}>
            New session
          </Button>
        ) : null}
      </Group>

      <SessionsFilters query={query} update={update} isDirector={isDirector} />

      {sessions.isError ? (
        <LoadFailure title="We could not load the sessions" onRetry={() => sessions.refetch()} />
      ) : null}

      {sessions.isPending ? (
        <Text role="status">Loading sessions…</Text>
      ) : sessions.data ? (
        <SessionsTable
          items={sessions.data.items}
          isDirector={isDirector}
          sort={urlSort(query, update)}
          empty={
            query.q
              ? `No sessions match “${query.q}”. Try another word from its name.`
              : emptyMessages[query.period]
          }
        />
      ) : null}

      {sessions.data ? (
        <ListFooter
          total={sessions.data.total}
          pageSize={sessions.data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Text size="sm" id="sessions-count">
            {sessions.data.total} {sessions.data.total === 1 ? 'session' : 'sessions'}
          </Text>
        </ListFooter>
      ) : null}
    </Stack>
  );
}
