/**
 * Families and children on the staff side (issue 10): search families, a family's page and a child's page.
 * Every route is `auth: 'staff'` (401 anonymous, 403 a parent). A teacher sees only the families and children
 * of the sessions they teach; anything else answers 404, like an unknown id (staff-visibility.ts explains
 * the scope). Only the director writes here: taking a parent out of a shared family (issue 13). Each route
 * registers from its `familyApi` row (contract/src/api/family.ts; http/serve.ts).
 */
import { COURT_ORDER_TYPES, familyApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { isUuid } from '../../lib/ids.ts';
import { requireAdmin } from '../team/access.ts';
import { removeFromFamily } from './co-parents.ts';
import { addRestriction, removeRestriction, restrictionDocument } from './custody.ts';
import { correctChild, correctContact } from './staff-corrections.ts';
import { listFamilies, readChild, readFamily } from './staff-families.ts';

const tags = ['Staff'];

export const staffFamilyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(
      app,
      familyApi.staffFamilies,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Search families (paginated)',
        description:
          'Parent accounts with their children, matched by a parent’s name or email, a child’s name, or a phone number in any format (the parent’s mobile or an emergency contact’s phones). The director sees every family; a teacher only families with a child enrolled, holding a seat or on the waitlist in a session they teach.',
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { items, total } = await listFamilies(ctx.db, ctx.clock, currentUser(request), request.query);
        return { items, total, page: request.query.page, pageSize: request.query.pageSize };
      },
    );

    serve(
      app,
      familyApi.staffFamily,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A family’s page',
        description:
          'Parents, children (age, allergies), emergency contacts (who may pick up), places, waitlist places, payments in cents (the director only; null for a teacher) and inbox history (null without the inbox). A teacher sees only the children of their sessions; 404 for a family outside them.',
      },
      async (request, reply) => {
        const { userId } = request.params;
        const family = isUuid(userId)
          ? await readFamily(ctx.db, ctx.clock, currentUser(request), userId)
          : null;
        if (!family) throw notFound('family');
        reply.header('cache-control', 'no-store');
        return family;
      },
    );

    serve(
      app,
      familyApi.staffChild,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'A child’s page',
        description:
          'Details, age, allergies, parents, emergency contacts and who may pick up, every place and waitlist place, check-ins, and who changed what (a teacher sees who and when, not the values before and after). 404 for a child the caller may not see.',
      },
      async (request, reply) => {
        const { studentId } = request.params;
        const child = isUuid(studentId)
          ? await readChild(ctx.db, ctx.clock, currentUser(request), studentId)
          : null;
        if (!child) throw notFound('child');
        reply.header('cache-control', 'no-store');
        return child;
      },
    );

    serve(
      app,
      familyApi.staffRemoveFromFamily,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Take a parent account out of the family it shares (the director only)',
        description:
          'Issue 13, co-parents: custody disputes are settled by the center, not by whoever clicks first. The account loses the family’s children and contacts; the other parents keep them. Both sides are emailed; audited. 403 for a teacher; 404 when the account shares no family.',
        replyDescription: 'Removed',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await removeFromFamily(ctx, user.id, request.params.userId, true);
        ctx.work.runNow();
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      familyApi.staffAddRestriction,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Add a “do not release to” person to a child (the director only)',
        description:
          'Issue 24, custody restrictions: the person’s full name, who they are to the child and a note for the staff (both optional), and an optional court-order document (PDF, JPEG or PNG of at most 5 MB, base64). The door refuses a pickup by this name (accents and case do not matter) and alerts the office. Staff only: no parent reply, export, pass or mail carries it. Audited. 403 for a teacher; 404 for an unknown child.',
        options: { bodyLimit: 8 * 1024 * 1024 },
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const added = await addRestriction(ctx, user, request.params.studentId, request.body);
        return reply.status(201).send(added);
      },
    );

    serve(
      app,
      familyApi.staffRemoveRestriction,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Lift a restriction (the director only)',
        description:
          'The restriction and its court-order document are deleted; audited. 403 for a teacher; 404 for a restriction that is not this child’s.',
        replyDescription: 'Removed',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        await removeRestriction(ctx, user, request.params.studentId, request.params.restrictionId);
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      familyApi.staffRestrictionDocument,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The court-order document of a restriction (the director only)',
        description:
          'The file as it was uploaded, never cached. 403 for a teacher; 404 when the restriction is not this child’s or keeps no document.',
        fileTypes: COURT_ORDER_TYPES,
      },
      async (request, reply) => {
        requireAdmin(currentUser(request));
        const file = await restrictionDocument(
          ctx.db,
          request.params.studentId,
          request.params.restrictionId,
        );
        const ext = file.mime === 'application/pdf' ? 'pdf' : file.mime === 'image/png' ? 'png' : 'jpg';
        return reply
          .type(file.mime)
          .header('content-disposition', `attachment; filename="court-order.${ext}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );

    serve(
      app,
      familyApi.staffCorrectChild,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Correct a child’s details and allergies, with a reason (the director only)',
        description:
          'Issue 24: the parent form’s rules, plus a required reason. One transaction: the change, the audit row with before, after and the reason, and a mail to every parent of the child in their language. 403 for a teacher; 404 for an unknown child.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        reply.header('cache-control', 'no-store');
        return correctChild(ctx, user, request.params.studentId, request.body);
      },
    );

    serve(
      app,
      familyApi.staffCorrectContact,
      {
        config: { auth: 'staff' },
        tags,
        summary:
          'Correct one of a child’s emergency contacts and their pickup right, with a reason (the director only)',
        description:
          'Issue 24: the parent form’s rules (the children must be of the contact’s family), plus a required reason. One transaction: the change, the audit row with before, after and the reason, and a mail to every parent of the child in their language. 403 for a teacher; 404 when the contact is not listed for this child.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        reply.header('cache-control', 'no-store');
        return correctContact(ctx, user, request.params.studentId, request.params.trusteeId, request.body);
      },
    );
  };
