/** Account calls (spec §7 Authentication). Login and Register answer with the token as text/plain. */
import {
  type Account,
  authApi,
  endpointPath,
  type Language,
  type LoginInput,
  PushDeviceListSchema,
  pushApi,
  type RegisterInput,
  type ResetPasswordInput,
  type ResetRequestInput,
} from '@lc/contract';
import { clearToken, getToken } from '../lib/auth-token.ts';
import { callApi } from './call.ts';

/** POST /api/UserAuthentication/Login — resolves to the token (a JWT) to store. */
export async function login(body: LoginInput): Promise<string> {
  return tokenFrom(await callApi(authApi.login, { body }));
}

/** POST /api/UserAuthentication/Register — resolves to the token (a JWT) to store. */
export async function register(body: RegisterInput): Promise<string> {
  return tokenFrom(await callApi(authApi.register, { body }));
}

/** PUT /api/UserAuthentication/Language — the signed-in parent's language; their emails follow it. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  await callApi(authApi.accountLanguage, { body: { language } });
}

/** POST /api/UserAuthentication/ResetPassword — asks for a reset link by email. */
export async function requestPasswordReset(body: ResetRequestInput): Promise<void> {
  await callApi(authApi.requestPasswordReset, { body });
}

/** POST /api/UserAuthentication/ResetPassword/{token} — sets a new password. Throws RequiredError without a token. */
export async function resetPassword(
  token: string | null | undefined,
  body: ResetPasswordInput,
): Promise<void> {
  // The path's token is URL-encoded; a missing one throws RequiredError before any call.
  await callApi(authApi.resetPassword, { params: { token }, body });
}

/** POST /api/UserAuthentication/ConfirmEmail/{token} — confirms the address the link was mailed to. */
export async function confirmEmail(token: string | null | undefined): Promise<void> {
  await callApi(authApi.confirmEmail, { params: { token } });
}

/** POST /api/UserAuthentication/ConfirmEmail — mails the signed-in parent a fresh confirmation link. */
export async function resendConfirmation(): Promise<void> {
  await callApi(authApi.resendConfirmation);
}

/** GET /api/UserAuthentication/Me — the signed-in parent's account. */
export function getAccount(signal?: AbortSignal): Promise<Account> {
  return callApi(authApi.me, { signal });
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
  await forgetThisDevicePush(token);
  try {
    await fetch(authApi.logout.path, {
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
 * This browser's push subscription leaves with the person signing out (decision 034): the server forgets the
 * device (`DELETE /api/Push/Subscriptions/{id}` of the one with this browser's endpoint) and the browser
 * unsubscribes, so a shared tablet or phone shows nobody's notifications after sign-out. Signing in again and
 * turning notifications on subscribes afresh. Never rejects: offline, the server's copy stays until a push to
 * it fails.
 */
async function forgetThisDevicePush(token: string): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    const headers = { authorization: `Bearer ${token}` };
    const list = await fetch(pushApi.devices.path, { headers, credentials: 'same-origin' });
    if (list.ok) {
      const { devices } = PushDeviceListSchema.parse(await list.json());
      const mine = devices.find((d) => d.endpoint === subscription.endpoint);
      if (mine)
        await fetch(endpointPath(pushApi.removeDevice, { id: mine.id }), {
          method: 'DELETE',
          headers,
          credentials: 'same-origin',
          keepalive: true,
        });
    }
    await subscription.unsubscribe();
  } catch {
    // No worker, no network, or the browser refused: nothing more this page can do.
  }
}

/**
 * POST /api/UserAuthentication/LogoutEverywhere — ends every session of the account, this one included
 * (decision 016); then the token here is forgotten too.
 */
export async function logOutEverywhere(): Promise<void> {
  await callApi(authApi.logoutEverywhere);
  clearToken();
}

/** The token from a text reply; an empty or non-text reply is a failure, never a silent sign-in with no token. */
function tokenFrom(reply: unknown): string {
  const token = typeof reply === 'string' ? reply.trim() : '';
  if (!token) throw new Error('The server did not return a session token.');
  return token;
}
