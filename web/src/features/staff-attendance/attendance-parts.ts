/**
 * What the attendance pages share (issue 11): the board's query (refetched every 30 s, also read by the
 * roster), times in the center's zone, a child's state on the board in words, and the history's filters.
 */
import { type AttendanceQuery, type AttendanceRecord, type Board, dateTimeFormat } from '@lc/contract';
import { useQuery } from '@tanstack/react-query';
import { getBoard } from '../../api/passes';
import { staffKeys } from '../../api/query-keys';
import { CENTER_TIME_ZONE } from '../class-sessions/format';

/** How often the board asks again: the door tablet records check-ins on its own. */
export const BOARD_REFRESH_MS = 30_000;

/**
 * Today's board (`GET /api/staff/attendance/today`), refreshed every 30 seconds while shown; a hand
 * check-in or check-out refreshes it with everything under `staffKeys.attendance()`.
 */
export function useBoard() {
  return useQuery({
    queryKey: staffKeys.attendanceToday(),
    queryFn: ({ signal }) => getBoard(signal),
    refetchInterval: BOARD_REFRESH_MS,
  });
}

/** One child on today's board. */
export type BoardChild = Board['sessions'][number]['children'][number];

const clock = dateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: CENTER_TIME_ZONE });

/** "8:31 AM" in the center's time zone. */
export const formatClock = (iso: string) => clock.format(new Date(iso));

/** "Not arrived", "In since 8:31 AM", "Picked up at 12:34 PM by Rosa Rivera". */
export function childStateText(child: BoardChild): string {
  if (child.state === 'In') return child.checkedInAt ? `In since ${formatClock(child.checkedInAt)}` : 'In';
  if (child.state === 'Out') {
    const at = child.checkedOutAt ? ` at ${formatClock(child.checkedOutAt)}` : '';
    return `Picked up${at}${child.pickedUpBy ? ` by ${child.pickedUpBy}` : ''}`;
  }
  return 'Not arrived';
}

/** The history's columns: the same as the CSV's. */
export const HISTORY_COLUMNS = [
  'Date',
  'Time',
  'Child',
  'Session',
  'Event',
  'Adult',
  'How',
  'Second factor',
  'Staff',
] as const;

/** How a record was made, in the history's and the CSV's words. */
export const METHOD_LABELS: Record<AttendanceRecord['method'], string> = {
  Pass: 'Pass scanned',
  Code: 'Code typed',
  Staff: 'By staff',
};

/** The pickup's second factor, in the history's and the CSV's words. */
export const SECOND_FACTOR_LABELS: Record<NonNullable<AttendanceRecord['secondFactor']>, string> = {
  Pin: 'PIN',
  Photo: 'Photo checked',
};

/** The attendance history's filters as the URL keeps them. */
export type HistoryFilters = Pick<AttendanceQuery, 'studentId' | 'classSessionId' | 'from' | 'to'>;
