/**
 * A parent withdraws their own child in the portal (issue 13): the refund quote the dialog shows, then the
 * withdrawal with exactly that refund. Shapes: contract `family-money.ts`; money is integer cents. Every id
 * parameter is required: a null or undefined one throws RequiredError before any call (spec §5).
 */
import { enrollmentApi, type WithdrawalQuote, type WithdrawRequest, type WithdrawResult } from '@lc/contract';
import { callApi } from './call.ts';

/**
 * GET /api/ClassSessionEnrollment/{enrollmentId}/Withdrawal — the refund withdrawing the child today gives.
 * ApiError 409 (with a sentence) when the place cannot be withdrawn; 404 when it is not the family's.
 */
export function getWithdrawalQuote(
  enrollmentId: string | null | undefined,
  signal?: AbortSignal,
): Promise<WithdrawalQuote> {
  return callApi(enrollmentApi.withdrawalQuote, { params: { enrollmentId }, signal });
}

/**
 * POST /api/ClassSessionEnrollment/{enrollmentId}/Withdraw — withdraws the child with the refund the parent
 * confirmed (`expectedRefund`, cents). The dialog makes `idempotencyKey` once, so a double click or a retry is
 * one withdrawal. ApiError 409 when the refund changed meanwhile (the message gives the new amount) or the
 * child was already withdrawn.
 */
export function withdrawChild(
  enrollmentId: string | null | undefined,
  body: WithdrawRequest,
): Promise<WithdrawResult> {
  return callApi(enrollmentApi.withdraw, { params: { enrollmentId }, body });
}

/** A fresh idempotency key for one withdraw dialog. */
export const newWithdrawKey = (): string => crypto.randomUUID();
