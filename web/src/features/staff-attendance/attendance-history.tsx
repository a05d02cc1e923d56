/**
 * The attendance history (issue 11): every drop-off and pickup in the sessions the staff member sees, newest
 * first, filtered by session, child and dates (kept in the URL), and the same rows as a CSV. A child is
 * chosen from the chosen session's roster, or arrives in the URL (`studentId`) from a link.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadAttendanceCsv, getStaffAttendance } from '../../api/passes';
import { staffKeys } from '../../api/query-keys';
import { useCsvDownload } from '../staff/use-csv-download';
import type { UrlQueryChanges } from '../staff/use-url-query';
import type { HistoryFilters } from './attendance-parts';
import { HistoryFilterBar } from './history-filter-bar';
import { HistoryTable } from './history-table';

/** The History view: filters, the table, "Download CSV". */
export function AttendanceHistory({
  filters,
  update,
}: {
  filters: HistoryFilters;
  update: (changes: UrlQueryChanges<HistoryFilters>) => void;
}) {
  const { studentId, classSessionId, from: urlFrom, to: urlTo } = filters;
  const query: HistoryFilters = { studentId, classSessionId, from: urlFrom, to: urlTo };
  const history = useQuery({
    queryKey: staffKeys.attendanceHistory(query),
    queryFn: ({ signal }) => getStaffAttendance(query, signal),
    placeholderData: keepPreviousData,
  });
  const { exporting, exportCsv } = useCsvDownload(
    () => downloadAttendanceCsv(query),
    'The attendance could not be downloaded. Please try again.',
  );

  const filtered = studentId !== undefined || classSessionId !== undefined || !!urlFrom || !!urlTo;

  const data = history.data;
  return (
    <Stack gap="lg">
      <HistoryFilterBar filters={filters} filtered={filtered} update={update} />

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
      ) : data ? (
        <HistoryTable
          records={data.records}
          empty={
            filtered
              ? 'No drop-offs or pickups match these filters. Choose another session or child, widen the dates, or clear the filters.'
              : 'No drop-offs or pickups yet. They appear here as soon as children are checked in.'
          }
        />
      ) : null}
    </Stack>
  );
}
