/**
 * A report's table (issue 24): exactly the CSV's cells (contract `reportTableRows`), the row's name as its
 * header, figures right-aligned, a totals row in the foot. It is the chart's alternative for screen readers
 * and the figures everyone can copy.
 */
import { type Report, reportTableRows } from '@lc/contract';
import { Table } from '@mantine/core';
import { ScrollRegion } from '../staff/list-parts';
import classes from '../staff/staff.module.css';

export function ReportTable({ report, caption }: { report: Report; caption: string }) {
  const cells = reportTableRows(report);
  const body = report.totals ? cells.slice(0, -1) : cells;
  const right = { textAlign: 'right' } as const;
  const row = (r: string[], total: boolean) => (
    <>
      <Table.Th scope="row" fw={total ? 700 : 500}>
        {r[0]}
      </Table.Th>
      {r.slice(1).map((cell, c) => (
        <Table.Td
          key={report.columns[c + 1]!.key}
          className={classes.nowrap}
          fw={total ? 700 : undefined}
          style={report.columns[c + 1]!.format === 'text' ? undefined : right}
        >
          {cell}
        </Table.Td>
      ))}
    </>
  );
  return (
    <ScrollRegion label={caption}>
      <Table verticalSpacing="xs" highlightOnHover miw={560} data-testid="report-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((column, c) => (
              <Table.Th
                key={column.key}
                scope="col"
                style={c > 0 && column.format !== 'text' ? right : undefined}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((r, i) => (
            // A row's first cell names it (a month, a session, a child), but two children may share a name.
            <Table.Tr key={`${i}-${r[0]}`}>{row(r, false)}</Table.Tr>
          ))}
        </Table.Tbody>
        {report.totals ? (
          <Table.Tfoot>
            <Table.Tr>{row(cells.at(-1)!, true)}</Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </ScrollRegion>
  );
}
