import {
  formatAgeMonths,
  formatPhone,
  ROSTER_CSV_COLUMNS,
  type RosterAdult,
  rosterTableRows,
  routes,
} from '@lc/contract';
import { Alert, Anchor, Badge, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { downloadRosterCsv, getRoster } from '../../api/staff';
import { CENTER_TIME_ZONE, formatDateRange } from '../../features/class-sessions/format';
import { notifyError } from '../../features/forms/notify';
import { SessionTeachers } from '../../features/staff/session-teachers';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';
import classes from './staff.module.css';

const ALLERGIES = ROSTER_CSV_COLUMNS.indexOf('Allergies');

const adults = (people: RosterAdult[]) =>
  people.map((p) => `${p.name}${p.phone ? `, ${formatPhone(p.phone)}` : ''}`).join('; ');

/** Save a downloaded file the way a link with `download` does. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * /staff/sessions/:classSessionId — a session's roster (issue 10): enrolled children with what a teacher
 * needs (allergies stand out), a CSV with exactly the table's rows and columns, a printable page, and the
 * seats on hold and the waitlist apart. A session the caller does not teach is not found.
 */
export default function StaffRosterPage() {
  const { classSessionId } = useParams();
  const roster = useQuery({
    queryKey: ['staff', 'roster', classSessionId],
    queryFn: ({ signal }) => getRoster(classSessionId, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  const [exporting, setExporting] = useState(false);
  usePageTitle(roster.data ? `Roster · ${roster.data.session.name}` : 'Roster');

  if (roster.error instanceof ApiError && roster.error.status === 404) return <NotFoundPage />;
  if (roster.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title="We could not load this roster">
        Please check your connection and try again.
      </Alert>
    );
  if (!roster.data)
    return (
      <Text role="status" mt="lg">
        Loading the roster…
      </Text>
    );

  const { session, enrolled, pending, waitlist } = roster.data;
  const rows = rosterTableRows(roster.data, CENTER_TIME_ZONE);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadRosterCsv(session.id);
      save(blob, fileName);
    } catch {
      notifyError('The roster could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="lg" mt="lg" className={`${classes.page} ${classes.roster}`}>
      <Anchor component={Link} to={routes.staff} size="sm" className={classes.noPrint}>
        ← All sessions
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{session.name}</Title>
          <Text>
            {formatDateRange(session.sessionStartDate, session.sessionEndDate)} · {session.daySchedule}
          </Text>
          <Text size="sm" c="dimmed">
            {enrolled.length} enrolled · {session.seatsTaken} of {session.rosterSize} seats taken
            {session.teachers.length > 0
              ? ` · Taught by ${session.teachers.map((t) => `${t.firstName} ${t.lastName}`).join(', ')}`
              : ''}
          </Text>
        </div>
        <Group gap="xs" className={classes.noPrint}>
          <Button onClick={exportCsv} loading={exporting} disabled={enrolled.length === 0}>
            Download CSV
          </Button>
          <Button variant="default" onClick={() => window.print()}>
            Print roster
          </Button>
        </Group>
      </Group>

      {currentRole() === 'Admin' ? (
        <section aria-labelledby="teachers-heading" className={classes.noPrint}>
          <Title order={2} fz="h3" id="teachers-heading" mb="xs">
            Who teaches this session
          </Title>
          <SessionTeachers key={session.teachers.map((t) => t.id).join()} session={session} />
        </section>
      ) : null}

      <section aria-labelledby="enrolled-heading">
        <Title order={2} fz="h3" id="enrolled-heading" mb="sm">
          Enrolled children
        </Title>
        {rows.length === 0 ? (
          <Text>No children are enrolled yet.</Text>
        ) : (
          // A wide table scrolls sideways on a phone: the region takes focus so the keyboard can scroll it.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
          <section className={classes.tableWrap} aria-label="Roster table" tabIndex={0}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  {ROSTER_CSV_COLUMNS.map((column) => (
                    <Table.Th key={column} scope="col">
                      {column}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, r) => (
                  <Table.Tr key={enrolled[r]!.studentId}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <Table.Th key={ROSTER_CSV_COLUMNS[c]} scope="row">
                          {cell}
                        </Table.Th>
                      ) : c === ALLERGIES && cell ? (
                        <Table.Td key={ROSTER_CSV_COLUMNS[c]}>
                          <Badge color="red" variant="light" radius="sm" tt="none">
                            {cell}
                          </Badge>
                        </Table.Td>
                      ) : (
                        <Table.Td key={ROSTER_CSV_COLUMNS[c]}>{cell}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        )}
      </section>

      {pending.length > 0 ? (
        <section aria-labelledby="pending-heading">
          <Title order={2} fz="h3" id="pending-heading" mb="xs">
            Seats on hold
          </Title>
          <Text size="sm" mb="xs">
            These families are paying now; the seat is theirs until the hold ends.
          </Text>
          <List>
            {pending.map((child) => (
              <List.Item key={child.studentId}>
                {child.firstName} {child.lastName} ({formatAgeMonths(child.ageMonthsAtStart)}) —{' '}
                {adults(child.parents)}
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}

      <section aria-labelledby="waitlist-heading">
        <Title order={2} fz="h3" id="waitlist-heading" mb="xs">
          Waitlist
        </Title>
        {waitlist.length === 0 ? (
          <Text>No one is waiting for a seat.</Text>
        ) : (
          <List type="ordered">
            {waitlist.map((entry) => (
              <List.Item key={entry.studentId}>
                {entry.firstName} {entry.lastName} ({formatAgeMonths(entry.ageMonthsAtStart)}) —{' '}
                {entry.status === 'Offered' ? 'offered a seat' : `number ${entry.position} in line`} —{' '}
                {adults(entry.parents)}
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Stack>
  );
}
