/**
 * The director withdraws several children of a roster at once (issue 24: "withdraw several children with one
 * confirmation that lists each consequence"). The preview lists, per child, the refund by the session's policy
 * exactly as the single withdrawal's dialog starts it (the parent's quote, capped by what the payment still
 * holds); the withdrawal checks every child first (nothing happens when one is no longer enrolled) and then
 * withdraws them one by one with the single withdrawal itself, each refund decided by the policy at its turn
 * — so brothers and sisters on one payment get to the cent what separate withdrawals, one after the other,
 * would give. Each withdrawal commits with its refund reserved and its audit row, as a single one does (the
 * provider refunds after the commit, so the children cannot share one transaction); the idempotency key makes
 * a retry finish the rest without a second refund. Money is integer cents.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { BULK_MOVE_MAX } from './staff-bulk-move.ts';

const studentIds = z
  .array(z.uuid({ error: fieldMessage('fields.money.chooseChildFromList') }), {
    error: fieldMessage('fields.money.chooseChildFromList'),
  })
  .min(1, fieldMessage('fields.money.chooseChildFromList'))
  .max(BULK_MOVE_MAX, fieldMessage('fields.bulkMove.tooMany', { max: BULK_MOVE_MAX }))
  .refine((ids) => new Set(ids).size === ids.length, fieldMessage('fields.money.chooseChildFromList'));

/** `POST /api/staff/sessions/{classSessionId}/bulk-withdraw/preview` body. */
export const BulkWithdrawPreviewInputSchema = z.object({ studentIds });
export type BulkWithdrawPreviewInput = z.infer<typeof BulkWithdrawPreviewInputSchema>;

/** Each child's refund by the policy today, and the sum (cents). */
export const BulkWithdrawPreviewSchema = z.object({
  children: z.array(
    z.object({
      studentId: z.string(),
      name: z.string(),
      /** Cents the single withdrawal would refund by the policy today. */
      refund: z.number().int(),
      /** True when part of the payment was already given back, so the refund is less than the policy's. */
      capped: z.boolean(),
    }),
  ),
  total: z.number().int(),
});
export type BulkWithdrawPreview = z.infer<typeof BulkWithdrawPreviewSchema>;

/**
 * `POST /api/staff/sessions/{classSessionId}/bulk-withdraw` body: the children, the office's internal note
 * (`reason`, never mailed), an optional message to each family, and the key the dialog made when it opened.
 */
export const BulkWithdrawInputSchema = z.object({
  studentIds,
  reason: z
    .string({ error: fieldMessage('fields.money.withdrawReason') })
    .trim()
    .min(1, fieldMessage('fields.money.withdrawReason'))
    .max(500, fieldMessage('fields.money.keepUnder500Characters')),
  familyMessage: z
    .string({ error: fieldMessage('fields.money.writeMessageFamilyText') })
    .trim()
    .max(1000, fieldMessage('fields.money.keepMessageFamilyUnder1000'))
    .optional(),
  idempotencyKey: z
    .string({ error: fieldMessage('fields.money.idempotencyKey') })
    .regex(/^[A-Za-z0-9_-]{8,60}$/, fieldMessage('fields.money.idempotencyKey')),
});
export type BulkWithdrawInput = z.infer<typeof BulkWithdrawInputSchema>;

/** What was done, child by child (the refund in cents; `refundFailed` when the provider refused it). */
export const BulkWithdrawResultSchema = z.object({
  children: z.array(z.object({ studentId: z.string(), refund: z.number().int(), refundFailed: z.boolean() })),
  message: z.string(),
});
export type BulkWithdrawResult = z.infer<typeof BulkWithdrawResultSchema>;
