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
import { PaymentsTable, PaymentTotals } from '../../features/staff-payments/payments-table';
import { usePageTitle } from '../../layout/use-page-title';

/**
 * /staff/payments — the director's payments (issue 10): filters by status, session and dates kept in the
 * URL, pages from the server, totals over everything the filters match, a CSV of exactly the table's
 * columns for all matching rows, and a refund from any paid row.
 */
export default function StaffPaymentsPage() {
  usePageTitle('Staff · Payments');
  const { query, update, reset } = useUrlQuery(StaffPaymentListQuerySchema, { keepValid: true });
  const { exporting, exportCsv } = useCsvDownload(
    () => downloadPaymentsCsv(query),
    'The payments could not be downloaded. Please try again.',
  );
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
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
        <Text c="dimmed">Every payment, newest first. Filter, download exactly what you see, or refund.</Text>
      </div>

      <PaymentsFilters query={query} update={update} reset={reset} />

      {data ? <PaymentTotals totals={data.totals} /> : null}

      {list.isError && !failedWith(list.error, 403) ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the payments">
          Please check your connection and try again.
        </Alert>
      ) : null}

      {list.isPending ? (
        <Text role="status">Loading payments…</Text>
      ) : data && data.items.length === 0 ? (
        <Text role="status">
          {filtered ? 'No payments match these filters.' : 'There are no payments yet.'}
        </Text>
      ) : data ? (
        <PaymentsTable items={data.items} onRefund={setRefunding} />
      ) : null}

      {data ? (
        <ListFooter
          total={data.total}
          pageSize={data.pageSize}
          page={query.page}
          onPage={(page) => update({ page })}
        >
          <Group gap="md">
            <Text size="sm">
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
