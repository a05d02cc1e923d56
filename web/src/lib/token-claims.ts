/**
 * Reading a session token's claims without verifying it (docs/architecture.md, "Identity and access": the
 * server verifies the signature on every call; the browser only reads the claims). Kept apart from
 * `auth-token.ts` and free of runtime imports so the service worker (`service-worker/sw.ts`) can use it too:
 * it keys the replies it saves by the token's session.
 */
import type { TokenClaims } from '@lc/contract';

/** base64url (RFC 4648 §5, no padding) → UTF-8 text; names in the claims may hold any letter. */
function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The claims of a JWT, decoded without verifying the signature. Returns null for anything that is not
 * a three-part token whose payload is a JSON object with a numeric `exp` (seconds since the epoch).
 */
export function readClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return payload as TokenClaims;
  } catch {
    return null;
  }
}
