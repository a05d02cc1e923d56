/**
 * `/api/Student…` (spec §7 Student; issue 4): the family's children, their allergies and emergency
 * contacts. Every call needs a session and reaches only the caller's own family; another family's id
 * answers 404 like a missing one. Replies are `Cache-Control: no-store` (http/authenticate.ts). The
 * family's account (`/api/Family…`: sharing, export, closing) is family-account-routes.ts, registered here.
 */
import {
  AllergyIdParamsSchema,
  AllergyInputSchema,
  AllergySchema,
  StudentIdParamsSchema,
  StudentInputSchema,
  StudentListQuerySchema,
  StudentSchema,
  TrusteeIdParamsSchema,
  TrusteeInputSchema,
  TrusteeSchema,
} from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { passesChanged } from '../passes/pass-changes.ts';
import { familyAccountRoutes } from './family-account-routes.ts';
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
    await app.register(familyAccountRoutes(ctx));

    app.get(
      '/api/Student',
      {
        config: { errors: [404] },
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
        config: { errors: [409] },
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
        config: { errors: [409] },
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
        config: { errors: [409] },
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
        config: { errors: [409] },
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
