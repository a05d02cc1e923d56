/**
 * A roster as CSV (issue 10): exactly the roster page's table (`rosterTableRows`, header
 * `rosterColumns`: no Payment column for a teacher), written by `csv-stringify` (quoting, embedded commas and line breaks). Cells a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) get a leading
 * apostrophe (OWASP "CSV Injection").
 */
import { type Roster, rosterColumns, rosterTableRows } from '@lc/contract';
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text no spreadsheet will evaluate. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A staff table as a CSV document: the header `columns`, then `rows` (the screen's cells) with formulas
 * defused, CRLF line ends. The roster, payments and audit exports all go through here.
 */
export function tableCsv(columns: readonly string[], rows: string[][]): string {
  return stringify([[...columns], ...rows.map((row) => row.map(safeCell))], { record_delimiter: 'windows' });
}

/** The enrolled children of `roster` as a CSV document (header row first, CRLF line ends). */
export function rosterCsv(roster: Roster, timeZone: string): string {
  return tableCsv(rosterColumns(roster), rosterTableRows(roster, timeZone));
}
