import { type ClassSession, routes, type SessionStudent } from '@lc/contract';
import { Button, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ChildPickerField } from '../../features/enrollment/child-picker.tsx';
import { EligibilityNote } from '../../features/enrollment/eligibility-note.tsx';
import { EnrollPriceSection, RefundPolicy } from '../../features/enrollment/enroll-price.tsx';
import { NoChildrenPanel } from '../../features/enrollment/no-children-panel.tsx';
import { NobodyCanEnroll } from '../../features/enrollment/nobody-can-enroll.tsx';
import { PaymentPlanChoice } from '../../features/enrollment/plan-choice.tsx';
import { PolicyAcceptance } from '../../features/enrollment/policy-acceptance.tsx';
import { SessionNotFound } from '../../features/enrollment/session-not-found.tsx';
import { SessionPageHeader } from '../../features/enrollment/session-page-header.tsx';
import { useEnrollForm } from '../../features/enrollment/use-enroll-form.ts';
import {
  isSessionIdParam,
  isUnknownSession,
  type SessionFamily,
  useSessionFamily,
} from '../../features/enrollment/use-session-family.ts';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { EnrollFormsNote } from '../../features/signed-forms/enroll-forms-note.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /sessions/:classSessionId/enroll (spec §2, protected; issue 5): choose which children to enroll, see the
 * price for them, accept the session's policies and go on to the card checkout
 * (POST /api/ClassSessionEnrollment → the payment's `checkoutUrl`). The price is the checkout's own
 * (`checkoutLineItems`), the sibling discount as its own line counted as the server counts it
 * (`holdsSiblingPlace`), and the refund policy is said in plain words before payment (issue 13).
 */
export default function EnrollPage() {
  const { classSessionId } = useParams();
  return isSessionIdParam(classSessionId) ? (
    <Enroll key={classSessionId} classSessionId={classSessionId} />
  ) : (
    <SessionNotFound />
  );
}

function Enroll({ classSessionId }: { classSessionId: string }) {
  const { t } = useTranslation();
  const loaded = useSessionFamily(classSessionId);
  const session = loaded.status === 'success' ? loaded.data.session : undefined;
  const title = session ? t('enroll.enroll.titleIn', { session: session.name }) : t('enroll.enroll.title');
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
        {loaded.status === 'success' ? <EnrollBody family={loaded.data} /> : null}
      </Stack>
    </Container>
  );
}

function EnrollBody({ family }: { family: SessionFamily }) {
  const { session, students, eligibility } = family;
  const canEnroll = students.some((s) => s.canEnroll);
  return (
    <>
      {students.length > 0 && eligibility ? <EligibilityNote sentence={eligibility} /> : null}
      <EnrollFormsNote students={students} />
      {students.length === 0 ? <NoChildrenPanel action="enroll" /> : null}
      {students.length > 0 && canEnroll ? <EnrollForm session={session} students={students} /> : null}
      {students.length > 0 && !canEnroll ? <NobodyCanEnroll session={session} students={students} /> : null}
    </>
  );
}

/** The enroll form: the children, the price and refund policy (when there is one), the policies to accept. */
function EnrollForm({ session, students }: { session: ClassSession; students: SessionStudent[] }) {
  const { t } = useTranslation();
  const { form, busy, formError, policies, chosen, alreadyPlaced, submit } = useEnrollForm(session, students);
  const perChild = session.registrationPrice + session.supplyFee;

  return (
    <form onSubmit={submit} noValidate aria-label={t('enroll.enroll.titleIn', { session: session.name })}>
      <Stack gap="xl">
        <ChildPickerField
          form={form}
          label={t('enroll.enroll.whichChildren')}
          action="enroll"
          students={students}
          canChoose={(s) => s.canEnroll}
          formError={formError}
        />

        {perChild > 0 ? (
          <EnrollPriceSection
            session={session}
            chosen={chosen}
            students={students}
            alreadyPlaced={alreadyPlaced}
          />
        ) : (
          <Text>{t('enroll.enroll.nothingToPay')}</Text>
        )}

        {perChild > 0 ? (
          <PaymentPlanChoice form={form} session={session} chosen={chosen} students={students} />
        ) : null}

        {perChild > 0 ? <RefundPolicy session={session} /> : null}

        {policies.length > 0 ? <PolicyAcceptance form={form} policies={policies} /> : null}

        <Stack gap="xs">
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={routes.session(session.id)} variant="default" size="md">
              {t('enroll.common.cancel')}
            </Button>
            <Button type="submit" size="md" loading={busy} disabled={busy}>
              {perChild > 0 ? t('enroll.enroll.continueToPayment') : t('enroll.enroll.enrollFree')}
            </Button>
          </Group>
          {perChild > 0 ? (
            <Text size="sm" ta="right">
              {t('enroll.enroll.secureCheckout')}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </form>
  );
}
