import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ClassSession,
  EnrollmentRequestSchema,
  type Policy,
  routes,
  type SessionStudent,
} from '@lc/contract';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { startCheckout } from '../../api/enrollment.ts';
import { useFormFailure } from './form-error-alert.tsx';
import { goToCheckout } from './go-to-checkout.ts';

/** The enroll form's values: the chosen children's ids and, per policy type, whether it is accepted. */
export type EnrollValues = { studentIds: string[]; accepted: Record<string, boolean> };
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

/**
 * The enroll form's state (spec §2, issue 5): the session's policies, the chosen children, the children
 * already placed (sibling discount), and `submit`, which starts the card checkout
 * (POST /api/ClassSessionEnrollment → `checkoutUrl`) or, with nothing to pay, goes to the enrollment's
 * success page. A failure is said on the form (`formError`); invalid input focuses the first problem in the
 * order the page shows them.
 */
export function useEnrollForm(session: ClassSession, students: SessionStudent[]) {
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

  return {
    control,
    register,
    errors,
    busy,
    formError,
    policies,
    chosen,
    alreadyPlaced,
    submit: handleSubmit(onSubmit, onInvalid),
  };
}
