/**
 * The medication log API (issue 26; decision 040), registered from `medicationApi` rows
 * (contract/src/api/medication.ts): the staff's `/api/staff/…medication…` (`auth: 'staff'`; a session outside
 * a teacher's answers 404) and a family's `/api/Student/{id}/Medication` (`auth: 'user'`; another family's child
 * answers 404). Route handlers parse and answer; the rule and the writes are in authorization.ts and
 * medication-writes.ts.
 */
import { medicationApi, parseClassSessionId } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { sendMedicationPushes } from './medication-notify.ts';
import {
  familyMedication,
  medicationNotFound,
  sessionMedication,
  staffDoseView,
} from './medication-reads.ts';
import { correctDose, giveDose, voidDose } from './medication-writes.ts';

const staffTags = ['Staff medication'];
const familyTags = ['Medication'];

export const medicationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const now = () => ctx.clock.now();
    const tz = ctx.clock.timeZone;

    serve(
      app,
      medicationApi.sessionLog,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'A session’s medication log and its children’s authorizations',
        description:
          'The director, or a teacher assigned to the session (404 otherwise). Each Enrolled child with the signed medication authorization a dose would be given under (the answers the parent filled in) or the sentence saying why none can be, and the medicines on their health record; the log from `from` to `to` (the center’s days; default today), newest first, every entry kept.',
      },
      async (request) => {
        const id = parseClassSessionId(request.params.classSessionId);
        if (id === null) throw medicationNotFound();
        return sessionMedication(ctx.db, currentUser(request), id, request.query, now(), tz);
      },
    );

    serve(
      app,
      medicationApi.give,
      {
        config: { auth: 'staff', errors: [404] },
        tags: staffTags,
        summary: 'Log a dose of medicine given',
        description:
          'A teacher of the session or the director (404 otherwise). The child must be Enrolled in the session and have a signed, current-version medication authorization from a parent (400 by `studentId` otherwise, with the sentence to show); the time is the center’s wall clock and cannot be in the future. The same `clientKey` again answers the first dose and logs nothing new. The child’s parents are mailed and pushed at once, in their language.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const written = await giveDose(ctx, user, request.body, now());
        sendMedicationPushes(ctx, written.pushes);
        reply.code(201);
        return staffDoseView(written.row, user, tz);
      },
    );

    serve(
      app,
      medicationApi.correct,
      {
        config: { auth: 'staff', errors: [403, 404, 409] },
        tags: staffTags,
        summary: 'Correct a dose',
        description:
          'The staff member who gave it, or the director (403 for another teacher; 404 outside the caller’s sessions). The original is kept, marked superseded; the corrected entry is answered. 409 when it was already corrected or voided. The parents are told. Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const written = await correctDose(ctx, user, request.params.doseId, request.body, now());
        sendMedicationPushes(ctx, written.pushes);
        return staffDoseView(written.row, user, tz);
      },
    );

    serve(
      app,
      medicationApi.void,
      {
        config: { auth: 'staff', errors: [403, 404, 409] },
        tags: staffTags,
        summary: 'Void a dose logged by mistake',
        description:
          'As a correction, for an entry of a dose that was not given: kept with the reason, shown as voided. The parents are told. Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const written = await voidDose(ctx, user, request.params.doseId, request.body, now());
        sendMedicationPushes(ctx, written.pushes);
        return staffDoseView(written.row, user, tz);
      },
    );

    serve(
      app,
      medicationApi.familyLog,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'The child’s medication log',
        description:
          'Every dose the center gave the child, newest first, with who gave it and whose signed authorization it was given under; a corrected entry is shown as corrected, a voided one with the reason. 404 for a child not in the family.',
      },
      async (request) => familyMedication(ctx.db, currentUser(request).id, request.params.studentId),
    );
  };
