/** The pieces of one payment as Billing shows it, shared by its table (wide screens) and cards (phones). */
import { formatCents, type Payment, siblingDiscountOf } from '@lc/contract';
import { Anchor, Card, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay } from '../class-sessions/format.ts';
import { formatDeadline, joinNames, paymentChildren, paymentStatusText, safeHref } from './format.ts';
import { PaymentStatusBadge } from './status-badges.tsx';

/** The session a payment was for, or what it bought when it names no session. */
export function paymentTitle(payment: Payment): string {
  return payment.classSession?.name ?? payment.lineItems[0]?.description ?? 'Payment';
}

export function PaymentDate({ payment }: { payment: Payment }) {
  return <time dateTime={payment.created}>{formatDay(payment.created, { withYear: true })}</time>;
}

export function PaymentChildren({ payment }: { payment: Payment }) {
  const names = paymentChildren(payment);
  return <>{names.length > 0 ? joinNames(names) : '—'}</>;
}

/**
 * What the family pays; the price before a discount struck through beside it, and the sibling discount the
 * amount includes (issue 13: its line on the payment, in cents).
 */
export function PaymentAmount({ payment }: { payment: Payment }) {
  const sibling = siblingDiscountOf(payment.lineItems);
  return (
    <>
      <Text component="span" fw={700}>
        {formatCents(payment.finalAmount)}
      </Text>
      {payment.originalAmount !== payment.finalAmount ? (
        <Text component="s" size="sm" ml={6}>
          <VisuallyHidden>originally </VisuallyHidden>
          {formatCents(payment.originalAmount)}
        </Text>
      ) : null}
      {sibling > 0 ? <Text size="sm">includes {formatCents(sibling)} sibling discount</Text> : null}
      {payment.refundedAmount > 0 ? (
        <Text size="sm" mt={2}>
          Refunded {formatCents(payment.refundedAmount)}
          {payment.refundedAt ? ` on ${formatDay(payment.refundedAt, { withYear: true })}` : ''}
        </Text>
      ) : null}
    </>
  );
}

/** The status badge, a note a parent can act on, and, while a checkout is open, the way back to it. */
export function PaymentStatus({ payment, now = new Date() }: { payment: Payment; now?: Date }) {
  const { note } = paymentStatusText[payment.status];
  const checkout = payment.status === 'Pending' ? safeHref(payment.checkoutUrl) : null;
  return (
    <Stack gap={4} align="flex-start">
      <PaymentStatusBadge status={payment.status} />
      {note ? (
        <Text size="sm">
          {note}
          {payment.status === 'Pending' &&
          payment.holdExpiresAt &&
          Date.parse(payment.holdExpiresAt) > now.getTime()
            ? ` — seats held until ${formatDeadline(payment.holdExpiresAt, now)}`
            : ''}
        </Text>
      ) : null}
      {checkout ? (
        // Same tab: the checkout sends the parent back to the site when it is done.
        <Anchor href={checkout} size="sm" fw={700}>
          Finish paying<VisuallyHidden> for {paymentTitle(payment)}</VisuallyHidden>
        </Anchor>
      ) : null}
    </Stack>
  );
}

export function ReceiptLink({ payment }: { payment: Payment }) {
  const href = safeHref(payment.receiptUrl);
  if (!href) return <>—</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      Receipt
      <VisuallyHidden>
        {' '}
        for {paymentTitle(payment)}, {formatDay(payment.created, { withYear: true })} (opens in a new tab)
      </VisuallyHidden>
    </Anchor>
  );
}

/** One payment as a card, for narrow screens; `paidBy` when the family has more than one payer (issue 13). */
export function PaymentCard({ payment, now, paidBy }: { payment: Payment; now?: Date; paidBy?: string }) {
  const rows: Array<[string, ReactNode]> = [
    ['Date', <PaymentDate key="d" payment={payment} />],
    ['Children', <PaymentChildren key="c" payment={payment} />],
    ...(paidBy ? ([['Paid by', paidBy]] as Array<[string, ReactNode]>) : []),
    ['Amount', <PaymentAmount key="a" payment={payment} />],
    ['Status', <PaymentStatus key="s" payment={payment} now={now} />],
    ['Receipt', <ReceiptLink key="r" payment={payment} />],
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
