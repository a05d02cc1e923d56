import { type Payment, routes, todayIsoDate } from '@lc/contract';
import { Alert, Box, Button, Card, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { enrollmentQueries } from '../../api/queries/enrollment.ts';
import { enrollmentKeys } from '../../api/query-keys.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { AutopaySection } from '../../features/portal-sessions/autopay-section.tsx';
import { FamilyAccountSection } from '../../features/portal-sessions/family-account.tsx';
import { totalPaidIn, yearOf } from '../../features/portal-sessions/format.ts';
import {
  PaymentAmount,
  PaymentCard,
  PaymentChildren,
  PaymentDate,
  PaymentStatus,
  ReceiptLink,
  usePaymentTitle,
} from '../../features/portal-sessions/payment-parts.tsx';
import { SplitSection } from '../../features/portal-sessions/split-section.tsx';
import { StatementsSection } from '../../features/portal-sessions/statements-section.tsx';
import { formatMoney } from '../../i18n/intl-locale.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /dashboard/billing (spec §2, §7 Billing; issue 5; issue 23): the family's account (balance, what is due next,
 * each child's sessions and the statement with its running balance), then the payments and their receipts,
 * newest first — tables on wide screens, one card per line on phones — with what was paid this year.
 */
export default function BillingPage() {
  const { t } = useTranslation();
  usePageTitle(t('portal.billing.pageTitle'));
  const payments = useQuery(enrollmentQueries.payments());
  const account = useQuery(enrollmentQueries.account());
  const returned = useCheckoutReturn();

  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>{t('portal.billing.heading')}</Title>
        <Text mt={4}>{t('portal.billing.intro')}</Text>
      </div>
      {returned}
      {account.status === 'error' ? (
        <LoadFailed message={t('portal.billing.account.failed')} retry={() => account.refetch()} />
      ) : null}
      {account.status === 'success' ? (
        <FamilyAccountSection account={account.data} today={todayIsoDate()} />
      ) : null}
      <AutopaySection />
      <SplitSection />
      <StatementsSection />
      {payments.status === 'pending' ? <Loading label={t('portal.billing.loading')} /> : null}
      {payments.status === 'error' ? (
        <LoadFailed message={t('portal.billing.failed')} retry={() => payments.refetch()} />
      ) : null}
      {payments.status === 'success' && payments.data.length === 0 ? (
        <Card withBorder radius="lg" padding="xl">
          <Title order={2} size="h3">
            {t('portal.billing.emptyHeading')}
          </Title>
          <Text mt="xs">{t('portal.billing.emptyBody')}</Text>
          <Button component={Link} to={routes.sessions} mt="md" w="fit-content">
            {t('portal.common.browseSessions')}
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
  const { t } = useTranslation();
  const paymentTitle = usePaymentTitle();
  const now = new Date();
  const year = yearOf(now);
  const total = totalPaidIn(payments, year);
  // A family shared by two parents (issue 13) sees both parents' payments: say who paid each.
  const payers = new Set(payments.map((p) => p.paidBy)).size > 1;
  return (
    <Stack gap="md" component="section" aria-labelledby="payments-heading">
      <Title order={2} size="h3" id="payments-heading">
        {t('portal.billing.paymentsHeading')}
      </Title>
      <Text size="lg">
        {total.count > 0 ? (
          <Trans
            i18nKey="portal.billing.totalPaidCount"
            count={total.count}
            values={{ year, amount: formatMoney(total.cents), count: total.count }}
            components={{ strong: <strong /> }}
          />
        ) : (
          <Trans
            i18nKey="portal.billing.totalPaid"
            values={{ year, amount: formatMoney(total.cents) }}
            components={{ strong: <strong /> }}
          />
        )}
      </Text>
      {/* Both layouts are in the page; CSS shows one, so assistive technology meets only that one. */}
      <Box visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <VisuallyHidden>{t('portal.billing.tableCaption')}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('portal.billing.columns.date')}</Table.Th>
              <Table.Th scope="col">{t('portal.billing.columns.session')}</Table.Th>
              <Table.Th scope="col">{t('portal.billing.columns.children')}</Table.Th>
              {payers ? <Table.Th scope="col">{t('portal.billing.columns.paidBy')}</Table.Th> : null}
              <Table.Th scope="col" style={{ textAlign: 'right' }}>
                {t('portal.billing.columns.amount')}
              </Table.Th>
              <Table.Th scope="col">{t('portal.billing.columns.status')}</Table.Th>
              <Table.Th scope="col">{t('portal.billing.columns.receipt')}</Table.Th>
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
    </Stack>
  );
}

/**
 * Back from "Pay now"'s card checkout (issue 23): `?paid=<checkout id>` or `?cancelled=<checkout id>`. The
 * checkout is settled through the same Confirmation call as an enrollment's return page, then the account
 * and the payments are read again; the page says what happened.
 */
function useCheckoutReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const paid = params.get('paid');
  const cancelled = params.get('cancelled');
  const confirmation = useQuery({
    ...enrollmentQueries.confirmation(cancelled ? 'failed' : 'successful', (paid ?? cancelled) || undefined),
    enabled: Boolean(paid || cancelled),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const settled = confirmation.isSuccess;
  useEffect(() => {
    if (!settled) return;
    void client.invalidateQueries({ queryKey: enrollmentKeys.account() });
    void client.invalidateQueries({ queryKey: enrollmentKeys.payments() });
  }, [settled, client]);
  if (!confirmation.data) return null;
  const amount = formatMoney(confirmation.data.finalAmount);
  if (confirmation.data.status === 'Paid')
    return (
      <Alert color="green" variant="light" role="status">
        {t('portal.billing.account.paidThanks', { amount })}
      </Alert>
    );
  if (confirmation.data.status === 'Pending' && !cancelled)
    return (
      <Alert color="blue" variant="light" role="status">
        {t('portal.billing.account.paidPending', { amount })}
      </Alert>
    );
  return (
    <Alert color="yellow" variant="light" role="status">
      {t('portal.billing.account.paymentCancelled')}
    </Alert>
  );
}
