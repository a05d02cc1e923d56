/**
 * Session tokens: HS256 JWTs signed with `jose` (docs/architecture.md, Identity and access). Claims: `sub`
 * (user id), `email`, `given_name`, `family_name`, `role` (User.type), `tv` (token version), `sid` (the
 * session's `user_sessions` row, decision 016; sessions.ts issues tokens with one), `iat`, `exp`
 * (seconds since the epoch). Verification allows HS256 only, so `alg: none` and RS/HS confusion fail, and
 * follows spec §9 exactly: a token is expired when the current second exceeds `exp`.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TokenClaims } from '@lc/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionTokens, SessionUser } from '../../ports.ts';

export type { SessionTokens, SessionUser };

export function createSessionTokens(secret: string, sessionHours: number): SessionTokens {
  const key = new TextEncoder().encode(secret);
  const lifetimeSeconds = Math.round(sessionHours * 3600);
  return {
    expiresAt: (now) => new Date((Math.floor(now.getTime() / 1000) + lifetimeSeconds) * 1000),
    issue: (user, sessionId, now) => {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        email: user.emailAddress,
        given_name: user.firstName,
        family_name: user.lastName,
        role: user.type,
        tv: user.tokenVersion,
        sid: sessionId,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(iat)
        .setExpirationTime(iat + lifetimeSeconds)
        .sign(key);
    },
    verify: async (token, now) => {
      try {
        // clockTolerance 1: jose rejects exp <= now - tolerance, i.e. now > exp — spec §9 to the second.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
          clockTolerance: 1,
          requiredClaims: ['sub', 'exp', 'iat', 'tv', 'sid'],
        });
        if (typeof payload.tv !== 'number' || typeof payload.sid !== 'string') return { error: 'invalid' };
        return { claims: payload as unknown as TokenClaims };
      } catch (error) {
        return { error: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

/**
 * The signing secret: JWT_SECRET when configured; otherwise a random 384-bit secret created once in
 * `${dataDir}/jwt-secret` with mode 0600 and reused on every start. Several server processes must share
 * JWT_SECRET (or DATA_DIR).
 */
export async function loadSigningSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    // Another process created it first: use theirs.
    return (await readFile(file, 'utf8')).trim();
  }
  await chmod(file, 0o600);
  return secret;
}
