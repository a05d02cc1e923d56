/**
 * The signed forms API (issue 26, part 2; decision 036), registered from `signedFormsApi` rows
 * (contract/src/api/signed-forms.ts):
 * - the director's forms, `/api/staff/forms…` (`auth: 'staff'`, 403 for a teacher);
 * - a session's signed forms (`/api/staff/sessions/{id}/forms`: the director, or a teacher of the session; 404
 *   otherwise), a signature and its check (`/api/staff/form-signatures/{id}…`: the director, or a teacher of
 *   a session the child is Enrolled in; 404 otherwise);
 * - the family's `/api/Forms…` and `/api/FormSignatures/{id}` (`auth: 'user'`; another family's child or
 *   signature answers 404);
 * - the PDF through its signed link (`auth: 'public'`, the link is the permission).
 */
import { signedFormsApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage, isStorageKey } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { verifyDocument } from '../../lib/e-signature.ts';
import { isUuid } from '../../lib/ids.ts';
import { type LinkSigner, linkSigner } from '../../lib/signed-links.ts';
import { loadSigningSecret } from '../auth/session-tokens.ts';
import { staffDaySession } from '../day-feed/access.ts';
import { disposition } from '../resources/routes.ts';
import { requireAdmin } from '../team/access.ts';
import {
  archiveForm,
  createForm,
  formNotFound,
  listForms,
  publishForm,
  readForm,
  updateForm,
} from './forms.ts';
import {
  familyFormDocument,
  familyForms,
  familyMayRead,
  readSignature,
  signatureView,
  signForm,
  staffMayRead,
} from './signing.ts';
import { sessionSignedForms } from './standing.ts';

const staffTags = ['Staff forms'];
const familyTags = ['Forms'];

const signers = new WeakMap<AppContext, Promise<LinkSigner>>();

/** The signed PDF link signer of `ctx` (made once per app), keyed from the session secret with its own label. */
export function signedFormLinks(ctx: AppContext): Promise<LinkSigner> {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = loadSigningSecret(ctx.config.jwtSecret, ctx.config.dataDir).then((secret) =>
      linkSigner(secret, 'lc:signed-forms:v1', signedFormsApi.signaturePdf.path, 'signatureId'),
    );
    signers.set(ctx, signer);
  }
  return signer;
}

export const signedFormsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = createStorage(ctx.config);
    const now = () => ctx.clock.now();

    serve(
      app,
      signedFormsApi.staffForms,
      { config: { auth: 'staff' }, tags: staffTags, summary: 'Every form of every program (the director)' },
      async (request) => {
        requireAdmin(currentUser(request));
        return listForms(ctx.db);
      },
    );

    serve(
      app,
      signedFormsApi.createForm,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Write a new form, a draft of version 1 (the director)',
        description: 'A photo release needs a required yes/no question; a choice question two choices (400).',
      },
      async (request, reply) => {
        const user = currentUser(request);
        requireAdmin(user);
        const id = await createForm(ctx.db, user.id, request.body, now());
        reply.code(201);
        return readForm(ctx.db, id);
      },
    );

    serve(
      app,
      signedFormsApi.staffForm,
      { config: { auth: 'staff' }, tags: staffTags, summary: 'A form with its draft and published versions' },
      async (request) => {
        requireAdmin(currentUser(request));
        return readForm(ctx.db, request.params.formId);
      },
    );

    serve(
      app,
      signedFormsApi.updateForm,
      {
        config: { auth: 'staff', errors: [409] },
        tags: staffTags,
        summary: 'Save the draft of the next version',
        description: 'Published versions never change; 409 on an archived form.',
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        await updateForm(ctx.db, user.id, request.params.formId, request.body, now());
        return readForm(ctx.db, request.params.formId);
      },
    );

    serve(
      app,
      signedFormsApi.publishForm,
      {
        config: { auth: 'staff', errors: [409] },
        tags: staffTags,
        summary: 'Publish the draft as the next immutable version',
        description:
          'From now on every family is asked to sign this version. 409 with nothing new, or archived.',
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        await publishForm(ctx.db, user.id, request.params.formId, now());
        return readForm(ctx.db, request.params.formId);
      },
    );

    serve(
      app,
      signedFormsApi.archiveForm,
      {
        config: { auth: 'staff', errors: [409] },
        tags: staffTags,
        summary: 'Archive a form: no longer asked for, its signatures kept',
      },
      async (request) => {
        const user = currentUser(request);
        requireAdmin(user);
        await archiveForm(ctx.db, user.id, request.params.formId, now());
        return readForm(ctx.db, request.params.formId);
      },
    );

    serve(
      app,
      signedFormsApi.sessionForms,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Who in a session has signed its program’s forms',
        description: 'The director, or a teacher assigned to the session (404 otherwise).',
      },
      async (request) => {
        const user = currentUser(request);
        const session = await staffDaySession(ctx.db, user, request.params.classSessionId);
        const links = await signedFormLinks(ctx);
        const at = now();
        const view = await sessionSignedForms(ctx.db, session);
        return {
          ...view,
          children: view.children.map((c) => ({
            ...c,
            forms: c.forms.map((f) => ({
              ...f,
              pdfUrl: f.signatureId ? links.sign(f.signatureId, at) : null,
            })),
          })),
        };
      },
    );

    /** The signature for staff who may see it, else 404. */
    const staffSignatureRow = async (user: { id: string; role: string }, signatureId: string) => {
      const row = await readSignature(ctx.db, signatureId);
      if (!row || !(await staffMayRead(ctx.db, user, row))) throw formNotFound();
      return row;
    };

    serve(
      app,
      signedFormsApi.staffSignature,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'A signed form',
        description: 'The director, or a teacher of a session the child is enrolled in (404 otherwise).',
      },
      async (request) => {
        const row = await staffSignatureRow(currentUser(request), request.params.signatureId);
        return signatureView(row, await signedFormLinks(ctx), now(), 'en');
      },
    );

    serve(
      app,
      signedFormsApi.verifySignature,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Recompute the SHA-256 of the stored signed document and compare',
        description: '`matches` is false when the stored document is no longer the one signed.',
      },
      async (request) => {
        const row = await staffSignatureRow(currentUser(request), request.params.signatureId);
        const { computedSha256, matches } = verifyDocument(row);
        return { signatureId: row.id, storedSha256: row.sha256, computedSha256, matches };
      },
    );

    serve(
      app,
      signedFormsApi.familyForms,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'The family’s forms to sign and signed',
        description: 'The live forms of the programs the children are placed in, per child; to sign first.',
      },
      async (request) => {
        const user = currentUser(request);
        const at = now();
        return familyForms(ctx.db, user.id, ctx.clock.today(at), requestLanguage(request.headers));
      },
    );

    serve(
      app,
      signedFormsApi.familyForm,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'A form’s current version to read and sign',
        description:
          '`studentId` names the child of a per-child form (400 without it; 404 for another family’s).',
      },
      async (request) => {
        const user = currentUser(request);
        const language = requestLanguage(request.headers);
        const links = await signedFormLinks(ctx);
        const at = now();
        return familyFormDocument(
          ctx.db,
          user.id,
          request.params.formId,
          request.query.studentId,
          language,
          async (id) => signatureView((await readSignature(ctx.db, id))!, links, at, language),
        );
      },
    );

    serve(
      app,
      signedFormsApi.signForm,
      {
        config: { auth: 'user', errors: [409] },
        tags: familyTags,
        summary: 'Sign a form’s current version',
        description:
          'Needs `consent: true` (ESIGN/UETA) and `signerName` matching the account holder’s name (400 by the field). 409 when a newer version was published since `version` was read. The signed PDF is mailed to the child’s parents.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const links = await signedFormLinks(ctx);
        const language = requestLanguage(request.headers);
        const id = await signForm(
          {
            db: ctx.db,
            storage,
            links,
            timeZone: ctx.config.timeZone,
            centerName: ctx.config.center.name,
            appUrl: ctx.config.appUrl,
          },
          user,
          request.params.formId,
          request.body,
          { ip: request.ip, userAgent: request.headers['user-agent'], language },
          now(),
        );
        reply.code(201);
        return signatureView((await readSignature(ctx.db, id))!, links, now(), language);
      },
    );

    serve(
      app,
      signedFormsApi.familySignature,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'A signed form of the family',
        description: 'A parent of the child (or of the signer’s family); another family’s answers 404.',
      },
      async (request) => {
        const user = currentUser(request);
        const row = await readSignature(ctx.db, request.params.signatureId);
        if (!row || !(await familyMayRead(ctx.db, user.id, row))) throw formNotFound();
        return signatureView(row, await signedFormLinks(ctx), now(), requestLanguage(request.headers));
      },
    );

    serve(
      app,
      signedFormsApi.signaturePdf,
      {
        config: { auth: 'public' },
        tags: familyTags,
        summary: 'The signed PDF, through the signed link a signature gives',
        description: 'Works for a few hours; `download=1` saves it. 404 otherwise.',
        replyDescription: 'The signed PDF',
        fileTypes: ['application/pdf'],
      },
      async (request, reply) => {
        const { signatureId } = request.params;
        const { expires, signature, download } = request.query;
        const links = await signedFormLinks(ctx);
        if (
          !isUuid(signatureId) ||
          !expires ||
          !signature ||
          !links.verify(signatureId, Number(expires), signature, now())
        )
          throw formNotFound();
        const row = await readSignature(ctx.db, signatureId);
        if (!row || !isStorageKey(row.pdf_key)) throw formNotFound();
        const file = await storage.get(row.pdf_key);
        if (!file) throw formNotFound();
        reply
          .header('content-type', 'application/pdf')
          .header('content-length', String(file.size))
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            disposition(download === '1' ? 'attachment' : 'inline', `signed-form-v${row.version}.pdf`),
          )
          .header('cache-control', 'private, max-age=600, no-transform');
        return reply.send(file.stream);
      },
    );
  };
