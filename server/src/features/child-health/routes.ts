/**
 * The health records API (issue 26 part 1; decision 035), registered from `childHealthApi` rows
 * (contract/src/api/child-health.ts): a family's `/api/Student/{id}/Health…` and `/api/Health/Summary`
 * (`auth: 'user'`; another family's child answers 404), the staff's `/api/staff/sessions/{id}/health`,
 * `/api/staff/children/{id}/health…` (`auth: 'staff'`; a child or session outside a teacher's rooms answers
 * 404) and the director's program requirements, and the documents through their signed links
 * (`auth: 'public'`, the link is the permission).
 */
import fastifyMultipart from '@fastify/multipart';
import {
  childHealthApi,
  HEALTH_DOCUMENT_MAX_BYTES,
  HealthDocumentFieldsSchema,
  parseClassSessionId,
} from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { queryRows } from '../../db/client.ts';
import { currentUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { serve } from '../../http/serve.ts';
import { readUpload } from '../resources/routes.ts';
import { sendSignedFile } from '../resources/signed-file.ts';
import { requireAdmin, visibleSessions } from '../team/access.ts';
import { familyHealthChild, type HealthChild, healthNotFound, staffHealthChild } from './access.ts';
import { familyHealthSummary, sessionCompliance } from './compliance.ts';
import { healthDocumentLinks } from './document-links.ts';
import { loadChildHealth } from './record.ts';
import { listProgramRequirements, saveProgramRequirements } from './requirements.ts';
import {
  addDose,
  HEALTH_FILE_KINDS,
  removeDocument,
  removeDose,
  savePhysical,
  saveProfile,
  setCheck,
  storeDocument,
} from './writes.ts';

const familyTags = ['Health records'];
const staffTags = ['Staff health records'];
const KINDS = new Map(HEALTH_FILE_KINDS);

export const childHealthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: HEALTH_DOCUMENT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    const storage = createStorage(ctx.config);
    const deps = { db: ctx.db, storage };
    const view = async () => {
      const now = ctx.clock.now();
      return { links: await healthDocumentLinks(ctx), now, today: ctx.clock.today(now) };
    };
    const record = async (child: HealthChild) => loadChildHealth(ctx.db, child, await view());
    const familyChild = (request: { params: { studentId: string } }, userId: string) =>
      familyHealthChild(ctx.db, userId, request.params.studentId);

    serve(
      app,
      childHealthApi.childHealth,
      {
        tags: familyTags,
        summary: 'A child’s health record and what the center still needs',
        description:
          'Immunizations, physician, insurance, dietary needs, medications, the physical exam, documents (signed links) and allergies, with what the child’s current and coming programs require judged today. 404 for another family’s child.',
      },
      async (request) => record(await familyChild(request, currentUser(request).id)),
    );

    serve(
      app,
      childHealthApi.saveProfile,
      {
        tags: familyTags,
        summary: 'Save the physician, insurance, dietary needs and medications',
        description: 'The whole profile; clears a staff check of it. Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const child = await familyChild(request, user.id);
        await saveProfile(ctx.db, user.id, child, request.body, ctx.clock.now());
        return record(child);
      },
    );

    serve(
      app,
      childHealthApi.savePhysical,
      {
        tags: familyTags,
        summary: 'Save the day of the last physical exam',
        description:
          'Not after today nor before the child’s birth (400); null clears it; clears a staff check. Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const child = await familyChild(request, user.id);
        const now = ctx.clock.now();
        await savePhysical(ctx.db, user.id, child, request.body.examOn, ctx.clock.today(now), now);
        return record(child);
      },
    );

    serve(
      app,
      childHealthApi.addDose,
      {
        tags: familyTags,
        summary: 'Add an immunization dose',
        description:
          'Not after today nor before the child’s birth (400); clears a staff check of the immunizations. Audited.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const child = await familyChild(request, user.id);
        const now = ctx.clock.now();
        await addDose(ctx.db, user.id, child, request.body, ctx.clock.today(now), now);
        reply.code(201);
        return record(child);
      },
    );

    serve(
      app,
      childHealthApi.removeDose,
      {
        tags: familyTags,
        summary: 'Remove an immunization dose',
        description: '404 for another child’s dose. Clears a staff check of the immunizations. Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const child = await familyChild(request, user.id);
        await removeDose(ctx.db, user.id, child, request.params.doseId, ctx.clock.now());
        return record(child);
      },
    );

    serve(
      app,
      childHealthApi.uploadDocument,
      {
        config: { errors: [413, 415] },
        tags: familyTags,
        summary: 'Upload a health document (multipart `file`, `kind`, `expiresOn`; ≤ 10 MB)',
        description:
          'PDF, JPEG or PNG, read from the bytes (not the name). `kind`: ImmunizationCertificate, PhysicalExamForm, DoctorNote, CourtOrder or Other; `expiresOn` (optional): the day it stops counting. Audited.',
        schema: { consumes: ['multipart/form-data'] },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const child = await familyChild(request, user.id);
        const upload = await readUpload(request, HEALTH_DOCUMENT_MAX_BYTES, KINDS, 'health.chooseFile');
        const fields = HealthDocumentFieldsSchema.safeParse(upload.fields);
        if (!fields.success) {
          const issue = fields.error.issues[0]!;
          const field = String(issue.path[0] ?? 'kind');
          throw new HttpError(400, 'request.invalidFields', { fields: { [field]: issue.message } });
        }
        const now = ctx.clock.now();
        const id = await storeDocument(
          deps,
          user.id,
          child,
          upload,
          fields.data.kind,
          fields.data.expiresOn,
          now,
        );
        const body = await record(child);
        reply.code(201);
        return body.documents.find((d) => d.id === id)!;
      },
    );

    serve(
      app,
      childHealthApi.removeDocument,
      {
        tags: familyTags,
        summary: 'Remove a health document',
        description:
          'The row, then the file: its links answer 404 at once. 404 for another child’s document. Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const child = await familyChild(request, user.id);
        await removeDocument(deps, user.id, child, request.params.documentId, ctx.clock.now());
        return record(child);
      },
    );

    serve(
      app,
      childHealthApi.documentFile,
      {
        config: { auth: 'public' },
        tags: familyTags,
        summary: 'A health document, through the signed link a record gives',
        description: 'Works for a few hours; `download=1` saves it. A removed or expired link answers 404.',
        replyDescription: 'The document',
        fileTypes: [...KINDS.keys()],
      },
      async (request, reply) => {
        return sendSignedFile(reply, {
          id: request.params.documentId,
          query: request.query,
          links: await healthDocumentLinks(ctx),
          now: ctx.clock.now(),
          storage,
          find: async (id) => {
            const [row] = await queryRows<{ storage_key: string; file_name: string }>(
              ctx.db,
              sql`select storage_key, file_name from health_documents where id = ${id}`,
            );
            return row && { key: row.storage_key, fileName: row.file_name };
          },
          notFound: healthNotFound,
        });
      },
    );

    serve(
      app,
      childHealthApi.summary,
      {
        tags: familyTags,
        summary: 'What each child still needs for their programs (the dashboard card)',
        description: 'Only children with something missing or expiring within 30 days.',
      },
      async (request) => {
        const now = ctx.clock.now();
        return familyHealthSummary(ctx.db, currentUser(request).id, now, ctx.clock.today(now));
      },
    );

    serve(
      app,
      childHealthApi.sessionCompliance,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'A session’s compliance list: each enrolled child, each requirement',
        description:
          'Complete, Expiring (with the day) or Missing (with the doses still needed), and allergies. `incomplete=true` keeps the children with something to do. The director, or a teacher assigned to the session (404 otherwise).',
      },
      async (request) => {
        const user = currentUser(request);
        const id = parseClassSessionId(request.params.classSessionId);
        if (id === null) throw notFound('session');
        const [visible] = await queryRows<{ id: number }>(
          ctx.db,
          sql`select id from class_sessions where id = ${id} and ${visibleSessions(user)}`,
        );
        if (!visible) throw notFound('session');
        const list = await sessionCompliance(
          ctx.db,
          id,
          ctx.clock.today(ctx.clock.now()),
          request.query.incomplete === 'true',
        );
        if (!list) throw notFound('session');
        return list;
      },
    );

    serve(
      app,
      childHealthApi.staffChildHealth,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'A child’s health record for staff, with the documents’ signed links',
        description: 'The director, or a teacher of a session the child is enrolled in (404 otherwise).',
      },
      async (request) =>
        record(await staffHealthChild(ctx.db, currentUser(request), request.params.studentId)),
    );

    serve(
      app,
      childHealthApi.checkRecord,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Mark a part of the record, or a document, checked (or not)',
        description:
          'Who and when are kept; a family’s later change to that part clears it. The director, or a teacher of the child (404 otherwise). Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const child = await staffHealthChild(ctx.db, user, request.params.studentId);
        await setCheck(ctx.db, user.id, child, request.body, ctx.clock.now());
        return record(child);
      },
    );

    serve(
      app,
      childHealthApi.programRequirements,
      {
        config: { auth: 'staff', errors: [403] },
        tags: staffTags,
        summary: 'Every program with what it requires of health records (the director)',
      },
      async (request) => {
        requireAdmin(currentUser(request));
        return listProgramRequirements(ctx.db);
      },
    );

    serve(
      app,
      childHealthApi.saveProgramRequirements,
      {
        config: { auth: 'staff', errors: [403] },
        tags: staffTags,
        summary: 'Set what a program requires of health records (the director)',
        description:
          'The whole list: Immunizations and/or Physical (with its months, 12 by default), each Blocks (a new enrollment waits until it is complete) or Warns. Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = Number(request.params.id);
        if (!Number.isSafeInteger(id) || id <= 0) throw notFound('program');
        await saveProgramRequirements(ctx.db, user.id, id, request.body, ctx.clock.now());
        return listProgramRequirements(ctx.db);
      },
    );
  };
