/**
 * Fixed-window attempt counters in the `auth_throttle` table, shared by every server process
 * (OWASP Authentication Cheat Sheet, "Protect against automated attacks"). A window ends on its own,
 * so a lock-out lasts at most one window: an attacker can slow a parent down, never lock them out for good,
 * and a password reset clears the account's login counter at once.
 */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottle } from '../../db/schema.ts';

export type Limit = { max: number; windowMinutes: number };

/** The limits (per window). Login counts every attempt and gives successful ones back. */
export const limits = {
  loginPerAccount: { max: 10, windowMinutes: 15 },
  loginPerIp: { max: 100, windowMinutes: 15 },
  resetPerAddress: { max: 3, windowMinutes: 60 },
  resetPerIp: { max: 20, windowMinutes: 60 },
  confirmResendPerAccount: { max: 3, windowMinutes: 60 },
  /** Mail to an address the sender typed (decision 017): per sender and recipient, and per sender. */
  mailPerRecipient: { max: 5, windowMinutes: 60 },
  mailPerSender: { max: 20, windowMinutes: 60 },
} satisfies Record<string, Limit>;

export type Hit = { key: string; limit: Limit };

/**
 * Count one attempt against each key (atomically, one upsert per key) and return how many seconds the
 * caller must wait when any key is now over its limit, or 0 when all are within it.
 */
export async function hit(db: DbOrTx, hits: Hit[], now: Date): Promise<number> {
  let retryAfter = 0;
  for (const { key, limit } of hits) {
    const windowEnds = new Date(now.getTime() + limit.windowMinutes * 60_000);
    const [row] = await db
      .insert(authThrottle)
      .values({ key, count: 1, windowEnds })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          count: sql`case when ${authThrottle.windowEnds} <= ${now} then 1 else ${authThrottle.count} + 1 end`,
          windowEnds: sql`case when ${authThrottle.windowEnds} <= ${now} then ${windowEnds} else ${authThrottle.windowEnds} end`,
        },
      })
      .returning({ count: authThrottle.count, windowEnds: authThrottle.windowEnds });
    if (row && row.count > limit.max) {
      retryAfter = Math.max(retryAfter, Math.ceil((row.windowEnds.getTime() - now.getTime()) / 1000));
    }
  }
  return retryAfter;
}

/** Give back one attempt (a successful login should not count against the IP's budget). */
export async function giveBack(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db
    .update(authThrottle)
    .set({ count: sql`greatest(${authThrottle.count} - 1, 0)` })
    .where(and(eq(authThrottle.key, key), gt(authThrottle.windowEnds, now)));
}

/** Forget the counters for `keys` (e.g. the account's login counter after a password reset). */
export async function clear(db: DbOrTx, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Delete windows that ended more than a day ago (background task). */
export async function pruneThrottle(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(authThrottle).where(lt(authThrottle.windowEnds, new Date(now.getTime() - 86_400_000)));
}

export const throttleKeys = {
  loginAccount: (email: string) => `login-account:${email}`,
  loginIp: (ip: string) => `login-ip:${ip}`,
  resetAddress: (email: string) => `reset-address:${email}`,
  resetIp: (ip: string) => `reset-ip:${ip}`,
  registerIp: (ip: string) => `register-ip:${ip}`,
  confirmResend: (userId: string) => `confirm-resend:${userId}`,
  /** `sender`: `family:<family or account id>` or `staff:<user id>`; `address`: a hash of the recipient. */
  mailTo: (sender: string, address: string) => `mail-to:${sender}:${address}`,
  mailFrom: (sender: string) => `mail-from:${sender}`,
};
