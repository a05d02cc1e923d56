import { AGING_CSV_COLUMNS, AgingQuerySchema, type AgingReport, agingTableRows, routes } from '@lc/contract';
import { Alert, Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import { downloadBalancesCsv, getBalances } from '../../api/staff-money';
import { failedWith } from '../../features/forms/feedback';
import { formatPortalDay } from '../../features/portal-sessions/format';
import { FailedPayments } from '../../features/staff/failed-payments';
import { ListFooter, ScrollRegion } from '../../features/staff/list-parts';
import { RevenueByMonth } from '../../features/staff/revenue-by-month';
import classes from '../../features/staff/staff.module.css';
import { useCsvDownload } from '../../features/staff/use-csv-download';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/balances — the director's aging report (issue 23): every family that owes, by how long it has been
 * due (current, 1–30, 31–60, over 60 days, on the center's calendar), most owed first, a page at a time (the
 * page in the URL), the totals over all of them, and a CSV of every family with exactly the table's cells. Each
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
      {report.data && report.data.rows.length === 0 ? (
        <Text role="status">No family owes anything right now.</Text>
      ) : null}
      {report.data && report.data.rows.length > 0 ? <AgingTable report={report.data} /> : null}
      {report.data ? (
        <ListFooter
          total={report.data.total}
          pageSize={report.data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Group gap="md">
            <Text size="sm">
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

/** The report's table: exactly the CSV's cells (`agingTableRows`), the family's name a link, totals in the foot. */
function AgingTable({ report }: { report: AgingReport }) {
  const cells = agingTableRows(report);
  const totals = cells.at(-1)!;
  const money = (c: number) => c >= 3;
  return (
    <ScrollRegion label="Balances due">
      <Table verticalSpacing="sm" highlightOnHover miw={860}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
          Families with a balance due, most owed first
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {AGING_CSV_COLUMNS.map((column, c) => (
              <Table.Th key={column} scope="col" style={money(c) ? { textAlign: 'right' } : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row, r) => (
            <Table.Tr key={row.userId}>
              <Table.Th scope="row">
                <Anchor component={Link} to={routes.staffFamily(row.userId)}>
                  {row.familyName}
                </Anchor>
              </Table.Th>
              {cells[r]!.slice(1).map((cell, c) => (
                <Table.Td
                  key={AGING_CSV_COLUMNS[c + 1]}
                  className={money(c + 1) ? classes.nowrap : undefined}
                  style={money(c + 1) ? { textAlign: 'right' } : undefined}
                  fw={c + 1 === 7 ? 600 : undefined}
                >
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td />
            <Table.Td />
            {totals.slice(3).map((cell, c) => (
              <Table.Td
                key={AGING_CSV_COLUMNS[c + 3]}
                fw={700}
                className={classes.nowrap}
                style={{ textAlign: 'right' }}
              >
                {cell}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollRegion>
  );
}
