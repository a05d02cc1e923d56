/**
 * The audit trail's API (issue 10 "Audit trail"): the director reads and exports it; a teacher gets 403,
 * a parent 403, anonymous 401 (docs/architecture.md "Staff back office"). There is no route that changes a row.
 * Each route registers from its `classSessionsApi` row (contract/src/api/class-sessions.ts; http/serve.ts).
 */
import { classSessionsApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { requireAdmin } from '../team/access.ts';
import { auditCsv, listAudit } from './audit-trail.ts';

const tags = ['Staff'];

/**
 * The CSV's success reply as the document has shown it since before the API table: `text/csv`, a string
 * (the document does not change).
 */
const csvText = { description: 'Default Response', content: { 'text/csv': { schema: z.string() } } };

export const staffAuditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      classSessionsApi.audit,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The audit trail (the director)',
        description:
          'Every recorded change, newest first: a sentence of what happened (a message key with its parts, names not ids), who, when, and the values before and after. Filtered by who made it, the child or family it was about, the kind of change, kind of record, record id, words in the action and a range of the center’s calendar days; paginated.',
      },
      async (request, reply) => {
        requireAdmin(currentUser(request));
        reply.header('cache-control', 'no-store');
        const { items, total, filterNames } = await listAudit(ctx.db, ctx.clock.timeZone, request.query);
        return { items, total, filterNames, page: request.query.page, pageSize: request.query.pageSize };
      },
    );

    serve(
      app,
      classSessionsApi.auditCsv,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The audit trail as CSV (the director)',
        description:
          'The same filters as the page, every matching change (at most 50,000): when, who, the sentence in the asker’s language (Accept-Language), the action, the record and the changes.',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        requireAdmin(currentUser(request));
        const csv = await auditCsv(
          ctx.db,
          ctx.clock.timeZone,
          request.query,
          requestLanguage(request.headers),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', 'attachment; filename="audit-trail.csv"')
          .send(csv);
      },
    );
  };
