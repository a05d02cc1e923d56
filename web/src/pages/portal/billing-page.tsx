import { formatCents, type Payment, routes } from '@lc/contract';
import { Box, Button, Card, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { getPayments } from '../../api/enrollment.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { totalPaidIn, yearOf } from '../../features/portal-sessions/format.ts';
import {
  PaymentAmount,
  PaymentCard,
  PaymentChildren,
  PaymentDate,
  PaymentStatus,
  paymentTitle,
  ReceiptLink,
} from '../../features/portal-sessions/payment-parts.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useLoad } from '../../lib/use-load.ts';

/**
 * /dashboard/billing (spec §2, §7 Billing; issue 5): the family's payments, newest first — a table on wide
 * screens, one card per payment on phones — with what was paid this year.
 */
export default function BillingPage() {
  usePageTitle('Billing');
  const payments = useLoad('payments', (signal) => getPayments(signal));

  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>Billing</Title>
        <Text mt={4}>Your payments and receipts, newest first.</Text>
      </div>
      {payments.status === 'loading' ? <Loading label="Loading your payments…" /> : null}
      {payments.status === 'error' ? (
        <LoadFailed message="We could not load your payments." retry={payments.retry} />
      ) : null}
      {payments.status === 'success' && payments.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Title order={2} size="h3">
            No payments yet
          </Title>
          <Text mt="xs">When you enroll a child in a session, the payment and its receipt appear here.</Text>
          <Button component={Link} to={routes.sessions} mt="md" w="fit-content">
            Browse sessions
          </Button>
        </Card>
      ) : null}
      {payments.status === 'success' && payments.data.length > 0 ? (
        <Payments payments={payments.data} />
      ) : null}
    </Stack>
  );
}

function Payments({ payments }: { payments: Payment[] }) {
  const now = new Date();
  const year = yearOf(now);
  const total = totalPaidIn(payments, year);
  // A family shared by two parents (issue 13) sees both parents' payments: say who paid each.
  const payers = new Set(payments.map((p) => p.paidBy)).size > 1;
  return (
    <>
      <Text size="lg">
        Total paid in {year}: <strong>{formatCents(total.cents)}</strong>
        {total.count > 0 ? ` (${total.count} ${total.count === 1 ? 'payment' : 'payments'})` : ''}
      </Text>
      {/* Both layouts are in the page; CSS shows one, so assistive technology meets only that one. */}
      <Box visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <VisuallyHidden>Your payments, newest first</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Session</Table.Th>
              <Table.Th scope="col">Children</Table.Th>
              {payers ? <Table.Th scope="col">Paid by</Table.Th> : null}
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                Amount
              </Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Receipt</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <PaymentDate payment={payment} />
                </Table.Td>
                <Table.Th scope="row" fw={600}>
                  {paymentTitle(payment)}
                </Table.Th>
                <Table.Td>
                  <PaymentChildren payment={payment} />
                </Table.Td>
                {payers ? <Table.Td>{payment.paidBy}</Table.Td> : null}
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <PaymentAmount payment={payment} />
                </Table.Td>
                <Table.Td>
                  <PaymentStatus payment={payment} now={now} />
                </Table.Td>
                <Table.Td>
                  <ReceiptLink payment={payment} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack hiddenFrom="sm" component="ul" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {payments.map((payment) => (
          <PaymentCard
            key={payment.id}
            payment={payment}
            now={now}
            paidBy={payers ? payment.paidBy : undefined}
          />
        ))}
      </Stack>
    </>
  );
}
