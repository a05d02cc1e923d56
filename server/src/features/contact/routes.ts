/**
 * `POST /api/Contact` and `POST /api/Contact/Waitlist` (spec §7): validate, store, mail the center, 204.
 * Invalid input answers 400 with a message per field and stores nothing. Rate-limited per client IP,
 * because an open form that sends mail is a spam target.
 */
import { messagesApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { serve } from '../../http/serve.ts';
import { openTourSlots } from '../workspace/tour-slots.ts';
import { submitContact, submitTutoringWaitlist } from './submit-contact.ts';

const tags = ['Contact'];

export const contactRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: ctx.config.formRateLimit, timeWindow: '10 minutes' };

    serve(
      app,
      messagesApi.contact,
      {
        config: { auth: 'public', rateLimit, errors: [409] },
        tags,
        summary: 'Send the contact form (or a schedule-a-tour request with `tour: true`)',
        description:
          'A tour request may carry `tourSlotId`, a time from `GET /api/Contact/TourSlots`: booked with the request in one transaction, and the family is mailed the time. 409 by `tourSlotId` when that time was just taken, has passed or falls on a closed day (choose another). Rate-limited per client address.',
        replyDescription: 'Stored and mailed to the center',
      },
      async (request, reply) => {
        await submitContact(
          {
            db: ctx.db,
            centerEmail: ctx.config.centerEmail,
            clock: ctx.clock,
            centerAddress: ctx.config.center.address,
          },
          request.body,
        );
        void ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      messagesApi.tourSlotsOpen,
      {
        config: { auth: 'public' },
        tags,
        summary: 'The tour times a family may choose',
        description:
          'Decision 028: the published tour times starting after now, within 60 days, with a place left and not on a day the whole center is closed, soonest first, with the center’s time zone. Says nothing about who booked.',
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return openTourSlots(ctx.db, ctx.clock);
      },
    );

    serve(
      app,
      messagesApi.contactWaitlist,
      {
        config: { auth: 'public', rateLimit },
        tags,
        summary: 'Join the tutoring waitlist (grades K–6)',
        replyDescription: 'Stored and mailed to the center',
      },
      async (request, reply) => {
        await submitTutoringWaitlist({ db: ctx.db, centerEmail: ctx.config.centerEmail }, request.body);
        void ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );
  };
