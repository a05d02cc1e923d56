/**
 * The staff inbox's API (issue 10, "Inbox"): `/api/staff/inbox…`, all `auth: 'staff'` (401 anonymous, 403 a
 * parent), and one guard for the whole subtree: a teacher without the inbox right gets 403 before any
 * input is read or any item is looked up, so a refusal tells nothing about what is in the inbox.
 */
import { messagesApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import {
  addInboxNote,
  type InboxDeps,
  inviteInboxFamily,
  replyToInboxItem,
  requireInboxAccess,
  updateInboxItem,
} from './inbox.ts';
import { countNew, listInbox, readInboxItem } from './inbox-items.ts';

const tags = ['Staff inbox'];

export const staffInboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const deps: InboxDeps = {
      db: ctx.db,
      centerEmail: ctx.config.centerEmail,
      appUrl: ctx.config.appUrl,
      timeZone: ctx.config.timeZone,
      now: () => ctx.clock.now(),
    };

    // This plugin's routes only (Fastify encapsulation): runs after authentication, before validation.
    app.addHook('preValidation', async (request) => {
      await requireInboxAccess(ctx.db, currentUser(request));
    });

    /** Mail queued by a write goes out now rather than at the next background round. */
    const deliverSoon = () => {
      ctx.work.runNow().catch(() => {});
    };

    serve(
      app,
      messagesApi.inbox,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'The inbox: contact, tour and tutoring waitlist submissions (paginated)',
        description:
          'New items first, then newest. Filters: `status`, `kind` (contact, tour, tutoring), `assignee` (`me`, `none` or a staff id), `q` (family name, email or child). `newCount` counts New items in the whole inbox. Director, or a teacher with inbox access (403 otherwise).',
      },
      async (request) => listInbox(ctx.db, currentUser(request), request.query),
    );

    serve(
      app,
      messagesApi.inboxSummary,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'How many inbox items are New',
        description: 'The staff navigation’s count. 403 for someone who may not read the inbox.',
      },
      async () => ({ newCount: await countNew(ctx.db) }),
    );

    serve(
      app,
      messagesApi.inboxItem,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'One inbox item with its thread',
        description: 'The family’s submission, notes and replies (oldest first), and who may be assigned.',
      },
      async (request) => readInboxItem(ctx.db, request.params.id),
    );

    serve(
      app,
      messagesApi.updateInboxItem,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Change an item’s status or assignee',
        description:
          'Contact and tour: New, Replied, Toured, Enrolled, Closed. Tutoring: New, Contacted, Placed, Closed. The assignee is the director or a teacher with inbox access; null for nobody. Audited.',
      },
      async (request) => updateInboxItem(deps, currentUser(request), request.params.id, request.body),
    );

    serve(
      app,
      messagesApi.addInboxNote,
      {
        config: { auth: 'staff' },
        tags,
        summary: 'Add a staff note to an item’s thread',
        description: 'Seen by the staff only; never mailed. Audited.',
      },
      async (request, reply) => {
        const item = await addInboxNote(deps, currentUser(request), request.params.id, request.body.body);
        reply.code(201);
        return item;
      },
    );

    serve(
      app,
      messagesApi.replyToInboxItem,
      {
        config: { auth: 'staff', errors: [429] },
        tags,
        summary: 'Reply to the family by email',
        description:
          'Mailed to the family with Reply-To the center’s address and kept in the thread; a New item becomes Replied (tutoring: Contacted). Audited. 429 after 5 mails to one address in an hour from one staff member, or 20 in all (decision 017).',
      },
      async (request, reply) => {
        const item = await replyToInboxItem(deps, currentUser(request), request.params.id, request.body.body);
        deliverSoon();
        reply.code(201);
        return item;
      },
    );

    serve(
      app,
      messagesApi.inviteInboxFamily,
      {
        config: { auth: 'staff', errors: [409, 429] },
        tags,
        summary: 'Invite the family to create an account',
        description:
          'Mails a link to the sign-up page with their name and email filled in, and keeps it in the thread. 409 when an account already uses the address; 429 past the mail limits (as for replies). Audited.',
      },
      async (request, reply) => {
        const item = await inviteInboxFamily(deps, currentUser(request), request.params.id);
        deliverSoon();
        reply.code(201);
        return item;
      },
    );
  };
