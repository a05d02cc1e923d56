import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ClassSession,
  EnrollmentRequestSchema,
  type Payment,
  type Policy,
  routes,
  type SessionStudent,
} from '@lc/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { startCheckout } from '../../api/enrollment.ts';
import { useSubmit } from '../forms/use-submit.tsx';
import { useFormFailure } from './form-error-alert.tsx';
import { goToCheckout } from './go-to-checkout.ts';

/**
 * The enroll form's values: the chosen children's ids, per policy type whether it is accepted, and how the
 * family pays (in full, or on the session's payment plan: issue 23).
 */
export type EnrollValues = {
  studentIds: string[];
  accepted: Record<string, boolean>;
  payWith: 'full' | 'plan';
  /** On the plan: save the card or bank account paid with today for the instalments (autopay). */
  autopay: boolean;
};
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
    payWith: z.enum(['full', 'plan']),
    autopay: z.boolean(),
  });
}

/** A reply that neither opened a checkout nor enrolled for free: said as "could not start the checkout". */
class CheckoutNotStarted extends Error {}

/**
 * Where a started enrollment goes next: the card checkout while it is open, or (nothing to pay, the children
 * enrolled already) the success page; any other reply is a failure.
 */
function nextStep(payment: Payment): { checkoutUrl: string } | { checkoutId: string } {
  if (payment.checkoutUrl && payment.status === 'Pending') return { checkoutUrl: payment.checkoutUrl };
  if (payment.checkoutId && payment.status === 'Paid') return { checkoutId: payment.checkoutId };
  throw new CheckoutNotStarted();
}

/**
 * The enroll form's state (spec §2, issue 5): the session's policies, the chosen children, the children
 * already placed (sibling discount), and `submit` (the kit's useSubmit), which starts the card checkout
 * (POST /api/ClassSessionEnrollment → `checkoutUrl`) or, with nothing to pay, goes to the enrollment's
 * success page. A failure is said on the form (`formError`); invalid input focuses the first problem in the
 * order the page shows them (the children, then each policy: the order their fields are registered in).
 */
export function useEnrollForm(session: ClassSession, students: SessionStudent[]) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policies = useMemo(() => policiesOf(session), [session]);
  const schema = useMemo(() => enrollSchema(policies), [policies]);
  const choosable = students.filter((s) => s.canEnroll);
  const form = useForm<EnrollValues, unknown, EnrollOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      // With one child who can enroll there is nothing to choose.
      studentIds: choosable.length === 1 && choosable[0] ? [choosable[0].id] : [],
      accepted: Object.fromEntries(policies.map((p) => [p.policyType, false])),
      payWith: 'full',
      autopay: true,
    },
  });
  const refusal = useFormFailure(
    (message) => form.setError('studentIds', { type: 'server', message }),
    t('enroll.enroll.checkoutOffline'),
  );
  // Stays true once the browser is on its way to the checkout, so the button cannot be pressed again.
  const [leaving, setLeaving] = useState(false);
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: async (values) =>
      nextStep(
        await startCheckout(
          session.id,
          values.studentIds,
          values.payWith === 'plan',
          values.payWith === 'plan' && values.autopay,
        ),
      ),
    // The server's refusal goes in the alert inside the children's group (and a different field message by it).
    fields: [],
    onSuccess: (next) => {
      if ('checkoutId' in next) {
        navigate(routes.enrollmentSuccessful(session.id, next.checkoutId));
        return;
      }
      setLeaving(true);
      goToCheckout(next.checkoutUrl);
    },
    alert: (error) =>
      error instanceof CheckoutNotStarted ? t('enroll.enroll.checkoutFailed') : refusal.alert(error),
    onFailure: refusal.onFailure,
  });

  const chosenIds = form.watch('studentIds');
  const chosen = students.filter((s) => chosenIds.includes(s.id));
  // The family's children already holding a place that makes these brothers or sisters (the checkout's count).
  const alreadyPlaced = students.filter((s) => s.holdsSiblingPlace === true && !chosenIds.includes(s.id));

  return {
    form,
    busy: submitting || leaving,
    formError: refusal.formError(failure),
    policies,
    chosen,
    alreadyPlaced,
    submit: onSubmit,
  };
}
