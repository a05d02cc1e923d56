/**
 * Enrollment, waitlists, billing, announcements and resources (spec §7 Enrollment, Billing, Announcement,
 * ClassSession Resources; issue 5). Money is integer cents. Every id parameter is required: a null or
 * undefined one throws RequiredError before any call (spec §5).
 */
import {
  type Announcement,
  type AutopayStatus,
  type ClassSessionEnrollment,
  classSessionsApi,
  type DigitalResource,
  enrollmentApi,
  type FamilyAccount,
  messagesApi,
  type PayBalanceResult,
  type Payment,
  type SessionStudent,
  type SplitRule,
  type SplitView,
  type StatementIndex,
  type WaitlistSubmission,
} from '@lc/contract';
import { callApi } from './call.ts';

type SessionId = number | string | null | undefined;

/** The session's path parameter as the row takes it (text); a null or undefined id stays so (RequiredError). */
const sessionParams = (classSessionId: SessionId) => ({
  classSessionId: classSessionId == null ? classSessionId : String(classSessionId),
});

/** GET /api/ClassSessionEnrollment — the family's enrollments, newest session first. */
export function getEnrollments(signal?: AbortSignal): Promise<ClassSessionEnrollment[]> {
  return callApi(enrollmentApi.enrollments, { signal });
}

/** GET /api/ClassSessionEnrollment/Waitlist — the family's waitlist places (offered first, then waiting). */
export function getWaitlistPlaces(signal?: AbortSignal): Promise<WaitlistSubmission[]> {
  return callApi(enrollmentApi.waitlist, { signal });
}

/** GET /api/ClassSessionEnrollment/{classSessionId} — each child with what they may do in this session. */
export function getSessionStudents(
  classSessionId: SessionId,
  signal?: AbortSignal,
): Promise<SessionStudent[]> {
  return callApi(enrollmentApi.sessionStudents, { params: sessionParams(classSessionId), signal });
}

/** GET …/{classSessionId}/VerifyEligibility — a sentence for the family (text). */
export function verifyEligibility(classSessionId: SessionId, signal?: AbortSignal): Promise<string> {
  return callApi(enrollmentApi.verifyEligibility, { params: sessionParams(classSessionId), signal });
}

/**
 * POST /api/ClassSessionEnrollment — holds the seats and answers the Payment; send the browser to its
 * `checkoutUrl`. ApiError 409 (with a sentence) when a child cannot enroll or seats are short.
 */
export function startCheckout(
  classSessionId: number,
  studentIds: string[],
  paymentPlan = false,
  saveMethod = false,
): Promise<Payment> {
  return callApi(enrollmentApi.startCheckout, {
    body: paymentPlan
      ? { classSessionId, studentIds, paymentPlan, saveMethod }
      : { classSessionId, studentIds },
  });
}

/**
 * GET …/Confirmation/{checkoutId} — settles the checkout and answers the payment (works signed out).
 * `cancelled`: the parent came back through the cancel link, so a still-open checkout is ended and its
 * seats released at once.
 */
export function getConfirmation(
  checkoutId: string | null | undefined,
  signal?: AbortSignal,
  cancelled = false,
): Promise<Payment> {
  return callApi(enrollmentApi.confirmation, {
    params: { checkoutId },
    query: cancelled ? { cancelled: 'true' } : undefined,
    signal,
  });
}

/** POST …/JoinWaitlist/{classSessionId} — answers each child's new place with its position. */
export function joinWaitlist(classSessionId: number, studentIds: string[]): Promise<WaitlistSubmission[]> {
  return callApi(enrollmentApi.joinWaitlist, {
    params: sessionParams(classSessionId),
    body: { classSessionId, studentIds },
  });
}

/** GET /api/Billing/Account — the family's account: balance, places, statement entries (issue 23). */
export function getFamilyAccount(signal?: AbortSignal): Promise<FamilyAccount> {
  return callApi(enrollmentApi.account, { signal });
}

/** POST /api/Billing/Pay — pay `amount` cents toward the balance: answers the checkout to go to (issue 23). */
export function payBalance(amount: number): Promise<PayBalanceResult> {
  return callApi(enrollmentApi.payBalance, { body: { amount } });
}

/** GET /api/Billing/Autopay — the saved card or bank account, instalments to come, latest attempts (issue 23). */
export function getAutopay(signal?: AbortSignal): Promise<AutopayStatus> {
  return callApi(enrollmentApi.autopay, { signal });
}

/** PUT /api/Billing/Autopay — turn automatic payments on or off for the caller's saved method. */
export function setAutopay(enabled: boolean): Promise<AutopayStatus> {
  return callApi(enrollmentApi.setAutopay, { body: { enabled } });
}

/** DELETE /api/Billing/Autopay — remove the caller's saved method. */
export function removeSavedMethod(): Promise<AutopayStatus> {
  return callApi(enrollmentApi.removeMethod, {});
}

/** POST /api/Billing/Autopay/Setup — a checkout that saves a new card or bank account. */
export function startMethodSetup(): Promise<{ checkoutUrl: string }> {
  return callApi(enrollmentApi.startSetup, {});
}

/** POST /api/Billing/Autopay/Setup/{checkoutId} — settle the setup checkout the browser came back from. */
export function finishMethodSetup(checkoutId: string): Promise<AutopayStatus> {
  return callApi(enrollmentApi.finishSetup, { params: { checkoutId } });
}

/** GET /api/Billing/Split — how the two parents share the bills (issue 23). */
export function getSplit(signal?: AbortSignal): Promise<SplitView> {
  return callApi(enrollmentApi.split, { signal });
}

/** POST /api/Billing/Split — propose a way to share the bills (or to stop) to the other parent. */
export function proposeSplit(rule: SplitRule): Promise<SplitView> {
  return callApi(enrollmentApi.proposeSplit, { body: rule });
}

/** POST /api/Billing/Split/Accept — accept the other parent's proposal. */
export function acceptSplit(): Promise<SplitView> {
  return callApi(enrollmentApi.acceptSplit, {});
}

/** POST /api/Billing/Split/Decline — decline the other parent's proposal, or withdraw one's own. */
export function declineSplit(): Promise<SplitView> {
  return callApi(enrollmentApi.declineSplit, {});
}

/** GET /api/Billing/Statements — the months and years with statements (issue 23). */
export function getStatementIndex(signal?: AbortSignal): Promise<StatementIndex> {
  return callApi(enrollmentApi.statements, { signal });
}

/** GET /api/Billing/Statements/{month} — the month's statement, a PDF to save. */
export function downloadMonthlyStatement(month: string) {
  return callApi(enrollmentApi.monthlyStatement, { params: { month } });
}

/** GET /api/Billing/YearEnd/{year} — the year-end childcare statement, a PDF to save. */
export function downloadYearEndStatement(year: number) {
  return callApi(enrollmentApi.yearEndStatement, { params: { year } });
}

/** GET /api/Billing — the family's payments, newest first. */
export function getPayments(signal?: AbortSignal): Promise<Payment[]> {
  return callApi(enrollmentApi.payments, { signal });
}

/** GET /api/Announcement — announcements for the family (active, in range), most important first. */
export function getAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  return callApi(messagesApi.announcements, { signal });
}

/** GET /api/Announcement/ClassSession/{classSessionId} — 404 unless a child is enrolled in it. */
export function getSessionAnnouncements(
  classSessionId: SessionId,
  signal?: AbortSignal,
): Promise<Announcement[]> {
  return callApi(messagesApi.sessionAnnouncements, { params: { classSessionId }, signal });
}

/** GET /api/ClassSession/{classSessionId}/Resources — 404 unless a child is enrolled in it. */
export function getSessionResources(
  classSessionId: SessionId,
  signal?: AbortSignal,
): Promise<DigitalResource[]> {
  return callApi(classSessionsApi.resources, { params: { classSessionId }, signal });
}
