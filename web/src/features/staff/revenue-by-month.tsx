/**
 * "Revenue by month" on the director's Balances page (issue 23): a calendar year of the family account, month
 * by month (charged, received, refunded, owed at each month's end), the year's totals, and a CSV of exactly
 * the table. The year is chosen from the years with any money on record. Everything comes from the ledger
 * (server `revenue.ts`), so it agrees with every other money screen to the cent.
 */
import { formatCents, REVENUE_CSV_COLUMNS, type RevenueReport, revenueTableRows } from '@lc/contract';
import { Alert, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staffKeys } from '../../api/query-keys';
import { downloadRevenueCsv, getRevenue } from '../../api/staff-money';
import { ScrollRegion } from './list-parts';
import classes from './staff.module.css';
import { useCsvDownload } from './use-csv-download';

/** The section: its heading, the year, the table and the download. */
export function RevenueByMonth() {
  const [year, setYear] = useState<number | undefined>(undefined);
  const report = useQuery({
    queryKey: staffKeys.revenue(year),
    queryFn: ({ signal }) => getRevenue(year, signal),
    placeholderData: keepPreviousData,
  });
  const { exporting, exportCsv } = useCsvDownload(
    () => downloadRevenueCsv(year),
    'The revenue could not be downloaded. Please try again.',
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="revenue-heading">
      <Title order={2} size="h3" id="revenue-heading">
        Revenue by month
      </Title>
      <Text size="sm" c="dimmed">
        Charged is what fell due in the month (a payment plan’s instalments in their months), less discounts,
        credits and write-offs; received and refunded are the money that came in and went back that month.
        Owed below $0.00 means families had paid ahead of what was due.
      </Text>
      {report.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the revenue">
          Please check your connection and try again.
        </Alert>
      ) : null}
      {report.isPending ? <Text role="status">Loading the revenue…</Text> : null}
      {report.data ? (
        <>
          <Group align="flex-end" gap="md">
            <NativeSelect
              label="Year"
              value={String(report.data.year)}
              onChange={(event) => setYear(Number(event.currentTarget.value))}
              data={report.data.years.map((y) => String(y))}
              w={140}
            />
            <Button variant="default" onClick={exportCsv} loading={exporting}>
              Download CSV
            </Button>
          </Group>
          <Text size="sm">
            Owed when {report.data.year} began: {formatCents(report.data.opening)}.
          </Text>
          <RevenueTable report={report.data} />
        </>
      ) : null}
    </Stack>
  );
}

/** The table: exactly the CSV's cells (`revenueTableRows`), the year's totals in the foot. */
function RevenueTable({ report }: { report: RevenueReport }) {
  const cells = revenueTableRows(report);
  const totals = cells.at(-1)!;
  const right = { textAlign: 'right' } as const;
  return (
    <ScrollRegion label={`Revenue by month, ${report.year}`}>
      <Table verticalSpacing="xs" highlightOnHover miw={640}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          {`Each month of ${report.year}: charged, received, refunded and owed at its end`}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {REVENUE_CSV_COLUMNS.map((column, c) => (
              <Table.Th key={column} scope="col" style={c > 0 ? right : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cells.slice(0, -1).map((row) => (
            <Table.Tr key={row[0]}>
              <Table.Th scope="row" fw={500}>
                {row[0]}
              </Table.Th>
              {row.slice(1).map((cell, c) => (
                <Table.Td key={REVENUE_CSV_COLUMNS[c + 1]} className={classes.nowrap} style={right}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{totals[0]}</Table.Th>
            {totals.slice(1).map((cell, c) => (
              <Table.Td key={REVENUE_CSV_COLUMNS[c + 1]} fw={700} className={classes.nowrap} style={right}>
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}
