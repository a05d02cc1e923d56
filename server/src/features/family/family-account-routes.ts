/**
 * `/api/Family…`: the family's account (issue 13): who shares it and the co-parent invitations (accept,
 * withdraw, leave), the family's data export, and closing the account (decision 013). Every call needs a
 * session; sharing is for parent accounts (403 for staff). Registered inside routes.ts `familyRoutes`, each
 * route from its `familyApi` row (contract/src/api/family.ts; http/serve.ts).
 */
import { familyApi } from '@lc/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { familyCalendar } from '../workspace/calendar.ts';
import { createFeed, feedCalendar, feedStatus, removeFeed } from '../workspace/calendar-feed.ts';
import { closeAccount } from './close-account.ts';
import {
  acceptInvitation,
  inviteCoParent,
  previewInvitation,
  withdrawInvitation,
} from './co-parent-invitations.ts';
import { readFamily, removeFromFamily } from './co-parents.ts';
import { familyExport } from './export.ts';

const tags = ['Student'];

export const familyAccountRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      familyApi.familyExport,
      {
        tags,
        summary: 'Download our data: everything the center holds about the family, as a ZIP',
        description:
          '`family.json` with it all, and a CSV per table (children, allergies, contacts, enrollments, waitlist, payments, attendance, messages). Money in cents.',
        replyDescription: 'The ZIP',
        fileTypes: ['application/zip'],
      },
      async (request, reply) => {
        const { bytes, fileName } = await familyExport(ctx, currentUser(request).id);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Buffer.from(bytes));
      },
    );

    serve(
      app,
      familyApi.closeAccount,
      {
        config: { rateLimit: { max: 5, timeWindow: '15 minutes' }, errors: [403, 409] },
        tags,
        summary: 'Close our account: erase the family’s personal data (the password again)',
        description:
          'Refused (409) while a child is enrolled in a session that has not ended or money is on its way; 400 for a wrong password. Payments are kept without personal details. The parent is emailed a confirmation.',
        replyDescription: 'Closed',
      },
      async (request, reply) => {
        await closeAccount(ctx, currentUser(request).id, request.body.password);
        return reply.status(204).send(null);
      },
    );

    // Co-parents (issue 13): who shares the family, invitations, accepting, leaving.
    const parentOnly = (request: FastifyRequest) => {
      const user = currentUser(request);
      if (user.role !== 'Parent') throw new HttpError(403, 'family.sharing.parentsOnly');
      return user;
    };
    /** The family as it stands after a change; the change's emails go out now. */
    const familyNow = (userId: string) => {
      ctx.work.runNow();
      return readFamily(ctx.db, userId, ctx.clock.now());
    };
    serve(
      app,
      familyApi.family,
      {
        config: { errors: [403] },
        tags,
        summary: 'Who shares the family: parents, open invitations, children’s first names',
      },
      async (request) => readFamily(ctx.db, parentOnly(request).id, ctx.clock.now()),
    );
    serve(
      app,
      familyApi.familyCalendar,
      {
        config: { errors: [403] },
        tags,
        summary: 'The center’s closures and early dismissals for our children',
        description:
          'Issue 24: the next 180 days of the center’s calendar that touch the sessions the family’s children are enrolled in, and the whole center’s closures; dates are the center’s calendar dates.',
      },
      async (request) => familyCalendar(ctx.db, parentOnly(request).id, ctx.clock.today()),
    );
    serve(
      app,
      familyApi.calendarFeed,
      {
        config: { errors: [403] },
        tags,
        summary: 'Whether I have a calendar subscription address',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return feedStatus(ctx.db, parentOnly(request).id);
      },
    );
    serve(
      app,
      familyApi.createCalendarFeed,
      {
        config: { errors: [403], rateLimit: { max: 20, timeWindow: '1 hour' } },
        tags,
        summary: 'A new secret calendar subscription address (shown once; any earlier one stops working)',
        description:
          'Issue 24: an iCalendar feed of the children’s session days and the center’s closures. Only a hash of the address is kept, so it is shown in this reply only; asking again makes a new one.',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const feed = await createFeed(ctx.db, parentOnly(request).id, ctx.config.appUrl, ctx.clock.now());
        return reply.status(201).send(feed);
      },
    );
    serve(
      app,
      familyApi.removeCalendarFeed,
      { config: { errors: [403] }, tags, summary: 'Turn my calendar subscription address off' },
      async (request, reply) => {
        await removeFeed(ctx.db, parentOnly(request).id);
        return reply.status(204).send(null);
      },
    );
    serve(
      app,
      familyApi.calendarFeedFile,
      {
        config: { auth: 'public', errors: [404], rateLimit: { max: 120, timeWindow: '1 hour' } },
        tags,
        summary: 'A family’s iCalendar feed, at its secret address',
        description:
          'Issue 24: `text/calendar` (RFC 5545) with the children’s session days (30 days back, 180 ahead, in the center’s time zone; shortened by an early dismissal, left out on a closed day) and the closures touching them. 404 for an address that is unknown, reset or turned off.',
        otherReplies: {
          200: { description: 'The iCalendar text', content: { 'text/calendar': { schema: z.string() } } },
        },
      },
      async (request, reply) => {
        const text = await feedCalendar(
          ctx.db,
          request.params.token,
          ctx.clock.today(),
          ctx.config.timeZone,
          ctx.config.center.name,
        );
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=900')
          .send(text);
      },
    );
    serve(
      app,
      familyApi.inviteCoParent,
      {
        config: { rateLimit: { max: 10, timeWindow: '1 hour' }, errors: [403, 409] },
        tags,
        summary: 'Invite another parent to share the family (mails a single-use link, 7 days)',
        description:
          '400 (field `emailAddress`) for your own address, a parent already in the family or a staff address; 409 when the family has 4 parents.',
      },
      async (request) => {
        const user = parentOnly(request);
        await inviteCoParent(ctx, user.id, request.body.emailAddress);
        return familyNow(user.id);
      },
    );
    serve(
      app,
      familyApi.withdrawInvitation,
      {
        config: { errors: [403] },
        tags,
        summary: 'Withdraw an invitation that has not been accepted (its link stops working)',
      },
      async (request) => {
        const user = parentOnly(request);
        await withdrawInvitation(ctx, user.id, request.params.invitationId);
        return familyNow(user.id);
      },
    );
    serve(
      app,
      familyApi.previewInvitation,
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' }, errors: [403, 410] },
        tags,
        summary: 'Who sent an invitation and for which children, before accepting it',
        description: '410 for a used, withdrawn or expired link; 403 when it was sent to another address.',
      },
      async (request) => previewInvitation(ctx, currentUser(request), request.body.token),
    );
    serve(
      app,
      familyApi.acceptInvitation,
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' }, errors: [403, 409, 410] },
        tags,
        summary: 'Accept an invitation: both accounts share the family’s children, contacts and payments',
        description:
          '410 for a used, withdrawn or expired link; 403 for another address or a staff account; 409 when you already share another family.',
      },
      async (request) => {
        const user = currentUser(request);
        await acceptInvitation(ctx, user, request.body.token);
        return familyNow(user.id);
      },
    );
    serve(
      app,
      familyApi.leaveFamily,
      {
        config: { errors: [403, 404] },
        tags,
        summary: 'Leave the shared family (the children’s details stay with the other parents)',
        description: '404 when you share no family.',
      },
      async (request) => {
        const user = parentOnly(request);
        await removeFromFamily(ctx, user.id, user.id, false);
        return familyNow(user.id);
      },
    );
  };
