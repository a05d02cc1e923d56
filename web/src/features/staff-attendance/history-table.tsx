import { type AttendanceRecord, routes } from '@lc/contract';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../staff-families/family-parts';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';
import { formatClock, HISTORY_COLUMNS, METHOD_LABELS, SECOND_FACTOR_LABELS } from './attendance-parts';

type HistoryColumn = (typeof HISTORY_COLUMNS)[number];

/** What each of the CSV's columns shows on the screen (day and time unbroken, the child a link). */
const CELLS: Record<HistoryColumn, Omit<StaffColumn<AttendanceRecord>, 'id' | 'header'>> = {
  Date: { nowrap: true, cell: (r) => formatDate(r.timestamp) },
  Time: { nowrap: true, cell: (r) => formatClock(r.timestamp) },
  Child: {
    cell: (r) => (
      <Anchor component={Link} to={routes.staffChild(r.studentId)} size="sm">
        {r.childName}
      </Anchor>
    ),
  },
  Session: { cell: (r) => r.sessionName },
  Event: { cell: (r) => (r.kind === 'CheckIn' ? 'Drop-off' : 'Pickup') },
  Adult: { cell: (r) => r.adultName ?? '—' },
  How: { cell: (r) => METHOD_LABELS[r.method] },
  'Second factor': { cell: (r) => (r.secondFactor ? SECOND_FACTOR_LABELS[r.secondFactor] : '—') },
  Staff: { cell: (r) => r.staffName ?? '—' },
};

const COLUMNS: ReadonlyArray<StaffColumn<AttendanceRecord>> = HISTORY_COLUMNS.map((header) => ({
  id: header,
  header,
  ...CELLS[header],
}));

/**
 * Drop-offs and pickups, newest first, on the staff table (decision 030): the CSV's columns. `empty` says
 * what to do when none match.
 */
export function HistoryTable({ records, empty }: { records: AttendanceRecord[]; empty: ReactNode }) {
  return (
    <StaffTable
      choose={{ list: 'attendance-history' }}
      label="Attendance history table"
      rows={records}
      rowId={(r) => String(r.id)}
      columns={COLUMNS}
      empty={empty}
    />
  );
}
