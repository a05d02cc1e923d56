/**
 * The attendance history (issue 11): every drop-off and pickup in the sessions the staff member sees, newest
 * first, filtered by session, child and dates (kept in the URL), and the same rows as a CSV. A child is
 * chosen from the chosen session's roster, or arrives in the URL (`studentId`) from a link.
 */
import { type AttendanceQuery, routes } from '@lc/contract';
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { downloadAttendanceCsv, getStaffAttendance } from '../../api/passes';
import { getRoster, getStaffSessions } from '../../api/staff';
import { getStaffChild } from '../../api/staff-families';
import { saveFile } from '../../lib/save-file';
import { notifyError } from '../forms/notify';
import { DateRangeFilter } from '../staff/date-range-filter';
import classes from '../staff/staff.module.css';
import type { UrlQueryChanges } from '../staff/use-url-query';
import { formatDate, TableRegion } from '../staff-families/family-parts';
import { formatClock, HISTORY_COLUMNS, METHOD_LABELS, SECOND_FACTOR_LABELS } from './attendance-parts';

/** The history's filters as the URL keeps them. */
export type HistoryFilters = Pick<AttendanceQuery, 'studentId' | 'classSessionId' | 'from' | 'to'>;

const SESSIONS_QUERY = { period: 'all', page: 1, pageSize: 100, sort: 'start', dir: 'desc' } as const;

/** The History view: filters, the table, "Download CSV". */
export function AttendanceHistory({
  filters,
  update,
}: {
  filters: HistoryFilters;
  update: (changes: UrlQueryChanges<HistoryFilters>) => void;
}) {
  const { studentId, classSessionId, from: urlFrom, to: urlTo } = filters;
  const [from, setFrom] = useState(urlFrom ?? '');
  const [to, setTo] = useState(urlTo ?? '');
  const [exporting, setExporting] = useState(false);
  const query: HistoryFilters = { studentId, classSessionId, from: urlFrom, to: urlTo };
  const history = useQuery({
    queryKey: ['staff', 'attendance', 'history', query],
    queryFn: ({ signal }) => getStaffAttendance(query, signal),
    placeholderData: keepPreviousData,
  });
  const sessions = useQuery({
    queryKey: ['staff', 'sessions', { period: 'all', pageSize: 100, sort: 'start', dir: 'desc' }],
    queryFn: ({ signal }) => getStaffSessions(SESSIONS_QUERY, signal),
  });
  const roster = useQuery({
    queryKey: ['staff', 'roster', String(classSessionId)],
    queryFn: ({ signal }) => getRoster(classSessionId, signal),
    enabled: classSessionId !== undefined,
  });
  // A child from a link, outside the chosen session's roster: their name from the child record.
  const linkedChild = useQuery({
    queryKey: ['staff', 'child', studentId],
    queryFn: ({ signal }) => getStaffChild(studentId, signal),
    enabled: studentId !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });

  const childOptions = (roster.data?.enrolled ?? []).map((c) => ({
    value: c.studentId,
    label: `${c.firstName} ${c.lastName}`,
  }));
  if (studentId && !childOptions.some((c) => c.value === studentId)) {
    const child = linkedChild.data?.child;
    childOptions.unshift({
      value: studentId,
      label: child ? `${child.firstName} ${child.lastName}` : 'The chosen child',
    });
  }

  const filtered = studentId !== undefined || classSessionId !== undefined || !!urlFrom || !!urlTo;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadAttendanceCsv(query);
      saveFile(blob, fileName);
    } catch {
      notifyError('The attendance could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const data = history.data;
  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Session"
          placeholder="Every session"
          clearable
          searchable
          value={classSessionId ? String(classSessionId) : null}
          onChange={(value) => update({ classSessionId: value ?? undefined, studentId: undefined })}
          data={(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          w={260}
          maw="100%"
        />
        <Select
          label="Child"
          placeholder={classSessionId || studentId ? 'Every child' : 'Choose a session first'}
          clearable
          searchable
          disabled={!classSessionId && !studentId}
          value={studentId ?? null}
          onChange={(value) => update({ studentId: value ?? undefined })}
          data={childOptions}
          w={220}
          maw="100%"
        />
        <DateRangeFilter from={from} to={to} onFrom={setFrom} onTo={setTo} onApply={update} />
        {filtered ? (
          <Button
            variant="subtle"
            onClick={() => {
              setFrom('');
              setTo('');
              update({ studentId: undefined, classSessionId: undefined, from: undefined, to: undefined });
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </Group>

      {history.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the attendance">
          Please check your connection and try again.
        </Alert>
      ) : null}

      {data && data.records.length > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            {data.truncated
              ? 'Showing the newest 500 records (the CSV has them all). Choose a session, a child or dates to see older ones.'
              : `${data.records.length} ${data.records.length === 1 ? 'record' : 'records'}`}
          </Text>
          <Button variant="default" onClick={exportCsv} loading={exporting}>
            Download CSV
          </Button>
        </Group>
      ) : null}
      {history.isPending ? (
        <Text role="status">Loading drop-offs and pickups…</Text>
      ) : data && data.records.length === 0 ? (
        <Text role="status">
          {filtered
            ? 'No drop-offs or pickups match these filters.'
            : 'No drop-offs or pickups yet. They appear here as soon as children are checked in.'}
        </Text>
      ) : data ? (
        <TableRegion label="Attendance history table">
          <Table.Thead>
            <Table.Tr>
              {HISTORY_COLUMNS.map((column) => (
                <Table.Th key={column} scope="col">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.records.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Th scope="row" className={classes.nowrap}>
                  {formatDate(r.timestamp)}
                </Table.Th>
                <Table.Td className={classes.nowrap}>{formatClock(r.timestamp)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={routes.staffChild(r.studentId)} size="sm">
                    {r.childName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.sessionName}</Table.Td>
                <Table.Td>{r.kind === 'CheckIn' ? 'Drop-off' : 'Pickup'}</Table.Td>
                <Table.Td>{r.adultName ?? '—'}</Table.Td>
                <Table.Td>{METHOD_LABELS[r.method]}</Table.Td>
                <Table.Td>{r.secondFactor ? SECOND_FACTOR_LABELS[r.secondFactor] : '—'}</Table.Td>
                <Table.Td>{r.staffName ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableRegion>
      ) : null}
    </Stack>
  );
}
