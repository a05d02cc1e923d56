/**
 * The staff's side of the door over HTTP (issue 11): the door tablets (`/api/staff/kiosks…`), a check-in or
 * check-out recorded by hand, today's board, the attendance history and its CSV (`/api/staff/attendance…`).
 * Each route registers from its `passesApi` row (contract/src/api/passes.ts; http/serve.ts).
 */
import { passesApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { CSV_LIMIT, historyCsv, staffHistory, todaysBoard } from './attendance-reports.ts';
import { recordByStaff } from './door-staff.ts';
import { enrollKiosk, listKiosks, revokeKiosk } from './kiosks.ts';

const _doorTags = ['Pickup passes'];

/**
 * The CSV's success reply as the document has shown it since before the API table: `text/csv`, a string
 * (the document does not change).
 */
const csvText = { description: 'Default Response', content: { 'text/csv': { schema: z.string() } } };

export const staffDoorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      passesApi.kiosks,
      { config: { auth: 'staff' }, tags: ['Staff'], summary: 'Door tablets' },
      async () => listKiosks(ctx),
    );

    serve(
      app,
      passesApi.enrollKiosk,
      {
        config: { auth: 'staff' },
        tags: ['Staff'],
        summary: 'Set this tablet up as a door kiosk (the token is shown once)',
        description:
          'With `currentToken`, the kiosk token the browser already keeps: when it is a working tablet’s, that tablet is answered (renamed to `name`) instead of a new one being made.',
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await enrollKiosk(ctx, currentUser(request), request.body.name, request.body.currentToken)),
    );

    serve(
      app,
      passesApi.revokeKiosk,
      {
        config: { auth: 'staff' },
        tags: ['Staff'],
        summary: 'Stop a tablet working as a kiosk (leaving kiosk mode, or a lost tablet)',
      },
      async (request) => revokeKiosk(ctx, currentUser(request), request.params.kioskId),
    );

    serve(
      app,
      passesApi.recordAttendance,
      {
        config: { auth: 'staff', errors: [404, 409] },
        tags: ['Staff'],
        summary: 'Check a child in or out by hand, naming the adult',
      },
      async (request, reply) =>
        reply.status(201).send(await recordByStaff(ctx, currentUser(request), request.body)),
    );

    serve(
      app,
      passesApi.board,
      {
        config: { auth: 'staff' },
        tags: ['Staff'],
        summary: 'Today’s board: who is in, who has left and with whom, who has not arrived',
      },
      async (request) => todaysBoard(ctx, currentUser(request)),
    );

    serve(
      app,
      passesApi.staffAttendance,
      {
        config: { auth: 'staff' },
        tags: ['Staff'],
        summary: 'Attendance history (sessions the caller sees), newest first',
      },
      async (request) => staffHistory(ctx, currentUser(request), request.query),
    );

    serve(
      app,
      passesApi.attendanceCsv,
      {
        config: { auth: 'staff' },
        tags: ['Staff'],
        summary: 'Attendance history as CSV (the same filters and columns as the screen)',
        otherReplies: { 200: csvText },
      },
      async (request, reply) => {
        const { records } = await staffHistory(ctx, currentUser(request), request.query, CSV_LIMIT);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="attendance-${ctx.clock.today()}.csv"`)
          .send(historyCsv(records, ctx.clock.timeZone));
      },
    );
  };
