/**
 * Sessions (spec §7 ClassSession). Reads are public: anyone may browse sessions (spec §1). The writes
 * (`POST`/`PUT /api/ClassSession`) are the director's (Admin; issue 10). A session's digital resources are for the families of
 * enrolled children and staff. Each route registers from its `classSessionsApi` row (contract/src/api/
 * class-sessions.ts; http/serve.ts).
 */
import { classSessionsApi, parseClassSessionId } from '@lc/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { hasEnrolledChild } from '../enrollment/records.ts';
import { fileLinks, presentResource } from '../resources/file-links.ts';
import { activeResources } from '../resources/resources.ts';
import { requireAdmin } from '../team/access.ts';
import { readCatalogEntry, readCatalogSessionEntry } from './catalog.ts';
import { findClassSession } from './find-class-sessions.ts';
import { createClassSession, updateClassSession } from './save-class-session.ts';

const tags = ['ClassSession'];
/**
 * Catalog reads answer their cached JSON body as is, skipping per-request serialisation (decision 008); the
 * response schema still documents the shape, and the body was made from the same typed value.
 */
const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);

export const classSessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      classSessionsApi.list,
      {
        config: { auth: 'public' },
        tags,
        summary: 'List sessions',
        description:
          'Without `active`, or with `active=true`: active sessions that have not ended (the public catalog). ' +
          'With `active=false`: inactive or past sessions. Money in cents.',
      },
      async (request, reply) => {
        const { json } = await readCatalogEntry(ctx, { active: request.query.active !== 'false' });
        return sendJson(reply, json);
      },
    );

    serve(
      app,
      classSessionsApi.all,
      { config: { auth: 'public' }, tags, summary: 'List every session, past and present' },
      async (_request, reply) => sendJson(reply, (await readCatalogEntry(ctx, { all: true })).json),
    );

    serve(
      app,
      classSessionsApi.session,
      {
        config: { auth: 'public' },
        tags,
        summary: 'One session, with its policies, seats left and registration state',
      },
      async (request, reply) => {
        const id = parseClassSessionId(request.params.classSessionId);
        const entry = id === null ? null : await readCatalogSessionEntry(ctx, id);
        if (!entry?.value) throw notFound('session');
        return sendJson(reply, entry.json);
      },
    );

    serve(
      app,
      classSessionsApi.resources,
      {
        tags,
        summary: 'Digital resources of a session',
        description:
          'Active documents, links, videos and images for the session, in the order staff gave them (then by name); a file’s address is a signed link that works for a few hours. For families with a child enrolled in the session, and staff; anyone else gets 404.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const id = parseClassSessionId(request.params.classSessionId);
        if (id === null) throw notFound('session');
        if (user.role === 'Parent' && !(await hasEnrolledChild(ctx.db, user.id, id)))
          throw notFound('session');
        const rows = await activeResources(ctx.db, id);
        reply.header('cache-control', 'no-store');
        const links = await fileLinks(ctx);
        const now = ctx.clock.now();
        const scope = user.role === 'Parent' ? 'family' : 'staff';
        return rows.map((r) => presentResource(r, links, scope, now));
      },
    );

    serve(
      app,
      classSessionsApi.create,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Create a session (the director)',
        description:
          'Admin only (a teacher gets 403). Money in cents; windows as ISO instants. Answers the new session (201). Recorded in the audit trail.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = await createClassSession(ctx.db, request.body, user.id, ctx.clock.now());
        reply.code(201);
        return (await findClassSession(ctx.db, ctx.clock, id))!;
      },
    );

    serve(
      app,
      classSessionsApi.update,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Update a session (the director)',
        description:
          'Admin only (a teacher gets 403). Replaces the session’s fields; answers a sentence (text). Recorded in the audit trail. 409 when the roster would drop below the seats already taken. Seats freed by a bigger roster are offered to the waitlist.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = parseClassSessionId(request.params.classSessionId);
        if (id === null) throw notFound('session');
        await updateClassSession(ctx.db, id, request.body, user.id, ctx.clock.now());
        ctx.work.runNow().catch(() => {});
        reply.type('text/plain; charset=utf-8');
        return `Saved ${request.body.name}.`;
      },
    );
  };
