/**
 * A report's table (issue 24): exactly the CSV's cells (contract `reportTableRows`), the row's name as its
 * header, figures at the end of their columns, a totals row in the foot — on the staff table (decision 030).
 * It is the chart's alternative for screen readers and the figures everyone can copy.
 */
import { type Report, reportTableRows } from '@lc/contract';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';

/** A line of the table: its position (two children may share a name) and the CSV's cells. */
type ReportLine = { index: number; cells: string[] };

export function ReportTable({ report, caption }: { report: Report; caption: string }) {
  const cells = reportTableRows(report);
  const lines = cells.map((row, index) => ({ index, cells: row }));
  const body = report.totals ? lines.slice(0, -1) : lines;
  const columns: StaffColumn<ReportLine>[] = report.columns.map((column, c) => ({
    id: column.key,
    header: column.label,
    numeric: c > 0 && column.format !== 'text',
    cell: (line) => line.cells[c],
  }));
  return (
    <StaffTable
      label={caption}
      caption={caption}
      rows={body}
      rowId={(line) => String(line.index)}
      columns={columns}
      footer={report.totals ? lines.at(-1) : undefined}
      minWidth={560}
      empty="Nothing to show for these dates. Choose a wider range."
    />
  );
}
