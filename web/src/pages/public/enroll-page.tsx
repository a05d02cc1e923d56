import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ClassSession,
  checkoutLineItems,
  EnrollmentRequestSchema,
  lineItemsTotal,
  type Policy,
  routes,
  type SessionStudent,
  siblingsAlreadyEnrolled,
} from '@lc/contract';
import {
  Button,
  Checkbox,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { startCheckout } from '../../api/enrollment.ts';
import { ChildPickerField } from '../../features/enrollment/child-picker.tsx';
import { ChildrenStanding } from '../../features/enrollment/children-standing.tsx';
import { EligibilityNote } from '../../features/enrollment/eligibility-note.tsx';
import { useFormFailure } from '../../features/enrollment/form-error-alert.tsx';
import { childCount, joinNames, policyName } from '../../features/enrollment/format.ts';
import { goToCheckout } from '../../features/enrollment/go-to-checkout.ts';
import { NoChildrenPanel } from '../../features/enrollment/no-children-panel.tsx';
import { PolicyText } from '../../features/enrollment/policy-text.tsx';
import { PriceBreakdown } from '../../features/enrollment/price-breakdown.tsx';
import {
  refundPolicySentences,
  siblingDiscountAmount,
} from '../../features/enrollment/refund-policy-text.ts';
import { SessionNotFound } from '../../features/enrollment/session-not-found.tsx';
import { SessionPageHeader } from '../../features/enrollment/session-page-header.tsx';
import {
  isSessionIdParam,
  isUnknownSession,
  type SessionFamily,
  useSessionFamily,
} from '../../features/enrollment/use-session-family.ts';
import { WAITLIST_OFFER_HOURS } from '../../features/enrollment/waitlist-steps.tsx';
import { LoadFailed, Loading } from '../../features/family/load-states.tsx';
import { formatMoney } from '../../i18n/intl-locale.ts';
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
      {students.length === 0 ? <NoChildrenPanel action="enroll" /> : null}
      {students.length > 0 && canEnroll ? <EnrollForm session={session} students={students} /> : null}
      {students.length > 0 && !canEnroll ? <NobodyCanEnroll session={session} students={students} /> : null}
    </>
  );
}

/**
 * When none of the children can enroll now: everyone enrolled already (→ My sessions), the waitlist open to
 * them (→ the waitlist page), or enrollment not open (→ other sessions); with each child's sentence when
 * they differ.
 */
function NobodyCanEnroll({ session, students }: { session: ClassSession; students: SessionStudent[] }) {
  const { t } = useTranslation();
  const allEnrolled = students.every((s) => s.enrollmentStatus === 'Enrolled');
  const waitlist = students.some((s) => s.canJoinWaitlist);
  const heading = allEnrolled
    ? t('enroll.enroll.allEnrolled')
    : waitlist
      ? t('enroll.enroll.waitlistOpen')
      : t('enroll.enroll.notOpen');
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="standing">
      <Title order={2} size="h3" id="standing">
        {heading}
      </Title>
      <ChildrenStanding students={students} />
      {waitlist && !allEnrolled ? (
        <Text mt="sm">{t('enroll.enroll.joiningFree', { count: WAITLIST_OFFER_HOURS })}</Text>
      ) : null}
      <Group gap="sm" mt="md">
        {allEnrolled ? (
          <Button component={Link} to={routes.mySession(session.id)} size="md">
            {t('enroll.common.goToMySessions')}
          </Button>
        ) : null}
        {waitlist && !allEnrolled ? (
          <Button component={Link} to={routes.waitlist(session.id)} size="md">
            {t('enroll.common.joinTheWaitlist')}
          </Button>
        ) : null}
        <Button component={Link} to={routes.sessions} variant="default" size="md">
          {t('enroll.common.seeOtherSessions')}
        </Button>
      </Group>
    </Paper>
  );
}

type EnrollValues = { studentIds: string[]; accepted: Record<string, boolean> };
type EnrollOutput = z.output<ReturnType<typeof enrollSchema>>;

/** The session's policies that are set, in the order the session page shows them. */
function policiesOf(session: ClassSession): Policy[] {
  return [session.expectationPolicy, session.dismissalPolicy, session.latePickupPolicy].filter(
    (p): p is Policy => p !== null,
  );
}

/**
 * The children (contract rule) and one accepted checkbox per policy present. A policy not accepted is said
 * by the form in the language shown ("Please read and accept the Late pickup policy to continue").
 */
function enrollSchema(policies: readonly Policy[]) {
  return z.object({
    studentIds: EnrollmentRequestSchema.shape.studentIds,
    accepted: z.object(Object.fromEntries(policies.map((p) => [p.policyType, z.boolean().refine((v) => v)]))),
  });
}

function EnrollForm({ session, students }: { session: ClassSession; students: SessionStudent[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policies = useMemo(() => policiesOf(session), [session]);
  const schema = useMemo(() => enrollSchema(policies), [policies]);
  const choosable = students.filter((s) => s.canEnroll);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<EnrollValues, unknown, EnrollOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    // Focus goes to the first problem in the order the page shows them (see onInvalid).
    shouldFocusError: false,
    defaultValues: {
      // With one child who can enroll there is nothing to choose.
      studentIds: choosable.length === 1 && choosable[0] ? [choosable[0].id] : [],
      accepted: Object.fromEntries(policies.map((p) => [p.policyType, false])),
    },
  });
  const { formError, clear, fail, report } = useFormFailure((message) =>
    setError('studentIds', { type: 'server', message }),
  );
  // Stays true once the browser is on its way to the checkout, so the button cannot be pressed again.
  const [leaving, setLeaving] = useState(false);
  const busy = isSubmitting || leaving;

  const chosenIds = watch('studentIds');
  const chosen = students.filter((s) => chosenIds.includes(s.id));
  // The family's children already holding a place that makes these brothers or sisters (the checkout's count).
  const alreadyPlaced = students.filter((s) => s.holdsSiblingPlace === true && !chosenIds.includes(s.id));
  const perChild = session.registrationPrice + session.supplyFee;

  const onSubmit = async (values: EnrollOutput) => {
    clear();
    try {
      const payment = await startCheckout(session.id, values.studentIds);
      if (payment.checkoutUrl && payment.status === 'Pending') {
        setLeaving(true);
        goToCheckout(payment.checkoutUrl);
        return;
      }
      // Nothing to pay (a free session): the children are enrolled already.
      if (payment.checkoutId && payment.status === 'Paid') {
        navigate(routes.enrollmentSuccessful(session.id, payment.checkoutId));
        return;
      }
      fail(t('enroll.enroll.checkoutFailed'));
    } catch (error) {
      report(error, t('enroll.enroll.checkoutOffline'));
    }
  };

  const onInvalid = (invalid: FieldErrors<EnrollValues>) => {
    if (invalid.studentIds) return setFocus('studentIds');
    const policy = policies.find((p) => invalid.accepted?.[p.policyType]);
    if (policy) setFocus(`accepted.${policy.policyType}`);
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit, onInvalid)}
      noValidate
      aria-label={t('enroll.enroll.titleIn', { session: session.name })}
    >
      <Stack gap="xl">
        <ChildPickerField
          control={control}
          label={t('enroll.enroll.whichChildren')}
          action="enroll"
          students={students}
          canChoose={(s) => s.canEnroll}
          formError={formError}
        />

        {perChild > 0 ? (
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="price-heading"
          >
            <Title order={2} size="h3" id="price-heading">
              {t('enroll.enroll.priceHeading')}
            </Title>
            <PriceSummary session={session} chosen={chosen} students={students} />
            <SiblingDiscountNote session={session} alreadyPlaced={alreadyPlaced} />
          </Paper>
        ) : (
          <Text>{t('enroll.enroll.nothingToPay')}</Text>
        )}

        {perChild > 0 ? <RefundPolicy session={session} /> : null}

        {policies.length > 0 ? (
          <section aria-labelledby="policies-heading">
            <Title order={2} size="h3" id="policies-heading">
              {t('enroll.enroll.policiesHeading')}
            </Title>
            <Text mt={4}>{t('enroll.enroll.policiesIntro')}</Text>
            <Stack gap="md" mt="md">
              {policies.map((policy) => {
                const headingId = `policy-${policy.policyType}`;
                const errorId = `policy-${policy.policyType}-error`;
                const error = errors.accepted?.[policy.policyType]
                  ? t('enroll.enroll.acceptError', { policy: policyName(policy) })
                  : undefined;
                return (
                  <Paper key={policy.id} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
                    <Title order={3} size="h4" id={headingId} mb="xs">
                      {policy.name}
                    </Title>
                    <PolicyText policy={policy} labelledBy={headingId} />
                    <Checkbox
                      mt="md"
                      size="md"
                      required
                      label={t('enroll.enroll.accept', { policy: policyName(policy) })}
                      // Mantine does not tie a checkbox's error to it; the id and aria-describedby do.
                      error={error ? <span id={errorId}>{error}</span> : undefined}
                      aria-describedby={error ? errorId : undefined}
                      aria-invalid={error ? true : undefined}
                      {...register(`accepted.${policy.policyType}`)}
                    />
                  </Paper>
                );
              })}
            </Stack>
          </section>
        ) : null}

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

/**
 * The line items for the chosen children (or the price per child before any is chosen), total announced:
 * exactly what the checkout charges, the sibling discount as its own line.
 */
function PriceSummary({
  session,
  chosen,
  students,
}: {
  session: ClassSession;
  chosen: SessionStudent[];
  students: SessionStudent[];
}) {
  const { t } = useTranslation();
  const n = chosen.length;
  const already = siblingsAlreadyEnrolled(
    students,
    chosen.map((s) => s.id),
  );
  const items = checkoutLineItems(session, Math.max(n, 1), already);
  const total = lineItemsTotal(items);
  return (
    <>
      {n === 0 ? (
        <PriceBreakdown
          items={items}
          total={total}
          caption={t('enroll.enroll.pricePerChild')}
          totalLabel={t('enroll.enroll.perChild')}
        />
      ) : (
        <PriceBreakdown
          items={items}
          total={total}
          caption={t('enroll.enroll.forNames', { names: joinNames(chosen.map((s) => s.firstName)) })}
        />
      )}
      {n === 0 ? (
        <Text size="sm" mt="xs">
          {t('enroll.enroll.chooseToSeeTotal')}
        </Text>
      ) : null}
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {n > 0 ? t('enroll.enroll.totalFor', { children: childCount(n), total: formatMoney(total) }) : ''}
      </VisuallyHidden>
    </>
  );
}

/**
 * One sentence saying who gets the session's sibling discount, or nothing without one: every child after the
 * first, or every child enrolled now when a brother or sister already has a place.
 */
function SiblingDiscountNote({
  session,
  alreadyPlaced,
}: {
  session: ClassSession;
  alreadyPlaced: SessionStudent[];
}) {
  const { t } = useTranslation();
  const off = siblingDiscountAmount(session);
  if (!off) return null;
  const program =
    session.siblingDiscountAcrossProgram && session.classSection ? session.classSection.name : null;
  const names = alreadyPlaced.map((s) => s.firstName);
  const already = { names: joinNames(names), count: names.length, off };
  return (
    <Text mt="sm">
      {names.length > 0
        ? program
          ? t('enroll.sibling.enrollAlreadyInProgram', { ...already, program })
          : t('enroll.sibling.enrollAlready', already)
        : program
          ? t('enroll.sibling.enrollAfterFirstInProgram', { off, program })
          : t('enroll.sibling.enrollAfterFirst', { off })}
    </Text>
  );
}

/** The session's refund policy in plain words (`refundPolicySentences`), before anything is paid. */
function RefundPolicy({ session }: { session: ClassSession }) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="refund-heading"
    >
      <Title order={2} size="h3" id="refund-heading">
        {t('enroll.common.ifPlansChange')}
      </Title>
      <List mt="xs" spacing="xs">
        {refundPolicySentences(session, session).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
