/**
 * The day's notes and photos API (issue 25; decision 033), registered from `dayFeedApi` rows
 * (contract/src/api/day-feed.ts): the staff's `/api/staff/sessions/{id}/day…`, `/api/staff/day-posts…` and
 * `/api/staff/day-photos` (`auth: 'staff'`; a session outside a teacher's reach answers 404), a family's
 * `/api/Student/{id}/Feed` and `/PhotoConsent` (`auth: 'user'`; another family's child answers 404), each
 * parent's daily summary choice, and the photos through their signed links (`auth: 'public'`, the link is the
 * permission).
 */
import fastifyMultipart from '@fastify/multipart';
import { ATTACHMENT_MAX_BYTES, dayFeedApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { readUpload } from '../resources/routes.ts';
import { sendSignedFile } from '../resources/signed-file.ts';
import { familyChild, familyChildIds, feedNotFound, staffDaySession } from './access.ts';
import { DAY_PHOTO_KINDS, dayPhotoLinks, postedPhoto, storeDayPhoto } from './day-photos.ts';
import { childFeed, staffDay, staffPostView, type ViewContext } from './day-reads.ts';
import { createPost, deletePost, editPost, saveCare } from './day-writes.ts';
import {
  readDailySummary,
  readPhotoConsent,
  writeDailySummary,
  writePhotoConsent,
} from './family-settings.ts';

const staffTags = ['Staff day'];
const familyTags = ['Day feed'];

export const dayFeedRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    const storage = createStorage(ctx.config);
    const deps = { db: ctx.db, storage };
    const now = () => ctx.clock.now();
    const view = async (reader: { id: string; role: string }): Promise<ViewContext> => {
      const at = now();
      return { links: await dayPhotoLinks(ctx), now: at, today: ctx.clock.today(at), reader };
    };

    serve(
      app,
      dayFeedApi.staffDay,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'A session’s day today: the class, meals and rest, the door, and what was posted',
        description: 'The director, or a teacher assigned to the session (404 otherwise).',
      },
      async (request) => {
        const user = currentUser(request);
        const session = await staffDaySession(ctx.db, user, request.params.classSessionId);
        const v = await view(user);
        return staffDay(ctx.db, session, v.today, v);
      },
    );

    serve(
      app,
      dayFeedApi.createPost,
      {
        config: { auth: 'staff', errors: [409] },
        tags: staffTags,
        summary: 'Post a class note, a note about one child, or photos to today',
        description:
          'Children named must be enrolled in the session. A photo naming a child whose family has not granted photo consent answers 409 with their names unless `acknowledgeConsent` is true; then only that child’s own family (and the staff) see it. 409 on a day the session does not meet.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const session = await staffDaySession(ctx.db, user, request.params.classSessionId);
        const v = await view(user);
        const id = await createPost(deps, user, session, request.body, v.today, v.now);
        reply.code(201);
        return (await staffPostView(ctx.db, id, v))!;
      },
    );

    serve(
      app,
      dayFeedApi.editPost,
      {
        config: { auth: 'staff', errors: [403] },
        tags: staffTags,
        summary: 'Change a post’s text',
        description:
          'Its author on the day it was posted, or the director; audited with what it said before.',
      },
      async (request) => {
        const user = currentUser(request);
        const v = await view(user);
        const id = await editPost(ctx.db, user, request.params.postId, request.body.body, v.today, v.now);
        return (await staffPostView(ctx.db, id, v))!;
      },
    );

    serve(
      app,
      dayFeedApi.deletePost,
      {
        config: { auth: 'staff', errors: [403] },
        tags: staffTags,
        summary: 'Delete a post and its photos',
        description: 'Its author on the day it was posted, or the director; audited with what it said.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        await deletePost(deps, user, request.params.postId, ctx.clock.today(now()), now());
        return reply.code(204).send();
      },
    );

    serve(
      app,
      dayFeedApi.uploadPhoto,
      {
        config: { auth: 'staff', errors: [413, 415] },
        tags: staffTags,
        summary: 'Upload a photo for today (multipart `file`, ≤ 10 MB)',
        description:
          'JPEG, PNG or WebP, read from the bytes; turned upright, resized to 2048 px at most, metadata and location removed. Post its `id` within the hour.',
        schema: { consumes: ['multipart/form-data'] },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const upload = await readUpload(
          request,
          ATTACHMENT_MAX_BYTES,
          new Map(DAY_PHOTO_KINDS),
          'feed.choosePhoto',
        );
        const stored = await storeDayPhoto(
          { ...deps, links: await dayPhotoLinks(ctx) },
          user.id,
          upload,
          now(),
        );
        reply.code(201);
        return stored;
      },
    );

    serve(
      app,
      dayFeedApi.saveCare,
      {
        config: { auth: 'staff', errors: [409] },
        tags: staffTags,
        summary: 'Note a child’s meals, rest and a few words for today',
        description: 'The whole entry; the child must be enrolled in the session (404 otherwise).',
      },
      async (request) => {
        const user = currentUser(request);
        const session = await staffDaySession(ctx.db, user, request.params.classSessionId);
        const at = now();
        return saveCare(
          ctx.db,
          user,
          session,
          request.params.studentId,
          request.body,
          ctx.clock.today(at),
          at,
        );
      },
    );

    serve(
      app,
      dayFeedApi.photoFile,
      {
        config: { auth: 'public' },
        tags: familyTags,
        summary: 'A photo of the day, through the signed link a feed gives',
        description: 'Works for a few hours; `download=1` saves it. A deleted or expired photo answers 404.',
        replyDescription: 'The photo',
        fileTypes: [...DAY_PHOTO_KINDS.keys()],
      },
      async (request, reply) => {
        return sendSignedFile(reply, {
          id: request.params.photoId,
          query: request.query,
          links: await dayPhotoLinks(ctx),
          now: now(),
          storage,
          // Saved as "bright-oak-2026-11-20.jpg": the day it was posted.
          find: async (id) => {
            const row = await postedPhoto(ctx.db, id);
            const ext = DAY_PHOTO_KINDS.get(row?.content_type ?? '') ?? 'jpg';
            return row && { key: row.storage_key, fileName: `bright-oak-${row.day}.${ext}` };
          },
          notFound: feedNotFound,
        });
      },
    );

    serve(
      app,
      dayFeedApi.childFeed,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'A child’s days: notes, photos, meals and rest, check-in and check-out',
        description:
          'Newest days first, a week of days per page (`before` reads older ones). Only what the family may see: the class’s notes and photos, notes about the child, photos the child is in; never a photo with another family’s child whose family has not granted photo consent. 404 for another family’s child.',
      },
      async (request) => {
        const user = currentUser(request);
        const child = await familyChild(ctx.db, user.id, request.params.studentId);
        return childFeed(
          ctx.db,
          child,
          await familyChildIds(ctx.db, user.id),
          request.query.before,
          await view(user),
        );
      },
    );

    serve(
      app,
      dayFeedApi.photoConsent,
      { config: { auth: 'user' }, tags: familyTags, summary: 'The child’s photo release' },
      async (request) => {
        const user = currentUser(request);
        const child = await familyChild(ctx.db, user.id, request.params.studentId);
        return readPhotoConsent(ctx.db, child.id);
      },
    );

    serve(
      app,
      dayFeedApi.updatePhotoConsent,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'Grant or refuse the sharing of the child’s photos with other families',
        description: 'Takes effect at once on every photo already posted.',
      },
      async (request) => {
        const user = currentUser(request);
        const child = await familyChild(ctx.db, user.id, request.params.studentId);
        return writePhotoConsent(ctx.db, user.id, child.id, request.body, now());
      },
    );

    serve(
      app,
      dayFeedApi.dailySummary,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'Whether the parent gets the daily summary mail',
      },
      async (request) => readDailySummary(ctx.db, currentUser(request).id),
    );

    serve(
      app,
      dayFeedApi.updateDailySummary,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'Choose or stop the daily summary mail',
        description: 'One mail after the end of each day with something to tell, in the parent’s language.',
      },
      async (request) => writeDailySummary(ctx.db, currentUser(request).id, request.body.dailySummary, now()),
    );
  };
