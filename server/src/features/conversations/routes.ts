/**
 * The conversations API (issue 25; decision 032), registered from `conversationsApi` rows
 * (contract/src/api/conversations.ts): a parent's `/api/Messages…` (`auth: 'user'`; an account with no
 * children that is not a parent answers 403), the files `/api/MessageAttachments…` (uploads by any signed-in
 * person; a file opens only through the signed link its conversation gives), each person's notification
 * settings, and the staff's `/api/staff/conversations…` (`auth: 'staff'`; a conversation outside a
 * teacher's reach answers 404).
 */

import fastifyMultipart from '@fastify/multipart';
import { ATTACHMENT_KINDS, ATTACHMENT_MAX_BYTES, conversationsApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { type AuthUser, currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { readUpload } from '../resources/routes.ts';
import { sendSignedFile } from '../resources/signed-file.ts';
import {
  conversationNotFound,
  familyConversation,
  requireFamily,
  staffConversation,
  staffReader,
} from './access.ts';
import { attachmentLinks } from './attachment-links.ts';
import { sentAttachment, storeAttachment } from './attachments.ts';
import {
  familyConversationView,
  familyUnread,
  listStaffConversations,
  readMessage,
  staffConversationView,
  staffUnreadConversations,
} from './conversation-reads.ts';
import {
  deleteMessage,
  editMessage,
  markRead,
  openFamilyConversation,
  type Reach,
  sendFamilyMessage,
  sendStaffMessage,
  updateConversation,
  type WriteDeps,
} from './conversation-writes.ts';
import { readNotificationSettings, updateNotificationSettings } from './notification-settings.ts';

const familyTags = ['Messages'];
const staffTags = ['Staff messages'];

export const conversationRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 1, fields: 4, parts: 5 },
    });
    const storage = createStorage(ctx.config);
    const deps: WriteDeps = { db: ctx.db, timeZone: ctx.config.timeZone, storage };
    const now = () => ctx.clock.now();
    const view = async (readerId: string) => ({ readerId, now: now(), links: await attachmentLinks(ctx) });
    /** The author's edit (either side), answered as the message now reads. */
    const editAndRead = async (user: AuthUser, reach: Reach, messageId: string, body: string) => {
      const { conversationId } = await editMessage(deps, user, reach, messageId, body, now());
      return (await readMessage(ctx.db, conversationId, messageId, await view(user.id)))!;
    };
    const familyDeps = { db: ctx.db, timeZone: ctx.config.timeZone, centerHours: ctx.config.messageHours };

    serve(
      app,
      conversationsApi.familyConversation,
      {
        config: { auth: 'user', errors: [403] },
        tags: familyTags,
        summary: 'The family’s conversation with the center',
        description:
          'The newest 50 messages (oldest first), or those before `before`, or only those containing `q`; how far each person has read; who reads it on the center’s side; the center’s hours. `id` is null before the first message.',
      },
      async (request) => {
        const user = currentUser(request);
        await requireFamily(ctx.db, user);
        const conversation = await familyConversation(ctx.db, user.id);
        return familyConversationView(familyDeps, user.id, request.query, await view(user.id), conversation);
      },
    );

    serve(
      app,
      conversationsApi.familyUnread,
      { config: { auth: 'user' }, tags: familyTags, summary: 'Unread messages from the center' },
      async (request) => ({ unread: await familyUnread(ctx.db, currentUser(request).id) }),
    );

    serve(
      app,
      conversationsApi.sendFamilyMessage,
      {
        config: { auth: 'user', errors: [403] },
        tags: familyTags,
        summary: 'Write to the center',
        description:
          'Text, files uploaded first, or both. The same `clientKey` posts once. The office and the children’s teachers are told as each chose, after a few minutes and outside their quiet hours.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        await requireFamily(ctx.db, user);
        const sent = await sendFamilyMessage(deps, user, request.body, now());
        reply.code(201);
        return (await readMessage(ctx.db, sent.conversation.id, sent.messageId, await view(user.id)))!;
      },
    );

    serve(
      app,
      conversationsApi.readFamilyMessages,
      {
        config: { auth: 'user', errors: [404] },
        tags: familyTags,
        summary: 'Mark the conversation read up to a message',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const conversation = await familyConversation(ctx.db, user.id);
        if (!conversation) throw conversationNotFound();
        await markRead(ctx.db, conversation, user.id, request.body.lastMessageId);
        return reply.code(204).send();
      },
    );

    serve(
      app,
      conversationsApi.editFamilyMessage,
      {
        config: { auth: 'user', errors: [403, 409] },
        tags: familyTags,
        summary: 'Change one’s own message',
        description: 'Within 15 minutes of sending; audited with what it said before.',
      },
      async (request) =>
        editAndRead(currentUser(request), { kind: 'family' }, request.params.messageId, request.body.body),
    );

    serve(
      app,
      conversationsApi.deleteFamilyMessage,
      {
        config: { auth: 'user', errors: [403, 409] },
        tags: familyTags,
        summary: 'Delete one’s own message',
        description:
          'Within 15 minutes of sending; its files are removed; the audit trail keeps what it said.',
      },
      async (request, reply) => {
        await deleteMessage(deps, currentUser(request), { kind: 'family' }, request.params.messageId, now());
        return reply.code(204).send();
      },
    );

    serve(
      app,
      conversationsApi.uploadAttachment,
      {
        config: { auth: 'user', errors: [413, 415] },
        tags: familyTags,
        summary: 'Upload a photo or PDF for a message (multipart `file`, ≤ 10 MB)',
        description:
          'JPEG, PNG or WebP photos (turned upright, resized to 2048 px at most, metadata and location removed) or PDFs, read from the bytes. Send its `id` with a message within the hour.',
        schema: { consumes: ['multipart/form-data'] },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const upload = await readUpload(
          request,
          ATTACHMENT_MAX_BYTES,
          new Map(ATTACHMENT_KINDS),
          'messages.conversations.chooseFile',
        );
        const stored = await storeAttachment(
          { db: ctx.db, storage, links: await attachmentLinks(ctx) },
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
      conversationsApi.attachmentFile,
      {
        config: { auth: 'public' },
        tags: familyTags,
        summary: 'A message’s file, through the signed link its conversation gives',
        description: 'Works for a few hours; a deleted message’s files answer 404.',
        replyDescription: 'The file',
        fileTypes: [...ATTACHMENT_KINDS.keys()],
      },
      async (request, reply) => {
        return sendSignedFile(reply, {
          id: request.params.attachmentId,
          query: request.query,
          links: await attachmentLinks(ctx),
          now: now(),
          storage,
          find: async (id) => {
            const row = await sentAttachment(ctx.db, id);
            return row && { key: row.storage_key, fileName: row.file_name };
          },
          notFound: conversationNotFound,
          // A photo or a PDF opens in the browser; any other kind is saved.
          inline: (type) => type.startsWith('image/') || type === 'application/pdf',
        });
      },
    );

    serve(
      app,
      conversationsApi.notificationSettings,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'How the signed-in person hears about new messages',
      },
      async (request) => readNotificationSettings(ctx.db, currentUser(request).id),
    );

    serve(
      app,
      conversationsApi.updateNotificationSettings,
      {
        config: { auth: 'user' },
        tags: familyTags,
        summary: 'Change how the signed-in person hears about new messages',
        description:
          'Email and/or text (texts need a mobile number on the account: 400 by `sms`), and quiet hours.',
      },
      async (request) => updateNotificationSettings(ctx.db, currentUser(request).id, request.body),
    );

    // The staff's side.
    serve(
      app,
      conversationsApi.staffConversations,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Families’ conversations the staff member may read',
        description:
          'The office (the director and staff with the inbox) reads every family’s; a teacher those of families with a child enrolled in a session they teach. Latest first; `status`, `unread`, `q` (a name or words in a message).',
      },
      async (request) =>
        listStaffConversations(ctx.db, await staffReader(ctx.db, currentUser(request)), request.query),
    );

    serve(
      app,
      conversationsApi.staffConversationSummary,
      { config: { auth: 'staff' }, tags: staffTags, summary: 'Conversations with an unread family message' },
      async (request) => ({
        unreadConversations: await staffUnreadConversations(
          ctx.db,
          await staffReader(ctx.db, currentUser(request)),
        ),
      }),
    );

    serve(
      app,
      conversationsApi.staffConversation,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'One family’s conversation',
        description: '404 for a conversation outside the staff member’s reach.',
      },
      async (request) => {
        const user = currentUser(request);
        return staffConversationView(
          ctx.db,
          await staffReader(ctx.db, user),
          request.params.conversationId,
          request.query,
          await view(user.id),
        );
      },
    );

    serve(
      app,
      conversationsApi.updateStaffConversation,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Change a conversation’s status or who looks after it',
        description: 'The director or staff with the inbox (403 for others). Audited.',
      },
      async (request) => {
        const user = currentUser(request);
        const reader = await staffReader(ctx.db, user);
        await updateConversation(ctx.db, reader, request.params.conversationId, request.body, now());
        return staffConversationView(ctx.db, reader, request.params.conversationId, {}, await view(user.id));
      },
    );

    serve(
      app,
      conversationsApi.sendStaffMessage,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Write to the family',
        description:
          'The family’s parents are told as each chose, after a few minutes and outside their quiet hours.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const sent = await sendStaffMessage(
          deps,
          await staffReader(ctx.db, user),
          request.params.conversationId,
          request.body,
          now(),
        );
        reply.code(201);
        return (await readMessage(ctx.db, sent.conversation.id, sent.messageId, await view(user.id)))!;
      },
    );

    serve(
      app,
      conversationsApi.readStaffMessages,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Mark the conversation read up to a message',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const conversation = await staffConversation(
          ctx.db,
          await staffReader(ctx.db, user),
          request.params.conversationId,
        );
        await markRead(ctx.db, conversation, user.id, request.body.lastMessageId);
        return reply.code(204).send();
      },
    );

    serve(
      app,
      conversationsApi.editStaffMessage,
      {
        config: { auth: 'staff', errors: [409] },
        tags: staffTags,
        summary: 'Change one’s own message',
        description: 'Within 15 minutes of sending; audited with what it said before.',
      },
      async (request) => {
        const user = currentUser(request);
        const reach: Reach = { kind: 'staff', reader: await staffReader(ctx.db, user) };
        return editAndRead(user, reach, request.params.messageId, request.body.body);
      },
    );

    serve(
      app,
      conversationsApi.deleteStaffMessage,
      {
        config: { auth: 'staff', errors: [409] },
        tags: staffTags,
        summary: 'Delete one’s own message',
        description:
          'Within 15 minutes of sending; its files are removed; the audit trail keeps what it said.',
      },
      async (request, reply) => {
        const user = currentUser(request);
        const reader = await staffReader(ctx.db, user);
        await deleteMessage(deps, user, { kind: 'staff', reader }, request.params.messageId, now());
        return reply.code(204).send();
      },
    );

    serve(
      app,
      conversationsApi.openFamilyConversation,
      {
        config: { auth: 'staff' },
        tags: staffTags,
        summary: 'Open a family’s conversation (made if it has none)',
        description:
          'The office: any family; a teacher: a family with a child enrolled in their session. 404 otherwise.',
      },
      async (request) =>
        openFamilyConversation(
          ctx.db,
          await staffReader(ctx.db, currentUser(request)),
          request.params.userId,
          now(),
        ),
    );
  };
