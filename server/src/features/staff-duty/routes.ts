/**
 * Staff on duty over HTTP (issue 26, decision 038): the door tablet's staff clock (`auth: 'kiosk'`), a staff
 * member's PIN, phone clock and punches, the rooms' ratios and their history, the director's corrections,
 * timesheets and CSV, and certifications. Each route registers from its `dutyApi` row (contract/src/api/duty.ts;
 * http/serve.ts); director-only routes check the role first (team/access.ts `requireAdmin`).
 */
import fastifyMultipart from '@fastify/multipart';
import { CERTIFICATION_DOCUMENT_MAX_BYTES, dutyApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { currentKiosk, currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { HEALTH_FILE_KINDS } from '../child-health/writes.ts';
import { parseDaySchedule } from '../passes/day-schedule.ts';
import { dayBounds } from '../passes/door-today.ts';
import { readUpload } from '../resources/routes.ts';
import { sendSignedFile } from '../resources/signed-file.ts';
import { requireAdmin } from '../team/access.ts';
import { certificationDocumentLinks } from './certification-links.ts';
import {
  addCertification,
  attachCertificationDocument,
  certificationDocumentFile,
  certificationsOf,
  expiringNext,
  removeCertification,
} from './certifications.ts';
import { hasPin, personByPin, setPin, staffWithPins } from './pins.ts';
import {
  addPunch,
  clock,
  dutyMe,
  dutySessionsToday,
  fixPunch,
  phoneAllowed,
  setPhoneAllowed,
} from './punches.ts';
import { ratiosToday, sessionRatioHistory, visibleSessionName } from './ratio.ts';
import { timesheet, timesheetCsv } from './timesheets.ts';

const tags = ['Staff'];
/** A certificate's scan may be one of these, read from its bytes (as a health document). */
const CERTIFICATE_KINDS = new Map(HEALTH_FILE_KINDS);
const csvText = { description: 'Default Response', content: { 'text/csv': { schema: z.string() } } };
const meets = (daySchedule: string, day: string) =>
  parseDaySchedule(daySchedule).days.has(new Date(`${day}T00:00:00Z`).getUTCDay());

export const dutyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: CERTIFICATION_DOCUMENT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    const storage = createStorage(ctx.config);
    // A tablet tries PINs at most this often (each try also counts per tablet and person, pins.ts).
    const tabletRate = {
      max: 30,
      timeWindow: '1 minute',
      keyGenerator: (request: { headers: { authorization?: string }; ip: string }) =>
        request.headers.authorization ?? request.ip,
    };

    // ------------------------------------------------------------------------------------ door tablet

    serve(
      app,
      dutyApi.kioskStaff,
      { config: { auth: 'kiosk' }, tags, summary: 'Staff who can clock in at this tablet' },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { people: await staffWithPins(ctx.db) };
      },
    );

    const identify = async (kioskId: string, body: { userId?: string | null; pin: string }) =>
      personByPin(ctx.db, kioskId, body.userId, body.pin, ctx.clock.now(), ctx.clock.timeZone);

    serve(
      app,
      dutyApi.kioskIdentify,
      {
        config: { auth: 'kiosk', rateLimit: tabletRate, errors: [403, 404, 429] },
        tags,
        summary: 'Check a staff member’s PIN at the tablet: their open punch and today’s rooms',
        description:
          '403 for a wrong PIN; 429 when too many wrong PINs were tried at this tablet or for this person.',
      },
      async (request) => {
        const person = await identify(currentKiosk(request).id, request.body);
        const today = ctx.clock.today();
        const me = await dutyMe(ctx, { ...person, id: person.userId, emailAddress: '', sessionId: '' }, true);
        return {
          userId: person.userId,
          name: `${person.firstName} ${person.lastName}`,
          open: me.open,
          sessions: await dutySessionsToday(ctx.db, person.userId, today, false),
        };
      },
    );

    serve(
      app,
      dutyApi.kioskClock,
      {
        config: { auth: 'kiosk', rateLimit: tabletRate, errors: [403, 404, 409, 429] },
        tags,
        summary: 'Clock in to or out of a room at the tablet with the PIN',
      },
      async (request) => {
        const kiosk = currentKiosk(request);
        const person = await identify(kiosk.id, request.body);
        return clock(
          ctx,
          { userId: person.userId, role: person.role },
          { ...request.body, source: 'Tablet', kioskId: kiosk.id },
        );
      },
    );

    // ------------------------------------------------------------------------------------ staff member

    serve(
      app,
      dutyApi.me,
      { config: { auth: 'staff' }, tags, summary: 'My PIN, my open punch, today’s punches and rooms' },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = currentUser(request);
        return dutyMe(ctx, user, await hasPin(ctx.db, user.id));
      },
    );

    serve(
      app,
      dutyApi.setPin,
      { config: { auth: 'staff' }, tags, summary: 'Set or change my clock-in PIN' },
      async (request, reply) => {
        await setPin(ctx.db, currentUser(request).id, request.body.pin, ctx.clock.now());
        return reply.status(204).send();
      },
    );

    serve(
      app,
      dutyApi.clock,
      {
        config: { auth: 'staff', errors: [404, 409] },
        tags,
        summary: 'Clock in or out from the phone, where the director allows it',
      },
      async (request) => {
        const user = currentUser(request);
        return clock(
          ctx,
          { userId: user.id, role: user.role as 'Staff' | 'Admin' },
          { ...request.body, source: 'Phone' },
        );
      },
    );

    serve(
      app,
      dutyApi.ratios,
      { config: { auth: 'staff' }, tags, summary: 'Today’s rooms: children present against staff on duty' },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ratiosToday(ctx, currentUser(request), meets);
      },
    );

    serve(
      app,
      dutyApi.ratioHistory,
      {
        config: { auth: 'staff', errors: [404] },
        tags,
        summary: 'A room’s ratio through a day and the minutes over',
      },
      async (request) => {
        const user = currentUser(request);
        const name = await visibleSessionName(ctx.db, user, request.params.classSessionId);
        const day = request.query.day ?? ctx.clock.today();
        const history = await sessionRatioHistory(
          ctx.db,
          request.params.classSessionId,
          day,
          ctx.clock.now(),
          dayBounds(day, ctx.clock.timeZone).end,
        );
        return { ...history, name };
      },
    );

    // ------------------------------------------------------------------------------------ director

    serve(
      app,
      dutyApi.phone,
      {
        config: { auth: 'staff', errors: [403, 404] },
        tags,
        summary: 'Whether clocking in from the phone is allowed for a session (the director)',
      },
      async (request, reply) => {
        requireAdmin(currentUser(request));
        reply.header('cache-control', 'no-store');
        return phoneAllowed(ctx.db, request.params.classSessionId);
      },
    );

    serve(
      app,
      dutyApi.setPhone,
      {
        config: { auth: 'staff', errors: [404] },
        tags,
        summary: 'Allow clocking in from the phone for a session',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await setPhoneAllowed(ctx, user, request.params.classSessionId, request.body.allowed);
        return reply.status(204).send();
      },
    );

    serve(
      app,
      dutyApi.timesheets,
      { config: { auth: 'staff', errors: [404] }, tags, summary: 'A week’s timesheets' },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return timesheet(ctx, currentUser(request), request.query);
      },
    );

    serve(
      app,
      dutyApi.timesheetsCsv,
      {
        config: { auth: 'staff', errors: [404] },
        tags,
        summary: 'A week’s timesheets as CSV for payroll',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        const sheet = await timesheet(ctx, currentUser(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="timesheets-${sheet.from}.csv"`)
          .send(timesheetCsv(sheet));
      },
    );

    serve(
      app,
      dutyApi.addPunch,
      { config: { auth: 'staff', errors: [404, 409] }, tags, summary: 'Add a missed punch (the director)' },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        return reply.status(201).send(await addPunch(ctx, user, request.body));
      },
    );

    serve(
      app,
      dutyApi.fixPunch,
      { config: { auth: 'staff', errors: [404, 409] }, tags, summary: 'Fix a punch’s times (the director)' },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        return fixPunch(ctx, user, request.params.punchId, request.body);
      },
    );

    // ------------------------------------------------------------------------------------ certifications

    serve(
      app,
      dutyApi.certifications,
      { config: { auth: 'staff', errors: [404] }, tags, summary: 'A staff member’s certifications' },
      async (request) => certificationsOf(ctx, currentUser(request), request.params.userId),
    );

    serve(
      app,
      dutyApi.addCertification,
      { config: { auth: 'staff', errors: [404] }, tags, summary: 'Add a certification (the director)' },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        return reply.status(201).send(await addCertification(ctx, user, request.params.userId, request.body));
      },
    );

    serve(
      app,
      dutyApi.removeCertification,
      { config: { auth: 'staff', errors: [404] }, tags, summary: 'Remove a certification (the director)' },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await removeCertification(ctx, user, request.params.certificationId, storage);
        return reply.status(204).send();
      },
    );

    serve(
      app,
      dutyApi.uploadCertificationDocument,
      {
        config: { auth: 'staff', errors: [403, 404] },
        tags,
        summary: 'Attach a certificate’s scan (multipart `file`; ≤ 10 MB; the director)',
        description:
          'PDF, JPEG or PNG, read from the bytes (not the name); replaces an earlier scan. 400 with `fields.file` for another kind or a larger file. Audited.',
        schema: { consumes: ['multipart/form-data'] },
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const upload = await readUpload(
          request,
          CERTIFICATION_DOCUMENT_MAX_BYTES,
          CERTIFICATE_KINDS,
          'health.chooseFile',
        );
        return attachCertificationDocument(ctx, storage, user, request.params.certificationId, upload);
      },
    );

    serve(
      app,
      dutyApi.certificationDocumentFile,
      {
        config: { auth: 'public' },
        tags,
        summary: 'A certificate’s scan, through the signed link a certification list gives',
        description: 'Works for a few hours; `download=1` saves it. A removed or expired link answers 404.',
        replyDescription: 'The scan',
        fileTypes: [...CERTIFICATE_KINDS.keys()],
      },
      async (request, reply) => {
        return sendSignedFile(reply, {
          id: request.params.certificationId,
          query: request.query,
          links: await certificationDocumentLinks(ctx),
          now: ctx.clock.now(),
          storage,
          find: (id) => certificationDocumentFile(ctx.db, id),
          notFound: () => notFound('certification'),
        });
      },
    );

    serve(
      app,
      dutyApi.expiring,
      { config: { auth: 'staff' }, tags, summary: 'Certifications expiring next (the director)' },
      async (request) => {
        requireAdmin(currentUser(request));
        return expiringNext(ctx.db, ctx.clock.today());
      },
    );
  };
