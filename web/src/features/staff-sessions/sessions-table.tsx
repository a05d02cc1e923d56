import { formatCents, routes, type StaffSessionRow } from '@lc/contract';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateRange } from '../class-sessions/format';
import { ScrollRegion } from '../staff/list-parts';

/**
 * The sessions table: name (a link to the roster, "Hidden" when families cannot see it) and program, dates,
 * seats, waitlist, the director's revenue, and teachers; described by the count under it (`sessions-count`).
 */
export function SessionsTable({ items, isDirector }: { items: StaffSessionRow[]; isDirector: boolean }) {
  return (
    <ScrollRegion label="Sessions table">
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
          {items.map((session) => (
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
    </ScrollRegion>
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
