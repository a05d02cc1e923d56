/**
 * Token expiry (spec §9), kept free of zod so the browser's route guard can use it without pulling the
 * form schemas into the home page's bundle.
 */

/** spec §9: a token is expired when the current time in seconds exceeds its exp claim (seconds since the epoch). */
export function isTokenExpired(exp: number, nowMs: number = Date.now()): boolean {
  return Math.floor(nowMs / 1000) > exp;
}
