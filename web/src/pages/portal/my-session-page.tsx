import {
  type Announcement,
  type ClassSession,
  type ClassSessionEnrollment,
  type DigitalResource,
  parseClassSessionId,
  routes,
  todayIsoDate,
} from '@lc/contract';
import { Anchor, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { classSessionQueries } from '../../api/queries/class-sessions.ts';
import { enrollmentQueries } from '../../api/queries/enrollment.ts';
import { enrollmentKeys } from '../../api/query-keys.ts';
import { isNotFound, LoadFailed, Loading, RecordNotFound } from '../../features/family/load-states.tsx';
import { AnnouncementCard } from '../../features/portal-sessions/announcement-card.tsx';
import { EnrolledChildren } from '../../features/portal-sessions/enrolled-children.tsx';
import { formatPortalDateRange, groupBySession } from '../../features/portal-sessions/format.ts';
import { ResourceList } from '../../features/portal-sessions/resource-list.tsx';
import { WithdrawDialog } from '../../features/portal-sessions/withdraw-dialog.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * /dashboard/sessions/:classSessionId (spec §2; issue 5): one of the family's sessions — its dates, the
 * family's children in it, and the teachers' announcements and resources. The API answers those two with
 * 404 unless a child of the family is enrolled (paid) in the session; the page then says so plainly.
 */
export default function MySessionPage() {
  const { classSessionId = '' } = useParams();
  const id = parseClassSessionId(classSessionId);
  // A key per session: moving from one session to another starts every load afresh.
  return id === null ? <SessionNotFound /> : <MySession key={id} id={id} />;
}

function MySession({ id }: { id: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useQuery(classSessionQueries.detail(id));
  const enrollments = useQuery(enrollmentQueries.enrollments());
  const announcements = useQuery(enrollmentQueries.sessionAnnouncements(id));
  const resources = useQuery(enrollmentQueries.sessionResources(id));
  usePageTitle(session.status === 'success' ? session.data.name : t('portal.mySession.session'));

  if (session.status === 'error' && isNotFound(session.error)) return <SessionNotFound />;

  const children =
    enrollments.status === 'success'
      ? (groupBySession(enrollments.data.filter((e) => e.classSessionId === id))[0]?.enrollments ?? [])
      : null;
  const notEnrolled =
    (announcements.status === 'error' && isNotFound(announcements.error)) ||
    (resources.status === 'error' && isNotFound(resources.error));

  return (
    <Stack gap="lg" pt="xl">
      <Anchor component={Link} to={routes.mySessions} size="sm" w="fit-content">
        {t('portal.mySession.back')}
      </Anchor>
      <Title order={1}>
        {session.status === 'success' ? session.data.name : t('portal.mySession.session')}
      </Title>
      {session.status === 'pending' ? <Loading label={t('portal.mySession.loading')} /> : null}
      {session.status === 'error' ? (
        <LoadFailed message={t('portal.mySession.failed')} retry={() => session.refetch()} />
      ) : null}
      {session.status === 'success' ? (
        <SessionSummary
          session={session.data}
          enrollments={enrollments}
          mine={children}
          onWithdrawn={() => {
            // The child's place, and whether the family still reads the session's news, changed.
            void queryClient.invalidateQueries({ queryKey: enrollmentKeys.all });
          }}
        />
      ) : null}

      {notEnrolled ? (
        <NotEnrolledPanel
          sessionId={id}
          awaitingPayment={children?.some((e) => e.status === 'PendingPayment') ?? false}
        />
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <AnnouncementsSection state={announcements} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ResourcesSection state={resources} />
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}

/**
 * Dates and schedule, a link to the public page with the policies, and the family's children here, each
 * enrolled child with "Withdraw {child}" until the session's last day (issue 13).
 */
function SessionSummary({
  session,
  enrollments,
  mine,
  onWithdrawn,
}: {
  session: ClassSession;
  enrollments: UseQueryResult<ClassSessionEnrollment[]>;
  /** The family's children in this session (null until the enrollments have loaded). */
  mine: ClassSessionEnrollment[] | null;
  onWithdrawn: () => void;
}) {
  const { t } = useTranslation();
  const showChildren = mine === null || mine.length > 0;
  const [withdrawing, setWithdrawing] = useState<ClassSessionEnrollment | null>(null);
  // The server decides with the center's date; the button is only offered while the session is not over.
  const withdrawable =
    session.sessionEndDate >= todayIsoDate() ? (mine ?? []).filter((e) => e.status === 'Enrolled') : [];
  return (
    <Card withBorder radius="lg" padding="lg">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: showChildren ? 6 : 12 }}>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '0.25rem 1rem' }}>
            <Text component="dt" fw={600}>
              {t('portal.mySession.dates')}
            </Text>
            <Text component="dd" m={0}>
              {formatPortalDateRange(session.sessionStartDate, session.sessionEndDate)}
            </Text>
            <Text component="dt" fw={600}>
              {t('portal.mySession.schedule')}
            </Text>
            <Text component="dd" m={0}>
              {session.daySchedule}
            </Text>
          </dl>
          <Anchor component={Link} to={routes.session(session.id)} size="sm" mt="sm" display="inline-block">
            {t('portal.mySession.detailsLink')}
          </Anchor>
        </Grid.Col>
        {showChildren ? (
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <section aria-labelledby="your-children-here">
              <Title order={2} size="h4" id="your-children-here" mb="xs">
                {t('portal.mySession.childrenHeading')}
              </Title>
              {enrollments.status === 'pending' ? (
                <Loading label={t('portal.mySession.loadingChildren')} />
              ) : null}
              {enrollments.status === 'error' ? (
                <LoadFailed
                  message={t('portal.mySession.childrenFailed')}
                  retry={() => enrollments.refetch()}
                />
              ) : null}
              {mine && mine.length > 0 ? <EnrolledChildren enrollments={mine} /> : null}
              {withdrawable.length > 0 ? (
                <Group gap="xs" mt="sm">
                  {withdrawable.map((enrollment) => (
                    <Button
                      key={enrollment.id}
                      variant="default"
                      size="xs"
                      onClick={() => setWithdrawing(enrollment)}
                    >
                      {t('portal.mySession.withdraw', { child: enrollment.student.firstName })}
                    </Button>
                  ))}
                </Group>
              ) : null}
            </section>
          </Grid.Col>
        ) : null}
      </Grid>
      <WithdrawDialog
        enrollment={withdrawing}
        supplyFee={session.supplyFee}
        onClose={() => setWithdrawing(null)}
        onWithdrawn={onWithdrawn}
      />
    </Card>
  );
}

/** The API keeps a session's announcements and resources for families with a child enrolled (paid). */
function NotEnrolledPanel({ sessionId, awaitingPayment }: { sessionId: number; awaitingPayment: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="not-enrolled">
      <Title order={2} size="h3" id="not-enrolled">
        {awaitingPayment ? t('portal.mySession.awaitingHeading') : t('portal.mySession.notEnrolledHeading')}
      </Title>
      <Text mt="xs">
        {awaitingPayment ? t('portal.mySession.awaitingBody') : t('portal.mySession.notEnrolledBody')}
      </Text>
      <Group mt="md" gap="sm">
        {awaitingPayment ? (
          <Button component={Link} to={routes.billing}>
            {t('portal.common.finishPayingInBilling')}
          </Button>
        ) : (
          <Button component={Link} to={routes.session(sessionId)}>
            {t('portal.mySession.aboutSession')}
          </Button>
        )}
        <Button component={Link} to={routes.mySessions} variant="default">
          {t('portal.common.backToMySessions')}
        </Button>
      </Group>
    </Card>
  );
}

function AnnouncementsSection({ state }: { state: UseQueryResult<Announcement[]> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="announcements">
      <Title order={2} size="h3" id="announcements" mb="sm">
        {t('portal.mySession.announcementsHeading')}
      </Title>
      {state.status === 'pending' ? <Loading label={t('portal.common.loadingAnnouncements')} /> : null}
      {state.status === 'error' ? (
        <LoadFailed message={t('portal.common.announcementsFailed')} retry={() => state.refetch()} />
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <Text>{t('portal.mySession.noAnnouncements')}</Text>
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? (
        <Stack component="ul" gap="md" style={listStyle}>
          {state.data.map((announcement) => (
            <AnnouncementCard key={announcement.id} announcement={announcement} />
          ))}
        </Stack>
      ) : null}
    </section>
  );
}

function ResourcesSection({ state }: { state: UseQueryResult<DigitalResource[]> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="resources">
      <Title order={2} size="h3" id="resources" mb="sm">
        {t('portal.mySession.resourcesHeading')}
      </Title>
      {state.status === 'pending' ? <Loading label={t('portal.mySession.loadingResources')} /> : null}
      {state.status === 'error' ? (
        <LoadFailed message={t('portal.mySession.resourcesFailed')} retry={() => state.refetch()} />
      ) : null}
      {state.status === 'success' && state.data.length === 0 ? (
        <Text>{t('portal.mySession.noResources')}</Text>
      ) : null}
      {state.status === 'success' && state.data.length > 0 ? <ResourceList resources={state.data} /> : null}
    </section>
  );
}

function SessionNotFound() {
  const { t } = useTranslation();
  usePageTitle(t('portal.mySession.notFoundTitle'));
  return (
    <RecordNotFound
      title={t('portal.mySession.notFoundHeading')}
      backTo={routes.mySessions}
      backLabel={t('portal.common.backToMySessions')}
    >
      {t('portal.mySession.notFoundBody')}
    </RecordNotFound>
  );
}
