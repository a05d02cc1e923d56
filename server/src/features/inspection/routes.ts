/**
 * An inspector's visit in the API (issue 26, decision 039): a session's records over a range of days as JSON
 * for the page and as a PDF. The director's only: anonymous 401, a parent 403, a teacher 403; an unknown
 * session 404. Each route registers from its `inspectionApi` row (contract/src/api/inspection.ts).
 */
import { inspectionApi, inspectionFileName } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { inspection } from './inspection.ts';
import { inspectionPdf } from './inspection-pdf.ts';

const tags = ['Staff'];
const pdfFile = {
  description: 'Default Response',
  content: { 'application/pdf': { schema: z.string() } },
};

export const inspectionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      inspectionApi.inspection,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A session’s licensing records (the director)',
        description:
          'The session, its children with their allergies, and each day it meets in `from`–`to` (the center’s days, both included; by default the last seven days to today, at most 92) with the day’s closure and who brought and took each child, at what time.',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return inspection(ctx, currentUser(request), request.params.classSessionId, request.query);
      },
    );

    serve(
      app,
      inspectionApi.inspectionPdf,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A session’s licensing records as a PDF (the director)',
        description: 'The same records on US Letter landscape, in the caller’s language.',
        otherReplies: { 200: pdfFile },
      },
      async (request, reply) => {
        const records = await inspection(
          ctx,
          currentUser(request),
          request.params.classSessionId,
          request.query,
        );
        const pdf = await inspectionPdf(records, {
          timeZone: ctx.clock.timeZone,
          language: requestLanguage(request.headers),
          center: ctx.config.center,
        });
        return reply
          .type('application/pdf')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${inspectionFileName(records)}"`)
          .send(pdf);
      },
    );
  };
