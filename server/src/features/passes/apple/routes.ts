/**
 * Apple's PassKit web service under `/api/passes/v1/…` and the signed `.pkpass` download (issue 11).
 * PLACEHOLDER until the Apple Wallet work lands: see the helper task.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../app-context.ts';

export const applePassRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async () => {};
