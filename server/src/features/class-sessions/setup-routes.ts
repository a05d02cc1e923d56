/**
 * Setting up terms on the staff side (issue 10 "Sessions and programs"; docs/architecture.md "Staff back office"):
 * a session for the staff form, duplicating a session for next term, and the program and policy lists. Every
 * route is `auth: 'staff'` (401 anonymous, 403 a parent); reads are for staff (a session a teacher does not
 * teach answers 404), writes are the director's (403 for a teacher). Sessions themselves are written with
 * spec §7 `POST`/`PUT /api/ClassSession`.
 */
import {
  api,
  ClassSessionIdParamsSchema,
  ClassSessionSchema,
  PolicyInputSchema,
  PolicyRowSchema,
  ProgramInputSchema,
  ProgramRowSchema,
  parseClassSessionId,
  SessionDuplicateInputSchema,
  SessionDuplicateResultSchema,
} from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
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
const IdParamsSchema = z.object({ id: z.string() });

/** A numeric id from the path, or 404 naming `what` (an id that cannot exist is simply not found). */
function idFrom(raw: string, what: string): number {
  const id = parseClassSessionId(raw);
  if (id === null) throw notFound(what);
  return id;
}

export const staffSetupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/staff/sessions/:classSessionId',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'A session for the staff pages and the session form',
          description:
            'Every field of the session, active or not, with its program and policies. 404 for a session the caller does not teach.',
          params: ClassSessionIdParamsSchema,
          response: { 200: ClassSessionSchema },
        },
      },
      async (request, reply) => {
        const id = idFrom(request.params.classSessionId, 'That session');
        const session = await readStaffSession(ctx.db, ctx.clock, currentUser(request), id);
        if (!session) throw notFound('That session');
        reply.header('cache-control', 'no-store');
        return session;
      },
    );

    app.post(
      '/api/staff/sessions/:classSessionId/duplicate',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'Copy a session to start next term (the director)',
          description:
            'Every date moves with the new first day (registration windows keep their time of day in the center’s zone); the copy starts inactive, keeps the teachers, and takes nothing of the families. Answers the new id (201).',
          params: ClassSessionIdParamsSchema,
          body: SessionDuplicateInputSchema,
          response: { 201: SessionDuplicateResultSchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.classSessionId, 'That session');
        const newId = await duplicateSession(ctx.db, ctx.clock, user.id, id, request.body);
        reply.code(201);
        return { id: newId };
      },
    );

    app.get(
      api.staffPrograms,
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'Programs (spec §3 ClassSection)',
          response: { 200: z.array(ProgramRowSchema) },
        },
      },
      async () => listPrograms(ctx.db),
    );

    const programBody = {
      tags,
      body: ProgramInputSchema,
      response: { 200: z.array(ProgramRowSchema), 201: z.array(ProgramRowSchema) },
    };

    app.post(
      api.staffPrograms,
      {
        config: { auth: 'staff', errors: [409] },
        schema: { ...programBody, summary: 'Add a program (the director); answers the list (201)' },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await saveProgram(ctx.db, user.id, null, request.body, ctx.clock.now());
        reply.code(201);
        return listPrograms(ctx.db);
      },
    );

    app.put(
      '/api/staff/programs/:id',
      {
        config: { auth: 'staff', errors: [409] },
        schema: { ...programBody, params: IdParamsSchema, summary: 'Edit a program (the director)' },
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.id, 'That program');
        await saveProgram(ctx.db, user.id, id, request.body, ctx.clock.now());
        return listPrograms(ctx.db);
      },
    );

    app.get(
      api.staffPolicies,
      {
        config: { auth: 'staff' },
        schema: { tags, summary: 'Policies (spec §3 Policy)', response: { 200: z.array(PolicyRowSchema) } },
      },
      async () => listPolicies(ctx.db),
    );

    const policyBody = {
      tags,
      body: PolicyInputSchema,
      response: { 200: z.array(PolicyRowSchema), 201: z.array(PolicyRowSchema) },
    };

    app.post(
      api.staffPolicies,
      {
        config: { auth: 'staff' },
        schema: {
          ...policyBody,
          summary: 'Add a policy (the director); answers the list (201)',
          description:
            'The text is rich text, sanitised on the server (paragraphs, headings, lists, emphasis, links).',
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await savePolicy(ctx.db, user.id, null, request.body, ctx.clock.now());
        reply.code(201);
        return listPolicies(ctx.db);
      },
    );

    app.put(
      '/api/staff/policies/:id',
      {
        config: { auth: 'staff', errors: [409] },
        schema: {
          ...policyBody,
          params: IdParamsSchema,
          summary: 'Edit a policy (the director)',
          description: 'Changes it for every session that uses it. The text is sanitised on the server.',
        },
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = idFrom(request.params.id, 'That policy');
        await savePolicy(ctx.db, user.id, id, request.body, ctx.clock.now());
        return listPolicies(ctx.db);
      },
    );
  };
