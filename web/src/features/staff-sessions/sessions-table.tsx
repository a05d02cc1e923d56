import { formatCents, routes, type StaffSessionRow } from '@lc/contract';
import { Anchor, Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateRange } from '../class-sessions/format';
import { type StaffColumn, StaffTable, type TableSort } from '../staff-table/staff-table';

/**
 * The sessions table: name (a link to the roster, "Hidden" when families cannot see it) and program, dates,
 * seats, waitlist, the director's revenue, and teachers; in the server's order (`sort`: a header's button) and
 * described by the count under it (`sessions-count`).
 */
export function SessionsTable({
  items,
  isDirector,
  sort,
  empty,
}: {
  items: StaffSessionRow[];
  isDirector: boolean;
  sort: TableSort;
  empty: ReactNode;
}) {
  const columns: ReadonlyArray<StaffColumn<StaffSessionRow>> = [
    {
      id: 'name',
      header: 'Session',
      sortable: true,
      cell: (session) => (
        <>
          <Anchor component={Link} to={routes.staffSession(session.id)} fw={600}>
            {session.name}
          </Anchor>
          {session.isActive ? null : <HiddenBadge />}
          {session.programName ? (
            <Text size="sm" c="dimmed" fw={400}>
              {session.programName}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      id: 'start',
      header: 'Dates',
      sortable: true,
      cell: (session) => formatDateRange(session.sessionStartDate, session.sessionEndDate),
    },
    {
      id: 'seats',
      header: 'Seats',
      sortable: true,
      descendingFirst: true,
      cell: (session) => `${session.seatsTaken} of ${session.rosterSize}`,
    },
    {
      id: 'waitlist',
      header: 'Waitlist',
      sortable: true,
      descendingFirst: true,
      cell: (s) => s.waitlistCount,
    },
    {
      id: 'revenue',
      header: 'Revenue',
      sortable: true,
      descendingFirst: true,
      when: isDirector,
      cell: (session) => formatCents(session.revenue ?? 0),
    },
    {
      id: 'teachers',
      header: 'Teachers',
      cell: (session) =>
        session.teachers.length > 0
          ? session.teachers.map((t) => `${t.firstName} ${t.lastName}`).join(', ')
          : 'No teacher yet',
    },
  ];
  return (
    <StaffTable
      choose={{ list: 'sessions' }}
      label="Sessions table"
      rows={items}
      rowId={(session) => String(session.id)}
      columns={columns}
      sort={sort}
      empty={empty}
      describedBy="sessions-count"
    />
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
