/**
 * Pickup passes and the door over HTTP (issue 11):
 * - the family (`/api/Student/Trustees/{trusteeId}/Pass…`, `/api/Student/Attendance`): issue, re-issue and
 *   revoke an adult's pass, its printable card and photo, their own contact for a pass, their history;
 * - the holder (`POST /api/passes/card`, public, rate-limited): their pass from the code in their email;
 * - the door tablet (`/api/kiosk/…`, `auth: 'kiosk'`): scan, check in, check out;
 * - staff (`/api/staff/kiosks…`, `/api/staff/attendance…`): tablets, check-in/out by hand, today's board,
 *   history and its CSV.
 * The family's routes are family-pass-routes.ts and the staff's staff-door-routes.ts, registered here inside
 * this plugin, so they share its multipart parser (the photo upload) as before. Each route registers from its
 * `passesApi` row (contract/src/api/passes.ts; http/serve.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import { passesApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { currentKiosk } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { doorAction, scanPass } from './door.ts';
import { familyPassRoutes } from './family-pass-routes.ts';
import { holderPassCard } from './pass-cards.ts';
import { PHOTO_MAX_BYTES } from './photos.ts';
import { staffDoorRoutes } from './staff-door-routes.ts';

const doorTags = ['Pickup passes'];

export const passRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    // The door: at most 60 calls a minute per tablet (PIN guessing is also capped per pass, door.ts).
    const doorRate = {
      max: 60,
      timeWindow: '1 minute',
      keyGenerator: (request: { headers: { authorization?: string }; ip: string }) =>
        request.headers.authorization ?? request.ip,
    };

    await app.register(familyPassRoutes(ctx));

    // ----------------------------------------------------------------------------------------- holder

    serve(
      app,
      passesApi.holderCard,
      {
        config: {
          auth: 'public',
          rateLimit: { max: ctx.config.formRateLimit * 3, timeWindow: '10 minutes' },
          errors: [404],
        },
        tags: doorTags,
        summary: 'The holder’s pass, opened with its code (the link in their email)',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return holderPassCard(ctx, request.body.code, requestLanguage(request.headers));
      },
    );

    // ------------------------------------------------------------------------------------------- door

    serve(
      app,
      passesApi.kioskMe,
      { config: { auth: 'kiosk' }, tags: doorTags, summary: 'This tablet (401 once revoked)' },
      async (request) => currentKiosk(request),
    );

    serve(
      app,
      passesApi.kioskScan,
      {
        config: { auth: 'kiosk', rateLimit: doorRate, errors: [403, 404] },
        tags: doorTags,
        summary: 'Who is at the door and the children they may bring or take today',
        description: '404 for an unknown code; 403 with the reason for a revoked, expired or paused pass.',
      },
      async (request) => scanPass(ctx, currentKiosk(request), request.body.code),
    );

    serve(
      app,
      passesApi.kioskCheckIn,
      {
        config: { auth: 'kiosk', rateLimit: doorRate, errors: [403, 404] },
        tags: doorTags,
        summary: 'Drop-off: check the chosen children in',
      },
      async (request) => doorAction(ctx, currentKiosk(request), request.body, 'CheckIn'),
    );

    serve(
      app,
      passesApi.kioskCheckOut,
      {
        config: { auth: 'kiosk', rateLimit: doorRate, errors: [403, 404] },
        tags: doorTags,
        summary: 'Pickup: check the chosen children out (PIN or photo confirmation)',
        description:
          '403 for a wrong PIN (with the tries left), 429 while wrong PINs have paused pickups with the pass.',
      },
      async (request) => doorAction(ctx, currentKiosk(request), request.body, 'CheckOut'),
    );

    await app.register(staffDoorRoutes(ctx));
  };
