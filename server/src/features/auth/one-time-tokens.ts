/**
 * One-time tokens mailed to a user: password reset (60 minutes) and email confirmation (7 days).
 * 256 bits from the platform's CSPRNG, base64url in the link; the database keeps only the SHA-256 hash,
 * so a leaked database cannot be turned into working links (OWASP Forgot Password Cheat Sheet, ASVS 2.5).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userTokens } from '../../db/schema.ts';

/** `StaffInvite`: the link a new staff member sets their first password with (issue 10). */
export type TokenPurpose = 'PasswordReset' | 'EmailConfirmation' | 'StaffInvite';

export const TOKEN_LIFETIME_MINUTES: Record<TokenPurpose, number> = {
  PasswordReset: 60,
  EmailConfirmation: 7 * 24 * 60,
  StaffInvite: 7 * 24 * 60,
};

/** SHA-256 hex of a raw token. Tokens carry 256 bits of entropy, so a fast hash is the right tool. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** Store a new token for `userId` and return the raw value to put in the link (only ever mailed). */
export async function createOneTimeToken(
  db: DbOrTx,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string> {
  const raw = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  await db.insert(userTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(raw),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MINUTES[purpose] * 60_000),
    created: now,
  });
  return raw;
}

export type FoundToken = { id: string; userId: string; usedAt: Date | null; expiresAt: Date };

/** The token row for `raw` and `purpose`, locked for the caller's transaction; null when unknown. */
export async function findTokenForUpdate(
  tx: DbOrTx,
  raw: string,
  purpose: TokenPurpose,
): Promise<FoundToken | null> {
  const [row] = await tx
    .select({
      id: userTokens.id,
      userId: userTokens.userId,
      usedAt: userTokens.usedAt,
      expiresAt: userTokens.expiresAt,
    })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(raw)), eq(userTokens.purpose, purpose)))
    .for('update');
  return row ?? null;
}

/** True when the token may still be used at `now`: unused, and `now` is not past its expiry. */
export function isUsable(token: FoundToken, now: Date): boolean {
  return token.usedAt === null && now.getTime() <= token.expiresAt.getTime();
}

/** Use up every unused token of `purpose` for the user: one link used means all earlier links die. */
export async function useAllTokens(tx: DbOrTx, userId: string, purpose: TokenPurpose, now: Date) {
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}

/** Keep the table small: drop tokens that expired more than a week ago (background task). */
export async function pruneTokens(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(userTokens)
    .where(sql`${userTokens.expiresAt} < ${new Date(now.getTime() - 7 * 86_400_000)}`);
}
