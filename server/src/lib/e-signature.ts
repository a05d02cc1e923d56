/**
 * Electronic signatures a person gives in the portal (issue 26; decision 036), kept small so any feature can
 * capture one (signed forms today; a medication authorization or an incident acknowledgement later):
 * - the signer agrees to sign electronically (ESIGN Act, 15 U.S.C. § 7001(c); UETA § 5) after a plain
 *   disclosure, whose version ({@link ESIGN_CONSENT_VERSION}) is kept with the signature;
 * - the signer types their full name, which must match the account holder's name (case and spacing aside);
 * - the exact document signed is serialized deterministically ({@link canonicalDocument}: JSON with sorted
 *   keys, no spacing) and its SHA-256 kept beside it, so anyone can recompute it later ({@link verifyDocument});
 * - the signer's account, the time, IP address and user agent are recorded as they reached the server.
 * The caller stores the {@link CapturedSignature} in its own table, in the transaction of its own change.
 */
import { createHash } from 'node:crypto';
import { ESIGN_CONSENT_VERSION } from '@lc/contract';

export { ESIGN_CONSENT_VERSION };

/** JSON-like values a canonical document is made of. */
export type CanonicalValue =
  | string
  | number
  | boolean
  | null
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue | undefined };

/**
 * `value` serialized deterministically: object keys sorted by code unit, `undefined` members left out, no
 * whitespace, numbers and strings as JSON writes them. The same value always gives the same string.
 */
export function canonicalDocument(value: CanonicalValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => canonicalDocument(v as CanonicalValue)).join(',')}]`;
  const entries = Object.entries(value as Record<string, CanonicalValue | undefined>)
    .filter((entry): entry is [string, CanonicalValue] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalDocument(v)}`).join(',')}}`;
}

/** The SHA-256 of `text`'s UTF-8 bytes, as 64 lower-case hex digits. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A name compared as people mean it: trimmed, inner spaces collapsed, case-insensitive (Unicode-aware). */
const normalName = (name: string) =>
  name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

/** True when the typed `signerName` is the account holder's full name `first last`. */
export function signerNameMatches(
  signerName: string,
  account: { firstName: string; lastName: string },
): boolean {
  return normalName(signerName) === normalName(`${account.firstName} ${account.lastName}`);
}

/** What a signature records; the caller adds what it is a signature of. */
export type CapturedSignature = {
  signerUserId: string;
  /** The name as the signer typed it (trimmed). */
  signerName: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
  consentVersion: string;
  /** The canonical document signed. */
  document: string;
  sha256: string;
};

/** Why a capture was refused: no consent, or a typed name that is not the account holder's. */
export type SignatureRefusal = 'consent' | 'name';

/**
 * Capture a signature of `document` (made with {@link canonicalDocument}) by `signer`, or answer why not.
 * `request` is what reached the server (`ip`, the `user-agent` header, cut to 512 characters).
 */
export function captureSignature(input: {
  document: string;
  consent: boolean;
  signerName: string;
  signer: { id: string; firstName: string; lastName: string };
  request: { ip: string; userAgent: string | undefined };
  at: Date;
}): CapturedSignature | SignatureRefusal {
  if (input.consent !== true) return 'consent';
  if (!signerNameMatches(input.signerName, input.signer)) return 'name';
  return {
    signerUserId: input.signer.id,
    signerName: input.signerName.trim().replace(/\s+/g, ' '),
    signedAt: input.at,
    ipAddress: input.request.ip,
    userAgent: (input.request.userAgent ?? '').slice(0, 512),
    consentVersion: ESIGN_CONSENT_VERSION,
    document: input.document,
    sha256: sha256Hex(input.document),
  };
}

/** The stored document's SHA-256 recomputed, and whether it is the one stored with the signature. */
export function verifyDocument(stored: { document: string; sha256: string }): {
  computedSha256: string;
  matches: boolean;
} {
  const computedSha256 = sha256Hex(stored.document);
  return { computedSha256, matches: computedSha256 === stored.sha256 };
}
