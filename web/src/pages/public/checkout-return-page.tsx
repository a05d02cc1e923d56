import { formatCents, type Payment, routes } from '@lc/contract';
import { Anchor, Button, Container, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { getConfirmation } from '../../api/enrollment.ts';
import { site } from '../../content/site.ts';
import { formatDateRange } from '../../features/class-sessions/format.ts';
import { formatInstant, joinNames } from '../../features/enrollment/format.ts';
import { PriceBreakdown } from '../../features/enrollment/price-breakdown.tsx';
import { isNotFound, LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { ExternalLinkButton } from '../../layout/external-link.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { useLoad } from '../../lib/use-load.ts';

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
  const { classSessionId, checkoutId } = useParams();
  const confirmation = useLoad(`confirmation:${outcome}:${checkoutId}`, (signal) =>
    getConfirmation(checkoutId, signal, outcome === 'failed'),
  );

  if (confirmation.status === 'loading') {
    return (
      <View title={outcome === 'successful' ? 'Confirming your enrollment' : 'Checking your checkout'}>
        <Loading label="One moment while we check with the payment provider…" />
      </View>
    );
  }
  if (confirmation.status === 'error') {
    if (isNotFound(confirmation.error)) return <CheckoutNotFound />;
    return (
      <View title={outcome === 'successful' ? 'Confirming your enrollment' : 'Checking your checkout'}>
        <LoadFailed
          message="We could not check your payment just now. Please check your connection and try again — nothing is lost."
          retry={confirmation.retry}
        />
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
        <Processing payment={payment} retry={confirmation.retry} />
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
  return payment.classSession?.name ?? 'the session';
}

/** The children a payment is for, by first name ("Maya and Theo"). */
function childrenOf(payment: Payment): string {
  return joinNames(payment.enrollments.map((e) => e.student.firstName)) || 'your child';
}

function Paid({ payment, sessionId }: { payment: Payment; sessionId: number | string }) {
  const enrolled = payment.enrollments.filter((e) => e.status === 'Enrolled');
  const session = payment.classSession;
  const names = joinNames(enrolled.map((e) => e.student.firstName));
  return (
    <View title="You’re all set!">
      <Text size="lg">
        {names
          ? `${names} ${enrolled.length === 1 ? 'is' : 'are'} enrolled in ${sessionNameOf(payment)}.`
          : `Your payment for ${sessionNameOf(payment)} is complete.`}{' '}
        {payment.emailAddress
          ? `We’ve emailed a confirmation to ${payment.emailAddress}.`
          : 'We’ve emailed you a confirmation.'}
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
            {formatDateRange(session.sessionStartDate, session.sessionEndDate)} · {session.daySchedule}
          </Text>
        ) : null}
        {enrolled.length > 0 ? (
          <>
            <Title order={3} size="h5" mt="md">
              Enrolled
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
            <PriceBreakdown
              items={payment.lineItems}
              total={payment.finalAmount}
              caption="What you paid"
              totalLabel="Total paid"
            />
            {payment.receiptUrl ? (
              <ExternalLinkButton href={payment.receiptUrl} variant="light" w="fit-content">
                View your receipt
              </ExternalLinkButton>
            ) : null}
          </Stack>
        ) : null}
      </Paper>
      <Text>
        Before the first day, check that your emergency contacts and any allergies are up to date in the
        Student Portal. We can’t wait to meet your family!
      </Text>
      <Group gap="sm">
        <Button component={Link} to={routes.mySession(sessionId)} size="md">
          Go to My sessions
        </Button>
        <Button component={Link} to={routes.billing} variant="default" size="md">
          Billing
        </Button>
      </Group>
    </View>
  );
}

/** Paid with a method that settles later (e.g. a bank debit): the seats stay held until it does. */
function Processing({ payment, retry }: { payment: Payment; retry: () => void }) {
  return (
    <View title="Your payment is being processed">
      <Text size="lg">
        Thank you! Your bank is still processing the payment for {childrenOf(payment)} in{' '}
        {sessionNameOf(payment)}. Some payment methods take a little while.
      </Text>
      <Text>
        There’s nothing more you need to do. We’ll email you
        {payment.emailAddress ? ` at ${payment.emailAddress}` : ''} as soon as it’s confirmed, and the
        enrollment will appear under My sessions.
      </Text>
      <Group gap="sm">
        <Button onClick={retry} size="md">
          Check again
        </Button>
        <Button component={Link} to={routes.billing} variant="default" size="md">
          Billing
        </Button>
      </Group>
    </View>
  );
}

/** Back from the checkout without paying while it is still open (the provider has not ended it yet). */
function NotFinished({ payment, sessionId }: { payment: Payment; sessionId: number | string }) {
  return (
    <View title="Your payment isn’t finished">
      <Text size="lg">
        You left the checkout before paying, so nothing was charged.
        {payment.holdExpiresAt
          ? ` We’re holding the seats for ${childrenOf(payment)} until ${formatInstant(payment.holdExpiresAt)}; after that they go back to other families.`
          : ''}
      </Text>
      <Group gap="sm">
        {payment.checkoutUrl ? (
          <Button component="a" href={payment.checkoutUrl} size="md">
            Return to the checkout
          </Button>
        ) : null}
        <Button component={Link} to={routes.session(sessionId)} variant="default" size="md">
          Back to the session
        </Button>
      </Group>
    </View>
  );
}

/** Paid after the seat hold ended and the seats were gone: the money goes back. */
function Refund({ payment, sessionId }: { payment: Payment; sessionId: number | string }) {
  const amount = formatCents(payment.finalAmount);
  return (
    <View title="We’re sorry — the seats were taken">
      <Text size="lg">
        Your payment reached us after the time we could hold the seats, and by then {sessionNameOf(payment)}{' '}
        was full, so {childrenOf(payment)} could not be enrolled.
      </Text>
      <Text>
        {payment.status === 'Refunded'
          ? `We’ve refunded the full ${amount} to the card you paid with. It usually shows up within 5–10 business days.`
          : `We owe you a refund of ${amount}. Our office is taking care of it and will email you${payment.emailAddress ? ` at ${payment.emailAddress}` : ''} when it’s on its way.`}
      </Text>
      <Text>
        You can join the waitlist, and we’ll email you the moment a seat opens. Questions? Call us at{' '}
        <Anchor href={site.phoneHref} underline="always">
          {site.phone}
        </Anchor>
        .
      </Text>
      <Group gap="sm">
        <Button component={Link} to={routes.waitlist(sessionId)} size="md">
          Join the waitlist
        </Button>
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          Browse sessions
        </Button>
      </Group>
    </View>
  );
}

/** Cancelled, declined or timed out: nothing charged, the held seats released. */
function NotCompleted({ sessionId }: { sessionId: number | string }) {
  return (
    <View title="Your payment didn’t go through">
      <Text size="lg">
        The checkout was cancelled or the payment was declined, so nothing was charged. The seats we were
        holding have been released for other families.
      </Text>
      <Text>
        You can try again whenever you’re ready, or call us at{' '}
        <Anchor href={site.phoneHref} underline="always">
          {site.phone}
        </Anchor>{' '}
        and we’ll help.
      </Text>
      <Group gap="sm">
        <Button component={Link} to={routes.enroll(sessionId)} size="md">
          Try again
        </Button>
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          Browse sessions
        </Button>
      </Group>
    </View>
  );
}

function CheckoutNotFound() {
  return (
    <View title="We couldn’t find that checkout">
      <Text size="lg">
        The link may be mistyped or out of date. If you paid, your enrollment is under My sessions and the
        payment under Billing in the Student Portal.
      </Text>
      <Group gap="sm">
        <Button component={Link} to={routes.mySessions} size="md">
          My sessions
        </Button>
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          Browse sessions
        </Button>
      </Group>
    </View>
  );
}
