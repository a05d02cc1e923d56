/**
 * The staff inbox (issue 10, "Inbox (Admin, and Staff when given the right)"): contact messages,
 * schedule-a-tour requests and tutoring waitlist submissions read as one list, new first; each item has a
 * status, an assignee and a thread (`inbox_entries`) of staff notes and the messages mailed to the family.
 *
 * Who: the director (Admin) always; a teacher (Staff) only with `users.inbox_access` (403 otherwise, before
 * anything is read). Item ids are the submission's uuid; anything else, or an unknown id, is 404.
 * Every write runs in one transaction with its audit row (decision 010) and, for a reply or an invitation,
 * the queued mail (decision 002): a failed step leaves nothing behind. This module holds the access check
 * and the writes; reading is inbox-items.ts, the mails inbox-mail.ts.
 */
import {
  type InboxItem,
  type InboxKind,
  type InboxStatus,
  type InboxUpdateInput,
  statusesFor,
} from '@lc/contract';
import { eq } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { contactSubmissions, inboxEntries, tutoringWaitlistSubmissions, users } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail, limitMailTo } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { findItem, type ItemRowSql, listAssignees, toItem } from './inbox-items.ts';
import { inviteMail, replyMail } from './inbox-mail.ts';

export type InboxDeps = {
  db: Db;
  /** The center's address (CENTER_EMAIL): replies to the family carry it as Reply-To. */
  centerEmail: string;
  /** Links in mail are built from APP_URL, never from a request's Host header. */
  appUrl: string;
  /** The center's IANA zone, for dates written in mail. */
  timeZone: string;
  now: () => Date;
};

/**
 * 403 unless `user` may read and answer the inbox: an Admin always, a Staff user when the director gave them
 * `inbox_access`. Read from the database on every call, so a right taken away applies to the next request.
 */
export async function requireInboxAccess(db: DbOrTx, user: AuthUser): Promise<void> {
  if (user.role === 'Admin') return;
  if (user.role === 'Staff') {
    const [row] = await db
      .select({ inboxAccess: users.inboxAccess })
      .from(users)
      .where(eq(users.id, user.id));
    if (row?.inboxAccess) return;
  }
  throw new HttpError(403, 'messages.inbox.notAllowed');
}

const entityType = (kind: InboxKind) =>
  kind === 'tutoring' ? 'TutoringWaitlistSubmission' : 'ContactSubmission';
const table = (kind: InboxKind) => (kind === 'tutoring' ? tutoringWaitlistSubmissions : contactSubmissions);

/** The status an item moves to once the family has been written to: New → Replied (tutoring: Contacted). */
const answered = (item: ItemRowSql): InboxStatus =>
  item.status !== 'New' ? item.status : item.kind === 'tutoring' ? 'Contacted' : 'Replied';

async function setStatusAndAssignee(
  tx: Tx,
  item: ItemRowSql,
  change: { status: InboxStatus; assigneeId: string | null },
  now: Date,
) {
  const t = table(item.kind);
  await tx
    .update(t)
    .set({ status: change.status, assigneeId: change.assigneeId, updated: now })
    .where(eq(t.id, item.id));
}

/** Run `write` on item `id` in one transaction (404 when there is none), then answer the item as stored. */
async function writeItem(
  deps: InboxDeps,
  id: string,
  write: (tx: Tx, item: ItemRowSql, now: Date) => Promise<void>,
): Promise<InboxItem> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const item = await findItem(tx, id, true);
    if (!item) throw notFound('message');
    await write(tx, item, now);
    return toItem(tx, (await findItem(tx, id))!);
  });
}

/**
 * Change item `id`'s status and/or assignee. The status must be one of its kind's (400 by `status`); the
 * assignee a director or a teacher with inbox access (400 by `assigneeId`); null means nobody. Audited as
 * `inbox.update` with before and after, only when something changed.
 */
export async function updateInboxItem(
  deps: InboxDeps,
  actor: AuthUser,
  id: string,
  input: InboxUpdateInput,
): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    const status = input.status ?? item.status;
    if (!statusesFor(item.kind).includes(status)) {
      const statuses = statusesFor(item.kind)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1');
      const code = 'messages.inbox.chooseStatus';
      throw new HttpError(400, code, { params: { statuses }, fields: { status: code } });
    }
    const assigneeId = input.assigneeId === undefined ? item.assignee_id : input.assigneeId;
    if (assigneeId !== null && assigneeId !== item.assignee_id) {
      const allowed = await listAssignees(tx);
      if (!allowed.some((m) => m.id === assigneeId)) {
        const code = 'messages.inbox.chooseAssignee';
        throw new HttpError(400, code, { fields: { assigneeId: code } });
      }
    }
    if (status === item.status && assigneeId === item.assignee_id) return;
    await setStatusAndAssignee(tx, item, { status, assigneeId }, now);
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'inbox.update',
        entityType: entityType(item.kind),
        entityId: item.id,
        before: { status: item.status, assigneeId: item.assignee_id },
        after: { status, assigneeId },
      },
      now,
    );
  });
}

async function addEntry(
  tx: Tx,
  item: ItemRowSql,
  kind: 'Note' | 'Reply',
  body: string,
  actor: AuthUser,
  now: Date,
) {
  const [entry] = await tx
    .insert(inboxEntries)
    .values({
      ...(item.kind === 'tutoring' ? { tutoringSubmissionId: item.id } : { contactSubmissionId: item.id }),
      kind,
      body,
      authorId: actor.id,
      created: now,
    })
    .returning({ id: inboxEntries.id });
  return entry!.id;
}

/** Add a staff note (never mailed) to item `id`'s thread. Audited as `inbox.note`. */
export async function addInboxNote(
  deps: InboxDeps,
  actor: AuthUser,
  id: string,
  body: string,
): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    const entryId = await addEntry(tx, item, 'Note', body, actor, now);
    const t = table(item.kind);
    await tx.update(t).set({ updated: now }).where(eq(t.id, item.id));
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'inbox.note',
        entityType: entityType(item.kind),
        entityId: item.id,
        before: null,
        after: { entryId, body },
      },
      now,
    );
  });
}

/**
 * Mail `body` to the family of item `id` (Reply-To the center's address) and keep it in the thread as a
 * `Reply`; a New item becomes Replied (tutoring: Contacted). The mail is queued in the same transaction, so
 * a stored reply is always sent and a failed step sends nothing. Audited as `inbox.reply`. 429 past the
 * actor's mail limits (jobs/mail-outbox.ts `limitMailTo`, decision 017).
 */
export async function replyToInboxItem(
  deps: InboxDeps,
  actor: AuthUser,
  id: string,
  body: string,
): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    await limitMailTo(tx, `staff:${actor.id}`, item.email, now);
    await mailFamily(tx, item, actor, 'inbox.reply', { body, mail: replyMail(deps, item, actor, body) }, now);
  });
}

/**
 * "Invite to register" (issue 10): mail the family a link to the sign-up page with their name and email
 * filled in, keep the mail in the thread (as a `Reply`, what the family received), and move a New item on
 * as a reply does. 409 (by `email`) when an account already uses the address; 429 past the actor's mail
 * limits (decision 017). Audited as `inbox.invite`.
 */
export async function inviteInboxFamily(deps: InboxDeps, actor: AuthUser, id: string): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.emailAddress, item.email.toLowerCase()));
    if (account) {
      const code = 'messages.inbox.accountExists';
      throw new HttpError(409, code, { params: { email: item.email }, fields: { email: code } });
    }
    await limitMailTo(tx, `staff:${actor.id}`, item.email, now);
    // In the language they wrote in (issue 14): inbox-mail.ts.
    await mailFamily(tx, item, actor, 'inbox.invite', inviteMail(deps, item, actor), now);
  });
}

/**
 * Inside a write's transaction: keep `body` in the item's thread as a `Reply`, queue `mail`, move a New item
 * on (`answered`) and audit it as `action` with the entry, the mail and the address.
 */
async function mailFamily(
  tx: Tx,
  item: ItemRowSql,
  actor: AuthUser,
  action: 'inbox.reply' | 'inbox.invite',
  sent: { body: string; mail: MailMessage },
  now: Date,
): Promise<void> {
  const entryId = await addEntry(tx, item, 'Reply', sent.body, actor, now);
  const mailId = await enqueueMail(tx, sent.mail);
  const status = answered(item);
  await setStatusAndAssignee(tx, item, { status, assigneeId: item.assignee_id }, now);
  await recordAudit(
    tx,
    {
      actorUserId: actor.id,
      action,
      entityType: entityType(item.kind),
      entityId: item.id,
      before: { status: item.status },
      after: { status, entryId, mailId, to: item.email },
    },
    now,
  );
}
