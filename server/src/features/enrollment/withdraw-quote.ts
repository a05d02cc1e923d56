/**
 * The refund a withdrawal gives (issue 13, "Withdraw a child, with the session's refund policy"; issue 21,
 * decision 019): the parent's quote, the director's starting amount and the withdrawal's decision all come
 * from `quoteFor`.
 *
 * The parent's refund (`quoteFor`): `refundQuote` (contract `family-money.ts`) over the payment's lines with
 * the children of that payment still enrolled (the sibling discount recomputed), never more than
 * `finalAmount − refundedAmount − refunds in progress`, less the brothers' and sisters' sibling discounts this
 * place earned on other payments and that end with it (`siblingDiscountsEndingWith`, decision 019). The family
 * lock makes the withdrawals of one family's places run one after the other, so each quote sees the places a
 * brother's or sister's withdrawal left. Money is integer cents; dates are ISO calendar dates in the center's
 * time zone (`clock.today`).
 */
import {
  describeRefundPolicy,
  formatCents,
  formatPolicyDate,
  fullRefundUntil,
  type LineItem,
  placeOnPayment,
  type RefundMethod,
  refundQuote,
  siblingDiscountEnding,
  type WithdrawalQuote,
} from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { classSessionEnrollments, classSessions, payments } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { placeAccount } from '../billing/ledger.ts';
import { type MoneyDeps, pendingCents } from '../billing/refunds.ts';
import { type Child, childOf, type EnrollmentRow, type PaymentRow } from './withdraw-apply.ts';

type SessionRow = typeof classSessions.$inferSelect;

/** Children of `paymentId` still enrolled (in any session: a moved child keeps its payment). */
async function stillEnrolledOn(db: DbOrTx, paymentId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from class_session_enrollments where payment_id = ${paymentId} and status = 'Enrolled'`,
  );
  return row?.n ?? 0;
}

/** A brother's or sister's sibling discount that ends with a withdrawn place (decision 019). */
type SiblingDiscountEnding = WithdrawalQuote['siblingDiscounts'][number] & { paymentId: string };

/** The family of a child as SQL: `student` shares a parent (a `user_students` account) with `withChild`. */
const sameFamily = (student: ReturnType<typeof sql>, withChild: string) =>
  sql`exists (select 1 from user_students a join user_students b on b.user_id = a.user_id
    where a.student_id = ${withChild} and b.student_id = ${student})`;

/**
 * The sibling discounts `enrollment`'s place earned on the family's other payments and that end when it is
 * withdrawn (issue 21, decision 019). A payment qualifies when it is `Paid`, was made once this place was
 * taken (so the place counted for it), is for a brother's or sister's place still `Enrolled` in this session or,
 * when that session's discount reaches across its program, in another session of this session's program; every
 * child of it got the sibling price (`siblingDiscountEnding`); and no other place that counted for it remains:
 * no brother's or sister's (or this child's own other) `Enrolled` place, taken by the payment's time, in its
 * session or (across the program) in a session of the program not ended on the payment's day in the center's
 * `timeZone`. Inside a withdrawal it runs under the family lock (`withdrawEnrollment`), so a brother's or
 * sister's withdrawal at the same instant has either committed or changed nothing yet (decision 019).
 */
async function siblingDiscountsEndingWith(
  db: DbOrTx,
  enrollment: EnrollmentRow,
  session: SessionRow,
  timeZone: string,
): Promise<SiblingDiscountEnding[]> {
  const rows = await queryRows<{
    payment_id: string;
    line_items: LineItem[];
    still_enrolled: number;
    first_names: string[];
    session_name: string;
  }>(
    db,
    sql`select p.id as payment_id, p.line_items, count(*)::int as still_enrolled,
        array_agg(st.first_name order by st.date_of_birth, st.first_name) as first_names,
        min(s2.name) as session_name
      from payments p
      join class_session_enrollments e2 on e2.payment_id = p.id and e2.status = 'Enrolled'
      join students st on st.id = e2.student_id
      join class_sessions s2 on s2.id = e2.class_session_id
      where p.status = 'Paid'
        and p.id is distinct from ${enrollment.paymentId}
        and p.created >= ${enrollment.created}
        and e2.student_id <> ${enrollment.studentId}
        and ${sameFamily(sql`e2.student_id`, enrollment.studentId)}
        and s2.sibling_discount_type is not null
        and (s2.id = ${session.id}
          or (s2.sibling_discount_across_program and s2.class_section_id = ${session.classSectionId}))
        and not exists (
          select 1 from class_session_enrollments e3
          join class_sessions s3 on s3.id = e3.class_session_id
          where e3.status = 'Enrolled' and e3.id <> ${enrollment.id} and e3.created <= p.created
            and e3.student_id not in (select c.student_id from class_session_enrollments c where c.payment_id = p.id)
            and ${sameFamily(sql`e3.student_id`, enrollment.studentId)}
            and (e3.class_session_id = s2.id
              or (s2.sibling_discount_across_program and s3.class_section_id = s2.class_section_id
                and s3.session_end_date >= (p.created at time zone ${timeZone})::date)))
      group by p.id, p.line_items
      order by p.id`,
  );
  return rows
    .map((r) => ({
      paymentId: r.payment_id,
      firstNames: r.first_names,
      sessionName: r.session_name,
      discount: siblingDiscountEnding(placeOnPayment(r.line_items, r.still_enrolled)),
    }))
    .filter((r) => r.discount > 0);
}

function refundMethodOf(payment: PaymentRow | null): RefundMethod {
  if (!payment || payment.finalAmount === 0 || payment.provider === 'free') return 'none';
  return payment.provider === 'offline' ? 'office' : 'card';
}

/**
 * The exact refund withdrawing `enrollment`'s child on `today` gives (see the module comment). Read inside the
 * withdrawal's transaction under its locks, or without locks for the dialog's preview.
 */
export async function quoteFor(
  db: DbOrTx,
  facts: {
    enrollment: EnrollmentRow;
    child: Child;
    session: SessionRow;
    payment: PaymentRow | null;
    today: string;
    /** The center's time zone (CENTER_TIMEZONE). */
    timeZone: string;
  },
): Promise<WithdrawalQuote> {
  const { enrollment, child, session, payment, today } = facts;
  const policy = {
    refundFullDaysBefore: session.refundFullDaysBefore,
    refundPercentAfter: session.refundPercentAfter,
    supplyFeeRefundUntil: session.supplyFeeRefundUntil,
  };
  const stillEnrolled = payment ? await stillEnrolledOn(db, payment.id) : 1;
  const lines = (payment?.lineItems ?? []) as LineItem[];
  const quote = refundQuote(policy, session.sessionStartDate, today, placeOnPayment(lines, stillEnrolled));
  const refundableOnPayment =
    payment?.status === 'Paid'
      ? Math.max(0, payment.finalAmount - payment.refundedAmount - (await pendingCents(db, payment.id)))
      : 0;
  // On a payment plan the policy decides what the center keeps of the place, as for a family that paid in
  // full (`planSettlement`): paid more than that comes back, less stays owed.
  const onPlan = payment?.plan
    ? planSettlement(await placeAccount(db, session.id, child.id, today), quote.total)
    : null;
  const byPolicy = Math.min(onPlan ? onPlan.refund : quote.total, refundableOnPayment);
  const ending = await siblingDiscountsEndingWith(db, enrollment, session, facts.timeZone);
  // Given back from this refund, never below $0: the rest is not charged (decision 019).
  const siblingDiscountKept = Math.min(
    byPolicy,
    ending.reduce((sum, d) => sum + d.discount, 0),
  );
  const refund = byPolicy - siblingDiscountKept;
  return {
    enrollmentId: enrollment.id,
    child: { id: child.id, firstName: child.firstName, fullName: `${child.firstName} ${child.lastName}` },
    classSession: {
      id: session.id,
      name: session.name,
      sessionStartDate: session.sessionStartDate,
      sessionEndDate: session.sessionEndDate,
    },
    today,
    policy,
    policySentences: describeRefundPolicy(policy, session),
    window: quote.window,
    fullRefundUntil: fullRefundUntil(policy, session.sessionStartDate),
    registrationShare: quote.registrationShare,
    registrationRefund: quote.registrationRefund,
    supplyFeeRefund: quote.supplyFeeRefund,
    policyTotal: quote.total,
    refundableOnPayment,
    siblingDiscounts: ending.map(({ paymentId: _, ...d }) => d),
    siblingDiscountKept,
    refund,
    capped: byPolicy < (onPlan ? onPlan.refund : quote.total),
    refundMethod: refundMethodOf(payment ?? null),
    plan: onPlan ? { paid: onPlan.paid, kept: onPlan.kept, owed: onPlan.owed } : null,
  };
}

/**
 * A withdrawal from a payment plan (issue 23, decision 022 "Plans"): the center keeps what its refund policy
 * keeps of a family that paid in full, `charged − policyRefund` (the plan's fee is never refunded); the family
 * gets back what it paid beyond that, or still owes what it paid short of it; every other instalment is
 * cancelled. Cents, from the place's account.
 */
export function planSettlement(
  place: { charged: number; paid: number },
  policyRefund: number,
): { paid: number; kept: number; refund: number; owed: number } {
  const kept = Math.max(0, place.charged - policyRefund);
  const paid = Math.max(0, place.paid);
  return { paid, kept, refund: Math.max(0, paid - kept), owed: Math.max(0, kept - paid) };
}

/**
 * The same quote for the director's withdraw dialog (issue 21 item 17): what the session's policy gives back
 * for enrollment `enrollmentId` today, capped by what its payment still holds; the dialog starts from it.
 * The caller has checked the enrollment is `Enrolled` in the director's session. 404 an unknown id.
 */
export async function quoteForOffice(deps: MoneyDeps, enrollmentId: string): Promise<WithdrawalQuote> {
  const [enrollment] = await deps.db
    .select()
    .from(classSessionEnrollments)
    .where(eq(classSessionEnrollments.id, enrollmentId));
  if (!enrollment) throw notFound('enrollment');
  return quoteToday(deps, enrollment);
}

/**
 * Today's quote for `enrollment` (read without locks; the withdrawal recomputes it under its locks): reads
 * its session, child and payment, lets `check` refuse (it throws), then applies the policy (`quoteFor`).
 */
export async function quoteToday(
  deps: MoneyDeps,
  enrollment: typeof classSessionEnrollments.$inferSelect,
  check?: (child: Child, session: typeof classSessions.$inferSelect, today: string) => void,
): Promise<WithdrawalQuote> {
  const today = deps.clock.today(deps.clock.now());
  const [session] = await deps.db
    .select()
    .from(classSessions)
    .where(eq(classSessions.id, enrollment.classSessionId));
  const child = (await childOf(deps.db, enrollment.studentId))!;
  check?.(child, session!, today);
  const [payment] = enrollment.paymentId
    ? await deps.db.select().from(payments).where(eq(payments.id, enrollment.paymentId))
    : [];
  return quoteFor(deps.db, {
    enrollment,
    child,
    session: session!,
    payment: payment ?? null,
    today,
    timeZone: deps.clock.timeZone,
  });
}

/** The policy rule a quote applied, in words for the emails. */
export function ruleInWords(quote: WithdrawalQuote): string {
  const until = formatPolicyDate(quote.fullRefundUntil);
  const rule =
    quote.window === 'full'
      ? `the full refund, up to ${until}`
      : `${quote.policy.refundPercentAfter}% of the registration after ${until}${quote.supplyFeeRefund > 0 ? ', and the supply fee until its date' : ''}`;
  const capped = quote.capped
    ? `${rule}; part of the payment had already been refunded, so ${formatCents(quote.refund + quote.siblingDiscountKept)} was left to give back`
    : rule;
  return quote.siblingDiscountKept > 0
    ? `${capped}; less ${formatCents(quote.siblingDiscountKept)} of sibling discount (${quote.siblingDiscounts
        .map((d) => `${d.firstNames.join(' and ')} in ${d.sessionName}`)
        .join('; ')}) that ended with this place`
    : capped;
}
