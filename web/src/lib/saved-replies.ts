/**
 * The API replies this device saves so the signed-in person's last-seen pages open offline (issue 25,
 * decision 031). The service worker (`service-worker/sw.ts`) saves them and answers from them only when the
 * network fails; the page forgets them when a session ends (`auth-token.ts`). The rules live here, in plain
 * functions of a `Request` and a `Response`, so both sides and the unit tests read the same ones.
 *
 * What is saved: a GET under `/api/` made with a person's `Bearer` token that the server answered 200 with
 * JSON. What never is: other verbs, anything without a Bearer token (the door tablet's `Kiosk` credential,
 * visitors), Apple Wallet's web service and every pass (`/api/passes/…`, a trustee's pass and its card and
 * photo: they carry a pickup credential), the kiosk's own calls, files and every download (CSV, PDF,
 * statements, the family's data export, calendar feeds), the checkout's confirmation, the account's
 * token links, and the devices that get notifications (`/api/Push/…`: their push addresses stay off disk). Each saved reply is keyed by a hash of the token's session (`sid`), so a reply saved in one
 * session is never answered to another, even before the page has emptied the cache.
 */
import { readClaims } from './token-claims.ts';

/** The Cache Storage name of the saved replies; a new shape of saving gets a new name. */
export const SAVED_REPLIES_CACHE = 'lc-saved-replies-v1';

/** The message the page posts to the service worker when a session ends: `{ type, session: sid | null }`. */
export const FORGET_SAVED_REPLIES = 'lc:forget-saved-replies';

/** API paths whose replies are never saved, whatever they answer. */
const NEVER_SAVED: readonly RegExp[] = [
  /^\/api\/passes\//,
  /^\/api\/kiosk\//,
  /^\/api\/files\//,
  /^\/api\/calendar\//,
  /^\/api\/Student\/Trustees\/[^/]+\/Pass(\/|$)/,
  /^\/api\/Family\/(Export|CalendarFeed)(\/|$)/,
  /^\/api\/Billing\/(Statements|YearEnd)\/[^/]+/,
  /^\/api\/ClassSessionEnrollment\/Confirmation\//,
  /^\/api\/UserAuthentication\/(?!Me$)/,
  /^\/api\/Push\//,
  /\/document$/,
  /(\.|\/)csv$/,
];

/** Whether a request's path may ever have its reply saved (the verb and the token are checked apart). */
export function mayBeSaved(pathname: string): boolean {
  return pathname.startsWith('/api/') && !NEVER_SAVED.some((rule) => rule.test(pathname));
}

/** The session (`sid` claim) of the request's `Authorization: Bearer` token, or null without one. */
export function sessionOfRequest(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  const sid = readClaims(match?.[1])?.sid;
  return typeof sid === 'string' && sid !== '' ? sid : null;
}

/** SHA-256 of a session id, hex: what the saved replies are keyed by (no session id is written to disk). */
export async function sessionHash(session: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(session));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The key a request's reply is saved under: its URL with the session's hash added as `lc-session`, or null
 * when the reply must never be saved (see the module comment).
 */
export async function savedReplyKey(request: Request): Promise<string | null> {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (!mayBeSaved(url.pathname)) return null;
  const session = sessionOfRequest(request);
  if (session === null) return null;
  url.searchParams.set('lc-session', await sessionHash(session));
  return url.href;
}

/** Whether a reply may be saved: a 200 with a JSON body (a file, an error or a redirect never is). */
export function isSavableReply(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return response.status === 200 && /^application\/([a-z.+-]+\+)?json\b/i.test(type);
}

/**
 * Forget every saved reply (a session ended, or another began): empties the cache at once from the page and
 * tells the service worker, which also drops the cache's bookkeeping and refuses to save any reply still on
 * its way for `endedSession`. Never rejects; a browser without Cache Storage has nothing to forget.
 */
export async function forgetSavedReplies(endedSession?: string | null): Promise<void> {
  try {
    navigator.serviceWorker?.controller?.postMessage({
      type: FORGET_SAVED_REPLIES,
      session: endedSession ?? null,
    });
    if (typeof caches !== 'undefined') await caches.delete(SAVED_REPLIES_CACHE);
  } catch {
    // Storage disabled or the worker gone: there is nothing this page can reach to forget.
  }
}
