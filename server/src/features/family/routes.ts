/**
 * `/api/Student…` (spec §7 Student; issue 4): the family's children, their allergies and emergency
 * contacts. Every call needs a session and reaches only the caller's own family; another family's id
 * answers 404 like a missing one. Replies are `Cache-Control: no-store` (http/authenticate.ts).
 */
import {
  AllergyIdParamsSchema,
  AllergyInputSchema,
  AllergySchema,
  CloseAccountSchema,
  CoParentFamilySchema,
  InvitationPreviewSchema,
  InvitationTokenSchema,
  InviteCoParentSchema,
  StudentIdParamsSchema,
  StudentInputSchema,
  StudentListQuerySchema,
  StudentSchema,
  TrusteeIdParamsSchema,
  TrusteeInputSchema,
  TrusteeSchema,
} from '@lc/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { passesChanged } from '../passes/pass-changes.ts';
import { closeAccount } from './close-account.ts';
import {
  acceptInvitation,
  inviteCoParent,
  previewInvitation,
  withdrawInvitation,
} from './co-parent-invitations.ts';
import { readFamily, removeFromFamily } from './co-parents.ts';
import { familyExport } from './export.ts';
import { familyMemberIds } from './members.ts';
import { visibleChildIdsOf } from './staff-visibility.ts';
import {
  addAllergy,
  createStudent,
  deleteAllergy,
  deleteStudent,
  getStudent,
  listStudents,
  updateStudent,
  withoutAddress,
} from './students.ts';
import { createTrustee, deleteTrustee, getTrustee, listTrustees, updateTrustee } from './trustees.ts';

const tags = ['Student'];
const deleted = z.null().describe('Deleted');

export const familyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = createStorage(ctx.config);
    app.get(
      '/api/Family/Export',
      {
        schema: {
          tags,
          summary: 'Download our data: everything the center holds about the family, as a ZIP',
          description:
            '`family.json` with it all, and a CSV per table (children, allergies, contacts, enrollments, waitlist, payments, attendance, messages). Money in cents.',
        },
      },
      async (request, reply) => {
        const { bytes, fileName } = await familyExport(ctx, currentUser(request).id);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(Buffer.from(bytes));
      },
    );

    app.post(
      '/api/Family/Close',
      {
        config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
        schema: {
          tags,
          summary: 'Close our account: erase the family’s personal data (the password again)',
          description:
            'Refused (409) while a child is enrolled in a session that has not ended or money is on its way; 400 for a wrong password. Payments are kept without personal details. The parent is emailed a confirmation.',
          body: CloseAccountSchema,
          response: { 204: z.null().describe('Closed') },
        },
      },
      async (request, reply) => {
        await closeAccount(ctx, currentUser(request).id, request.body.password);
        return reply.status(204).send(null);
      },
    );

    // Co-parents (issue 13): who shares the family, invitations, accepting, leaving.
    const parentOnly = (request: FastifyRequest) => {
      const user = currentUser(request);
      if (user.role !== 'Parent')
        throw new HttpError(403, 'Sharing a family is for parent accounts. Log in with your parent account.');
      return user;
    };
    /** The family as it stands after a change; the change's emails go out now. */
    const familyNow = (userId: string) => {
      ctx.work.runNow();
      return readFamily(ctx.db, userId, ctx.clock.now());
    };
    app.get(
      '/api/Family',
      {
        schema: {
          tags,
          summary: 'Who shares the family: parents, open invitations, children’s first names',
          response: { 200: CoParentFamilySchema },
        },
      },
      async (request) => readFamily(ctx.db, parentOnly(request).id, ctx.clock.now()),
    );
    app.post(
      '/api/Family/Invitations',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
        schema: {
          tags,
          summary: 'Invite another parent to share the family (mails a single-use link, 7 days)',
          description:
            '400 (field `emailAddress`) for your own address, a parent already in the family or a staff address; 409 when the family has 4 parents.',
          body: InviteCoParentSchema,
          response: { 200: CoParentFamilySchema },
        },
      },
      async (request) => {
        const user = parentOnly(request);
        await inviteCoParent(ctx, user.id, request.body.emailAddress);
        return familyNow(user.id);
      },
    );
    app.delete(
      '/api/Family/Invitations/:invitationId',
      {
        schema: {
          tags,
          summary: 'Withdraw an invitation that has not been accepted (its link stops working)',
          params: z.object({ invitationId: z.string() }),
          response: { 200: CoParentFamilySchema },
        },
      },
      async (request) => {
        const user = parentOnly(request);
        await withdrawInvitation(ctx, user.id, request.params.invitationId);
        return familyNow(user.id);
      },
    );
    app.post(
      '/api/Family/Invitation/Preview',
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags,
          summary: 'Who sent an invitation and for which children, before accepting it',
          description: '410 for a used, withdrawn or expired link; 403 when it was sent to another address.',
          body: InvitationTokenSchema,
          response: { 200: InvitationPreviewSchema },
        },
      },
      async (request) => previewInvitation(ctx, currentUser(request), request.body.token),
    );
    app.post(
      '/api/Family/Invitation/Accept',
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags,
          summary: 'Accept an invitation: both accounts share the family’s children, contacts and payments',
          description:
            '410 for a used, withdrawn or expired link; 403 for another address or a staff account; 409 when you already share another family.',
          body: InvitationTokenSchema,
          response: { 200: CoParentFamilySchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await acceptInvitation(ctx, user, request.body.token);
        return familyNow(user.id);
      },
    );
    app.post(
      '/api/Family/Leave',
      {
        schema: {
          tags,
          summary: 'Leave the shared family (the children’s details stay with the other parents)',
          description: '404 when you share no family.',
          response: { 200: CoParentFamilySchema },
        },
      },
      async (request) => {
        const user = parentOnly(request);
        await removeFromFamily(ctx, user.id, user.id, false);
        return familyNow(user.id);
      },
    );

    app.get(
      '/api/Student',
      {
        schema: {
          tags,
          summary: "The signed-in parent's children",
          description:
            'With `userId`: that account’s children, by the staff family page’s rule — a parent only for their own family (a co-parent’s id gives the same children), the director any family, a teacher only the children enrolled, holding a seat or waiting in a session they teach, without the home address. 404 for a family the caller may not see.',
          querystring: StudentListQuerySchema,
          response: { 200: z.array(StudentSchema) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { userId } = request.query;
        if (!userId || userId === user.id) return listStudents(ctx.db, user.id);
        if (!isUuid(userId)) throw notFound('That family');
        if (user.role === 'Parent') {
          // The children of a shared family are mapped to every parent: a co-parent's are one's own.
          if (!(await familyMemberIds(ctx.db, user.id)).includes(userId)) throw notFound('That family');
          return listStudents(ctx.db, user.id);
        }
        const visible = await visibleChildIdsOf(ctx.db, ctx.clock, user, userId);
        if (!visible) throw notFound('That family');
        const children = (await listStudents(ctx.db, userId)).filter((c) => visible.includes(c.id));
        return user.role === 'Admin' ? children : children.map(withoutAddress);
      },
    );

    app.post(
      '/api/Student',
      {
        schema: {
          tags,
          summary: 'Add a child to the family',
          description: 'Date of birth must make the child 3½ to 12 years old today (spec §9).',
          body: StudentInputSchema,
          response: { 201: StudentSchema },
        },
      },
      async (request, reply) => {
        const student = await createStudent(
          ctx.db,
          currentUser(request).id,
          request.body,
          ctx.clock.today(),
          ctx.clock.now(),
          (ids) => passesChanged(ctx, ids),
        );
        return reply.status(201).send(student);
      },
    );

    // Static paths first in the docs; find-my-way prefers them to `/:studentId` either way.
    app.get(
      '/api/Student/Trustees',
      {
        schema: {
          tags,
          summary: "The family's emergency contacts",
          response: { 200: z.array(TrusteeSchema) },
        },
      },
      async (request) => listTrustees(ctx.db, currentUser(request).id),
    );

    app.post(
      '/api/Student/Trustees',
      {
        schema: {
          tags,
          summary: 'Add an emergency contact for some of the family’s children',
          description:
            'At least one phone; a contact who receives texts needs a cell phone, one who receives email an address. Phones are stored as E.164.',
          body: TrusteeInputSchema,
          response: { 201: TrusteeSchema },
        },
      },
      async (request, reply) => {
        const trustee = await createTrustee(ctx.db, currentUser(request).id, request.body, ctx.clock.now());
        return reply.status(201).send(trustee);
      },
    );

    app.get(
      '/api/Student/Trustees/:trusteeId',
      {
        schema: {
          tags,
          summary: 'One emergency contact',
          params: TrusteeIdParamsSchema,
          response: { 200: TrusteeSchema },
        },
      },
      async (request) => getTrustee(ctx.db, currentUser(request).id, request.params.trusteeId),
    );

    app.put(
      '/api/Student/Trustees/:trusteeId',
      {
        schema: {
          tags,
          summary: 'Change an emergency contact and the children it is for',
          params: TrusteeIdParamsSchema,
          body: TrusteeInputSchema,
          response: { 200: TrusteeSchema },
        },
      },
      async (request) =>
        updateTrustee(
          ctx.db,
          currentUser(request).id,
          request.params.trusteeId,
          request.body,
          ctx.clock.now(),
          (ids) => passesChanged(ctx, ids),
        ),
    );

    app.delete(
      '/api/Student/Trustees/:trusteeId',
      {
        schema: {
          tags,
          summary: 'Delete an emergency contact (the children are not touched)',
          params: TrusteeIdParamsSchema,
          response: { 204: deleted },
        },
      },
      async (request, reply) => {
        await deleteTrustee(
          ctx.db,
          currentUser(request).id,
          request.params.trusteeId,
          ctx.clock.now(),
          (ids, photos) => {
            passesChanged(ctx, ids);
            // A deleted adult's photo is not kept: it is personal data of someone no longer linked to the family.
            for (const key of photos) void storage.delete(key).catch(() => {});
          },
        );
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/Student/:studentId',
      {
        schema: {
          tags,
          summary: 'One child, with allergies',
          params: StudentIdParamsSchema,
          response: { 200: StudentSchema },
        },
      },
      async (request) => getStudent(ctx.db, currentUser(request).id, request.params.studentId),
    );

    app.put(
      '/api/Student/:studentId',
      {
        schema: {
          tags,
          summary: "Change a child's details",
          params: StudentIdParamsSchema,
          body: StudentInputSchema,
          response: { 200: StudentSchema },
        },
      },
      async (request) =>
        updateStudent(
          ctx.db,
          currentUser(request).id,
          request.params.studentId,
          request.body,
          ctx.clock.today(),
        ),
    );

    app.delete(
      '/api/Student/:studentId',
      {
        schema: {
          tags,
          summary: 'Remove a child from the family',
          description: '409 when the child has enrollments or payments: that history is kept.',
          params: StudentIdParamsSchema,
          response: { 204: deleted },
        },
      },
      async (request, reply) => {
        await deleteStudent(ctx.db, currentUser(request).id, request.params.studentId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/Student/:studentId/Trustees',
      {
        schema: {
          tags,
          summary: "A child's emergency contacts",
          params: StudentIdParamsSchema,
          response: { 200: z.array(TrusteeSchema) },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const student = await getStudent(ctx.db, userId, request.params.studentId);
        return listTrustees(ctx.db, userId, student.id);
      },
    );

    app.post(
      '/api/Student/:studentId/Allergies',
      {
        schema: {
          tags,
          summary: 'Add an allergy to a child',
          description:
            'Body `{ id?, name }` (spec §7); the server assigns the id. 409 when the child already has it.',
          params: StudentIdParamsSchema,
          body: AllergyInputSchema,
          response: { 201: AllergySchema },
        },
      },
      async (request, reply) => {
        const allergy = await addAllergy(
          ctx.db,
          currentUser(request).id,
          request.params.studentId,
          request.body.name,
          ctx.clock.now(),
        );
        return reply.status(201).send(allergy);
      },
    );

    app.delete(
      '/api/Student/:studentId/Allergies/:allergyId',
      {
        schema: {
          tags,
          summary: 'Remove an allergy from a child',
          params: AllergyIdParamsSchema,
          response: { 204: deleted },
        },
      },
      async (request, reply) => {
        const { studentId, allergyId } = request.params;
        await deleteAllergy(ctx.db, currentUser(request).id, studentId, allergyId, ctx.clock.now());
        return reply.status(204).send(null);
      },
    );
  };
