/**
 * "Export selected" (issue 24): the chosen rows of a staff table as a CSV file, written in the browser from
 * the rows the page already holds (the chosen rows may come from several pages of a search). The same rules
 * as the server's exports (server/src/features/class-sessions/roster-csv.ts `tableCsv`): a header row, CRLF
 * line ends, a cell quoted when it holds a comma, a quote or a line break, and a cell a spreadsheet would
 * run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first) given a leading apostrophe (OWASP "CSV
 * Injection").
 */
import { saveFile } from '../../lib/save-file';

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as CSV: formulas defused, quoted when needed. */
function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV document: the header `columns`, then `rows`, CRLF line ends (a final one too). */
export function csvDocument(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return [columns, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Save `rows` under `columns` as `fileName` (UTF-8, `text/csv`). */
export function saveCsv(fileName: string, columns: readonly string[], rows: readonly (readonly string[])[]) {
  saveFile(new Blob([csvDocument(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
