/**
 * Door tablets (issue 11). A staff member opens `/staff/kiosk` on the tablet and enrolls it: the server makes
 * a random 256-bit token, keeps only its SHA-256, and the tablet keeps the token and calls the kiosk API with
 * it (`auth: 'kiosk'`). Leaving kiosk mode takes a staff login and revokes the token; staff can also revoke
 * a lost tablet from the list. Every change is audited.
 */
import { randomBytes } from 'node:crypto';
import type { Kiosk } from '@lc/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { kiosks, users } from '../../db/schema.ts';
import { type AuthUser, sha256 } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';

const toKiosk = (row: typeof kiosks.$inferSelect, createdBy: string | null): Kiosk => ({
  id: row.id,
  name: row.name,
  created: row.created.toISOString(),
  createdBy,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Enroll a tablet named `name`; answers the kiosk and its token (shown once). */
export async function enrollKiosk(ctx: AppContext, user: AuthUser, name: string) {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(kiosks)
      .values({ name, tokenHash: sha256(token), createdByUserId: user.id, created: now })
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'kiosk.enroll',
        entityType: 'Kiosk',
        entityId: row!.id,
        before: null,
        after: { name },
      },
      now,
    );
    return row!;
  });
  return { kiosk: toKiosk(row, `${user.firstName} ${user.lastName}`), token };
}

/** Every tablet, newest first (revoked ones too, so staff see what happened). */
export async function listKiosks(ctx: AppContext): Promise<Kiosk[]> {
  const rows = await ctx.db
    .select({ kiosk: kiosks, by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(kiosks)
    .leftJoin(users, eq(users.id, kiosks.createdByUserId))
    .orderBy(desc(kiosks.created))
    .limit(100);
  return rows.map((r) => toKiosk(r.kiosk, r.by));
}

/** Revoke the tablet `id` (404 when unknown); the tablet's next call answers 401. */
export async function revokeKiosk(ctx: AppContext, user: AuthUser, id: string): Promise<Kiosk> {
  if (!isUuid(id)) throw notFound('That tablet');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(kiosks).where(eq(kiosks.id, id)).for('update');
    if (!before) throw notFound('That tablet');
    const [row] = await tx
      .update(kiosks)
      .set({ revokedAt: before.revokedAt ?? now })
      .where(eq(kiosks.id, id))
      .returning();
    if (!before.revokedAt) {
      await recordAudit(
        tx,
        {
          actorUserId: user.id,
          action: 'kiosk.revoke',
          entityType: 'Kiosk',
          entityId: id,
          before: { name: before.name },
          after: null,
        },
        now,
      );
    }
    return toKiosk(row!, null);
  });
}
