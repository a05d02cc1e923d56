import { type ClassSession, type ClassSessionInput, routes } from '@lc/contract';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { staffKeys } from '../../api/query-keys';
import {
  createSession,
  getPolicies,
  getPrograms,
  getStaffSession,
  updateSession,
} from '../../api/staff-setup';
import { CENTER_TIME_ZONE } from '../../features/class-sessions/format';
import { failedWith, failureMessage, failureStatus } from '../../features/forms/feedback';
import { SwitchField } from '../../features/forms/fields';
import { notifyError } from '../../features/forms/notify';
import { useSubmit } from '../../features/forms/use-submit';
import { DuplicateSessionDialog } from '../../features/staff/duplicate-session-dialog';
import {
  AboutSection,
  PoliciesSection,
  PriceSection,
  ScheduleSection,
  WindowsSection,
  ZONE_NAME,
} from '../../features/staff/session-form-sections';
import {
  EMPTY_SESSION_FORM,
  formToSessionInput,
  SESSION_FORM_FIELDS,
  type SessionFormField,
  type SessionFormValues,
  sessionToForm,
} from '../../features/staff/session-form-values';
import { PlanSection } from '../../features/staff/session-plan-section';
import { RefundsSection } from '../../features/staff/session-refund-section';
import { SessionResources } from '../../features/staff/session-resources';
import classes from '../../features/staff/staff.module.css';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';
import NotFoundPage from '../public/not-found-page';

/** react-hook-form runs the form's own rules (session-form-values.ts) and hands the page `ClassSessionInput`. */
const sessionResolver: Resolver<SessionFormValues, unknown, ClassSessionInput> = async (values) => {
  const result = formToSessionInput(values, CENTER_TIME_ZONE);
  if (result.ok) return { values: result.value, errors: {} };
  const errors: FieldErrors<SessionFormValues> = {};
  for (const [field, message] of Object.entries(result.errors))
    errors[field as SessionFormField] = { type: 'validate', message };
  return { values: {}, errors };
};

/**
 * /staff/sessions/new and /staff/sessions/:classSessionId/edit — the director's session form (issue 10): every
 * field of spec §3 ClassSession, money in dollars (stored as cents), registration windows in the center's
 * time zone, age limits in months with the ages they mean, the program and the three policies, and
 * "Duplicate for next term" on an existing session. A teacher is told the form is the director's.
 */
export default function StaffSessionFormPage() {
  const { classSessionId } = useParams();
  const isNew = classSessionId === undefined;
  const isDirector = currentRole() === 'Admin';
  const session = useQuery({
    queryKey: staffKeys.session(classSessionId),
    queryFn: ({ signal }) => getStaffSession(classSessionId, signal),
    enabled: !isNew && isDirector,
    retry: (count, error) => !failedWith(error, 404) && count < 1,
  });
  usePageTitle(isNew ? 'New session' : session.data ? `Edit · ${session.data.name}` : 'Edit session');

  if (!isDirector)
    return (
      <Alert mt="lg" color="yellow" variant="light" title="Only the director sets up sessions">
        You can read the rosters of the sessions you teach. Ask your center’s director to change a session.
      </Alert>
    );
  if (!isNew && failedWith(session.error, 404)) return <NotFoundPage />;
  if (!isNew && session.isError)
    return (
      <Alert color="red" variant="light" role="alert" mt="lg" title="We could not load this session">
        Please check your connection and try again.
      </Alert>
    );
  if (!isNew && !session.data)
    return (
      <Text role="status" mt="lg">
        Loading the session…
      </Text>
    );
  return <SessionForm session={session.data ?? null} />;
}

/** The form itself: the session's fields in sections, saved as a new session or over `session`. */
function SessionForm({ session }: { session: ClassSession | null }) {
  const [duplicating, setDuplicating] = useState(false);
  const programs = useQuery({
    queryKey: staffKeys.programs(),
    queryFn: ({ signal }) => getPrograms(signal),
  });
  const policies = useQuery({
    queryKey: staffKeys.policies(),
    queryFn: ({ signal }) => getPolicies(signal),
  });

  const form = useForm<SessionFormValues, unknown, ClassSessionInput>({
    resolver: sessionResolver,
    mode: 'onSubmit',
    reValidateMode: 'onBlur',
    defaultValues: session ? sessionToForm(session, CENTER_TIME_ZONE) : EMPTY_SESSION_FORM,
  });
  const { onSubmit, failure, submitting, summaryRef } = useSessionSave(session, form);

  // The selects' options arrive after the form: set the stored choices again once they are there.
  const optionsReady = programs.isSuccess && policies.isSuccess;
  const { reset } = form;
  useEffect(() => {
    if (optionsReady && session) reset(sessionToForm(session, CENTER_TIME_ZONE), { keepDirtyValues: true });
  }, [optionsReady, session, reset]);

  return (
    <Stack gap="lg" mt="lg" className={classes.page} maw={860}>
      <SessionFormHeader session={session} onDuplicate={() => setDuplicating(true)} />

      {failure ? (
        <Alert ref={summaryRef} tabIndex={-1} color="red" variant="light" role="alert" title="Not saved yet">
          {failure}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate aria-label={session ? `Edit ${session.name}` : 'New session'}>
        <Stack gap="xl">
          <AboutSection form={form} programs={programs.data ?? []} session={session} />

          <ScheduleSection form={form} />

          <PriceSection form={form} />

          <RefundsSection form={form} />

          <PlanSection form={form} />

          <WindowsSection form={form} />

          <PoliciesSection form={form} policies={policies.data ?? []} />

          <SwitchField form={form} name="isActive" label="Active: families see this session on the website" />

          <Group>
            <Button type="submit" loading={submitting}>
              {session ? 'Save changes' : 'Create session'}
            </Button>
            <Button
              variant="default"
              component={Link}
              to={session ? routes.staffSession(session.id) : routes.staffSessions}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
      {session ? <SessionResources session={session} /> : null}
      {session ? (
        <DuplicateSessionDialog
          session={session}
          opened={duplicating}
          onClose={() => setDuplicating(false)}
        />
      ) : null}
    </Stack>
  );
}

/** The way back, the title with the families' note on prices and times, and "Duplicate for next term". */
function SessionFormHeader({
  session,
  onDuplicate,
}: {
  session: ClassSession | null;
  onDuplicate: () => void;
}) {
  return (
    <>
      <Anchor
        component={Link}
        to={session ? routes.staffSession(session.id) : routes.staffSessions}
        size="sm"
      >
        {session ? `← Back to the roster of ${session.name}` : '← All sessions'}
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1}>{session ? `Edit ${session.name}` : 'New session'}</Title>
          <Text c="dimmed">
            Families see a session on the website while it is active. Prices are in dollars; times are the
            center’s ({ZONE_NAME}).
          </Text>
        </div>
        {session ? (
          <Button variant="default" onClick={onDuplicate}>
            Duplicate for next term
          </Button>
        ) : null}
      </Group>
    </>
  );
}

/**
 * Saving the form: an update goes back to the session's roster, a new session to its own page (to choose who
 * teaches it). The server's field errors sit by their fields; any other refusal shows in a summary that takes
 * the focus; a failure of the server or the connection is a toast.
 */
function useSessionSave(
  session: ClassSession | null,
  form: UseFormReturn<SessionFormValues, unknown, ClassSessionInput>,
) {
  const navigate = useNavigate();
  const summaryRef = useRef<HTMLDivElement>(null);
  const saveFailed = 'The session could not be saved. Please try again.';
  const save = useSubmit(form, {
    action: (input) =>
      session ? updateSession(session.id, input).then(() => session) : createSession(input),
    fields: SESSION_FORM_FIELDS,
    success: (saved, input) =>
      session ? `Saved ${input.name}.` : `${saved.name} is set up. Choose who teaches it below.`,
    invalidate: [staffKeys.all],
    onSuccess: (saved) => navigate(routes.staffSession(saved.id)),
    alert: (error) => {
      const status = failureStatus(error);
      if (status !== null && status < 500) return failureMessage(error, saveFailed);
      notifyError(saveFailed);
      return null;
    },
  });

  useEffect(() => {
    if (save.failure) summaryRef.current?.focus();
  }, [save.failure]);

  return { ...save, summaryRef };
}
