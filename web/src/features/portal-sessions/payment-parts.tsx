/** The pieces of one payment as Billing shows it, shared by its table (wide screens) and cards (phones). */
import { type Payment, siblingDiscountOf } from '@lc/contract';
import { Anchor, Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../i18n/intl-locale.ts';
import {
  formatDeadline,
  formatPortalDay,
  hasPaymentNote,
  joinNames,
  paymentChildren,
  safeHref,
} from './format.ts';
import { PaymentStatusBadge } from './status-badges.tsx';

/** The session a payment was for, or what it bought when it names no session ("Payment" in the visitor's language). */
export function usePaymentTitle(): (payment: Payment) => string {
  const { t } = useTranslation();
  return (payment) =>
    payment.classSession?.name ?? payment.lineItems[0]?.description ?? t('portal.billing.payment');
}

/** The day a payment was made, with its year. */
function paymentDay(payment: Payment): string {
  return formatPortalDay(payment.created, { withYear: true });
}

export function PaymentDate({ payment }: { payment: Payment }) {
  useTranslation(); // Re-renders the date when the language changes.
  return <time dateTime={payment.created}>{paymentDay(payment)}</time>;
}

export function PaymentChildren({ payment }: { payment: Payment }) {
  useTranslation(); // "Maya and Theo" / "Maya y Theo".
  const names = paymentChildren(payment);
  return <>{names.length > 0 ? joinNames(names) : '—'}</>;
}

/**
 * What the family pays; the price before a discount struck through beside it, and the sibling discount the
 * amount includes (issue 13: its line on the payment, in cents).
 */
export function PaymentAmount({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const sibling = siblingDiscountOf(payment.lineItems);
  const refunded = formatMoney(payment.refundedAmount);
  return (
    <>
      <Text component="span" fw={700}>
        {formatMoney(payment.finalAmount)}
      </Text>
      {payment.plan ? (
        <Text size="sm">{t('enroll.plan.onPlan')}</Text>
      ) : payment.originalAmount !== payment.finalAmount ? (
        <Text component="s" size="sm" ml={6}>
          <VisuallyHidden>{t('portal.billing.originally')} </VisuallyHidden>
          {formatMoney(payment.originalAmount)}
        </Text>
      ) : null}
      {sibling > 0 ? (
        <Text size="sm">{t('portal.billing.siblingDiscount', { amount: formatMoney(sibling) })}</Text>
      ) : null}
      {payment.refundedAmount > 0 ? (
        <Text size="sm" mt={2}>
          {payment.refundedAt
            ? t('portal.billing.refundedOn', {
                amount: refunded,
                date: formatPortalDay(payment.refundedAt, { withYear: true }),
              })
            : t('portal.billing.refunded', { amount: refunded })}
        </Text>
      ) : null}
    </>
  );
}

/** The status badge, a note a parent can act on, and, while a checkout is open, the way back to it. */
export function PaymentStatus({ payment, now = new Date() }: { payment: Payment; now?: Date }) {
  const { t } = useTranslation();
  const paymentTitle = usePaymentTitle();
  const { status } = payment;
  const checkout = status === 'Pending' ? safeHref(payment.checkoutUrl) : null;
  return (
    <Stack gap={4} align="flex-start">
      <PaymentStatusBadge status={status} />
      {hasPaymentNote(status) ? (
        <Text size="sm">
          {t(`portal.status.paymentNote.${status}`)}
          {status === 'Pending' && payment.holdExpiresAt && Date.parse(payment.holdExpiresAt) > now.getTime()
            ? ` — ${t('portal.billing.seatsHeldUntil', { deadline: formatDeadline(payment.holdExpiresAt, now) })}`
            : ''}
        </Text>
      ) : null}
      {checkout ? (
        // Same tab: the checkout sends the parent back to the site when it is done.
        <Anchor href={checkout} size="sm" fw={700}>
          {t('portal.billing.finishPaying')}
          <VisuallyHidden>
            {' '}
            {t('portal.billing.finishPayingFor', { title: paymentTitle(payment) })}
          </VisuallyHidden>
        </Anchor>
      ) : null}
    </Stack>
  );
}

export function ReceiptLink({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const paymentTitle = usePaymentTitle();
  const href = safeHref(payment.receiptUrl);
  if (!href) return <>—</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {t('portal.billing.receipt')}
      <VisuallyHidden>
        {' '}
        {t('portal.billing.receiptFor', { title: paymentTitle(payment), date: paymentDay(payment) })}
      </VisuallyHidden>
    </Anchor>
  );
}

/** One payment as a card, for narrow screens; `paidBy` when the family has more than one payer (issue 13). */
export function PaymentCard({ payment, now, paidBy }: { payment: Payment; now?: Date; paidBy?: string }) {
  const { t } = useTranslation();
  const paymentTitle = usePaymentTitle();
  const rows: Array<[string, ReactNode]> = [
    [t('portal.billing.columns.date'), <PaymentDate key="d" payment={payment} />],
    [t('portal.billing.columns.children'), <PaymentChildren key="c" payment={payment} />],
    ...(paidBy ? ([[t('portal.billing.columns.paidBy'), paidBy]] as Array<[string, ReactNode]>) : []),
    [t('portal.billing.columns.amount'), <PaymentAmount key="a" payment={payment} />],
    [t('portal.billing.columns.status'), <PaymentStatus key="s" payment={payment} now={now} />],
    [t('portal.billing.columns.receipt'), <ReceiptLink key="r" payment={payment} />],
  ];
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="xs">
        {paymentTitle(payment)}
      </Title>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.4rem 1rem' }}>
        {rows.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <Text component="dt" fw={600} size="sm">
              {term}
            </Text>
            <Text component="dd" m={0} size="sm">
              {value}
            </Text>
          </div>
        ))}
      </dl>
    </Card>
  );
}
