/**
 * The incident reports API (issue 26, part 3; decision 037), registered from `incidentsApi` rows
 * (contract/src/api/incidents.ts): the staff's `/api/staff/incidents…` (`auth: 'staff'`; a report outside a
 * teacher's sessions answers 404; the review and follow-ups are the director's, 403 for a teacher) and a
 * family's `/api/Incidents…` (`auth: 'user'`; another family's report answers 404). Route handlers parse and
 * answer; the use cases are in incident-reads.ts and incident-writes.ts.
 */
import { incidentsApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { familyChildIds, familyIncident, staffIncident } from './access.ts';
import { sendIncidentPushes } from './incident-notify.ts';
import {
  familyIncidentList,
  familyIncidentView,
  staffIncidentList,
  staffIncidentView,
} from './incident-reads.ts';
import {
  acknowledgeIncident,
  addFollowUp,
  correctIncident,
  reportIncident,
  reviewIncident,
} from './incident-writes.ts';

const staffTags = ['Staff incidents'];
const familyTags = ['Incidents'];

export const incidentRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const now = () => ctx.clock.now();
    const tz = ctx.clock.timeZone;
    const staffView = async (user: Parameters<typeof staffIncident>[1], id: string) =>
      staffIncidentView(ctx.db, await staffIncident(ctx.db, user, id), user, now(), tz);

    serve(
      app,
      incidentsApi.staffList,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Incident reports, newest first',
        description:
          'The director sees every session’s, a teacher only their sessions’. Filter by waiting for a family’s signature, waiting for the director’s review, a session, and a range of days (the center’s calendar).',
      },
      async (request) => staffIncidentList(ctx.db, currentUser(request), request.query),
    );

    serve(
      app,
      incidentsApi.report,
      {
        config: { auth: 'staff', errors: [404] },
        tags: staffTags,
        summary: 'Report an incident',
        description:
          'A teacher of the session or the director (404 otherwise). Every child must be enrolled in the session; the time is the center’s wall clock and cannot be in the future. Each child’s parents are mailed and pushed at once, in their language, naming only their own child.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const written = await reportIncident(ctx, user, request.body, now());
        sendIncidentPushes(ctx, written.pushes);
        reply.code(201);
        return staffView(user, written.id);
      },
    );

    serve(
      app,
      incidentsApi.staffIncident,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'One incident report with its signatures, review and follow-ups',
      },
      async (request) => staffView(currentUser(request), request.params.incidentId),
    );

    serve(
      app,
      incidentsApi.correct,
      {
        config: { auth: 'staff', errors: [403, 409] },
        tags: staffTags,
        summary: 'Correct a report',
        description:
          'Its reporter only, within 30 minutes and before any family signed it (403 otherwise); 409 once the director reviewed it. Audited with the report before and after.',
      },
      async (request) => {
        const user = currentUser(request);
        const written = await correctIncident(ctx, user, request.params.incidentId, request.body, now());
        sendIncidentPushes(ctx, written.pushes);
        return staffView(user, written.id);
      },
    );

    serve(
      app,
      incidentsApi.review,
      {
        config: { auth: 'staff', errors: [403, 409] },
        tags: staffTags,
        summary: 'Mark a report reviewed',
        description:
          'The director only (403 for a teacher); 409 when it already was. Nobody changes it after.',
      },
      async (request) => {
        const user = currentUser(request);
        await reviewIncident(ctx, user, request.params.incidentId, now());
        return staffView(user, request.params.incidentId);
      },
    );

    serve(
      app,
      incidentsApi.addFollowUp,
      {
        config: { auth: 'staff', errors: [403] },
        tags: staffTags,
        summary: 'Add a follow-up note',
        description:
          'The director only (403 for a teacher). With `shareWithFamily`, the involved children’s parents are mailed and pushed the note.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const written = await addFollowUp(ctx, user, request.params.incidentId, request.body, now());
        sendIncidentPushes(ctx, written.pushes);
        reply.code(201);
        return staffView(user, written.id);
      },
    );

    serve(
      app,
      incidentsApi.familyList,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'The family’s incident reports, newest first',
        description: 'Each names only the family’s own children, and says whether the family has signed it.',
      },
      async (request) => ({
        incidents: await familyIncidentList(ctx.db, await familyChildIds(ctx.db, currentUser(request).id)),
      }),
    );

    serve(
      app,
      incidentsApi.familyIncident,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'The family’s copy of an incident report',
        description:
          'Names only the family’s own children (the others are counted as other children); `copyText` is the copy in the caller’s language and `copySha256` its hash, which signing sends back. 404 for another family’s report.',
      },
      async (request) => {
        const user = currentUser(request);
        const { incident, ownChildIds } = await familyIncident(ctx.db, user.id, request.params.incidentId);
        return familyIncidentView(ctx.db, incident, ownChildIds, requestLanguage(request.headers), tz);
      },
    );

    serve(
      app,
      incidentsApi.acknowledge,
      {
        config: { auth: 'user', errors: [409] },
        tags: familyTags,
        summary: 'Sign the family’s copy of an incident report',
        description:
          'The typed name must be the account holder’s full name and the box checked (400 by field otherwise); `copySha256` must be the copy read (409 when the report changed since). Either parent signs once for the family (409 after). Keeps the time, address, browser and the copy with its hash.',
      },
      async (request) => {
        const user = currentUser(request);
        const language = requestLanguage(request.headers);
        const ua = request.headers['user-agent'];
        await acknowledgeIncident(
          ctx,
          user.id,
          request.params.incidentId,
          request.body,
          { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '', language },
          now(),
        );
        const { incident, ownChildIds } = await familyIncident(ctx.db, user.id, request.params.incidentId);
        return familyIncidentView(ctx.db, incident, ownChildIds, language, tz);
      },
    );
  };
