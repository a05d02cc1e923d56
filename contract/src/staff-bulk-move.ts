/**
 * The director moves several children of a roster to another session at once (issue 24: "for the director
 * move … several children with one confirmation that lists each consequence"). The preview lists, per child,
 * what the single move would do (the new session, the price there and the family's balance after it, or why
 * the child cannot go); the move applies every child in one transaction with the single move's own steps, so
 * when one child cannot go (the session is full, the child already has a place there) nothing changes.
 * Money is integer cents.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';

/** At most this many children in one move (a roster rarely holds more than 30). */
export const BULK_MOVE_MAX = 60;

const studentIds = z
  .array(z.uuid({ error: fieldMessage('fields.money.chooseChildFromList') }), {
    error: fieldMessage('fields.money.chooseChildFromList'),
  })
  .min(1, fieldMessage('fields.money.chooseChildFromList'))
  .max(BULK_MOVE_MAX, fieldMessage('fields.bulkMove.tooMany', { max: BULK_MOVE_MAX }))
  .refine((ids) => new Set(ids).size === ids.length, fieldMessage('fields.money.chooseChildFromList'));

const toClassSessionId = z
  .number({ error: fieldMessage('fields.money.chooseSessionMove') })
  .int(fieldMessage('fields.money.chooseSessionMove'))
  .positive(fieldMessage('fields.money.chooseSessionMove'))
  .max(2_147_483_647, fieldMessage('fields.money.chooseSessionMove'));

/** `POST /api/staff/sessions/{classSessionId}/bulk-move/preview` body: the children and where they would go. */
export const BulkMovePreviewInputSchema = z.object({ studentIds, toClassSessionId });
export type BulkMovePreviewInput = z.infer<typeof BulkMovePreviewInputSchema>;

/** What moving the chosen children would do, child by child, changing nothing. */
export const BulkMovePreviewSchema = z.object({
  toSession: z.object({ id: z.number().int(), name: z.string(), seatsLeft: z.number().int() }),
  children: z.array(
    z.object({
      studentId: z.string(),
      /** The child's full name, as the roster shows it. */
      name: z.string(),
      /** Cents: the child's price in the new session (sibling discount applied), as the single move quotes it. */
      price: z.number().int(),
      /** Cents: the family's balance for the new place after the move (above 0 owed, below 0 a credit). */
      balanceAfter: z.number().int(),
      /** Why this child cannot move there (a sentence), or null when they can. */
      problem: z.string().nullable(),
    }),
  ),
});
export type BulkMovePreview = z.infer<typeof BulkMovePreviewSchema>;

/** `POST /api/staff/sessions/{classSessionId}/bulk-move` body: the preview's children, the session, one reason. */
export const BulkMoveInputSchema = z.object({
  studentIds,
  toClassSessionId,
  reason: z
    .string({ error: fieldMessage('fields.money.moveReason') })
    .trim()
    .min(1, fieldMessage('fields.money.moveReason'))
    .max(500, fieldMessage('fields.money.keepUnder500Characters')),
});
export type BulkMoveInput = z.infer<typeof BulkMoveInputSchema>;

/** The children moved, and a sentence for the page. */
export const BulkMoveResultSchema = z.object({ moved: z.number().int(), message: z.string() });
export type BulkMoveResult = z.infer<typeof BulkMoveResultSchema>;
