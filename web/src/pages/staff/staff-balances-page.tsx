import {
  AGING_CSV_COLUMNS,
  AGING_SORTS,
  AgingQuerySchema,
  type AgingReport,
  type AgingRow,
  agingTableRows,
  routes,
} from '@lc/contract';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { downloadBalancesCsv, getBalances } from '../../api/staff-money';
import { failedWith } from '../../features/forms/feedback';
import { formatPortalDay } from '../../features/portal-sessions/format';
import { FailedPayments } from '../../features/staff/failed-payments';
import { BreakableEmails, ListFooter } from '../../features/staff/list-parts';
import { MoneyTotals } from '../../features/staff/money-totals';
import { RevenueByMonth } from '../../features/staff/revenue-by-month';
import classes from '../../features/staff/staff.module.css';
import { useCsvDownload } from '../../features/staff/use-csv-download';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { type StaffColumn, StaffTable, type TableSort } from '../../features/staff-table/staff-table';
import { urlSort } from '../../features/staff-table/url-sort';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/balances — the director's aging report (issue 23): every family that owes, by how long it has been
 * due (current, 1–30, 31–60, over 60 days, on the center's calendar), most owed first or in the order of a
 * header's button (decision 030), a page at a time (the order and the page in the URL), the totals over all of
 * them, and a CSV of every family (most owed first) with exactly the table's cells. Each
 * family links to its page, where the account and its statement are. Below it, revenue by month.
 */
export default function StaffBalancesPage() {
  usePageTitle('Staff · Balances due');
  const { query, update } = useUrlQuery(AgingQuerySchema, { keepValid: true });
  const report = useQuery({
    queryKey: staffKeys.balances(query),
    queryFn: ({ signal }) => getBalances(query, signal),
    placeholderData: keepPreviousData,
  });
  const { exporting, exportCsv } = useCsvDownload(
    downloadBalancesCsv,
    'The balances could not be downloaded. Please try again.',
  );

  if (failedWith(report.error, 403))
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Balances are the director’s">
        Ask your center’s director about a family’s account.
      </Alert>
    );

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Balances due</Title>
        <Text c="dimmed">
          Every family that owes the center, by how long it has been due
          {report.data ? `, as of ${formatPortalDay(report.data.asOf, { withYear: true })}` : ''}. Open a
          family to see its statement, record a payment from a session’s roster.
        </Text>
      </div>
      {report.isError && !failedWith(report.error, 403) ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the balances">
          Please check your connection and try again.
        </Alert>
      ) : null}
      {report.isPending ? <Text role="status">Loading the balances…</Text> : null}
      {report.data && report.data.total > 0 ? <AgingTotals totals={report.data.totals} /> : null}
      {report.data ? <AgingTable report={report.data} sort={urlSort(query, update)} /> : null}
      {report.data ? (
        <ListFooter
          total={report.data.total}
          pageSize={report.data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Group gap="md">
            <Text size="sm" id="balances-count">
              {report.data.total} {report.data.total === 1 ? 'family' : 'families'}
            </Text>
            <Button
              variant="default"
              onClick={exportCsv}
              loading={exporting}
              disabled={report.data.total === 0}
            >
              Download CSV
            </Button>
          </Group>
        </ListFooter>
      ) : null}
      {failedWith(report.error, 403) ? null : <FailedPayments />}
      {failedWith(report.error, 403) ? null : <RevenueByMonth />}
    </Stack>
  );
}

/** The totals over every family that owes (not only this page's), by how long it has been due; cents as dollars. */
function AgingTotals({ totals }: { totals: AgingReport['totals'] }) {
  return (
    <MoneyTotals
      cols={{ base: 2, xs: 3, md: 5 }}
      items={[
        ['Current', totals.current],
        ['1–30 days', totals.days1to30],
        ['31–60 days', totals.days31to60],
        ['Over 60 days', totals.over60],
        ['Total due', totals.total],
      ]}
    />
  );
}

/** A family on the report with its cells as the CSV writes them (`agingTableRows`). */
type AgingLine = { row: AgingRow; cells: string[] };

/** The key of each of the CSV's columns: the server's sort key where it has one (`AGING_SORTS`). */
const COLUMN_IDS = ['family', 'email', 'children', 'current', 'days1to30', 'days31to60', 'over60', 'total'];
const SORTABLE = new Set<string>(AGING_SORTS);

/** The report's columns: exactly the CSV's, the family's name a link to its page; amounts never wrap. */
const AGING_COLUMNS: ReadonlyArray<StaffColumn<AgingLine>> = AGING_CSV_COLUMNS.map((header, c) => {
  const id = COLUMN_IDS[c]!;
  const money = c >= 3;
  return {
    id,
    header,
    sortable: SORTABLE.has(id),
    descendingFirst: money,
    numeric: money,
    cell: ({ row, cells }: AgingLine) =>
      c === 0 ? (
        <Anchor component={Link} to={routes.staffFamily(row.userId)}>
          {row.familyName}
        </Anchor>
      ) : id === 'email' ? (
        <BreakableEmails cell={cells[c]!} />
      ) : id === 'total' ? (
        <Text span fw={600} inherit>
          {cells[c]}
        </Text>
      ) : (
        cells[c]
      ),
  };
});

/**
 * The report's table: exactly the CSV's cells (`agingTableRows`), the family's name a link, in the server's
 * order (`sort`, a header's button); `empty` says why there is no row.
 */
function AgingTable({ report, sort }: { report: AgingReport; sort: TableSort }) {
  const cells = agingTableRows(report);
  const lines = report.rows.map((row, r) => ({ row, cells: cells[r]! }));
  return (
    <StaffTable
      choose={{ list: 'balances' }}
      label="Balances due"
      rows={lines}
      rowId={(line) => line.row.userId}
      columns={AGING_COLUMNS}
      sort={sort}
      describedBy="balances-count"
      empty="No family owes anything right now. A family appears here once a charge on its account is unpaid; record a payment from a session’s roster."
    />
  );
}
