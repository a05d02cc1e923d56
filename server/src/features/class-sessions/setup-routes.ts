/**
 * Setting up terms on the staff side (issue 10 "Sessions and programs"; docs/architecture.md "Staff back office"):
 * a session for the staff form, duplicating a session for next term, and the program and policy lists. Every
 * route is `auth: 'staff'` (401 anonymous, 403 a parent); reads are for staff (a session a teacher does not
 * teach answers 404), writes are the director's (403 for a teacher). Sessions themselves are written with
 * spec §7 `POST`/`PUT /api/ClassSession`. Each route registers from its `classSessionsApi` row
 * (contract/src/api/class-sessions.ts; http/serve.ts).
 */
import { classSessionsApi, parseClassSessionId } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { type NotFoundThing, notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { requireAdmin } from '../team/access.ts';
import {
  duplicateSession,
  listPolicies,
  listPrograms,
  readStaffSession,
  savePolicy,
  saveProgram,
} from './session-setup.ts';

const tags = ['Staff'];

/** A numeric id from the path, or 404 naming `what` (an id that cannot exist is simply not found). */
function idFrom(raw: string, what: NotFoundThing): number {
  const id = parseClassSessionId(raw);
  if (id === null) throw notFound(what);
  return id;
}

export const staffSetupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      classSessionsApi.staffSession,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A session for the staff pages and the session form',
        description:
          'Every field of the session, active or not, with its program and policies. 404 for a session the caller does not teach.',
      },
      async (request, reply) => {
        const id = idFrom(request.params.classSessionId, 'session');
        const session = await readStaffSession(ctx.db, ctx.clock, currentUser(request), id);
        if (!session) throw notFound('session');
        reply.header('cache-control', 'no-store');
        return session;
      },
    );

    serve(
      app,
      classSessionsApi.duplicate,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Copy a session to start next term (the director)',
        description:
          'Every date moves with the new first day (registration windows keep their time of day in the center’s zone); the copy starts inactive, keeps the teachers, and takes nothing of the families. Answers the new id (201).',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.classSessionId, 'session');
        const newId = await duplicateSession(ctx.db, ctx.clock, user.id, id, request.body);
        reply.code(201);
        return { id: newId };
      },
    );

    serve(
      app,
      classSessionsApi.programs,
      { config: { auth: 'staff' }, tags, summary: 'Programs (spec §3 ClassSection)' },
      async () => listPrograms(ctx.db),
    );

    serve(
      app,
      classSessionsApi.addProgram,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Add a program (the director); answers the list (201)',
        // The document has shown both statuses for every program write since before the API table.
        otherReplies: { 200: classSessionsApi.addProgram.reply },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await saveProgram(ctx.db, user.id, null, request.body, ctx.clock.now());
        reply.code(201);
        return listPrograms(ctx.db);
      },
    );

    serve(
      app,
      classSessionsApi.editProgram,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Edit a program (the director)',
        otherReplies: { 201: classSessionsApi.editProgram.reply },
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.id, 'program');
        await saveProgram(ctx.db, user.id, id, request.body, ctx.clock.now());
        return listPrograms(ctx.db);
      },
    );

    serve(
      app,
      classSessionsApi.policies,
      { config: { auth: 'staff' }, tags, summary: 'Policies (spec §3 Policy)' },
      async () => listPolicies(ctx.db),
    );

    serve(
      app,
      classSessionsApi.addPolicy,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Add a policy (the director); answers the list (201)',
        description:
          'The text is rich text, sanitised on the server (paragraphs, headings, lists, emphasis, links).',
        // The document has shown both statuses for every policy write since before the API table.
        otherReplies: { 200: classSessionsApi.addPolicy.reply },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await savePolicy(ctx.db, user.id, null, request.body, ctx.clock.now());
        reply.code(201);
        return listPolicies(ctx.db);
      },
    );

    serve(
      app,
      classSessionsApi.editPolicy,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Edit a policy (the director)',
        description: 'Changes it for every session that uses it. The text is sanitised on the server.',
        otherReplies: { 201: classSessionsApi.editPolicy.reply },
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.id, 'policy');
        await savePolicy(ctx.db, user.id, id, request.body, ctx.clock.now());
        return listPolicies(ctx.db);
      },
    );
  };
