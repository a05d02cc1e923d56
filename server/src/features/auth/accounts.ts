/**
 * The account lifecycle (spec §4, §7 Authentication; issue 3): register, log in, confirm the email
 * address, ask for and use a password reset link, and the Admin account from ADMIN_EMAIL/ADMIN_PASSWORD.
 * Emails are compared lower-cased (contract EmailSchema). Rules follow OWASP ASVS level 2 and the
 * Authentication and Forgot Password cheat sheets; each function names the rule it keeps.
 */
import {
  type Account,
  type ApiErrorCode,
  apiErrorSentence,
  type Language,
  routes,
  type UserType,
} from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError, tooManyRequests } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import {
  confirmAgainMail,
  confirmEmailLink,
  passwordChangedMail,
  passwordResetLink,
  passwordResetMail,
  welcomeMail,
} from './account-mail.ts';
import { refuseCommonPassword } from './common-passwords.ts';
import { createOneTimeToken, findTokenForUpdate, isUsable, useAllTokens } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionTokens, SessionUser } from './session-tokens.ts';
import { startSession } from './sessions.ts';
import { clear, giveBack, hit, limits, throttleKeys } from './throttle.ts';

export type AccountDeps = {
  db: Db;
  tokens: SessionTokens;
  appUrl: string;
  now: () => Date;
  /** New accounts per client IP per hour (SIGNUP_RATE_LIMIT). */
  signupsPerHour: number;
};

/** The one message for an unknown address and a wrong password alike (no account enumeration). */
/** The English sentences of the account errors (for tests and logs); the API answers their codes. */
const english = (code: ApiErrorCode) => apiErrorSentence(code, undefined, 'en');
export const LOGIN_FAILED = english('auth.loginFailed');
export const RESET_LINK_INVALID = english('auth.resetLinkInvalid');
export const CONFIRM_LINK_INVALID = english('auth.confirmLinkInvalid');
export const EMAIL_TAKEN = english('auth.emailTaken');

const sessionUserColumns = {
  id: users.id,
  emailAddress: users.emailAddress,
  firstName: users.firstName,
  lastName: users.lastName,
  type: users.type,
  tokenVersion: users.tokenVersion,
};
type SessionUserRow = Omit<SessionUser, 'type'> & { type: string };
const asSessionUser = (row: SessionUserRow): SessionUser => ({ ...row, type: row.type as UserType });

/**
 * Create a Parent, queue the welcome mail with a confirmation link, and return a session token.
 * 400 (field password) for a common password (common-passwords.ts); 409 (field emailAddress) when the address
 * already has an account; 429 past `signupsPerHour` from one IP.
 */
export async function registerParent(
  deps: AccountDeps,
  input: { firstName: string; lastName: string; emailAddress: string; password: string; language?: Language },
  ip: string,
): Promise<string> {
  refuseCommonPassword(input.password);
  const now = deps.now();
  const limit = { max: deps.signupsPerHour, windowMinutes: 60 };
  const wait = await hit(deps.db, [{ key: throttleKeys.registerIp(ip), limit }], now);
  if (wait > 0) throw tooManyRequests(wait, 'auth.tooManySignups');

  const password = await hashPassword(input.password);
  const user = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ ...input, language: input.language ?? 'en', password, type: 'Parent', created: now })
      .onConflictDoNothing({ target: users.emailAddress })
      .returning(sessionUserColumns);
    if (!row) throw new HttpError(409, 'auth.emailTaken', { fields: { emailAddress: 'auth.emailTaken' } });
    const token = await createOneTimeToken(tx, row.id, 'EmailConfirmation', now);
    await enqueueMail(
      tx,
      welcomeMail(row.emailAddress, row.firstName, confirmEmailLink(deps.appUrl, token), input.language),
    );
    return asSessionUser(row);
  });
  return startSession(deps.db, deps.tokens, user, now);
}

/**
 * Check the email and password and return a session token. Every attempt counts against the account
 * (10 per 15 minutes) and the client IP (100 per 15 minutes) before the password is checked, so parallel
 * guesses cannot slip past the limit; a success gives its attempts back. The failure is the same
 * 401 {@link LOGIN_FAILED} for an unknown address and a wrong password, after the same argon2 work.
 */
export async function logIn(
  deps: AccountDeps,
  input: { emailAddress: string; password: string },
  ip: string,
): Promise<string> {
  const now = deps.now();
  const accountKey = throttleKeys.loginAccount(input.emailAddress);
  const ipKey = throttleKeys.loginIp(ip);
  const wait = await hit(
    deps.db,
    [
      { key: accountKey, limit: limits.loginPerAccount },
      { key: ipKey, limit: limits.loginPerIp },
    ],
    now,
  );
  if (wait > 0) {
    throw tooManyRequests(wait, 'auth.tooManyLogins', { count: Math.ceil(wait / 60) });
  }

  const [row] = await deps.db
    .select({ ...sessionUserColumns, password: users.password })
    .from(users)
    .where(eq(users.emailAddress, input.emailAddress));
  const ok = await verifyPassword(row?.password ?? null, input.password);
  if (!row || !ok) throw new HttpError(401, 'auth.loginFailed');

  await clear(deps.db, [accountKey]);
  await giveBack(deps.db, ipKey, now);
  const { password: _hash, ...user } = row;
  return startSession(deps.db, deps.tokens, asSessionUser(user), now);
}

/**
 * Count a reset request against the address (3 per hour) and the IP (20 per hour) — the same for an
 * address with or without an account — and throw 429 past either limit. The caller answers at once and
 * runs {@link sendResetLink} afterwards, so the reply is identical in status, body and time.
 */
export async function throttleResetRequest(deps: AccountDeps, emailAddress: string, ip: string) {
  const wait = await hit(
    deps.db,
    [
      { key: throttleKeys.resetAddress(emailAddress), limit: limits.resetPerAddress },
      { key: throttleKeys.resetIp(ip), limit: limits.resetPerIp },
    ],
    deps.now(),
  );
  if (wait > 0) throw tooManyRequests(wait, 'auth.tooManyResets');
}

/** Mail a reset link to the account with this address, if there is one; otherwise do nothing. */
export async function sendResetLink(deps: AccountDeps, emailAddress: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        emailAddress: users.emailAddress,
        language: users.language,
      })
      .from(users)
      .where(eq(users.emailAddress, emailAddress));
    if (!user) return;
    const token = await createOneTimeToken(tx, user.id, 'PasswordReset', now);
    await enqueueMail(
      tx,
      passwordResetMail(
        user.emailAddress,
        user.firstName,
        passwordResetLink(deps.appUrl, token),
        user.language,
      ),
    );
  });
}

/**
 * Set a new password with a reset link's token. In one transaction: the token must be unused and not
 * past its 60 minutes; the password changes; every reset link of the user dies; the token version moves
 * so every session token issued before stops working; the address counts as confirmed (the link reached
 * it); the account's login lock-out is lifted; a "password changed" notice is queued. Does not sign in.
 * 400 {@link RESET_LINK_INVALID} for an unknown, used or expired token; 400 (field password) for a common
 * password (common-passwords.ts), checked first — this is also how a team invitation's first password is set.
 */
export async function resetPassword(deps: AccountDeps, rawToken: string, newPassword: string): Promise<void> {
  refuseCommonPassword(newPassword);
  const password = await hashPassword(newPassword);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // A staff invitation's link sets the first password through the same page (issue 10).
    const token =
      (await findTokenForUpdate(tx, rawToken, 'PasswordReset')) ??
      (await findTokenForUpdate(tx, rawToken, 'StaffInvite'));
    if (!token || !isUsable(token, now)) throw new HttpError(400, 'auth.resetLinkInvalid');
    const [user] = await tx
      .update(users)
      .set({
        password,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`,
      })
      .where(eq(users.id, token.userId))
      .returning({ emailAddress: users.emailAddress, firstName: users.firstName, language: users.language });
    await useAllTokens(tx, token.userId, 'PasswordReset', now);
    await useAllTokens(tx, token.userId, 'StaffInvite', now);
    await clear(tx, [throttleKeys.loginAccount(user!.emailAddress)]);
    await enqueueMail(
      tx,
      passwordChangedMail(
        user!.emailAddress,
        user!.firstName,
        `${deps.appUrl}${routes.login}`,
        user!.language,
      ),
    );
  });
}

/**
 * Confirm the address a confirmation link was mailed to. Opening the link again after it worked is
 * fine (the address is already confirmed); an unknown or expired link is 400 {@link CONFIRM_LINK_INVALID}.
 */
export async function confirmEmail(deps: AccountDeps, rawToken: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const token = await findTokenForUpdate(tx, rawToken, 'EmailConfirmation');
    if (!token) throw new HttpError(400, 'auth.confirmLinkInvalid');
    const [user] = await tx
      .select({ confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, token.userId));
    if (user?.confirmedAt) return;
    if (!isUsable(token, now)) throw new HttpError(400, 'auth.confirmLinkInvalid');
    await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, token.userId));
    await useAllTokens(tx, token.userId, 'EmailConfirmation', now);
  });
}

/** Mail the signed-in user a fresh confirmation link (3 per hour); nothing when already confirmed. */
export async function resendConfirmation(deps: AccountDeps, userId: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({
        id: users.id,
        firstName: users.firstName,
        emailAddress: users.emailAddress,
        confirmedAt: users.emailConfirmedAt,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.confirmedAt) return;
    const wait = await hit(
      tx,
      [{ key: throttleKeys.confirmResend(userId), limit: limits.confirmResendPerAccount }],
      now,
    );
    if (wait > 0) throw tooManyRequests(wait, 'auth.tooManyConfirmations');
    const token = await createOneTimeToken(tx, user.id, 'EmailConfirmation', now);
    await enqueueMail(
      tx,
      confirmAgainMail(
        user.emailAddress,
        user.firstName,
        confirmEmailLink(deps.appUrl, token),
        user.language,
      ),
    );
  });
}

/** The signed-in user's own account, or null when it no longer exists. */
export async function getAccount(db: Db, userId: string): Promise<Account | null> {
  const [row] = await db
    .select({ ...sessionUserColumns, confirmedAt: users.emailConfirmedAt, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    id: row.id,
    type: row.type as UserType,
    firstName: row.firstName,
    lastName: row.lastName,
    emailAddress: row.emailAddress,
    emailConfirmed: row.confirmedAt !== null,
    language: row.language === 'es' ? 'es' : 'en',
  };
}

/**
 * `PUT /api/UserAuthentication/Language`: the signed-in user's language (issue 14), which their emails
 * and texts follow from now on. Returns false when the account no longer exists.
 */
export async function setAccountLanguage(db: Db, userId: string, language: Language): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ language })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD at start (docs/architecture.md): create the Admin, or make the existing user
 * with that address an Admin. A changed password is stored and bumps the token version, signing the
 * old password's sessions out. Returns what happened, for the start-up log.
 */
export async function ensureAdminAccount(
  db: Db,
  emailAddress: string,
  password: string,
  now: Date,
): Promise<'created' | 'updated' | 'unchanged'> {
  const [existing] = await db
    .select({ id: users.id, type: users.type, password: users.password })
    .from(users)
    .where(eq(users.emailAddress, emailAddress));
  if (!existing) {
    await db.insert(users).values({
      type: 'Admin',
      firstName: 'Center',
      lastName: 'Administrator',
      emailAddress,
      password: await hashPassword(password),
      emailConfirmedAt: now,
      created: now,
    });
    return 'created';
  }
  const samePassword = await verifyPassword(existing.password, password);
  if (samePassword && existing.type === 'Admin') return 'unchanged';
  await db
    .update(users)
    .set({
      type: 'Admin',
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now})`,
      ...(samePassword
        ? {}
        : { password: await hashPassword(password), tokenVersion: sql`${users.tokenVersion} + 1` }),
    })
    .where(eq(users.id, existing.id));
  return 'updated';
}
