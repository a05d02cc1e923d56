/**
 * Server-side sessions (issue 21, item 10; decision 016). Every session token names a `user_sessions` row in
 * its `sid` claim; http/authenticate.ts reads that row joined with its user on every signed-in request (one
 * primary-key lookup, batched, in place of the user lookup it replaced), so a session ended here stops
 * working at once in every server process. Logging out ends one row; "log out everywhere" ends every row of
 * the account. Moving the user's token version (password reset, role change, closed account) still ends
 * every token too.
 */
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userSessions } from '../../db/schema.ts';
import type { SessionTokens, SessionUser } from './session-tokens.ts';

/**
 * Keep a new session for `user` and return its signed token (valid for SESSION_HOURS from `now`).
 * The row expires with the token.
 */
export async function startSession(
  db: DbOrTx,
  tokens: SessionTokens,
  user: SessionUser,
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(userSessions)
    .values({ userId: user.id, expiresAt: tokens.expiresAt(now), created: now })
    .returning({ id: userSessions.id });
  return tokens.issue(user, row!.id, now);
}

/** Log out: end session `sessionId` of `userId` at `now` (nothing when it has already ended). */
export async function endSession(db: DbOrTx, userId: string, sessionId: string, now: Date): Promise<void> {
  await db
    .update(userSessions)
    .set({ endedAt: now })
    .where(
      and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.endedAt)),
    );
}

/** Log out everywhere: end every open session of `userId` at `now`, the caller's own included. Returns how many. */
export async function endAllSessions(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: now })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return ended.length;
}

/** Delete session rows that expired more than a day before `now` (their tokens no longer verify). */
export async function pruneSessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, new Date(now.getTime() - 86_400_000)));
}
