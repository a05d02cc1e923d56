/**
 * Keeping the wallets in step when passes change (issue 11): a pass revoked or re-issued, its adult edited or
 * removed. Called by the pass writes (passes.ts) and the family's contact, child and co-parent writes; it
 * imports none of them.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { digitalPassports, trusteePassports } from '../../db/schema.ts';
import { loadPassContent } from './pass-content.ts';

/**
 * After passes changed (revoked, re-issued, their adult edited): tell the wallets in the background — an
 * empty APNs push to each registered device, and the Google object's state. Best-effort; the door does not
 * depend on it.
 */
export function passesChanged(ctx: AppContext, passportIds: string[]): void {
  const { apple, google } = ctx.wallets;
  if (passportIds.length === 0 || (!apple && !google)) return;
  ctx.work.defer('update wallet passes', async () => {
    if (apple) await apple.notify(passportIds);
    if (google) {
      for (const id of passportIds) {
        const content = await loadPassContent(ctx.db, ctx.config, ctx.passPhotos, id, ctx.clock.now());
        if (content) await google.sync(content);
      }
    }
  });
}

/**
 * An adult was edited (name, children, "can pick up", active) or is about to be removed: their passes show the
 * change (PassKit `Last-Modified` moves) and the wallets are told. Call inside the edit's transaction;
 * returns the pass ids to hand to `passesChanged` after the commit.
 */
export async function touchPassesOf(tx: DbOrTx, trusteeId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(digitalPassports)
    .set({ updatedAt: now })
    .where(
      inArray(
        digitalPassports.id,
        tx
          .select({ id: trusteePassports.passportId })
          .from(trusteePassports)
          .where(eq(trusteePassports.trusteeId, trusteeId)),
      ),
    )
    .returning({ id: digitalPassports.id, revokedAt: digitalPassports.revokedAt });
  return rows.filter((r) => !r.revokedAt).map((r) => r.id);
}

/**
 * The adult is being deleted (inside the caller's transaction): revoke their working passes and forget the
 * photos on every pass of theirs. Answers the revoked pass ids (for `passesChanged`) and the photo files to
 * delete from the storage after the commit.
 */
export async function revokePassesOf(
  tx: DbOrTx,
  trusteeId: string,
  now: Date,
): Promise<{ revoked: string[]; photos: string[] }> {
  const theirs = tx
    .select({ id: trusteePassports.passportId })
    .from(trusteePassports)
    .where(eq(trusteePassports.trusteeId, trusteeId));
  const withPhotos = await tx
    .select({ imageUrl: digitalPassports.imageUrl })
    .from(digitalPassports)
    .where(and(inArray(digitalPassports.id, theirs), isNotNull(digitalPassports.imageUrl)));
  await tx
    .update(digitalPassports)
    .set({ imageUrl: null })
    .where(and(inArray(digitalPassports.id, theirs), isNotNull(digitalPassports.imageUrl)));
  const rows = await tx
    .update(digitalPassports)
    .set({ revokedAt: now, isActive: false, updatedAt: now })
    .where(and(isNull(digitalPassports.revokedAt), inArray(digitalPassports.id, theirs)))
    .returning({ id: digitalPassports.id });
  return {
    revoked: rows.map((r) => r.id),
    photos: [...new Set(withPhotos.map((r) => r.imageUrl!))],
  };
}
