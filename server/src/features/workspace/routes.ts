/**
 * The staff workspace's API (issue 24): the staff home ("Today") and the center's calendar (closures). `auth: 'staff'` (401 signed out, 403 a
 * parent); what each part holds follows the caller (workspace/today.ts). Registers from its
 * `classSessionsApi` row (contract/src/api/class-sessions.ts; http/serve.ts).
 */
import { classSessionsApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { addClosure, listClosures, removeClosure } from './calendar.ts';
import { staffCalendar } from './calendar-view.ts';
import { staffToday } from './today.ts';

const tags = ['Staff'];

export const staffWorkspaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      classSessionsApi.staffToday,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'What needs the signed-in staff member today',
        description:
          'Issue 24: the sessions meeting today (expected, arrived and gone; late pickups; children with allergies in the building), new inbox items and tour requests (with the inbox), registrations opening in the next seven days, scheduled announcements, and for the director only failed and overdue payments (cents) and mail that could not be delivered. A teacher sees their own sessions and no money (`money` and `mailFailed` null).',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return staffToday(ctx, currentUser(request));
      },
    );

    serve(
      app,
      classSessionsApi.closures,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The center’s closures and early dismissals',
        description:
          'Issue 24: the closures touching `from`–`to` (the center’s calendar dates, both included; from today for a year when left out), first day first: the whole center’s, and those of sessions the caller may see (a teacher: their own).',
      },
      async (request) => listClosures(ctx.db, currentUser(request), ctx.clock.today(), request.query),
    );

    serve(
      app,
      classSessionsApi.staffCalendar,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The week or month of sessions and closures',
        description:
          'Issue 24: each day of the week (Monday to Sunday) or month holding `date` (the center’s today when left out): the sessions meeting that day by their day schedule within their dates, with their hours ("HH:MM", the center’s clock), children enrolled and the closure or early dismissal that applies, and the closures touching the day. The director sees every session; a teacher their own and the whole center’s closures.',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return staffCalendar(ctx.db, currentUser(request), ctx.clock.today(), request.query);
      },
    );

    serve(
      app,
      classSessionsApi.addClosure,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Add a closure or early dismissal (Admin)',
        description:
          'Issue 24: closed all day, or home early at `dismissAt` ("HH:MM", the center’s clock), from `startsOn` to `endsOn` (at most 60 days), for the whole center (`classSessionId` null) or one session. The attendance board, the door and Today honour it; families see it. 403 for a teacher; audited.',
      },
      async (request, reply) => {
        const closure = await addClosure(ctx.db, currentUser(request), request.body, ctx.clock.now());
        return reply.status(201).send(closure);
      },
    );

    serve(
      app,
      classSessionsApi.removeClosure,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Remove a closure (Admin)',
        description: 'Issue 24: 204; 404 for a closure that does not exist; 403 for a teacher. Audited.',
      },
      async (request, reply) => {
        await removeClosure(ctx.db, currentUser(request), request.params.closureId, ctx.clock.now());
        return reply.status(204).send(null);
      },
    );
  };
