/**
 * The staff workspace's API (issue 24): the staff home ("Today") and the center's calendar (closures and
 * tour times, decision 028). `auth: 'staff'` (401 signed out, 403 a
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
import { listTourSlots, publishTourSlots, removeTourSlot } from './tour-slots.ts';

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

    serve(
      app,
      classSessionsApi.tourSlots,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Published tour times',
        description:
          'Decision 028: the tour times from the start of today on, soonest first, with the whole-center closure that keeps one off the form (`closedFor`) and how many families booked it; who booked (a link to the inbox item) only for someone with the inbox.',
      },
      async (request) => listTourSlots(ctx.db, currentUser(request), ctx.clock),
    );

    serve(
      app,
      classSessionsApi.addTourSlots,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Publish tour times (Admin)',
        description:
          'Decision 028: a tour at `time` (the center’s clock) on `date`, and on the same weekday for `weeks` weeks in all; `minutes` long (15–180), for `capacity` families (1–10). 400 by `time` when it has passed or a tour is already published then; nothing is written. 403 for a teacher; audited per time.',
      },
      async (request, reply) => {
        const items = await publishTourSlots(ctx.db, currentUser(request), ctx.clock, request.body);
        return reply.status(201).send({ items });
      },
    );

    serve(
      app,
      classSessionsApi.removeTourSlot,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Remove a tour time (Admin)',
        description:
          'Decision 028: 204. Each family who booked it is mailed an apology with a link to choose another time (in their language), kept in their inbox item’s thread. 404 for a time that does not exist; 403 for a teacher. Audited.',
      },
      async (request, reply) => {
        await removeTourSlot(
          ctx.db,
          currentUser(request),
          ctx.clock,
          {
            centerEmail: ctx.config.centerEmail,
            centerAddress: ctx.config.center.address,
            timeZone: ctx.clock.timeZone,
            appUrl: ctx.config.appUrl,
          },
          request.params.slotId,
        );
        ctx.work.runNow().catch(() => {});
        return reply.status(204).send(null);
      },
    );
  };
