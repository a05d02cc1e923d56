/**
 * The staff's session pages (issue 10; docs/architecture.md "Staff back office"): the sessions list and a
 * session's roster (as JSON and CSV). Every route is `auth: 'staff'` (401 anonymous, 403 a parent); a teacher
 * (Staff) reads only the sessions they teach: any other session answers 404, like an unknown one. Each route
 * registers from its `classSessionsApi` row (contract/src/api/class-sessions.ts; http/serve.ts).
 */
import { classSessionsApi, parseClassSessionId } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { rosterCsv } from './roster-csv.ts';
import { listStaffSessions, readRoster } from './staff-sessions.ts';

const tags = ['Staff'];

/**
 * The CSV's success reply as the document has shown it since before the API table: `text/csv`, a string
 * (the document does not change).
 */
const csvText = { description: 'Default Response', content: { 'text/csv': { schema: z.string() } } };

/** A file name a download can carry: the session's name in plain letters and digits. */
function fileName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${plain || 'session'}-roster.csv`;
}

export const staffSessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      classSessionsApi.staffSessions,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Sessions on the staff side (paginated)',
        description:
          'The sessions the caller may see (all for an Admin; their own for a teacher), by period in the center’s calendar, searched by session or program name, sorted and paginated. `revenue` (cents paid) is null for a teacher; sorting by it is the director’s.',
      },
      async (request) => {
        const query = request.query;
        const { items, total } = await listStaffSessions(ctx.db, ctx.clock, currentUser(request), query);
        return { items, total, page: query.page, pageSize: query.pageSize };
      },
    );

    const readVisibleRoster = async (user: ReturnType<typeof currentUser>, raw: string) => {
      const id = parseClassSessionId(raw);
      const roster = id === null ? null : await readRoster(ctx.db, ctx.clock, user, id);
      if (!roster) throw notFound('session');
      return roster;
    };

    serve(
      app,
      classSessionsApi.roster,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A session’s roster',
        description:
          'Enrolled children (age on the first day, allergies, parents, who may pick them up, enrollment date, payment status), seats held by an open checkout, and the waitlist in order. 404 for a session the caller does not teach.',
      },
      async (request) => readVisibleRoster(currentUser(request), request.params.classSessionId),
    );

    serve(
      app,
      classSessionsApi.rosterCsv,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A session’s roster as CSV',
        description: 'Exactly the roster table: the same columns and rows (enrolled children).',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        const roster = await readVisibleRoster(currentUser(request), request.params.classSessionId);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName(roster.session.name)}"`)
          .send(rosterCsv(roster, ctx.config.timeZone));
      },
    );
  };
