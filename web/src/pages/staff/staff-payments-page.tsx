import {
  formatCents,
  PAYMENT_CSV_COLUMNS,
  PAYMENT_STATUSES,
  paymentStatusLabel,
  paymentTableRows,
  StaffPaymentListQuerySchema,
  type StaffPaymentRow,
} from '@lc/contract';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { getStaffSessions } from '../../api/staff';
import { downloadPaymentsCsv, getStaffPayments } from '../../api/staff-money';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { notifyError } from '../../features/forms/notify';
import { DateRangeFilter } from '../../features/staff/date-range-filter';
import { ListPagination } from '../../features/staff/list-pagination';
import { RefundDialog, type RefundTarget } from '../../features/staff/refund-dialog';
import classes from '../../features/staff/staff.module.css';
import { useUrlQuery } from '../../features/staff/use-url-query';
import { usePageTitle } from '../../layout/use-page-title';
import { saveFile } from '../../lib/save-file';

const FILTERS = ['status', 'classSessionId', 'from', 'to'] as const;
/** Money columns never wrap ("$1,945.00" reads as one piece). */
const AMOUNT_COLUMNS = new Set(
  (['Amount', 'Refunded'] as const).map((name) => PAYMENT_CSV_COLUMNS.indexOf(name)),
);

/**
 * /staff/payments — the director's payments (issue 10): filters by status, session and dates kept in the
 * URL, pages from the server, totals over everything the filters match, a CSV of exactly the table's
 * columns for all matching rows, and a refund from any paid row.
 */
export default function StaffPaymentsPage() {
  usePageTitle('Staff · Payments');
  const { query, update, reset } = useUrlQuery(StaffPaymentListQuerySchema, { keepValid: true });
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const [exporting, setExporting] = useState(false);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const list = useQuery({
    queryKey: ['staff', 'payments', query],
    queryFn: ({ signal }) => getStaffPayments(query, signal),
    placeholderData: keepPreviousData,
  });
  const sessions = useQuery({
    queryKey: ['staff', 'sessions', { period: 'all', pageSize: 100, sort: 'start', dir: 'desc' }],
    queryFn: ({ signal }) =>
      getStaffSessions({ period: 'all', page: 1, pageSize: 100, sort: 'start', dir: 'desc' }, signal),
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await downloadPaymentsCsv(query);
      saveFile(blob, fileName);
    } catch {
      notifyError('The payments could not be downloaded. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  if (list.error instanceof ApiError && list.error.status === 403)
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Payments are the director’s">
        Ask your center’s director about a family’s payments.
      </Alert>
    );

  const data = list.data;
  const rows = data ? paymentTableRows(data.items, CENTER_TIME_ZONE) : [];
  const filtered = FILTERS.some((f) => query[f] !== undefined);

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <div>
        <Title order={1}>Payments</Title>
        <Text c="dimmed">Every payment, newest first. Filter, download exactly what you see, or refund.</Text>
      </div>

      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          value={query.status ?? null}
          onChange={(value) => update({ status: value ?? undefined })}
          data={PAYMENT_STATUSES.map((value) => ({ value, label: paymentStatusLabel(value) }))}
          w={160}
        />
        <Select
          label="Session"
          placeholder="Any session"
          clearable
          searchable
          value={query.classSessionId ? String(query.classSessionId) : null}
          onChange={(value) => update({ classSessionId: value ?? undefined })}
          data={(sessions.data?.items ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          w={260}
          maw="100%"
        />
        <DateRangeFilter from={from} to={to} onFrom={setFrom} onTo={setTo} onApply={update} />
        {filtered ? (
          <Button
            variant="subtle"
            onClick={() => {
              setFrom('');
              setTo('');
              reset();
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </Group>

      {data ? (
        <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" aria-label="Totals" m={0}>
          {(
            [
              ['Paid', data.totals.paid],
              ['Refunded', data.totals.refunded],
              ['Net', data.totals.net],
            ] as const
          ).map(([label, cents]) => (
            <Paper key={label} withBorder radius="md" p="md">
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} fz="xl" fw={700}>
                {formatCents(cents)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}

      {list.isError && !(list.error instanceof ApiError && list.error.status === 403) ? (
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
        // A wide table scrolls sideways on a phone: the region takes focus so the keyboard can scroll it.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable (axe).
        <section className={classes.tableWrap} aria-label="Payments table" tabIndex={0}>
          <Table striped verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                {PAYMENT_CSV_COLUMNS.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, r) => {
                const payment = data.items[r]!;
                return (
                  <Table.Tr key={payment.id}>
                    {row.map((cell, c) =>
                      c === 0 ? (
                        <Table.Th key={PAYMENT_CSV_COLUMNS[c]} scope="row" style={{ whiteSpace: 'nowrap' }}>
                          {cell}
                        </Table.Th>
                      ) : (
                        <Table.Td
                          key={PAYMENT_CSV_COLUMNS[c]}
                          className={AMOUNT_COLUMNS.has(c) ? classes.nowrap : undefined}
                        >
                          {cell}
                        </Table.Td>
                      ),
                    )}
                    <Table.Td>
                      {payment.refundable > 0 ? (
                        <Button
                          size="compact-sm"
                          variant="default"
                          onClick={() => setRefunding(refundTarget(payment))}
                          aria-label={`Refund ${payment.familyName}’s payment of ${formatCents(payment.finalAmount)}`}
                        >
                          Refund…
                        </Button>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </section>
      ) : null}

      {data ? (
        <Group justify="space-between" wrap="wrap">
          <Group gap="md">
            <Text size="sm">
              {data.total} {data.total === 1 ? 'payment' : 'payments'}
            </Text>
            <Button variant="default" onClick={exportCsv} loading={exporting} disabled={data.total === 0}>
              Download CSV
            </Button>
          </Group>
          <ListPagination
            total={data.total}
            pageSize={data.pageSize}
            page={query.page}
            onChange={(page) => update({ page })}
          />
        </Group>
      ) : null}

      <RefundDialog target={refunding} onClose={() => setRefunding(null)} />
    </Stack>
  );
}

function refundTarget(payment: StaffPaymentRow): RefundTarget {
  return {
    paymentId: payment.id,
    label: `${payment.familyName}${payment.sessionName ? `, ${payment.sessionName}` : ''}: paid ${formatCents(payment.finalAmount)}${payment.refundedAmount > 0 ? `, ${formatCents(payment.refundedAmount)} refunded so far` : ''}`,
    refundable: payment.refundable,
  };
}
