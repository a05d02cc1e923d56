import type { ClassSession, Policy } from '@lc/contract';
import { describeRefundPolicy, describeSiblingDiscount, routes } from '@lc/contract';
import { Anchor, Container, Divider, Grid, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { SessionThumbnail } from '../../features/class-sessions/session-card.tsx';
import {
  SessionActionButtons,
  SessionFacts,
  SessionRegistration,
} from '../../features/class-sessions/session-details.tsx';
import { SessionsLoadError, SessionsLoading } from '../../features/class-sessions/session-load-states.tsx';
import { useClassSession } from '../../features/class-sessions/use-class-sessions.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** An id the API could never know (not a positive whole number) is "not found" without asking it. */
const ID_PATTERN = /^[1-9]\d{0,15}$/;

/**
 * /sessions/:classSessionId — one session (GET /api/ClassSession/{id}) with its policies, its sibling discount
 * and its refund policy in plain words (issue 13: said before anyone pays).
 */
export default function SessionDetailPage() {
  const { classSessionId } = useParams();
  const validId = classSessionId !== undefined && ID_PATTERN.test(classSessionId);
  return validId ? <SessionDetail classSessionId={classSessionId} /> : <SessionNotFound />;
}

function SessionDetail({ classSessionId }: { classSessionId: string }) {
  const session = useClassSession(classSessionId);

  usePageTitle(session.status === 'success' ? (session.data?.name ?? 'Session not found') : 'Session');

  if (session.status === 'success' && session.data === null) return <SessionNotFound />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={routes.sessions} size="sm">
          ← All sessions
        </Anchor>
        {session.status === 'loading' ? (
          <>
            <Title order={1}>Session</Title>
            <SessionsLoading label="Loading the session…" />
          </>
        ) : null}
        {session.status === 'error' ? (
          <>
            <Title order={1}>Session</Title>
            <SessionsLoadError
              message="We could not load this session. Please check your connection and try again."
              onRetry={session.retry}
            />
          </>
        ) : null}
        {session.status === 'success' && session.data ? <SessionBody session={session.data} /> : null}
      </Stack>
    </Container>
  );
}

function SessionBody({ session }: { session: ClassSession }) {
  const policies: Array<[string, Policy | null]> = [
    ['Expectations', session.expectationPolicy],
    ['Dismissal', session.dismissalPolicy],
    ['Late pickup', session.latePickupPolicy],
  ];
  return (
    <>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Title order={1}>{session.name}</Title>
            <Text size="lg">{session.description}</Text>
            <SessionThumbnail session={session} eager />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="registration-heading">
            <Stack gap="md">
              <Title order={2} fz="h3" id="registration-heading">
                Dates and registration
              </Title>
              <SessionFacts session={session} />
              <SiblingDiscountFact session={session} />
              <SessionRegistration session={session} />
              <SessionActionButtons session={session} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      {session.registrationPrice > 0 ? (
        <section aria-labelledby="refund-heading">
          <Title order={2} fz="h3" id="refund-heading" mb="sm">
            If plans change
          </Title>
          <List spacing="xs">
            {describeRefundPolicy(session, session).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </section>
      ) : null}
      {policies.some(([, policy]) => policy) ? <Divider /> : null}
      {policies.map(([label, policy]) =>
        policy ? (
          <section key={label} aria-labelledby={`policy-${policy.policyType}`}>
            <Title order={2} fz="h3" id={`policy-${policy.policyType}`} mb="sm">
              {policy.name || `${label} policy`}
            </Title>
            <Typography>
              {/* htmlValue is trusted staff HTML, sanitised by the server when it is saved (contract PolicySchema). */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, server-sanitised staff HTML. */}
              <div dangerouslySetInnerHTML={{ __html: policy.htmlValue }} />
            </Typography>
          </section>
        ) : null,
      )}
    </>
  );
}

/** The session's sibling discount in a sentence, or nothing without one (or without a price yet). */
function SiblingDiscountFact({ session }: { session: ClassSession }) {
  const off = describeSiblingDiscount(session);
  if (!off || session.registrationPrice === 0) return null;
  const across =
    session.siblingDiscountAcrossProgram && session.classSection
      ? `, and a brother or sister in another session of the ${session.classSection.name} counts as the first`
      : '';
  return (
    <Text>
      <Text component="span" fw={600}>
        Brothers and sisters save:
      </Text>{' '}
      {`each child after the first gets ${off} the registration${across}.`}
    </Text>
  );
}

/** An unknown session: a friendly message and the way back, instead of the site-wide 404 page. */
function SessionNotFound() {
  usePageTitle('Session not found');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>We couldn’t find that session</Title>
        <Text size="lg">
          It may have ended or the link may be mistyped. Have a look at the sessions that are open now.
        </Text>
        <Anchor component={Link} to={routes.sessions} size="lg">
          See all sessions
        </Anchor>
      </Stack>
    </Container>
  );
}
