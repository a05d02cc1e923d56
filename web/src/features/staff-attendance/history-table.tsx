import { type AttendanceRecord, routes } from '@lc/contract';
import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { ColumnHeads } from '../staff/list-parts';
import classes from '../staff/staff.module.css';
import { formatDate, TableRegion } from '../staff-families/family-parts';
import { formatClock, HISTORY_COLUMNS, METHOD_LABELS, SECOND_FACTOR_LABELS } from './attendance-parts';

/** Drop-offs and pickups, newest first: the CSV's columns (day and time unbroken, the child a link). */
export function HistoryTable({ records }: { records: AttendanceRecord[] }) {
  return (
    <TableRegion label="Attendance history table">
      <ColumnHeads columns={HISTORY_COLUMNS} />
      <Table.Tbody>
        {records.map((r) => (
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
  );
}
