/**
 * The director's reports' API (issue 24, "Reports with charts"): a report by its kind, and the same report as
 * CSV. The director's only: anonymous 401, a parent 403, a teacher 403 (reports hold money and every room).
 * Each route registers from its `reportsApi` row (contract/src/api/reports.ts; http/serve.ts).
 */
import { reportFileName, reportsApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { requireAdmin } from '../team/access.ts';
import { buildReport, reportCsv } from './reports.ts';

const tags = ['Staff'];
const csvText = { description: 'Default Response', content: { 'text/csv': { schema: z.string() } } };
const KINDS =
  'enrollment (by month), occupancy (by session), revenue (by month, cents), attendance (by session), absences (by child, for `classSessionId`), waitlist (by month) or inquiries (by month)';

export const staffReportRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      reportsApi.report,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A report (the director)',
        description: `One report over the center's days \`from\`–\`to\` (both included; by default the last twelve months to today, at most five years): ${KINDS}. Columns say each value's format; rates are whole percentages, null when nothing was expected.`,
      },
      async (request, reply) => {
        requireAdmin(currentUser(request));
        reply.header('cache-control', 'no-store');
        return buildReport(ctx, request.params.kind, request.query);
      },
    );

    serve(
      app,
      reportsApi.reportCsv,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A report as CSV (the director)',
        description:
          'The same report as a CSV file: its table’s header and cells exactly, any totals row last.',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        requireAdmin(currentUser(request));
        const report = await buildReport(ctx, request.params.kind, request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${reportFileName(report)}"`)
          .send(reportCsv(report));
      },
    );
  };
