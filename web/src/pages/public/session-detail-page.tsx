import type { ClassSession, Policy } from '@lc/contract';
import { routes } from '@lc/contract';
import { Anchor, Container, Divider, Grid, List, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isPublicSessionId } from '../../api/queries/class-sessions.ts';
import { SessionThumbnail } from '../../features/class-sessions/session-card.tsx';
import {
  SessionActionButtons,
  SessionFacts,
  SessionRegistration,
} from '../../features/class-sessions/session-details.tsx';
import { SessionsLoadError, SessionsLoading } from '../../features/class-sessions/session-load-states.tsx';
import { useClassSession } from '../../features/class-sessions/use-class-sessions.ts';
import {
  refundPolicySentences,
  siblingDiscountAmount,
} from '../../features/enrollment/refund-policy-text.ts';
import { localPath } from '../../layout/in-language';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /sessions/:classSessionId — one session (GET /api/ClassSession/{id}) with its policies, its sibling discount
 * and its refund policy in plain words (issue 13: said before anyone pays).
 */
export default function SessionDetailPage() {
  const { classSessionId } = useParams();
  // An id the API could never know (not a positive whole number) is "not found" without asking it.
  return isPublicSessionId(classSessionId) ? (
    <SessionDetail classSessionId={classSessionId} />
  ) : (
    <SessionNotFound />
  );
}

function SessionDetail({ classSessionId }: { classSessionId: string }) {
  const { t } = useTranslation();
  const session = useClassSession(classSessionId);

  usePageTitle(
    session.status === 'success'
      ? (session.data?.name ?? t('enroll.notFound.title'))
      : t('enroll.sessionDetail.title'),
  );

  if (session.status === 'success' && session.data === null) return <SessionNotFound />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={localPath(routes.sessions)} size="sm">
          ← {t('enroll.sessionDetail.allSessions')}
        </Anchor>
        {session.status === 'pending' ? (
          <>
            <Title order={1}>{t('enroll.sessionDetail.title')}</Title>
            <SessionsLoading label={t('enroll.sessionDetail.loading')} />
          </>
        ) : null}
        {session.status === 'error' ? (
          <>
            <Title order={1}>{t('enroll.sessionDetail.title')}</Title>
            <SessionsLoadError
              message={t('enroll.sessionDetail.loadFailed')}
              onRetry={() => session.refetch()}
            />
          </>
        ) : null}
        {session.status === 'success' && session.data ? <SessionBody session={session.data} /> : null}
      </Stack>
    </Container>
  );
}

function SessionBody({ session }: { session: ClassSession }) {
  const { t } = useTranslation();
  // Each policy with the heading it gets when staff left its name empty.
  const policies: Array<[string, Policy | null]> = [
    [t('enroll.sessionDetail.expectationsPolicy'), session.expectationPolicy],
    [t('enroll.sessionDetail.dismissalPolicy'), session.dismissalPolicy],
    [t('enroll.sessionDetail.latePickupPolicy'), session.latePickupPolicy],
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
                {t('enroll.sessionDetail.registrationHeading')}
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
            {t('enroll.common.ifPlansChange')}
          </Title>
          <List spacing="xs">
            {refundPolicySentences(session, session).map((line) => (
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
              {policy.name || label}
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
  const { t } = useTranslation();
  const off = siblingDiscountAmount(session);
  if (!off || session.registrationPrice === 0) return null;
  return (
    <Text>
      <Text component="span" fw={600}>
        {t('enroll.sibling.save')}
      </Text>{' '}
      {session.siblingDiscountAcrossProgram && session.classSection
        ? t('enroll.sibling.afterFirstAcross', { off, program: session.classSection.name })
        : t('enroll.sibling.afterFirst', { off })}
    </Text>
  );
}

/** An unknown session: a friendly message and the way back, instead of the site-wide 404 page. */
function SessionNotFound() {
  const { t } = useTranslation();
  usePageTitle(t('enroll.notFound.title'));
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>{t('enroll.notFound.heading')}</Title>
        <Text size="lg">{t('enroll.notFound.bodyDetail')}</Text>
        <Anchor component={Link} to={localPath(routes.sessions)} size="lg">
          {t('enroll.notFound.seeAll')}
        </Anchor>
      </Stack>
    </Container>
  );
}
