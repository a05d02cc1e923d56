/**
 * Door tablets (issue 11). A staff member opens `/staff/kiosk` on the tablet and enrolls it: the server makes
 * a random 256-bit token, keeps only its SHA-256, and the tablet keeps the token and calls the kiosk API with
 * it (`auth: 'kiosk'`). Leaving kiosk mode takes a staff login and revokes the token; staff can also revoke
 * a lost tablet from the list. Every change is audited.
 */
import { randomBytes } from 'node:crypto';
import type { Kiosk } from '@lc/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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

/**
 * Enroll a tablet named `name`; answers the kiosk and its token (shown once). When `currentToken` is the token
 * of a tablet that still works (the browser is already a door tablet: a second tab, a second press), that
 * tablet is answered with the same token instead, renamed to `name` if the name changed — one browser, one
 * tablet record (issue 21).
 */
export async function enrollKiosk(ctx: AppContext, user: AuthUser, name: string, currentToken?: string) {
  const now = ctx.clock.now();
  const by = `${user.firstName} ${user.lastName}`;
  if (currentToken) {
    const reused = await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(kiosks)
        .where(and(eq(kiosks.tokenHash, sha256(currentToken)), isNull(kiosks.revokedAt)))
        .for('update');
      if (!existing) return null;
      if (existing.name === name) return existing;
      const [renamed] = await tx.update(kiosks).set({ name }).where(eq(kiosks.id, existing.id)).returning();
      await recordAudit(
        tx,
        {
          actorUserId: user.id,
          action: 'kiosk.rename',
          entityType: 'Kiosk',
          entityId: existing.id,
          before: { name: existing.name },
          after: { name },
        },
        now,
      );
      return renamed!;
    });
    if (reused) {
      const [creator] = reused.createdByUserId
        ? await ctx.db
            .select({ by: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
            .from(users)
            .where(eq(users.id, reused.createdByUserId))
        : [];
      return { kiosk: toKiosk(reused, creator?.by ?? null), token: currentToken };
    }
  }
  const token = randomBytes(32).toString('base64url');
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
  return { kiosk: toKiosk(row, by), token };
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
  if (!isUuid(id)) throw notFound('tablet');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(kiosks).where(eq(kiosks.id, id)).for('update');
    if (!before) throw notFound('tablet');
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
