/** `GET /healthz` (the process is up) and `GET /readyz` (the database answers). */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
      try {
        await ctx.db.execute(sql`select 1`);
        return { status: 'ok', database: ctx.database.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: ctx.database.kind });
      }
    });
  };
