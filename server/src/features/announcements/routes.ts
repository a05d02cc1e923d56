/**
 * `/api/Announcement…` (spec §7 Announcement). Reading needs a session and shows a family only what is
 * theirs (announcements.ts); posting is Staff/Admin.
 */
import { messagesApi, parseClassSessionId } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { hasEnrolledChild } from '../enrollment/records.ts';
import { announcementPushes } from './announcement-delivery.ts';
import { listAnnouncements, postAnnouncement } from './announcements.ts';
import { writableSessions } from './staff-announcements.ts';

const tags = ['Announcement'];

export const announcementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      messagesApi.announcements,
      {
        tags,
        summary: 'Announcements for the signed-in family',
        description:
          'Active web messages inside their date range, center-wide or for a session one of the family’s children is enrolled in; most important and newest first. Staff see every announcement. `fromDate` keeps those starting on or after it.',
      },
      async (request) =>
        listAnnouncements(ctx.db, currentUser(request), ctx.clock.now(), {
          fromDate: request.query.fromDate,
        }),
    );

    serve(
      app,
      messagesApi.sessionAnnouncements,
      {
        tags,
        summary: 'Announcements of one session',
        description: 'For families with a child enrolled in the session, and staff; anyone else gets 404.',
      },
      async (request) => {
        const user = currentUser(request);
        const id = parseClassSessionId(request.params.classSessionId);
        if (id === null) throw notFound('session');
        if (user.role === 'Parent' && !(await hasEnrolledChild(ctx.db, user.id, id)))
          throw notFound('session');
        return listAnnouncements(ctx.db, user, ctx.clock.now(), {
          classSessionId: id,
          fromDate: request.query.fromDate,
        });
      },
    );

    serve(
      app,
      messagesApi.announcement,
      {
        tags,
        summary: 'One announcement',
        description: '404 unless the caller may see it (as in the list).',
      },
      async (request) => {
        const id = parseClassSessionId(request.params.announcementId);
        const [found] =
          id === null ? [] : await listAnnouncements(ctx.db, currentUser(request), ctx.clock.now(), { id });
        if (!found) throw notFound('announcement');
        return found;
      },
    );

    serve(
      app,
      messagesApi.postAnnouncement,
      {
        config: { auth: 'staff', errors: [404, 409] },
        tags,
        summary: 'Post an announcement to sessions (staff)',
        description:
          'One announcement per id in `classSessionIds` (an empty list: center-wide, the director only; a teacher may post to the sessions they teach, any other answers 404). With `sendEmail`, the email is queued to the parents of enrolled children and their emergency contacts who chose email; with `sendSMS`, texts go to contacts who chose texts (Twilio, or DATA_DIR/sms.log). Answers a sentence saying what was done.',
      },
      async (request, reply) => {
        const { classSessionIds, announcement } = request.body;
        // A teacher writes to the sessions they teach (404 for another); center-wide is the director's (403).
        await writableSessions(ctx.db, currentUser(request), classSessionIds);
        const result = await postAnnouncement(ctx.db, classSessionIds, announcement, ctx.clock.now());
        if (result.emails > 0) ctx.work.runNow().catch(() => {});
        if (result.texts.length > 0)
          ctx.work.defer('announcement texts', async () => {
            for (const message of result.texts) {
              await ctx.sms
                .send(message)
                .catch((error: unknown) =>
                  request.log.warn(
                    `text to ${message.to} failed: ${error instanceof Error ? error.message : String(error)}`,
                  ),
                );
            }
          });
        // Pushes of the title to the parents' devices (decision 034), read and sent after the commit.
        const targets = classSessionIds.length > 0 ? [...new Set(classSessionIds)] : [null];
        ctx.work.defer('announcement pushes', async () =>
          ctx.push.deliver(
            await announcementPushes(
              ctx.db,
              result.created.map((id, i) => ({
                id,
                title: announcement.title,
                classSessionId: targets[i] ?? null,
              })),
              ctx.clock.now(),
            ),
          ),
        );
        reply.code(201).type('text/plain; charset=utf-8');
        const posted =
          result.created.length === 1
            ? 'Posted 1 announcement'
            : `Posted ${result.created.length} announcements`;
        return `${posted}; ${result.emails} ${result.emails === 1 ? 'email' : 'emails'} and ${result.texts.length} text ${result.texts.length === 1 ? 'message' : 'messages'} on their way.`;
      },
    );
  };
