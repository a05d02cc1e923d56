/** Account calls (spec §7 Authentication). Login and Register answer with the token as text/plain. */
import {
  type Account,
  api,
  type Language,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type ResetRequestInput,
} from '@lc/contract';
import { clearToken, getToken } from '../lib/auth-token.ts';
import { apiRequest, requiredParam } from './client.ts';

/** POST /api/UserAuthentication/Login — resolves to the token (a JWT) to store. */
export async function login(body: LoginInput): Promise<string> {
  return tokenFrom(await apiRequest<unknown>(api.login, { method: 'POST', body }));
}

/** POST /api/UserAuthentication/Register — resolves to the token (a JWT) to store. */
export async function register(body: RegisterInput): Promise<string> {
  return tokenFrom(await apiRequest<unknown>(api.register, { method: 'POST', body }));
}

/** PUT /api/UserAuthentication/Language — the signed-in parent's language; their emails follow it. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  await apiRequest<unknown>(api.accountLanguage, { method: 'PUT', body: { language } });
}

/** POST /api/UserAuthentication/ResetPassword — asks for a reset link by email. */
export function requestPasswordReset(body: ResetRequestInput): Promise<unknown> {
  return apiRequest<unknown>(api.resetPassword, { method: 'POST', body });
}

/** POST /api/UserAuthentication/ResetPassword/{token} — sets a new password. Throws RequiredError without a token. */
export async function resetPassword(
  token: string | null | undefined,
  body: ResetPasswordInput,
): Promise<unknown> {
  // api.resetPasswordToken URL-encodes the token.
  return apiRequest<unknown>(api.resetPasswordToken(requiredParam('token', token)), { method: 'POST', body });
}

/** POST /api/UserAuthentication/ConfirmEmail/{token} — confirms the address the link was mailed to. */
export async function confirmEmail(token: string | null | undefined): Promise<void> {
  await apiRequest<unknown>(api.confirmEmailToken(requiredParam('token', token)), { method: 'POST' });
}

/** POST /api/UserAuthentication/ConfirmEmail — mails the signed-in parent a fresh confirmation link. */
export async function resendConfirmation(): Promise<void> {
  await apiRequest<unknown>(api.confirmEmail, { method: 'POST' });
}

/** GET /api/UserAuthentication/Me — the signed-in parent's account. */
export function getAccount(signal?: AbortSignal): Promise<Account> {
  return apiRequest<Account>(api.me, { signal });
}

/**
 * Log out (decision 016): forget the token in this browser at once, and end its session on the server, so a
 * copy of the token stops working too. The call carries the token it ends and outlives the page
 * (`keepalive`); when the server cannot be reached the token still expires on its own. Never rejects.
 */
export async function logOut(): Promise<void> {
  const token = getToken();
  clearToken();
  if (!token) return;
  try {
    await fetch(api.logout, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      keepalive: true,
    });
  } catch {
    // Offline: nothing more this browser can do; the session ends when its token expires.
  }
}

/**
 * POST /api/UserAuthentication/LogoutEverywhere — ends every session of the account, this one included
 * (decision 016); then the token here is forgotten too.
 */
export async function logOutEverywhere(): Promise<void> {
  await apiRequest<unknown>(api.logoutEverywhere, { method: 'POST' });
  clearToken();
}

/** The token from a text reply; an empty or non-text reply is a failure, never a silent sign-in with no token. */
function tokenFrom(reply: unknown): string {
  const token = typeof reply === 'string' ? reply.trim() : '';
  if (!token) throw new Error('The server did not return a session token.');
  return token;
}
