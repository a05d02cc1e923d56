/**
 * Pickup passes and the door over HTTP (issue 11):
 * - the family (`/api/Student/Trustees/{trusteeId}/Pass…`, `/api/Student/Attendance`): issue, re-issue and
 *   revoke an adult's pass, its printable card and photo, their own contact for a pass, their history;
 * - the holder (`POST /api/passes/card`, public, rate-limited): their pass from the code in their email;
 * - the door tablet (`/api/kiosk/…`, `auth: 'kiosk'`): scan, check in, check out;
 * - staff (`/api/staff/kiosks…`, `/api/staff/attendance…`): tablets, check-in/out by hand, today's board,
 *   history and its CSV.
 */
import fastifyMultipart from '@fastify/multipart';
import {
  AttendanceListSchema,
  AttendanceQuerySchema,
  BoardSchema,
  DoorResultSchema,
  DoorResultsSchema,
  DoorScanSchema,
  KioskCheckInSchema,
  KioskCheckOutSchema,
  KioskCreateSchema,
  KioskEnrolledSchema,
  KioskScanInputSchema,
  KioskSchema,
  PassCardSchema,
  PassCodeSchema,
  PassIssueSchema,
  PassStateSchema,
  PickupPassSchema,
  StaffAttendanceInputSchema,
  TrusteeIdParamsSchema,
} from '@lc/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { digitalPassports, trusteePassports, userTrustees } from '../../db/schema.ts';
import { currentKiosk, currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { assertRoom } from '../family/limits.ts';
import { lockFamilyMembers } from '../family/members.ts';
import { readUpload } from '../resources/routes.ts';
import { CSV_LIMIT, familyHistory, historyCsv, staffHistory, todaysBoard } from './attendance-reports.ts';
import { doorAction, scanPass } from './door.ts';
import { recordByStaff } from './door-staff.ts';
import { enrollKiosk, listKiosks, revokeKiosk } from './kiosks.ts';
import {
  ensureSelfContact,
  familyPassCard,
  getPassState,
  holderPassCard,
  issuePass,
  passesChanged,
  revokePass,
} from './passes.ts';
import { PHOTO_MAX_BYTES, PHOTOS } from './photos.ts';

const familyTags = ['Student'];
const doorTags = ['Pickup passes'];

/** Photos of pickup adults: JPEG or PNG (PNG shows on an Apple Wallet pass), at most 5 MB. */
const PHOTO_KINDS = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
]);
const PHOTO_MESSAGE = 'Choose a JPEG or PNG photo of at most 5 MB';

export const passRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    const storage = createStorage(ctx.config);
    // The door: at most 60 calls a minute per tablet (PIN guessing is also capped per pass, door.ts).
    const doorRate = {
      max: 60,
      timeWindow: '1 minute',
      keyGenerator: (request: { headers: { authorization?: string }; ip: string }) =>
        request.headers.authorization ?? request.ip,
    };

    // ----------------------------------------------------------------------------------------- family

    app.get(
      '/api/Student/Trustees/:trusteeId/Pass',
      {
        schema: {
          tags: familyTags,
          summary: 'The pickup pass of one of the family’s adults',
          params: TrusteeIdParamsSchema,
          response: { 200: PassStateSchema },
        },
      },
      async (request) => getPassState(ctx, currentUser(request).id, request.params.trusteeId),
    );

    app.post(
      '/api/Student/Trustees/:trusteeId/Pass',
      {
        schema: {
          tags: familyTags,
          summary: 'Issue (or re-issue) a pickup pass with a PIN',
          description:
            'The adult must be active and allowed to pick up (400 otherwise). Re-issuing revokes the old pass at once. The adult is emailed a link to the pass; 429 (nothing changed) after 5 mails to one address in an hour from the family, or 20 in all (decision 017).',
          params: TrusteeIdParamsSchema,
          body: PassIssueSchema,
          response: { 201: PickupPassSchema },
        },
      },
      async (request, reply) => {
        const pass = await issuePass(ctx, currentUser(request), request.params.trusteeId, request.body.pin);
        return reply.status(201).send(pass);
      },
    );

    app.delete(
      '/api/Student/Trustees/:trusteeId/Pass',
      {
        schema: {
          tags: familyTags,
          summary: 'Revoke the adult’s pickup pass (it stops working at the door at once)',
          params: TrusteeIdParamsSchema,
          response: { 200: PickupPassSchema },
        },
      },
      async (request) => revokePass(ctx, currentUser(request).id, request.params.trusteeId),
    );

    app.get(
      '/api/Student/Trustees/:trusteeId/Pass/Card',
      {
        schema: {
          tags: familyTags,
          summary: 'The printable pass: QR code, code to type, wallet links',
          params: TrusteeIdParamsSchema,
          response: { 200: PassCardSchema },
        },
      },
      async (request) => familyPassCard(ctx, currentUser(request).id, request.params.trusteeId),
    );

    /** The family's current pass row for `trusteeId` (404 when not theirs or none). */
    const ownedCurrentPass = async (userId: string, trusteeId: string, db: DbOrTx = ctx.db) => {
      if (!isUuid(trusteeId)) throw notFound('That pass');
      const [row] = await db
        .select({ pass: digitalPassports })
        .from(digitalPassports)
        .innerJoin(trusteePassports, eq(trusteePassports.passportId, digitalPassports.id))
        .innerJoin(userTrustees, eq(userTrustees.trusteeId, trusteePassports.trusteeId))
        .where(
          and(
            eq(userTrustees.userId, userId),
            eq(trusteePassports.trusteeId, trusteeId),
            isNull(digitalPassports.revokedAt),
          ),
        );
      if (!row) throw notFound('That pass');
      return row.pass;
    };

    app.put(
      '/api/Student/Trustees/:trusteeId/Pass/Photo',
      {
        schema: {
          tags: familyTags,
          summary: 'Add or replace the adult’s photo (multipart `file`: JPEG or PNG, ≤ 5 MB)',
          description:
            'Shown at the door, where staff may confirm it instead of the PIN, and on the wallet pass. The photo it replaces is deleted. 413 (field `file`) when the family’s photos would pass its 25 MB quota.',
          params: TrusteeIdParamsSchema,
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { trusteeId } = request.params;
        await ownedCurrentPass(user.id, trusteeId);
        const upload = await readUpload(request, PHOTO_MAX_BYTES, PHOTO_KINDS, PHOTO_MESSAGE);
        const key = `${PHOTOS}/${crypto.randomUUID()}.${upload.ext}`;
        // The file first, then the row; the replaced file goes only after the row's change committed. A
        // refusal deletes the new file; a crash in between leaves an orphan for the sweep (photos.ts).
        await storage.put(key, upload.bytes, upload.mime);
        const now = ctx.clock.now();
        const pass = await ctx.db
          .transaction(async (tx) => {
            // The family's lock (the quota), then the adult's (issuing and revoking take it too).
            await lockFamilyMembers(tx, user.id);
            await tx.execute(sql`select id from trustees where id = ${trusteeId} for update`);
            const pass = await ownedCurrentPass(user.id, trusteeId, tx);
            await assertRoom(tx, 'photoBytes', user.id, upload.bytes.length, { except: pass.id, now });
            await tx
              .update(digitalPassports)
              .set({ imageUrl: key, imageBytes: upload.bytes.length, updatedAt: now })
              .where(eq(digitalPassports.id, pass.id));
            await recordAudit(
              tx,
              {
                actorUserId: user.id,
                action: 'pass.photo',
                entityType: 'Trustee',
                entityId: request.params.trusteeId,
                before: { photo: Boolean(pass.imageUrl) },
                after: { photo: true },
              },
              now,
            );
            return pass;
          })
          .catch(async (error: unknown) => {
            await ctx.passPhotos.discard([key]);
            throw error;
          });
        if (pass.imageUrl) await ctx.passPhotos.discard([pass.imageUrl]);
        passesChanged(ctx, [pass.id]);
        return getPassState(ctx, user.id, trusteeId);
      },
    );

    app.get(
      '/api/Student/Trustees/:trusteeId/Pass/Photo',
      {
        schema: {
          tags: familyTags,
          summary: 'The adult’s photo on their current pass',
          params: TrusteeIdParamsSchema,
        },
      },
      async (request, reply) => {
        const pass = await ownedCurrentPass(currentUser(request).id, request.params.trusteeId);
        const photo = pass.imageUrl ? await ctx.passPhotos.read(pass.imageUrl) : undefined;
        if (!photo) throw notFound('That photo');
        return reply.type(photo.mimeType).send(photo.bytes);
      },
    );

    app.post(
      '/api/Student/Trustees/Self',
      {
        schema: {
          tags: familyTags,
          summary: 'The parent’s own contact (made on first use) so they can carry a pass too',
          response: { 200: z.object({ trusteeId: z.string() }) },
        },
      },
      async (request) => ({ trusteeId: await ensureSelfContact(ctx, currentUser(request).id) }),
    );

    app.get(
      '/api/Student/Attendance',
      {
        schema: {
          tags: familyTags,
          summary: 'Drop-offs and pickups of the family’s children, newest first',
          querystring: AttendanceQuerySchema,
          response: { 200: AttendanceListSchema },
        },
      },
      async (request) => familyHistory(ctx, currentUser(request).id, request.query),
    );

    // ----------------------------------------------------------------------------------------- holder

    app.post(
      '/api/passes/card',
      {
        config: {
          auth: 'public',
          rateLimit: { max: ctx.config.formRateLimit * 3, timeWindow: '10 minutes' },
        },
        schema: {
          tags: doorTags,
          summary: 'The holder’s pass, opened with its code (the link in their email)',
          body: PassCodeSchema,
          response: { 200: PassCardSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return holderPassCard(ctx, request.body.code);
      },
    );

    // ------------------------------------------------------------------------------------------- door

    app.get(
      '/api/kiosk/me',
      {
        config: { auth: 'kiosk' },
        schema: {
          tags: doorTags,
          summary: 'This tablet (401 once revoked)',
          response: { 200: z.object({ id: z.string(), name: z.string() }) },
        },
      },
      async (request) => currentKiosk(request),
    );

    app.post(
      '/api/kiosk/scan',
      {
        config: { auth: 'kiosk', rateLimit: doorRate },
        schema: {
          tags: doorTags,
          summary: 'Who is at the door and the children they may bring or take today',
          description: '404 for an unknown code; 403 with the reason for a revoked, expired or paused pass.',
          body: KioskScanInputSchema,
          response: { 200: DoorScanSchema },
        },
      },
      async (request) => scanPass(ctx, currentKiosk(request), request.body.code),
    );

    app.post(
      '/api/kiosk/check-in',
      {
        config: { auth: 'kiosk', rateLimit: doorRate },
        schema: {
          tags: doorTags,
          summary: 'Drop-off: check the chosen children in',
          body: KioskCheckInSchema,
          response: { 200: DoorResultsSchema },
        },
      },
      async (request) => ({ results: await doorAction(ctx, currentKiosk(request), request.body, 'CheckIn') }),
    );

    app.post(
      '/api/kiosk/check-out',
      {
        config: { auth: 'kiosk', rateLimit: doorRate },
        schema: {
          tags: doorTags,
          summary: 'Pickup: check the chosen children out (PIN or photo confirmation)',
          description:
            '403 for a wrong PIN (with the tries left), 429 while wrong PINs have paused pickups with the pass.',
          body: KioskCheckOutSchema,
          response: { 200: DoorResultsSchema },
        },
      },
      async (request) => ({
        results: await doorAction(ctx, currentKiosk(request), request.body, 'CheckOut'),
      }),
    );

    // ------------------------------------------------------------------------------------------ staff

    app.get(
      '/api/staff/kiosks',
      {
        config: { auth: 'staff' },
        schema: { tags: ['Staff'], summary: 'Door tablets', response: { 200: z.array(KioskSchema) } },
      },
      async () => listKiosks(ctx),
    );

    app.post(
      '/api/staff/kiosks',
      {
        config: { auth: 'staff' },
        schema: {
          tags: ['Staff'],
          summary: 'Set this tablet up as a door kiosk (the token is shown once)',
          description:
            'With `currentToken`, the kiosk token the browser already keeps: when it is a working tablet’s, that tablet is answered (renamed to `name`) instead of a new one being made.',
          body: KioskCreateSchema,
          response: { 201: KioskEnrolledSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await enrollKiosk(ctx, currentUser(request), request.body.name, request.body.currentToken)),
    );

    app.post(
      '/api/staff/kiosks/:kioskId/revoke',
      {
        config: { auth: 'staff' },
        schema: {
          tags: ['Staff'],
          summary: 'Stop a tablet working as a kiosk (leaving kiosk mode, or a lost tablet)',
          params: z.object({ kioskId: z.string() }),
          response: { 200: KioskSchema },
        },
      },
      async (request) => revokeKiosk(ctx, currentUser(request), request.params.kioskId),
    );

    app.post(
      '/api/staff/attendance',
      {
        config: { auth: 'staff' },
        schema: {
          tags: ['Staff'],
          summary: 'Check a child in or out by hand, naming the adult',
          body: StaffAttendanceInputSchema,
          response: { 201: DoorResultSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await recordByStaff(ctx, currentUser(request), request.body)),
    );

    app.get(
      '/api/staff/attendance/today',
      {
        config: { auth: 'staff' },
        schema: {
          tags: ['Staff'],
          summary: 'Today’s board: who is in, who has left and with whom, who has not arrived',
          response: { 200: BoardSchema },
        },
      },
      async (request) => todaysBoard(ctx, currentUser(request)),
    );

    app.get(
      '/api/staff/attendance',
      {
        config: { auth: 'staff' },
        schema: {
          tags: ['Staff'],
          summary: 'Attendance history (sessions the caller sees), newest first',
          querystring: AttendanceQuerySchema,
          response: { 200: AttendanceListSchema },
        },
      },
      async (request) => staffHistory(ctx, currentUser(request), request.query),
    );

    app.get(
      '/api/staff/attendance.csv',
      {
        config: { auth: 'staff' },
        schema: {
          tags: ['Staff'],
          summary: 'Attendance history as CSV (the same filters and columns as the screen)',
          querystring: AttendanceQuerySchema,
        },
      },
      async (request, reply) => {
        const { records } = await staffHistory(ctx, currentUser(request), request.query, CSV_LIMIT);
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="attendance-${ctx.clock.today()}.csv"`);
        return historyCsv(records, ctx.clock.timeZone);
      },
    );
  };
