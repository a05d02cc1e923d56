/** `GET /healthz` (the process is up) and `GET /readyz` (the database answers). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { pingDatabase } from './readiness.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
        return { status: 'ok', database: ctx.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: ctx.database.kind });
      }
    });
  };
