/**
 * The staff back office's API (issue 10; ARCHITECTURE.md "Staff back office"). Every route is `auth: 'staff'`
 * (401 anonymous, 403 a parent). A teacher (Staff) reads only the sessions they teach: any other session
 * answers 404, like an unknown one. Money and staff assignments are the director's (Admin; 403 for Staff).
 */
import {
  ClassSessionIdParamsSchema,
  parseClassSessionId,
  RosterSchema,
  SessionTeachersInputSchema,
  StaffInviteInputSchema,
  StaffMemberSchema,
  StaffRoleInputSchema,
  type StaffSelf,
  StaffSelfSchema,
  StaffSessionListQuerySchema,
  StaffSessionListSchema,
  TeamMemberSchema,
} from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireAdmin } from './access.ts';
import { mayReadInbox } from './families.ts';
import { rosterCsv } from './roster-csv.ts';
import { listStaffSessions, readRoster } from './sessions.ts';
import { setSessionTeachers } from './teachers.ts';
import { changeStaffRole, inviteToStaff, listTeam } from './team.ts';

const tags = ['Staff'];

/** A file name a download can carry: the session's name in plain letters and digits. */
function fileName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${plain || 'session'}-roster.csv`;
}

export const staffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/staff/me',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'What the signed-in staff member may read',
          description:
            'Their role and whether they may read the inbox, so the staff pages ask only for what the caller may read (no inbox count for a teacher without the inbox).',
          response: { 200: StaffSelfSchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        reply.header('cache-control', 'no-store');
        const role: StaffSelf['role'] = user.role === 'Admin' ? 'Admin' : 'Staff';
        return { role, inboxAccess: await mayReadInbox(ctx.db, user) };
      },
    );

    app.get(
      '/api/staff/sessions',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'Sessions on the staff side (paginated)',
          description:
            'The sessions the caller may see (all for an Admin; their own for a teacher), by period in the center’s calendar, searched by session or program name, sorted and paginated. `revenue` (cents paid) is null for a teacher; sorting by it is the director’s.',
          querystring: StaffSessionListQuerySchema,
          response: { 200: StaffSessionListSchema },
        },
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
      if (!roster) throw notFound('That session');
      return roster;
    };

    app.get(
      '/api/staff/sessions/:classSessionId/roster',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'A session’s roster',
          description:
            'Enrolled children (age on the first day, allergies, parents, who may pick them up, enrollment date, payment status), seats held by an open checkout, and the waitlist in order. 404 for a session the caller does not teach.',
          params: ClassSessionIdParamsSchema,
          response: { 200: RosterSchema },
        },
      },
      async (request) => readVisibleRoster(currentUser(request), request.params.classSessionId),
    );

    app.get(
      '/api/staff/sessions/:classSessionId/roster.csv',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'A session’s roster as CSV',
          description: 'Exactly the roster table: the same columns and rows (enrolled children).',
          params: ClassSessionIdParamsSchema,
        },
      },
      async (request, reply) => {
        const roster = await readVisibleRoster(currentUser(request), request.params.classSessionId);
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName(roster.session.name)}"`);
        return rosterCsv(roster, ctx.config.timeZone);
      },
    );

    const team = { db: ctx.db, appUrl: ctx.config.appUrl, now: () => ctx.clock.now() };

    app.get(
      '/api/staff/team',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'Everyone on the staff (Admin)',
          response: { 200: z.array(TeamMemberSchema) },
        },
      },
      async (request) => {
        requireAdmin(currentUser(request));
        return listTeam(ctx.db);
      },
    );

    app.post(
      '/api/staff/team',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'Invite someone to the staff (Admin)',
          description:
            'A new address gets an account and a mailed link (7 days) to choose a password; an existing parent account is added to the staff and told so (their family stays). 409 when already on the staff. Audited.',
          body: StaffInviteInputSchema,
          response: { 201: TeamMemberSchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const member = await inviteToStaff(team, user, request.body);
        ctx.work.runNow().catch(() => {});
        reply.code(201);
        return member;
      },
    );

    app.put(
      '/api/staff/team/:userId',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'Change a staff member’s role or inbox access, or take them off the staff (Admin)',
          description:
            '`Parent` takes them off the staff (their family stays). Their open sessions end at once. `inboxAccess` gives a teacher the inbox or takes it away. 409 for one’s own role; 404 for someone not on the staff. Answers the member, or 204 when taken off. Audited.',
          params: z.object({ userId: z.string() }),
          body: StaffRoleInputSchema,
          response: { 200: TeamMemberSchema, 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        if (!isUuid(request.params.userId)) throw notFound('That staff member');
        const member = await changeStaffRole(team, user.id, request.params.userId, request.body);
        if (!member) return reply.status(204).send(null);
        return member;
      },
    );

    app.put(
      '/api/staff/sessions/:classSessionId/teachers',
      {
        config: { auth: 'staff' },
        schema: {
          tags,
          summary: 'Set who teaches a session (Admin)',
          description:
            'Replaces the session’s teachers; each must be on the staff (400 otherwise, nothing changes). Recorded in the audit trail.',
          params: ClassSessionIdParamsSchema,
          body: SessionTeachersInputSchema,
          response: { 200: z.array(StaffMemberSchema) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = parseClassSessionId(request.params.classSessionId);
        if (id === null) throw notFound('That session');
        return setSessionTeachers(ctx.db, user.id, id, request.body.userIds, ctx.clock.now());
      },
    );
  };
