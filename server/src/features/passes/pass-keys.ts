/**
 * The secrets behind a pickup pass (issue 11, decision 012). A pass's QR code carries a credential: 128 bits
 * from HMAC-SHA256(passKey, nonce), written as 26 Crockford base32 characters (also the code an adult types at
 * the kiosk). The database keeps the random nonce and the credential's SHA-256, never the credential; the
 * key is derived from the session signing secret (JWT_SECRET or `${DATA_DIR}/jwt-secret`) with a label, so the
 * database alone opens no pass, and the server can still draw the same QR again (the parent's pass page, the
 * PassKit "latest pass"). The PassKit authentication token of a serial number is derived the same way.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';

/** Crockford's base32 alphabet: no I, L, O or U, so a typed code survives 1/I/L and 0/O mix-ups. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Bytes → Crockford base32 (no padding). */
function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A credential as typed or scanned → its canonical form: upper case, spaces and dashes dropped, I/L read as
 * 1 and O as 0 (Crockford). Anything that is not 26 base32 characters answers null.
 */
export function normalizeCredential(input: string): string | null {
  const text = input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  return /^[0-9A-HJKMNP-TV-Z]{26}$/.test(text) ? text : null;
}

/** The credential in groups of four for printing and reading aloud: `K7Q2 M9XD …`. */
export function groupCredential(credential: string): string {
  return credential.replace(/(.{4})(?=.)/g, '$1 ');
}

/** SHA-256 (hex) of a canonical credential: the value kept in `digital_passports.credential_hash`. */
export function hashCredential(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}

/** A new random nonce for a pass (128 bits, base64url). */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export type PassKeys = {
  /** The credential (canonical, 26 characters) of the pass with this nonce. */
  credential(nonce: string): string;
  /** The PassKit `authenticationToken` of a serial number (32 base64url characters, ≥ 16 as Apple asks). */
  appleAuthenticationToken(serialNumber: string): string;
};

const cache = new WeakMap<Config, Promise<PassKeys>>();

/** The pass keys of this configuration (derived once per app). */
export function passKeys(config: Config): Promise<PassKeys> {
  let keys = cache.get(config);
  if (!keys) {
    keys = loadSigningSecret(config.jwtSecret, config.dataDir).then((secret) => {
      const key = createHmac('sha256', secret).update('lc:pickup-pass:v1').digest();
      const mac = (label: string, value: string) =>
        createHmac('sha256', key).update(`${label}\n${value}`).digest();
      return {
        credential: (nonce) => base32(mac('credential', nonce).subarray(0, 16)),
        appleAuthenticationToken: (serial) => mac('apple-auth', serial).subarray(0, 24).toString('base64url'),
      };
    });
    cache.set(config, keys);
  }
  return keys;
}

/** SHA-256 (hex) of a PassKit authentication token, as kept in `apple_pass_authentication_token`. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
