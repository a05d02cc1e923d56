import {
  formatCents,
  routes,
  STAFF_SESSION_PERIODS,
  STAFF_SESSION_SORTS,
  type StaffSessionListQuery,
  StaffSessionListQuerySchema,
} from '@lc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { getStaffSessions } from '../../api/staff';
import { formatDateRange } from '../../features/class-sessions/format';
import { ListPagination } from '../../features/staff/list-pagination';
import { ListSearch } from '../../features/staff/list-search';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

const periodLabels: Record<StaffSessionListQuery['period'], string> = {
  active: 'Running and upcoming',
  current: 'Running now',
  upcoming: 'Upcoming',
  past: 'Past',
  all: 'All',
};
const emptyMessages: Record<StaffSessionListQuery['period'], string> = {
  active: 'No sessions are running or coming up.',
  current: 'No sessions are running right now.',
  upcoming: 'No sessions are coming up.',
  past: 'No sessions have ended yet.',
  all: 'There are no sessions yet.',
};
const sortLabels: Record<StaffSessionListQuery['sort'], string> = {
  start: 'Start date',
  name: 'Name',
  seats: 'Seats taken',
  waitlist: 'Waitlist',
  revenue: 'Revenue',
};

/** /staff — the sessions this staff member may see: the director all of them, a teacher their own. */
export default function StaffSessionsPage() {
  usePageTitle('Staff · Sessions');
  const { query, update } = useUrlQuery(StaffSessionListQuerySchema);
  const isDirector = currentRole() === 'Admin';
  const narrow = useMediaQuery('(max-width: 36em)');
  const sessions = useQuery({
    queryKey: ['staff', 'sessions', query],
    queryFn: ({ signal }) => getStaffSessions(query, signal),
    placeholderData: keepPreviousData,
  });

  const sorts = STAFF_SESSION_SORTS.filter((s) => s !== 'revenue' || isDirector);

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

      <Group align="flex-end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text component="span" size="sm" fw={500} id="period-label">
            Show
          </Text>
          <SegmentedControl
            // Five choices do not fit a phone's width side by side: they stack there.
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            aria-labelledby="period-label"
            value={query.period}
            onChange={(value) => update({ period: value })}
            data={STAFF_SESSION_PERIODS.map((value) => ({ value, label: periodLabels[value] }))}
          />
        </Stack>
        <ListSearch
          label="Search sessions"
          placeholder="Session or program name"
          value={query.q}
          onSearch={(q) => update({ q })}
        />
        <Select
          label="Sort by"
          value={query.sort}
          onChange={(value) => update({ sort: value ?? undefined })}
          data={sorts.map((value) => ({ value, label: sortLabels[value] }))}
          allowDeselect={false}
          w={170}
        />
        <Select
          label="Order"
          value={query.dir}
          onChange={(value) => update({ dir: value ?? undefined })}
          data={[
            { value: 'asc', label: query.sort === 'start' ? 'Earliest first' : 'Lowest first' },
            { value: 'desc', label: query.sort === 'start' ? 'Latest first' : 'Highest first' },
          ]}
          allowDeselect={false}
          w={160}
        />
      </Group>

      {sessions.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the sessions">
          Please check your connection and try again.
          <Button variant="light" color="red" size="xs" ml="sm" onClick={() => sessions.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}

      {sessions.isPending ? (
        <Text role="status">Loading sessions…</Text>
      ) : sessions.data && sessions.data.items.length === 0 ? (
        <Text role="status">{query.q ? `No sessions match “${query.q}”.` : emptyMessages[query.period]}</Text>
      ) : sessions.data ? (
        // A wide table scrolls sideways on a phone: the region takes focus so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
        <section className={classes.tableWrap} aria-label="Sessions table" tabIndex={0}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-describedby="sessions-count">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Session</Table.Th>
                <Table.Th scope="col">Dates</Table.Th>
                <Table.Th scope="col">Seats</Table.Th>
                <Table.Th scope="col">Waitlist</Table.Th>
                {isDirector ? <Table.Th scope="col">Revenue</Table.Th> : null}
                <Table.Th scope="col">Teachers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.items.map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    <Anchor component={Link} to={routes.staffSession(session.id)} fw={600}>
                      {session.name}
                    </Anchor>
                    {session.isActive ? null : <HiddenBadge />}
                    {session.programName ? (
                      <Text size="sm" c="dimmed">
                        {session.programName}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{formatDateRange(session.sessionStartDate, session.sessionEndDate)}</Table.Td>
                  <Table.Td>
                    {session.seatsTaken} of {session.rosterSize}
                  </Table.Td>
                  <Table.Td>{session.waitlistCount}</Table.Td>
                  {isDirector ? <Table.Td>{formatCents(session.revenue ?? 0)}</Table.Td> : null}
                  <Table.Td>
                    {session.teachers.length > 0
                      ? session.teachers.map((t) => `${t.firstName} ${t.lastName}`).join(', ')
                      : 'No teacher yet'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </section>
      ) : null}

      {sessions.data ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" id="sessions-count">
            {sessions.data.total} {sessions.data.total === 1 ? 'session' : 'sessions'}
          </Text>
          <ListPagination
            total={sessions.data.total}
            pageSize={sessions.data.pageSize}
            page={query.page}
            onChange={(page) => update({ page })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Marks a session families cannot see (`isActive` false; issue 21 item 17): white on near-black, far above
 * WCAG AA contrast in both themes, with its meaning in words for a screen reader.
 */
export function HiddenBadge() {
  return (
    <Badge
      ml="xs"
      color="dark"
      variant="filled"
      radius="sm"
      tt="none"
      title="Hidden from families: not in the catalog"
    >
      Hidden
    </Badge>
  );
}
