/**
 * Session catalog reads (spec §7 ClassSession). Public: anyone may browse sessions (spec §1).
 * The writes (`POST`/`PUT /api/ClassSession`) are Staff/Admin and arrive with enrollment (issue 5).
 */
import {
  ClassSessionIdParamsSchema,
  ClassSessionListQuerySchema,
  ClassSessionSchema,
  parseClassSessionId,
} from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../http/errors.ts';
import { findClassSession, findClassSessions } from './find-class-sessions.ts';

const tags = ['ClassSession'];

export const classSessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/ClassSession',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'List sessions',
          description:
            'Without `active`, or with `active=true`: active sessions that have not ended (the public catalog). ' +
            'With `active=false`: inactive or past sessions. Money in cents.',
          querystring: ClassSessionListQuerySchema,
          response: { 200: z.array(ClassSessionSchema) },
        },
      },
      async (request) =>
        findClassSessions(ctx.db, ctx.clock, request.query.active === 'false' ? 'past' : 'current'),
    );

    app.get(
      '/api/ClassSession/all',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'List every session, past and present',
          response: { 200: z.array(ClassSessionSchema) },
        },
      },
      async () => findClassSessions(ctx.db, ctx.clock, 'all'),
    );

    app.get(
      '/api/ClassSession/:classSessionId',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'One session, with its policies, seats left and registration state',
          params: ClassSessionIdParamsSchema,
          response: { 200: ClassSessionSchema },
        },
      },
      async (request) => {
        const id = parseClassSessionId(request.params.classSessionId);
        const session = id === null ? null : await findClassSession(ctx.db, ctx.clock, id);
        if (!session) throw notFound('That session');
        return session;
      },
    );
  };
