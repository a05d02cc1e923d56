/**
 * The class session row lock (decision 006, "Lock order"): every writer of a session's seats, waitlist,
 * teachers, files or settings first takes `SELECT … FOR UPDATE` on the session's row, so writers of one session
 * queue on it and each sees the others' committed work. Lock order: a payment row first (fulfillment,
 * refunds), then session rows in id order, then the rest.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { classSessions } from '../../db/schema.ts';

/**
 * Lock the row of class session `id` until the transaction `tx` ends and answer it as it is now, or
 * undefined when there is no such session. Call it inside a transaction (outside one the lock ends at once).
 */
export async function lockClassSession(
  tx: DbOrTx,
  id: number,
): Promise<typeof classSessions.$inferSelect | undefined> {
  const [row] = await tx.select().from(classSessions).where(eq(classSessions.id, id)).for('update');
  return row;
}
