/**
 * The director withdraws a child from a roster (issue 10; issue 21 item 17: the dialog's preview of the
 * refund and of the family's mail). The transaction is the parent's too (`withdrawEnrollment`, withdraw.ts).
 */
import type { WithdrawInput, WithdrawPreview, WithdrawPreviewInput } from '@lc/contract';
import { HttpError } from '../../http/errors.ts';
import { withdrawnMail } from '../billing/money-mail.ts';
import { type MoneyDeps, newRefundKey } from '../billing/refunds.ts';
import { enrolledPlace } from './office-places.ts';
import { parentsOf, quoteForOffice, withdrawEnrollment } from './withdraw.ts';

/**
 * Withdraw an enrolled child from session `classSessionId` with a reason (`withdrawEnrollment`, shared with
 * the parent's withdrawal in the portal): the enrollment becomes `Withdrawn` (`withdrawn_reason`,
 * `withdrawn_at`), the family is emailed, the freed seat is offered to the next waiting family. With
 * `refundAmount` > 0 (cents) a refund of the child's payment is reserved in the same transaction and made
 * after commit. 404 session or enrolled child; 409 a place withdrawn meanwhile (a parent got there first);
 * 400 (field `refundAmount`) a refund the payment cannot give; 502 when the provider refuses the refund (the
 * child stays withdrawn; nothing counts as refunded, and the message says so).
 */
export async function withdrawChild(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  input: WithdrawInput & { refundAmount: number },
): Promise<{ refundId: string | null; offered: number }> {
  const enrollment = await enrolledPlace(deps, classSessionId, input.studentId);
  let outcome: Awaited<ReturnType<typeof withdrawEnrollment>>;
  try {
    outcome = await withdrawEnrollment(deps, {
      actor: { kind: 'staff', userId: actorUserId },
      enrollmentId: enrollment.id,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey ?? null,
      refundKey: input.idempotencyKey ?? newRefundKey(),
      decide: (_tx, place) => {
        if (input.refundAmount > 0 && !place.payment)
          throw new HttpError(400, 'billing.withdraw.noPayment', {
            fields: { refundAmount: 'billing.withdraw.noPayment' },
          });
        return {
          amount: input.refundAmount,
          reason: `Withdrawn: ${input.reason}`,
          // The internal note is the row's `reason`; what the family was told is kept beside it.
          audit: { familyMessage: input.familyMessage?.trim() || null },
        };
      },
      mails: (place) =>
        withdrawalMails(place.parents, place.child.firstName, place.session.name, input.familyMessage),
    });
  } catch (error) {
    // The dialog's refund field is `refundAmount` (the refund's refusals, billing/refunds.ts, name `amount`).
    if (error instanceof HttpError && error.code && error.fields?.amount)
      throw new HttpError(error.statusCode, error.code, {
        params: error.params,
        fields: { refundAmount: error.fields.amount },
      });
    throw error;
  }
  if (outcome.refundStatus === 'Failed')
    throw new HttpError(502, 'billing.withdraw.refundFailed', {
      params: { reason: outcome.refundError ?? '' },
    });
  return { refundId: outcome.refundId, offered: outcome.offered };
}

/**
 * The office's withdrawal mail to each parent who gets the family's mail (decision 018), each in their
 * language, with the director's message to the family (never the internal note). The withdrawal and its
 * preview both build it here, so the preview is the mail.
 */
function withdrawalMails(
  parents: { emailAddress: string; firstName: string; language: string }[],
  childName: string,
  sessionName: string,
  familyMessage: string | undefined,
) {
  return parents.map((parent) =>
    withdrawnMail({
      to: parent.emailAddress,
      parentName: parent.firstName,
      childName,
      sessionName,
      familyMessage,
      language: parent.language,
    }),
  );
}

/**
 * What withdrawing the child from session `classSessionId` would do, changing nothing: the refund the
 * session's policy gives today (the parent's withdrawal quote, `quoteForOffice`; the dialog starts its refund
 * there) and the exact mails the family would get with `familyMessage`. 404 unknown session or a child not
 * enrolled in it.
 */
export async function previewWithdrawal(
  deps: MoneyDeps,
  classSessionId: number,
  input: WithdrawPreviewInput,
): Promise<WithdrawPreview> {
  const enrollment = await enrolledPlace(deps, classSessionId, input.studentId);
  const quote = await quoteForOffice(deps, enrollment.id);
  const parents = await parentsOf(deps.db, input.studentId);
  const mails = withdrawalMails(parents, quote.child.firstName, quote.classSession.name, input.familyMessage);
  return { quote, mails: mails.map(({ to, subject, text }) => ({ to, subject, text })) };
}
