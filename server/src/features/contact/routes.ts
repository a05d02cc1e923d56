/**
 * `POST /api/Contact` and `POST /api/Contact/Waitlist` (spec §7): validate, store, mail the center, 204.
 * Invalid input answers 400 with a message per field and stores nothing. Rate-limited per client IP,
 * because an open form that sends mail is a spam target.
 */
import { messagesApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { serve } from '../../http/serve.ts';
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
        config: { auth: 'public', rateLimit },
        tags,
        summary: 'Send the contact form (or a schedule-a-tour request with `tour: true`)',
        replyDescription: 'Stored and mailed to the center',
      },
      async (request, reply) => {
        await submitContact({ db: ctx.db, centerEmail: ctx.config.centerEmail }, request.body);
        void ctx.work.runNow();
        return reply.status(204).send(null);
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
