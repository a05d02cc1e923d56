/**
 * `GET /healthz` (the process is up) and `GET /readyz` (the database answers; 503 when it does not).
 * Operational checks for the load balancer, registered from the API table's rows (contract `messagesApi`)
 * and left out of the OpenAPI document (docs/architecture.md, "API conventions").
 */
import { messagesApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { serve } from '../../http/serve.ts';
import { pingDatabase } from './readiness.ts';

const tags = ['Health'];

export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      messagesApi.health,
      { tags, summary: 'The process is up', schema: { hide: true } },
      async () => ({ status: 'ok' as const }),
    );
    serve(
      app,
      messagesApi.readiness,
      { tags, summary: 'The database answers', schema: { hide: true } },
      async (_request, reply) => {
        try {
          await pingDatabase(ctx.db);
          return { status: 'ok' as const, database: ctx.database.kind };
        } catch {
          return reply.status(503).send({ status: 'unavailable', database: ctx.database.kind });
        }
      },
    );
  };
