/**
 * `/api/staff/announcements…` (issue 10, "Announcements"): list, reach preview, compose (now or scheduled),
 * read, edit and cancel. Every route is `auth: 'staff'` (401 anonymous, 403 a parent); the rules on scope,
 * sending and editing live in staff-announcements.ts.
 */
import { messagesApi, parseClassSessionId } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { sendTexts } from './announcement-sweep.ts';
import { familyMessageReach, messageFamilies } from './family-message.ts';
import { listStaffAnnouncements, readStaffAnnouncement } from './staff-announcement-list.ts';
import {
  announcementReach,
  cancelStaffAnnouncement,
  createStaffAnnouncements,
  updateStaffAnnouncement,
  type WriteOutcome,
} from './staff-announcements.ts';

const tags = ['Staff announcements'];

function announcementId(raw: string): number {
  const id = parseClassSessionId(raw);
  if (id === null) throw notFound('announcement');
  return id;
}

export const staffAnnouncementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db: ctx.db, timeZone: ctx.config.timeZone, now: () => ctx.clock.now() };

    /** After the commit: mail goes out in a round now, texts and pushes after the reply (as `POST /api/Announcement`). */
    const afterWrite = (outcome: WriteOutcome) => {
      if (outcome.emails > 0) ctx.work.runNow().catch(() => {});
      if (outcome.texts.length > 0)
        ctx.work.defer('announcement texts', () =>
          sendTexts({ database: ctx.database, sms: ctx.sms, log: (m) => app.log.warn(m) }, outcome.texts),
        );
      if (outcome.pushes.length > 0)
        ctx.work.defer('announcement pushes', () => ctx.push.deliver(outcome.pushes));
      return { items: outcome.items, message: outcome.message };
    };

    serve(
      app,
      messagesApi.staffAnnouncements,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Announcements on the staff side (paginated)',
        description:
          'Scheduled first (soonest first), then sent and cancelled, newest first. A teacher sees those of the sessions they teach; the director all, center-wide ones included. Filter by `status` and `session`.',
      },
      async (request) => {
        const query = request.query;
        const { items, total } = await listStaffAnnouncements(ctx.db, currentUser(request), query);
        return { items, total, page: query.page, pageSize: query.pageSize };
      },
    );

    serve(
      app,
      messagesApi.staffAnnouncementReach,
      {
        config: { auth: 'staff', errors: [404] },
        tags,
        summary: 'How many families and contacts each channel reaches',
        description:
          '`sessions`: comma-separated session ids (none: the whole center, director only). Families are parent accounts with a child enrolled; contacts are emergency contacts who chose email or texts (not counted twice when they share a parent’s address or number). 404 for a session the caller does not teach.',
      },
      async (request) => announcementReach(deps, currentUser(request), request.query.sessions),
    );

    serve(
      app,
      messagesApi.createStaffAnnouncement,
      {
        config: { auth: 'staff', errors: [404] },
        tags,
        summary: 'Compose an announcement (now or scheduled)',
        description:
          'One announcement per session in `classSessionIds` (none: center-wide, director only). Without `sendAt` the email is queued and texts sent at once; with a future `sendAt` (the center’s clock, "2026-12-01T09:00", or an ISO instant) the background sweep sends it then. The web message is sanitised. Audited.',
      },
      async (request, reply) => {
        const outcome = await createStaffAnnouncements(deps, currentUser(request), request.body);
        reply.code(201);
        return afterWrite(outcome);
      },
    );

    serve(
      app,
      messagesApi.staffFamilyMessageReach,
      {
        config: { auth: 'staff', errors: [404] },
        tags,
        summary: 'Who a message to chosen families reaches',
        description:
          '`familyIds` (parent accounts, from the families search) and `childIds` (children, from a roster): the same counts as an announcement’s reach — families, and by channel the families and emergency contacts who chose it. Nothing is sent. A teacher may name only the families and children of their sessions; any other id answers 404.',
      },
      async (request) => familyMessageReach(deps, currentUser(request), request.body),
    );

    serve(
      app,
      messagesApi.staffFamilyMessage,
      {
        config: { auth: 'staff', errors: [404] },
        tags,
        summary: 'Email and/or text chosen families',
        description:
          'The email (with `subject`) is queued to the parents of the chosen families and to their children’s emergency contacts who chose email; the text goes after the reply to parents with a mobile number and contacts who chose texts, as an announcement’s. A family with no address for a channel is counted, not failed. `idempotencyKey` (made when the dialog opens): the same key again answers the first send with `replayed` and sends nothing. A teacher may name only the families and children of their sessions; any other id answers 404 and nothing is sent. Audited (`family.message`).',
      },
      async (request) => {
        const { result, texts } = await messageFamilies(deps, currentUser(request), request.body);
        if (result.emailCount > 0 && !result.replayed) ctx.work.runNow().catch(() => {});
        if (texts.length > 0)
          ctx.work.defer('family message texts', () =>
            sendTexts({ database: ctx.database, sms: ctx.sms, log: (m) => app.log.warn(m) }, texts),
          );
        return result;
      },
    );

    serve(
      app,
      messagesApi.staffAnnouncement,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'One announcement with its delivery state',
        description: '404 outside the caller’s sessions (and for center-wide ones, to a teacher).',
      },
      async (request) =>
        readStaffAnnouncement(ctx.db, currentUser(request), announcementId(request.params.announcementId)),
    );

    serve(
      app,
      messagesApi.updateStaffAnnouncement,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Edit an announcement',
        description:
          'Before it is sent: everything (no `sendAt`: send it now). After: the web copy only — a different `emailMessage`, `smsMessage` or `sendAt` answers 400 by those fields. 409 once cancelled. Audited.',
      },
      async (request) =>
        afterWrite(
          await updateStaffAnnouncement(
            deps,
            currentUser(request),
            announcementId(request.params.announcementId),
            request.body,
          ),
        ),
    );

    serve(
      app,
      messagesApi.cancelStaffAnnouncement,
      {
        config: { auth: 'staff', errors: [409] },
        tags,
        summary: 'Cancel an announcement',
        description:
          'Before sending: it never goes out. After: families no longer see it on the web (`isActive` false). 409 when already cancelled. Audited.',
      },
      async (request) =>
        afterWrite(
          await cancelStaffAnnouncement(
            deps,
            currentUser(request),
            announcementId(request.params.announcementId),
          ),
        ),
    );
  };
