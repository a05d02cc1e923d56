/**
 * Password hashing with argon2id (OWASP Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1), through
 * @node-rs/argon2's prebuilt binaries. Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`), so the
 * parameters travel with each hash and can be raised later without breaking existing accounts.
 */
import { hash, verify } from '@node-rs/argon2';

// `algorithm: 2` is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The argon2id PHC string for `password` (never trimmed or truncated). About 50 ms on one core. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * A hash of a random string, made once: verifying a password against it costs the same as a real check,
 * so a login for an unknown address takes as long as one with a wrong password (no timing oracle).
 */
let decoy: Promise<string> | undefined;

/**
 * True when `password` matches `storedHash`. With `storedHash` null (no such account) or not an argon2
 * hash (demo families that cannot log in), it still spends one verification and answers false.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash?.startsWith('$argon2')) {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  }
  decoy ??= hashPassword(crypto.randomUUID());
  await verify(await decoy, password).catch(() => false);
  return false;
}
