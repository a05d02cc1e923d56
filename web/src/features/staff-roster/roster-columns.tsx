/**
 * The roster's choosable columns (issue 24): the director or teacher picks which of the roster's columns the
 * screen shows, remembered for that person in this browser (`useHiddenColumns`, decision 030); the printed
 * roster and the CSV always carry every column. By default the screen leaves out what a busy morning does not
 * need at a glance (date of birth, parent emails, enrolled on), so the rest with Today and Actions fit beside
 * the sidebar at 1280 px.
 */
import type { RosterColumn } from '@lc/contract';
import { useHiddenColumns } from '../staff-table/column-chooser';

/** Shown on screen until a person chooses otherwise (the child's name is always shown). */
export const ROSTER_SCREEN_HIDDEN: readonly RosterColumn[] = [
  'Date of birth',
  'Parent emails',
  'Enrolled on',
];

/** The roster columns the signed-in person has hidden on screen; `setHidden` changes them. */
export function useHiddenRosterColumns() {
  return useHiddenColumns<RosterColumn>('roster', ROSTER_SCREEN_HIDDEN);
}
