/**
 * Authentication for the API, secure by default: every `/api/*` route needs a valid session token unless
 * it declares `config: { auth: 'public' }`; `auth: 'staff'` also needs User.type Staff or Admin
 * (docs/architecture.md, Identity and access). A token is accepted when its HS256 signature verifies, its `exp`
 * has not passed (spec §9), its session (`sid`, a `user_sessions` row: decision 016) belongs to its user and
 * has not been ended by a logout, and its `tv` still equals the user's token version (a password reset, a role
 * change and a closed account move it). The session and the user's role are read from the database on every
 * request, so a logout or a changed role applies at once, in every server process.
 */

import { createHash } from 'node:crypto';
import type { ApiErrorCode, UserType } from '@lc/contract';
import DataLoader from 'dataloader';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { kiosks, userSessions, users } from '../db/schema.ts';
import { isUuid } from '../lib/ids.ts';
import { HttpError } from './errors.ts';

export type AuthUser = {
  id: string;
  role: UserType;
  emailAddress: string;
  firstName: string;
  lastName: string;
  /** The session of the token this request came with (`sid`): the one a logout ends. */
  sessionId: string;
};

/**
 * `kiosk`: a door tablet's routes (issue 11): `Authorization: Kiosk <token>` of an enrolled kiosk that has not
 * been revoked (only the token's SHA-256 is stored, `kiosks.token_hash`).
 */
export type RouteAuth = 'public' | 'user' | 'staff' | 'kiosk';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on `user` and `staff` routes; null on public routes. */
    user: AuthUser | null;
    /** The door tablet on `kiosk` routes; null elsewhere. */
    kiosk: { id: string; name: string } | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; `user` when absent. */
    auth?: RouteAuth;
  }
}

/** The route's access level: `public` outside the API (pages, health, docs), else its config (default `user`). */
export function routeAuth(url: string | undefined, configured: RouteAuth | undefined): RouteAuth {
  if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return 'public';
  return configured ?? 'user';
}

const sessionUserColumns = {
  sessionUserId: userSessions.userId,
  endedAt: userSessions.endedAt,
  id: users.id,
  type: users.type,
  tokenVersion: users.tokenVersion,
  emailAddress: users.emailAddress,
  firstName: users.firstName,
  lastName: users.lastName,
};
type SessionUserRow = {
  sessionUserId: string;
  endedAt: Date | null;
  id: string;
  type: string;
  tokenVersion: number;
  emailAddress: string;
  firstName: string;
  lastName: string;
};

function unauthorized(reply: FastifyReply, code: ApiErrorCode): HttpError {
  reply.header('www-authenticate', 'Bearer realm="api"');
  return new HttpError(401, code);
}

/** Install the request decoration and the onRequest check. Call before any route is registered. */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('kiosk', null);
  // Every signed-in request reads its session and user at the moment it arrives: one primary-key lookup of
  // the session joined with its user (decision 016). Requests that arrive together (a registration opening)
  // share one statement: lookups made in the same turn of the event loop are sent as one `where id = any(…)`
  // query (DataLoader, no caching across turns), so a logout, a change of token version or of role still
  // applies to the very next request (decision 008).
  const sessionLoader = new DataLoader<string, SessionUserRow | null>(
    async (ids) => {
      const rows = await ctx.db
        .select({ sessionId: userSessions.id, ...sessionUserColumns })
        .from(userSessions)
        .innerJoin(users, eq(users.id, userSessions.userId))
        .where(inArray(userSessions.id, [...ids]));
      const byId = new Map(rows.map(({ sessionId, ...row }) => [sessionId, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    { cache: false, maxBatchSize: 500, batchScheduleFn: (send) => setImmediate(send) },
  );
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.is404) return;
    const auth = routeAuth(request.routeOptions.url, request.routeOptions.config.auth);
    if (auth === 'public') return;
    if (auth === 'kiosk') {
      const kiosk = /^Kiosk ([A-Za-z0-9_-]{20,100})$/.exec(request.headers.authorization ?? '');
      const [row] = kiosk?.[1]
        ? await ctx.db
            .select({ id: kiosks.id, name: kiosks.name })
            .from(kiosks)
            .where(and(eq(kiosks.tokenHash, sha256(kiosk[1])), isNull(kiosks.revokedAt)))
        : [];
      if (!row) {
        reply.header('www-authenticate', 'Kiosk realm="door"');
        throw new HttpError(401, 'access.kioskRevoked');
      }
      request.kiosk = row;
      return;
    }

    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized(reply, 'access.signIn');
    const result = await ctx.tokens.verify(match[1], ctx.clock.now());
    if ('error' in result) {
      throw unauthorized(reply, result.error === 'expired' ? 'access.sessionExpired' : 'access.signIn');
    }
    const { sub, tv, sid } = result.claims;
    const row = isUuid(sub) && isUuid(sid) ? await sessionLoader.load(sid) : null;
    if (!row || row.sessionUserId !== sub || row.endedAt !== null || row.tokenVersion !== tv) {
      throw unauthorized(reply, 'access.sessionEnded');
    }
    const role = row.type as UserType;
    if (auth === 'staff' && role !== 'Staff' && role !== 'Admin') {
      throw new HttpError(403, 'access.staffOnly');
    }
    request.user = {
      id: row.id,
      role,
      emailAddress: row.emailAddress,
      firstName: row.firstName,
      lastName: row.lastName,
      sessionId: sid,
    };
  });

  // Account replies and anything answered to a signed-in caller are private: never stored by a cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/UserAuthentication') || request.headers.authorization) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/** SHA-256 (hex) of a kiosk token, as `kiosks.token_hash` keeps it. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The door tablet of a `kiosk` route (the hook guarantees it; this narrows the type). */
export function currentKiosk(request: FastifyRequest): { id: string; name: string } {
  if (!request.kiosk) throw new HttpError(401, 'access.kioskNotSetUp');
  return request.kiosk;
}

/** The signed-in user of a `user`/`staff` route (the hook guarantees it; this narrows the type). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'access.signIn');
  return request.user;
}
