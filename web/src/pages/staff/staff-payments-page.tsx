import { StaffPaymentListQuerySchema } from '@lc/contract';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staffKeys } from '../../api/query-keys';
import { downloadPaymentsCsv, getStaffPayments } from '../../api/staff-money';
import { failedWith } from '../../features/forms/feedback';
import { ListFooter } from '../../features/staff/list-parts';
import { RefundDialog, type RefundTarget } from '../../features/staff/refund-dialog';
import classes from '../../features/staff/staff.module.css';
import { useCsvDownload } from '../../features/staff/use-csv-download';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { isFiltered, PaymentsFilters } from '../../features/staff-payments/payments-filters';
import {
  PaymentColumnChooser,
  PaymentsTable,
  PaymentTotals,
  usePaymentColumns,
} from '../../features/staff-payments/payments-table';
import { urlSort } from '../../features/staff-table/url-sort';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/payments — the director's payments (issue 10): filters by status, session and dates and the order
 * (a header's button: date, family, session, amount, refunded, status; decision 030) kept in the URL, pages
 * from the server, totals over everything the filters match, the columns the director chose on screen, a CSV
 * of exactly the table's columns for all matching rows in the same order, and a refund from any paid row.
 */
export default function StaffPaymentsPage() {
  usePageTitle('Staff · Payments');
  const { query, update } = useUrlQuery(StaffPaymentListQuerySchema, { keepValid: true });
  const { exporting, exportCsv } = useCsvDownload(
    () => downloadPaymentsCsv(query),
    'The payments could not be downloaded. Please try again.',
  );
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const { hidden, setHidden } = usePaymentColumns();
  const list = useQuery({
    queryKey: staffKeys.payments(query),
    queryFn: ({ signal }) => getStaffPayments(query, signal),
    placeholderData: keepPreviousData,
  });

  if (failedWith(list.error, 403))
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Payments are the director’s">
        Ask your center’s director about a family’s payments.
      </Alert>
    );

  const data = list.data;
  const filtered = isFiltered(query);

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Payments</Title>
        <Text c="dimmed">
          Every payment, newest first or in the order of the column you choose. Filter, download exactly what
          you see, or refund.
        </Text>
      </div>

      <PaymentsFilters query={query} update={update} />

      {data ? <PaymentTotals totals={data.totals} /> : null}

      {data && data.items.length > 0 ? (
        <Group justify="flex-end">
          <PaymentColumnChooser hidden={hidden} onChange={setHidden} />
        </Group>
      ) : null}

      {list.isError && !failedWith(list.error, 403) ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the payments">
          Please check your connection and try again.
        </Alert>
      ) : null}

      {list.isPending ? (
        <Text role="status">Loading payments…</Text>
      ) : data ? (
        <PaymentsTable
          items={data.items}
          onRefund={setRefunding}
          sort={urlSort(query, update)}
          hidden={hidden}
          empty={
            filtered
              ? 'No payments match these filters. Widen the dates, choose another status or session, or clear the filters.'
              : 'There are no payments yet. A payment appears here once a family pays at checkout or the office records one.'
          }
        />
      ) : null}

      {data ? (
        <ListFooter
          total={data.total}
          pageSize={data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Group gap="md">
            <Text size="sm" id="payments-count">
              {data.total} {data.total === 1 ? 'payment' : 'payments'}
            </Text>
            <Button variant="default" onClick={exportCsv} loading={exporting} disabled={data.total === 0}>
              Download CSV
            </Button>
          </Group>
        </ListFooter>
      ) : null}

      <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
    </Stack>
  );
}
