import { type Payment, routes } from '@lc/contract';
import { Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { enrollmentQueries } from '../../api/queries/enrollment.ts';
import { site } from '../../content/site.ts';
import { formatDateRange } from '../../features/class-sessions/format.ts';
import { formatInstant, joinNames } from '../../features/enrollment/format.ts';
import { PlanScheduleTable } from '../../features/enrollment/plan-schedule.tsx';
import { PriceBreakdown } from '../../features/enrollment/price-breakdown.tsx';
import { isNotFound, LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { formatMoney, intlLocale } from '../../i18n/intl-locale.ts';
import { ExternalLinkButton } from '../../layout/external-link.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

export type CheckoutOutcome = 'successful' | 'failed';

/**
 * Where the payment provider's hosted checkout sends the parent back to (spec §2 "Unprotected routes":
 * sessions/{classSessionId}/enrollment-successful|failed/{checkoutId}). Unprotected because the login may
 * have lapsed while the parent was paying; `GET …/Confirmation/{checkoutId}` works signed out.
 *
 * Both pages ask the server to settle the checkout first (that enrolls the children, or releases the held
 * seats of a cancelled one) and then say what the payment's status says — not what the address says: a
 * parent who paid and came back through the cancel link is still enrolled.
 */
export default function CheckoutReturnPage({ outcome }: { outcome: CheckoutOutcome }) {
  const { t } = useTranslation();
  const { classSessionId, checkoutId } = useParams();
  const checking =
    outcome === 'successful' ? t('enroll.checkoutReturn.confirming') : t('enroll.checkoutReturn.checking');
  const queryClient = useQueryClient();
  const confirmationQuery = enrollmentQueries.confirmation(outcome, checkoutId);
  const confirmation = useQuery(confirmationQuery);
  // "Check again": ask afresh, showing the loading view meanwhile.
  const checkAgain = () => queryClient.resetQueries({ queryKey: confirmationQuery.queryKey, exact: true });

  if (confirmation.status === 'pending') {
    return (
      <View title={checking}>
        <Loading label={t('enroll.checkoutReturn.loading')} />
      </View>
    );
  }
  if (confirmation.status === 'error') {
    if (isNotFound(confirmation.error)) return <CheckoutNotFound />;
    return (
      <View title={checking}>
        <LoadFailed message={t('enroll.checkoutReturn.loadFailed')} retry={() => confirmation.refetch()} />
      </View>
    );
  }

  const payment = confirmation.data;
  const sessionId = payment.classSessionId ?? classSessionId ?? '';
  switch (payment.status) {
    case 'Paid':
      return <Paid payment={payment} sessionId={sessionId} />;
    case 'Pending':
      return outcome === 'successful' ? (
        <Processing payment={payment} retry={checkAgain} />
      ) : (
        <NotFinished payment={payment} sessionId={sessionId} />
      );
    case 'Refunded':
    case 'RefundDue':
      return <Refund payment={payment} sessionId={sessionId} />;
    case 'Expired':
    case 'Failed':
      return <NotCompleted sessionId={sessionId} />;
  }
}

/** The page frame: its one h1 (also the document title), then the content. */
function View({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}

function sessionNameOf(payment: Payment): string {
  return payment.classSession?.name ?? i18n.t('enroll.checkoutReturn.theSession');
}

/** The children a payment is for, by first name ("Maya and Theo"). */
function childrenOf(payment: Payment): string {
  return (
    joinNames(payment.enrollments.map((e) => e.student.firstName)) ||
    i18n.t('enroll.checkoutReturn.yourChild')
  );
}

function Paid({ payment, sessionId }: { payment: Payment; sessionId: number | string }) {
  const { t } = useTranslation();
  const enrolled = payment.enrollments.filter((e) => e.status === 'Enrolled');
  const session = payment.classSession;
  const names = joinNames(enrolled.map((e) => e.student.firstName));
  return (
    <View title={t('enroll.checkoutReturn.paidTitle')}>
      <Text size="lg">
        {names
          ? t('enroll.checkoutReturn.enrolled', {
              names,
              session: sessionNameOf(payment),
              count: enrolled.length,
            })
          : t('enroll.checkoutReturn.paymentComplete', { session: sessionNameOf(payment) })}{' '}
        {payment.emailAddress
          ? t('enroll.checkoutReturn.emailedTo', { email: payment.emailAddress })
          : t('enroll.checkoutReturn.emailed')}
      </Text>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="enrollment"
      >
        <Title order={2} size="h3" id="enrollment">
          {sessionNameOf(payment)}
        </Title>
        {session ? (
          <Text mt={4}>
            {formatDateRange(session.sessionStartDate, session.sessionEndDate, intlLocale())} ·{' '}
            {session.daySchedule}
          </Text>
        ) : null}
        {enrolled.length > 0 ? (
          <>
            <Title order={3} size="h5" mt="md">
              {t('enroll.checkoutReturn.enrolledHeading')}
            </Title>
            <List mt={4} spacing={2}>
              {enrolled.map((e) => (
                <List.Item key={e.id}>{e.student.fullName}</List.Item>
              ))}
            </List>
          </>
        ) : null}
        {payment.lineItems.length > 0 ? (
          <Stack mt="md" gap="sm">
            {payment.plan ? (
              // On a payment plan the lines are the whole price; what was paid today is the plan's first row.
              <PlanScheduleTable schedule={payment.plan} caption={t('enroll.plan.scheduleCaption')} />
            ) : (
              <PriceBreakdown
                items={payment.lineItems}
                total={payment.finalAmount}
                caption={t('enroll.checkoutReturn.whatYouPaid')}
                totalLabel={t('enroll.checkoutReturn.totalPaid')}
              />
            )}
            {payment.receiptUrl ? (
              <ExternalLinkButton href={payment.receiptUrl} variant="light" w="fit-content">
                {t('enroll.checkoutReturn.viewReceipt')}
              </ExternalLinkButton>
            ) : null}
          </Stack>
        ) : null}
      </Paper>
      <Text>{t('enroll.checkoutReturn.beforeFirstDay')}</Text>
      <Group gap="sm">
        <Button component={Link} to={routes.mySession(sessionId)} size="md">
          {t('enroll.common.goToMySessions')}
        </Button>
        <Button component={Link} to={routes.billing} variant="default" size="md">
          {t('enroll.checkoutReturn.billing')}
        </Button>
      </Group>
    </View>
  );
}

/** Paid with a method that settles later (e.g. a bank debit): the seats stay held until it does. */
function Processing({ payment, retry }: { payment: Payment; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <View title={t('enroll.checkoutReturn.processingTitle')}>
      <Text size="lg">
        {t('enroll.checkoutReturn.processingBody', {
          children: childrenOf(payment),
          session: sessionNameOf(payment),
        })}
      </Text>
      <Text>
        {payment.emailAddress
          ? t('enroll.checkoutReturn.processingNextAt', { email: payment.emailAddress })
          : t('enroll.checkoutReturn.processingNext')}
      </Text>
      <Group gap="sm">
        <Button onClick={retry} size="md">
          {t('enroll.checkoutReturn.checkAgain')}
        </Button>
        <Button component={Link} to={routes.billing} variant="default" size="md">
          {t('enroll.checkoutReturn.billing')}
        </Button>
      </Group>
    </View>
  );
}

/** Back from the checkout without paying while it is still open (the provider has not ended it yet). */
function NotFinished({ payment, sessionId }: { payment: Payment; sessionId: number | string }) {
  const { t } = useTranslation();
  return (
    <View title={t('enroll.checkoutReturn.notFinishedTitle')}>
      <Text size="lg">
        {t('enroll.checkoutReturn.notFinishedBody')}
        {payment.holdExpiresAt
          ? ` ${t('enroll.checkoutReturn.holdingSeats', {
              children: childrenOf(payment),
              time: formatInstant(payment.holdExpiresAt),
            })}`
          : ''}
      </Text>
      <Group gap="sm">
        {payment.checkoutUrl ? (
          <Button component="a" href={payment.checkoutUrl} size="md">
            {t('enroll.checkoutReturn.returnToCheckout')}
          </Button>
        ) : null}
        <Button component={Link} to={routes.session(sessionId)} variant="default" size="md">
          {t('enroll.common.backToSession')}
        </Button>
      </Group>
    </View>
  );
}

/** Paid after the seat hold ended and the seats were gone: the money goes back. */
function Refund({ payment, sessionId }: { payment: Payment; sessionId: number | string }) {
  const { t } = useTranslation();
  const amount = formatMoney(payment.finalAmount);
  return (
    <View title={t('enroll.checkoutReturn.seatsTakenTitle')}>
      <Text size="lg">
        {t('enroll.checkoutReturn.seatsTakenBody', {
          session: sessionNameOf(payment),
          children: childrenOf(payment),
        })}
      </Text>
      <Text>
        {payment.status === 'Refunded'
          ? t('enroll.checkoutReturn.refunded', { amount })
          : payment.emailAddress
            ? t('enroll.checkoutReturn.refundOwedAt', { amount, email: payment.emailAddress })
            : t('enroll.checkoutReturn.refundOwed', { amount })}
      </Text>
      <Text>
        <Trans
          i18nKey="enroll.checkoutReturn.joinOrCall"
          values={{ phone: site.phone }}
          components={{ phone: <Anchor href={site.phoneHref} underline="always" /> }}
        />
      </Text>
      <Group gap="sm">
        <Button component={Link} to={routes.waitlist(sessionId)} size="md">
          {t('enroll.common.joinTheWaitlist')}
        </Button>
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          {t('enroll.common.browseSessions')}
        </Button>
      </Group>
    </View>
  );
}

/** Cancelled, declined or timed out: nothing charged, the held seats released. */
function NotCompleted({ sessionId }: { sessionId: number | string }) {
  const { t } = useTranslation();
  return (
    <View title={t('enroll.checkoutReturn.notCompletedTitle')}>
      <Text size="lg">{t('enroll.checkoutReturn.notCompletedBody')}</Text>
      <Text>
        <Trans
          i18nKey="enroll.checkoutReturn.tryAgainOrCall"
          values={{ phone: site.phone }}
          components={{ phone: <Anchor href={site.phoneHref} underline="always" /> }}
        />
      </Text>
      <Group gap="sm">
        <Button component={Link} to={routes.enroll(sessionId)} size="md">
          {t('enroll.common.tryAgain')}
        </Button>
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          {t('enroll.common.browseSessions')}
        </Button>
      </Group>
    </View>
  );
}

function CheckoutNotFound() {
  const { t } = useTranslation();
  return (
    <View title={t('enroll.checkoutReturn.notFoundTitle')}>
      <Text size="lg">{t('enroll.checkoutReturn.notFoundBody')}</Text>
      <Group gap="sm">
        <Button component={Link} to={routes.mySessions} size="md">
          {t('enroll.common.mySessions')}
        </Button>
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          {t('enroll.common.browseSessions')}
        </Button>
      </Group>
    </View>
  );
}
