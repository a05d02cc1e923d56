import { zodResolver } from '@hookform/resolvers/zod';
import { type ClassSession, EnrollmentRequestSchema, routes, type SessionStudent } from '@lc/contract';
import { Button, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { joinWaitlist } from '../../api/enrollment.ts';
import { ChildPickerField } from '../../features/enrollment/child-picker.tsx';
import { ChildrenStanding } from '../../features/enrollment/children-standing.tsx';
import { EligibilityNote } from '../../features/enrollment/eligibility-note.tsx';
import { useFormFailure } from '../../features/enrollment/form-error-alert.tsx';
import { NoChildrenPanel } from '../../features/enrollment/no-children-panel.tsx';
import { SessionNotFound } from '../../features/enrollment/session-not-found.tsx';
import { SessionPageHeader } from '../../features/enrollment/session-page-header.tsx';
import {
  isSessionIdParam,
  isUnknownSession,
  type SessionFamily,
  useSessionFamily,
} from '../../features/enrollment/use-session-family.ts';
import type { WaitlistSuccessState } from '../../features/enrollment/waitlist-places.ts';
import { WaitlistSteps } from '../../features/enrollment/waitlist-steps.tsx';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /sessions/:classSessionId/waitlist (spec §2, protected; issue 5): put children on a full session's
 * waitlist (POST /api/ClassSessionEnrollment/JoinWaitlist/{id}), then show their places on the success page.
 */
export default function WaitlistPage() {
  const { classSessionId } = useParams();
  return isSessionIdParam(classSessionId) ? (
    <Waitlist key={classSessionId} classSessionId={classSessionId} />
  ) : (
    <SessionNotFound />
  );
}

function Waitlist({ classSessionId }: { classSessionId: string }) {
  const { t } = useTranslation();
  const loaded = useSessionFamily(classSessionId);
  const session = loaded.status === 'success' ? loaded.data.session : undefined;
  const title = session
    ? t('enroll.waitlist.titleFor', { session: session.name })
    : t('enroll.waitlist.title');
  usePageTitle(title);

  if (loaded.status === 'error' && isUnknownSession(loaded.error)) return <SessionNotFound />;
  return (
    <Container size={760} py="xl">
      <Stack gap="xl">
        <SessionPageHeader title={title} session={session} />
        {loaded.status === 'pending' ? <Loading label={t('enroll.common.loadingSessionFamily')} /> : null}
        {loaded.status === 'error' ? (
          <LoadFailed message={t('enroll.common.loadSessionFamilyFailed')} retry={() => loaded.refetch()} />
        ) : null}
        {loaded.status === 'success' ? <WaitlistBody family={loaded.data} /> : null}
      </Stack>
    </Container>
  );
}

function WaitlistBody({ family }: { family: SessionFamily }) {
  const { session, students, eligibility } = family;
  const canJoin = students.some((s) => s.canJoinWaitlist);
  return (
    <>
      {students.length > 0 && eligibility ? <EligibilityNote sentence={eligibility} /> : null}
      <Paper
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        bg="light-dark(var(--mantine-color-honey-0), var(--mantine-color-dark-6))"
      >
        <WaitlistSteps headingId="how-it-works" />
      </Paper>
      {students.length === 0 ? <NoChildrenPanel action="join the waitlist" /> : null}
      {students.length > 0 && canJoin ? <WaitlistForm session={session} students={students} /> : null}
      {students.length > 0 && !canJoin ? <NobodyCanJoin session={session} students={students} /> : null}
    </>
  );
}

/**
 * When none of the children can join: seats open to them (→ the enroll page), everyone waiting already
 * (→ their places), or the waitlist not open (→ other sessions); with each child's sentence when they differ.
 */
function NobodyCanJoin({ session, students }: { session: ClassSession; students: SessionStudent[] }) {
  const { t } = useTranslation();
  const enroll = students.some((s) => s.canEnroll);
  const waiting = students.some((s) => s.waitlistStatus === 'Waiting' || s.waitlistStatus === 'Offered');
  const heading = enroll
    ? t('enroll.waitlist.enrollInstead')
    : waiting
      ? t('enroll.waitlist.onWaitlist')
      : t('enroll.waitlist.notOpen');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="standing">
      <Title order={2} size="h3" id="standing">
        {heading}
      </Title>
      <ChildrenStanding students={students} />
      <Group gap="sm" mt="md">
        {enroll ? (
          <Button component={Link} to={routes.enroll(session.id)} size="md">
            {t('enroll.waitlist.enrollNow')}
          </Button>
        ) : null}
        {waiting && !enroll ? (
          <Button component={Link} to={routes.waitlistSuccess(session.id)} size="md">
            {t('enroll.waitlist.seePlaces')}
          </Button>
        ) : null}
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          {t('enroll.common.seeOtherSessions')}
        </Button>
      </Group>
    </Paper>
  );
}

const WaitlistFormSchema = EnrollmentRequestSchema.pick({ studentIds: true });
type WaitlistValues = { studentIds: string[] };

function WaitlistForm({ session, students }: { session: ClassSession; students: SessionStudent[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const choosable = students.filter((s) => s.canJoinWaitlist);
  const form = useForm<WaitlistValues>({
    resolver: zodResolver(WaitlistFormSchema),
    mode: 'onTouched',
    defaultValues: { studentIds: choosable.length === 1 && choosable[0] ? [choosable[0].id] : [] },
  });
  const refusal = useFormFailure(
    (message) => form.setError('studentIds', { type: 'server', message }),
    t('enroll.waitlist.offline'),
  );
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) => joinWaitlist(session.id, values.studentIds),
    // The server's refusal goes in the alert inside the children's group (and a different field message by it).
    fields: [],
    onSuccess: (places) => {
      const state: WaitlistSuccessState = { places };
      navigate(routes.waitlistSuccess(session.id), { state });
    },
    alert: refusal.alert,
    onFailure: refusal.onFailure,
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('enroll.waitlist.titleFor', { session: session.name })}
    >
      <Stack gap="lg">
        <ChildPickerField
          form={form}
          label={t('enroll.waitlist.whichChildren')}
          action="join"
          students={students}
          canChoose={(s) => s.canJoinWaitlist}
          formError={refusal.formError(failure)}
        />
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={routes.session(session.id)} variant="default" size="md">
            {t('enroll.common.cancel')}
          </Button>
          <Button type="submit" size="md" loading={submitting} disabled={submitting}>
            {t('enroll.common.joinTheWaitlist')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
