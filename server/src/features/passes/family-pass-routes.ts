/**
 * The family's side of pickup passes over HTTP (issue 11): `/api/Student/Trustees/{trusteeId}/Pass…`
 * issues, re-issues and revokes an adult's pass, shows its printable card and keeps its photo;
 * `/api/Student/Trustees/Self` makes the parent's own contact; `/api/Student/Attendance` is the family's
 * drop-off and pickup history. Registered inside passes/routes.ts `passRoutes`, which parses the photo
 * upload (multipart). Each route registers from its `passesApi` row (contract/src/api/passes.ts; http/serve.ts).
 */
import { passesApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { requestLanguage } from '../../http/api-language.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { readUpload } from '../resources/routes.ts';
import { adultPhoto, familyCurrentPass, replaceAdultPhoto } from './adult-photo.ts';
import { familyHistory } from './attendance-reports.ts';
import { familyPassCard } from './pass-cards.ts';
import { getPassState, issuePass, revokePass } from './passes.ts';
import { PHOTO_MAX_BYTES } from './photos.ts';
import { ensureSelfContact } from './self-contact.ts';

const familyTags = ['Student'];

/** Photos of pickup adults: JPEG or PNG (PNG shows on an Apple Wallet pass), at most 5 MB. */
const PHOTO_KINDS = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
]);
/** The photo's refusal (missing, too large, another kind): a code, in the caller's language. */
const PHOTO_MESSAGE = 'passes.photo.kind';

export const familyPassRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const storage = createStorage(ctx.config);

    serve(
      app,
      passesApi.passState,
      { tags: familyTags, summary: 'The pickup pass of one of the family’s adults' },
      async (request) =>
        getPassState(
          ctx,
          currentUser(request).id,
          request.params.trusteeId,
          requestLanguage(request.headers),
        ),
    );

    serve(
      app,
      passesApi.issuePass,
      {
        config: { errors: [429] },
        tags: familyTags,
        summary: 'Issue (or re-issue) a pickup pass with a PIN',
        description:
          'The adult must be active and allowed to pick up (400 otherwise). Re-issuing revokes the old pass at once. The adult is emailed a link to the pass; 429 (nothing changed) after 5 mails to one address in an hour from the family, or 20 in all (decision 017).',
      },
      async (request, reply) => {
        const pass = await issuePass(
          ctx,
          currentUser(request),
          request.params.trusteeId,
          request.body.pin,
          requestLanguage(request.headers),
        );
        return reply.status(201).send(pass);
      },
    );

    serve(
      app,
      passesApi.revokePass,
      { tags: familyTags, summary: 'Revoke the adult’s pickup pass (it stops working at the door at once)' },
      async (request) =>
        revokePass(ctx, currentUser(request).id, request.params.trusteeId, requestLanguage(request.headers)),
    );

    serve(
      app,
      passesApi.passCard,
      { tags: familyTags, summary: 'The printable pass: QR code, code to type, wallet links' },
      async (request) =>
        familyPassCard(
          ctx,
          currentUser(request).id,
          request.params.trusteeId,
          requestLanguage(request.headers),
        ),
    );

    serve(
      app,
      passesApi.uploadPassPhoto,
      {
        tags: familyTags,
        summary: 'Add or replace the adult’s photo (multipart `file`: JPEG or PNG, ≤ 5 MB)',
        description:
          'Shown at the door, where staff may confirm it instead of the PIN, and on the wallet pass. The photo it replaces is deleted. 413 (field `file`) when the family’s photos would pass its 25 MB quota.',
        schema: { consumes: ['multipart/form-data'] },
      },
      async (request) => {
        const user = currentUser(request);
        const { trusteeId } = request.params;
        await familyCurrentPass(ctx.db, user.id, trusteeId); // 404 before the upload is read
        const upload = await readUpload(request, PHOTO_MAX_BYTES, PHOTO_KINDS, PHOTO_MESSAGE);
        await replaceAdultPhoto(ctx, storage, user.id, trusteeId, upload);
        return getPassState(ctx, user.id, trusteeId, requestLanguage(request.headers));
      },
    );

    serve(
      app,
      passesApi.passPhoto,
      {
        tags: familyTags,
        summary: 'The adult’s photo on their current pass',
        replyDescription: 'The photo',
        fileTypes: [...PHOTO_KINDS.keys()],
      },
      async (request, reply) => {
        const photo = await adultPhoto(ctx, currentUser(request).id, request.params.trusteeId);
        return reply.type(photo.mimeType).send(photo.bytes);
      },
    );

    serve(
      app,
      passesApi.selfContact,
      {
        tags: familyTags,
        summary: 'The parent’s own contact (made on first use) so they can carry a pass too',
      },
      async (request) => ({ trusteeId: await ensureSelfContact(ctx, currentUser(request).id) }),
    );

    serve(
      app,
      passesApi.familyAttendance,
      { tags: familyTags, summary: 'Drop-offs and pickups of the family’s children, newest first' },
      async (request) => familyHistory(ctx, currentUser(request).id, request.query),
    );
  };
