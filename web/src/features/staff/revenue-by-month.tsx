/**
 * "Revenue by month" on the director's Balances page (issue 23): a calendar year of the family account, month
 * by month (charged, received, refunded, owed at each month's end), the year's totals, and a CSV of exactly
 * the table. The year is chosen from the years with any money on record. Everything comes from the ledger
 * (server `revenue.ts`), so it agrees with every other money screen to the cent.
 */
import { formatCents, REVENUE_CSV_COLUMNS, type RevenueReport, revenueTableRows } from '@lc/contract';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staffKeys } from '../../api/query-keys';
import { downloadRevenueCsv, getRevenue } from '../../api/staff-money';
import { type StaffColumn, StaffTable } from '../staff-table/staff-table';
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
          <Text size="sm" id="revenue-opening">
            Owed when {report.data.year} began: {formatCents(report.data.opening)}.
          </Text>
          <RevenueTable report={report.data} />
        </>
      ) : null}
    </Stack>
  );
}

/** A line of the table: the CSV's cells, the last line the year's totals. */
type RevenueLine = { cells: string[]; total: boolean };

/** The columns: the month (the row's header), then money that never wraps; the totals line in bold. */
const COLUMNS: ReadonlyArray<StaffColumn<RevenueLine>> = REVENUE_CSV_COLUMNS.map((header, c) => ({
  id: header,
  header,
  numeric: c > 0,
  cell: ({ cells, total }: RevenueLine) =>
    total ? (
      <Text span fw={700} inherit>
        {cells[c]}
      </Text>
    ) : (
      cells[c]
    ),
}));

/** The table: exactly the CSV's cells (`revenueTableRows`), each month then the year's totals. */
function RevenueTable({ report }: { report: RevenueReport }) {
  const cells = revenueTableRows(report);
  const lines = cells.map((row, r) => ({ cells: row, total: r === cells.length - 1 }));
  return (
    <StaffTable
      label={`Revenue by month, ${report.year}`}
      rows={lines}
      rowId={(line) => line.cells[0]!}
      columns={COLUMNS}
      describedBy="revenue-opening"
      empty={`Nothing was charged, received or refunded in ${report.year}.`}
    />
  );
}
