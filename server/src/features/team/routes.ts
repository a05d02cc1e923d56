/**
 * The staff team's API (issue 10; docs/architecture.md "Staff back office"): who the signed-in staff member is,
 * the team (invite, change a role or the inbox right, take off the staff) and who teaches a session. Every
 * route is `auth: 'staff'` (401 anonymous, 403 a parent); staff assignments are the director's (Admin; 403
 * for Staff). The sessions list and rosters are class-sessions/staff-session-routes.ts. Each route registers
 * from its `classSessionsApi` row (contract/src/api/class-sessions.ts; http/serve.ts).
 */
import { classSessionsApi, parseClassSessionId, type StaffSelf } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { isUuid } from '../../lib/ids.ts';
import { mayReadInbox, requireAdmin } from './access.ts';
import { setSessionTeachers } from './teachers.ts';
import { changeStaffRole, inviteToStaff, listTeam } from './team.ts';

const tags = ['Staff'];

export const staffRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      classSessionsApi.staffMe,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'What the signed-in staff member may read',
        description:
          'Their role and whether they may read the inbox, so the staff pages ask only for what the caller may read (no inbox count for a teacher without the inbox).',
      },
      async (request, reply) => {
        const user = currentUser(request);
        reply.header('cache-control', 'no-store');
        const role: StaffSelf['role'] = user.role === 'Admin' ? 'Admin' : 'Staff';
        return {
          role,
          firstName: user.firstName,
          lastName: user.lastName,
          inboxAccess: await mayReadInbox(ctx.db, user),
        };
      },
    );

    const team = { db: ctx.db, appUrl: ctx.config.appUrl, now: () => ctx.clock.now() };

    serve(
      app,
      classSessionsApi.team,
      { config: { auth: 'staff' }, tags, summary: 'Everyone on the staff (Admin)' },
      async (request) => {
        requireAdmin(currentUser(request));
        return listTeam(ctx.db);
      },
    );

    serve(
      app,
      classSessionsApi.invite,
      {
        config: { auth: 'staff', errors: [409, 429] },
        tags,
        summary: 'Invite someone to the staff (Admin)',
        description:
          'A new address gets an account and a mailed link (7 days) to choose a password; an existing parent account is added to the staff and told so (their family stays). 409 when already on the staff. Audited.',
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

    serve(
      app,
      classSessionsApi.teamMember,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Change a staff member’s role or inbox access, or take them off the staff (Admin)',
        description:
          '`Parent` takes them off the staff (their family stays). Their open sessions end at once. `inboxAccess` gives a teacher the inbox or takes it away. 409 for one’s own role; 404 for someone not on the staff. Answers the member, or 204 when taken off. Audited.',
        otherReplies: { 204: z.null() },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        if (!isUuid(request.params.userId)) throw notFound('staffMember');
        const member = await changeStaffRole(team, user.id, request.params.userId, request.body);
        if (!member) return reply.status(204).send(null);
        return member;
      },
    );

    serve(
      app,
      classSessionsApi.teachers,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Set who teaches a session (Admin)',
        description:
          'Replaces the session’s teachers; each must be on the staff (400 otherwise, nothing changes). Recorded in the audit trail.',
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = parseClassSessionId(request.params.classSessionId);
        if (id === null) throw notFound('session');
        return setSessionTeachers(ctx.db, user.id, id, request.body.userIds, ctx.clock.now());
      },
    );
  };
