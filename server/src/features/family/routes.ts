/**
 * `/api/Student…` (spec §7 Student; issue 4): the family's children, their allergies and emergency
 * contacts. Every call needs a session and reaches only the caller's own family; another family's id
 * answers 404 like a missing one. Replies are `Cache-Control: no-store` (http/authenticate.ts). The
 * family's account (`/api/Family…`: sharing, export, closing) is family-account-routes.ts, registered here.
 * Each route registers from its `familyApi` row (contract/src/api/family.ts; http/serve.ts).
 */

import { familyApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { isUuid } from '../../lib/ids.ts';
import { passesChanged } from '../passes/pass-changes.ts';
import { flagRestrictedContact } from './custody.ts';
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
const deleted = 'Deleted';

export const familyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = createStorage(ctx.config);
    await app.register(familyAccountRoutes(ctx));

    serve(
      app,
      familyApi.students,
      {
        config: { errors: [404] },
        tags,
        summary: "The signed-in parent's children",
        description:
          'With `userId`: that account’s children, by the staff family page’s rule — a parent only for their own family (a co-parent’s id gives the same children), the director any family, a teacher only the children enrolled, holding a seat or waiting in a session they teach, without the home address. 404 for a family the caller may not see.',
      },
      async (request) => {
        const user = currentUser(request);
        const { userId } = request.query;
        if (!userId || userId === user.id) return listStudents(ctx.db, user.id);
        if (!isUuid(userId)) throw notFound('family');
        if (user.role === 'Parent') {
          // The children of a shared family are mapped to every parent: a co-parent's are one's own.
          if (!(await familyMemberIds(ctx.db, user.id)).includes(userId)) throw notFound('family');
          return listStudents(ctx.db, user.id);
        }
        const visible = await visibleChildIdsOf(ctx.db, ctx.clock, user, userId);
        if (!visible) throw notFound('family');
        const children = (await listStudents(ctx.db, userId)).filter((c) => visible.includes(c.id));
        return user.role === 'Admin' ? children : children.map(withoutAddress);
      },
    );

    serve(
      app,
      familyApi.addStudent,
      {
        config: { errors: [409] },
        tags,
        summary: 'Add a child to the family',
        description: 'Date of birth must make the child 3½ to 12 years old today (spec §9).',
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
    serve(
      app,
      familyApi.trustees,
      {
        tags,
        summary: "The family's emergency contacts",
      },
      async (request) => listTrustees(ctx.db, currentUser(request).id),
    );

    serve(
      app,
      familyApi.addTrustee,
      {
        config: { errors: [409] },
        tags,
        summary: 'Add an emergency contact for some of the family’s children',
        description:
          'At least one phone; a contact who receives texts needs a cell phone, one who receives email an address. Phones are stored as E.164.',
      },
      async (request, reply) => {
        const userId = currentUser(request).id;
        const trustee = await createTrustee(ctx.db, userId, request.body, ctx.clock.now(), (tx, ids, name) =>
          flagRestrictedContact(ctx, tx, userId, ids, name),
        );
        ctx.work.runNow();
        return reply.status(201).send(trustee);
      },
    );

    serve(
      app,
      familyApi.trustee,
      {
        tags,
        summary: 'One emergency contact',
      },
      async (request) => getTrustee(ctx.db, currentUser(request).id, request.params.trusteeId),
    );

    serve(
      app,
      familyApi.updateTrustee,
      {
        tags,
        summary: 'Change an emergency contact and the children it is for',
      },
      async (request) => {
        const userId = currentUser(request).id;
        const trustee = await updateTrustee(
          ctx.db,
          userId,
          request.params.trusteeId,
          request.body,
          ctx.clock.now(),
          (ids) => passesChanged(ctx, ids),
          (tx, ids, name) => flagRestrictedContact(ctx, tx, userId, ids, name),
        );
        ctx.work.runNow();
        return trustee;
      },
    );

    serve(
      app,
      familyApi.deleteTrustee,
      {
        tags,
        summary: 'Delete an emergency contact (the children are not touched)',
        replyDescription: deleted,
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

    serve(
      app,
      familyApi.student,
      {
        tags,
        summary: 'One child, with allergies',
      },
      async (request) => getStudent(ctx.db, currentUser(request).id, request.params.studentId),
    );

    serve(
      app,
      familyApi.updateStudent,
      {
        tags,
        summary: "Change a child's details",
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

    serve(
      app,
      familyApi.deleteStudent,
      {
        config: { errors: [409] },
        tags,
        summary: 'Remove a child from the family',
        description: '409 when the child has enrollments or payments: that history is kept.',
        replyDescription: deleted,
      },
      async (request, reply) => {
        await deleteStudent(ctx.db, currentUser(request).id, request.params.studentId);
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      familyApi.studentTrustees,
      {
        tags,
        summary: "A child's emergency contacts",
      },
      async (request) => {
        const userId = currentUser(request).id;
        const student = await getStudent(ctx.db, userId, request.params.studentId);
        return listTrustees(ctx.db, userId, student.id);
      },
    );

    serve(
      app,
      familyApi.addAllergy,
      {
        config: { errors: [409] },
        tags,
        summary: 'Add an allergy to a child',
        description:
          'Body `{ id?, name }` (spec §7); the server assigns the id. 409 when the child already has it.',
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

    serve(
      app,
      familyApi.deleteAllergy,
      {
        tags,
        summary: 'Remove an allergy from a child',
        replyDescription: deleted,
      },
      async (request, reply) => {
        const { studentId, allergyId } = request.params;
        await deleteAllergy(ctx.db, currentUser(request).id, studentId, allergyId, ctx.clock.now());
        return reply.status(204).send(null);
      },
    );
  };
