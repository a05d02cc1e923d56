/**
 * The session token kept in local storage (spec §4: "The session token is kept in local storage").
 *
 * The token is the JWT the server issues (claims in `TokenClaims`, docs/architecture.md). The browser only
 * *reads* its claims to greet the parent and to let the route guard skip a round trip when the token
 * has obviously expired; the server verifies the signature on every call, so nothing here is trusted.
 */

import type { TokenClaims } from '@lc/contract';
import { isTokenExpired } from '@lc/contract';
import { forgetSavedReplies } from './saved-replies.ts';
import { readClaims } from './token-claims.ts';

export { readClaims };

export const TOKEN_STORAGE_KEY = 'token';

/** Local storage can throw (Safari private mode, storage disabled); treat that as "no token". */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const SESSION_CHANGED = 'lc:session-changed';
const notify = () => window.dispatchEvent(new Event(SESSION_CHANGED));

/**
 * Store the token a sign-in answered. A new session (another person, or the same one signing in again) starts
 * with nothing saved for offline use: the replies the device saved for the session before are forgotten.
 */
export function setToken(token: string): void {
  const previous = readClaims(getToken())?.sid;
  if (previous === undefined || previous !== readClaims(token)?.sid) void forgetSavedReplies(previous);
  try {
    storage()?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage full or disabled: the parent stays signed out, which the guard handles.
  }
  notify();
}

/** Forget the token (signing out, or a refused session) and every reply saved for offline use with it. */
export function clearToken(): void {
  void forgetSavedReplies(readClaims(getToken())?.sid);
  try {
    storage()?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
  notify();
}

/** The server refused the stored token: drop it and tell whoever listens (the route guard). */
export function endSession(): void {
  if (getToken() === null) return;
  clearToken();
}

/**
 * Call `listener` whenever the token is set or cleared, in this tab or another one (the `storage` event).
 * Returns the unsubscribe function (fits React's useSyncExternalStore).
 */
export function subscribeToSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener(SESSION_CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(SESSION_CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True when a token is stored and its exp claim has not passed (spec §2 Guard, spec §9). */
export function isSignedIn(nowMs: number = Date.now()): boolean {
  const claims = readClaims(getToken());
  return claims !== null && !isTokenExpired(claims.exp, nowMs);
}

/**
 * The signed-in user's role from the token's claims (for showing staff links and choosing where to land;
 * the server checks the role on every call, so this grants nothing). Null when signed out.
 */
export function currentRole(
  token: string | null = getToken(),
  nowMs: number = Date.now(),
): TokenClaims['role'] | null {
  const claims = readClaims(token);
  return claims !== null && !isTokenExpired(claims.exp, nowMs) ? claims.role : null;
}

/** True for the center's people (User.type Staff or Admin). */
export function isStaffRole(role: TokenClaims['role'] | null): boolean {
  return role === 'Staff' || role === 'Admin';
}
