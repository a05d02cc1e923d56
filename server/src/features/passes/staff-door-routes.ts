/**
 * The staff's side of the door over HTTP (issue 11): the door tablets (`/api/staff/kiosks…`), a check-in or
 * check-out recorded by hand, today's board, the attendance history and its CSV (`/api/staff/attendance…`).
 */
import {
  AttendanceListSchema,
  AttendanceQuerySchema,
  BoardSchema,
  DoorResultSchema,
  KioskCreateSchema,
  KioskEnrolledSchema,
  KioskSchema,
  StaffAttendanceInputSchema,
} from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { CSV_LIMIT, historyCsv, staffHistory, todaysBoard } from './attendance-reports.ts';
import { recordByStaff } from './door-staff.ts';
import { enrollKiosk, listKiosks, revokeKiosk } from './kiosks.ts';

const _doorTags = ['Pickup passes'];

export const staffDoorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
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
        config: { auth: 'staff', errors: [404, 409] },
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
