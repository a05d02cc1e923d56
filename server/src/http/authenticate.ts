/**
 * Authentication for the API, secure by default: every `/api/*` route needs a valid session token unless
 * it declares `config: { auth: 'public' }`; `auth: 'staff'` also needs User.type Staff or Admin
 * (ARCHITECTURE.md, Identity and access). A token is accepted when its HS256 signature verifies, its `exp`
 * has not passed (spec §9) and its `tv` still equals the user's token version (a password reset moves it).
 * The user's role is read from the database on every request, so a changed role applies at once.
 */

import { createHash } from 'node:crypto';
import type { UserType } from '@lc/contract';
import DataLoader from 'dataloader';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { kiosks, users } from '../db/schema.ts';
import { isUuid } from '../lib/ids.ts';
import { HttpError } from './errors.ts';

export type AuthUser = {
  id: string;
  role: UserType;
  emailAddress: string;
  firstName: string;
  lastName: string;
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

const userColumns = {
  id: users.id,
  type: users.type,
  tokenVersion: users.tokenVersion,
  emailAddress: users.emailAddress,
  firstName: users.firstName,
  lastName: users.lastName,
};
type UserRow = { [K in keyof typeof userColumns]: (typeof userColumns)[K]['_']['data'] };

function unauthorized(reply: FastifyReply, message: string): HttpError {
  reply.header('www-authenticate', 'Bearer realm="api"');
  return new HttpError(401, message);
}

/** Install the request decoration and the onRequest check. Call before any route is registered. */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('user', null);
  app.decorateRequest('kiosk', null);
  // Every signed-in request reads its user at the moment it arrives. Requests that arrive together (a
  // registration opening) share one statement: lookups made in the same turn of the event loop are sent as
  // one `where id = any(…)` query (DataLoader, no caching across turns), so a change of token version or
  // role still applies to the very next request (decision 008).
  const userLoader = new DataLoader<string, UserRow | null>(
    async (ids) => {
      const rows = await ctx.db
        .select(userColumns)
        .from(users)
        .where(inArray(users.id, [...ids]));
      const byId = new Map(rows.map((row) => [row.id, row]));
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
        throw new HttpError(
          401,
          'This tablet is not set up as a door kiosk any more. Ask a staff member to set it up again.',
        );
      }
      request.kiosk = row;
      return;
    }

    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized(reply, 'Please log in to continue.');
    const result = await ctx.tokens.verify(match[1], ctx.clock.now());
    if ('error' in result) {
      throw unauthorized(
        reply,
        result.error === 'expired'
          ? 'Your session has expired. Please log in again.'
          : 'Please log in to continue.',
      );
    }
    const { sub, tv } = result.claims;
    const row = isUuid(sub) ? await userLoader.load(sub) : null;
    if (!row || row.tokenVersion !== tv) {
      throw unauthorized(reply, 'Your session has ended. Please log in again.');
    }
    const role = row.type as UserType;
    if (auth === 'staff' && role !== 'Staff' && role !== 'Admin') {
      throw new HttpError(403, 'Only center staff can do this.');
    }
    request.user = {
      id: row.id,
      role,
      emailAddress: row.emailAddress,
      firstName: row.firstName,
      lastName: row.lastName,
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
  if (!request.kiosk) throw new HttpError(401, 'This tablet is not set up as a door kiosk.');
  return request.kiosk;
}

/** The signed-in user of a `user`/`staff` route (the hook guarantees it; this narrows the type). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'Please log in to continue.');
  return request.user;
}
