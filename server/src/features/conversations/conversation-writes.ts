/**
 * Writing to conversations (issue 25; decision 032): sending (once per `clientKey`, with files uploaded
 * before), editing and deleting one's own message within {@link MESSAGE_EDIT_MINUTES} minutes (audited with
 * what it said), read positions (the receipts), the office's status and assignee, and a staff member opening
 * a family's conversation. Each write is one transaction; a failure leaves nothing half-written. Files of a
 * deleted message are removed from the storage after the change commits.
 */
import {
  type ConversationUpdate,
  MESSAGE_EDIT_MINUTES,
  type MessageInput,
  type MessageSide,
} from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import { type Db, type DbOrTx, queryRows, type Tx, uuidList } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { lockFamilyMembers } from '../family/members.ts';
import { listAssignees } from '../inbox/inbox-items.ts';
import {
  type ConversationRow,
  conversationNotFound,
  familyAccounts,
  familyConversation,
  type StaffReader,
  staffConversation,
  staffReach,
} from './access.ts';
import { scheduleAlerts } from './alerts.ts';

/** What the writes need: the database, the center's time zone (quiet hours) and the file storage. */
export type WriteDeps = { db: Db; timeZone: string; storage: FileStorage };

/** An uploaded file not sent with a message within this long is removed (and cannot be sent). */
export const UNSENT_ATTACHMENT_MS = 60 * 60 * 1000;

/**
 * Inside `tx`: post `input` from `author` (on `side`) to `conversation` (locked by the caller). A second
 * call with the same `clientKey` answers the first message's id and changes nothing. 400 by
 * `attachmentIds` when a file is not the author's own unsent upload of the last hour.
 */
async function postMessage(
  tx: Tx,
  deps: WriteDeps,
  conversation: ConversationRow,
  author: AuthUser,
  side: MessageSide,
  input: MessageInput,
  now: Date,
): Promise<string> {
  if (input.clientKey) {
    const [existing] = await queryRows<{ id: string }>(
      tx,
      sql`select id from conversation_messages where author_id = ${author.id} and client_key = ${input.clientKey}`,
    );
    if (existing) return existing.id;
  }
  const files = [...new Set(input.attachmentIds)];
  if (files.length > 0) {
    const owned = files.every(isUuid)
      ? await queryRows<{ id: string }>(
          tx,
          sql`select id from message_attachments where id in ${uuidList(files)} and uploader_id = ${author.id}
            and message_id is null and created > ${new Date(now.getTime() - UNSENT_ATTACHMENT_MS)} for update`,
        )
      : [];
    if (owned.length !== files.length)
      throw new HttpError(400, 'messages.conversations.attachmentGone', {
        fields: { attachmentIds: 'messages.conversations.attachmentGone' },
      });
  }
  const [message] = await queryRows<{ id: string }>(
    tx,
    sql`insert into conversation_messages (conversation_id, author_id, side, body, client_key, created)
      values (${conversation.id}, ${author.id}, ${side}, ${input.body}, ${input.clientKey ?? null}, ${now})
      returning id`,
  );
  if (files.length > 0)
    await tx.execute(
      sql`update message_attachments set message_id = ${message!.id} where id in ${uuidList(files)}`,
    );
  // The conversation moves on, and the author has read their own message: one round trip.
  await tx.execute(sql`with moved as (update conversations set last_message_at = ${now}, updated = ${now},
      status = ${side === 'Family' ? 'New' : 'Replied'}
    where id = ${conversation.id} returning id)
    insert into conversation_reads (conversation_id, user_id, read_at)
      select id, ${author.id}::uuid, ${now} from moved
    on conflict (conversation_id, user_id) do update
      set read_at = greatest(conversation_reads.read_at, excluded.read_at)`);
  await scheduleAlerts(tx, conversation, { authorId: author.id, side }, now, deps.timeZone);
  return message!.id;
}

/** The read position of `userId` moves to `at` (never back). */
async function markReadAt(tx: DbOrTx, conversationId: string, userId: string, at: Date): Promise<void> {
  await tx.execute(sql`insert into conversation_reads (conversation_id, user_id, read_at)
    values (${conversationId}, ${userId}, ${at})
    on conflict (conversation_id, user_id) do update
      set read_at = greatest(conversation_reads.read_at, excluded.read_at)`);
}

/**
 * A parent writes to the center: the family's conversation, started by this first message when it has none
 * (the family's parents are locked first, so two parents writing at once make one conversation). Answers the
 * conversation and the message's id.
 */
export async function sendFamilyMessage(
  deps: WriteDeps,
  user: AuthUser,
  input: MessageInput,
  now: Date,
): Promise<{ conversation: ConversationRow; messageId: string }> {
  return deps.db.transaction(async (tx) => {
    // The family's parents, locked in id order in one statement (as family/members.ts lockFamilyMembers).
    await tx.execute(sql`select id from users where id in (select user_id from ${familyAccounts(user.id)} f)
      order by id for update`);
    let conversation = await familyConversation(tx, user.id);
    if (!conversation) {
      [conversation = null] = await queryRows<ConversationRow>(
        tx,
        sql`insert into conversations (family_user_id, status, created, updated)
          values (${user.id}, 'New', ${now}, ${now})
          returning id, family_user_id, status, assignee_id`,
      );
    }
    const messageId = await postMessage(tx, deps, conversation!, user, 'Family', input, now);
    return { conversation: conversation!, messageId };
  });
}

/** Someone on the staff who may read conversation `id` writes to the family. 404 otherwise. */
export async function sendStaffMessage(
  deps: WriteDeps,
  reader: StaffReader,
  id: string,
  input: MessageInput,
  now: Date,
): Promise<{ conversation: ConversationRow; messageId: string }> {
  return deps.db.transaction(async (tx) => {
    const conversation = await staffConversation(tx, reader, id, true);
    const messageId = await postMessage(tx, deps, conversation, reader.user, 'Center', input, now);
    return { conversation, messageId };
  });
}

/**
 * `lastMessageId` of `conversation` has been seen by `userId`: their read position moves to it (never back).
 * 404 for a message of another conversation.
 */
export async function markRead(
  db: DbOrTx,
  conversation: ConversationRow,
  userId: string,
  lastMessageId: string,
): Promise<void> {
  if (!isUuid(lastMessageId)) throw conversationNotFound();
  const [message] = await queryRows<{ created: Date | string }>(
    db,
    sql`select created from conversation_messages where id = ${lastMessageId} and conversation_id = ${conversation.id}`,
  );
  if (!message) throw conversationNotFound();
  await markReadAt(db, conversation.id, userId, new Date(message.created));
}

type OwnMessage = {
  id: string;
  conversation_id: string;
  family_user_id: string;
  author_id: string | null;
  body: string;
  created: Date | string;
  deleted_at: Date | string | null;
};

/**
 * Message `messageId` in a conversation `user` may read (`reach`: the family's own, or the staff's reach),
 * locked; 404 otherwise. 403 when someone else wrote it; 409 when it is deleted or its window has passed.
 */
async function ownMessage(
  tx: Tx,
  user: AuthUser,
  messageId: string,
  reach: ReturnType<typeof sql>,
  now: Date,
): Promise<OwnMessage> {
  if (!isUuid(messageId)) throw conversationNotFound();
  const [row] = await queryRows<OwnMessage>(
    tx,
    sql`select m.id, m.conversation_id, c.family_user_id, m.author_id, m.body, m.created, m.deleted_at
      from conversation_messages m join conversations c on c.id = m.conversation_id
      where m.id = ${messageId} and ${reach} for update of m`,
  );
  if (!row) throw conversationNotFound();
  if (row.author_id !== user.id) throw new HttpError(403, 'messages.conversations.notYours');
  if (row.deleted_at) throw new HttpError(409, 'messages.conversations.deleted');
  if (new Date(row.created).getTime() + MESSAGE_EDIT_MINUTES * 60_000 <= now.getTime())
    throw new HttpError(409, 'messages.conversations.editWindowPassed', {
      params: { minutes: MESSAGE_EDIT_MINUTES },
    });
  return row;
}

/** Where a message may be reached from: the parent's own family, or a staff reader's conversations. */
export type Reach = { kind: 'family' } | { kind: 'staff'; reader: StaffReader };

function reachSql(user: AuthUser, reach: Reach) {
  return reach.kind === 'family'
    ? sql`c.family_user_id in (select user_id from ${familyAccounts(user.id)} f)`
    : staffReach(reach.reader);
}

/** The author changes their message's text within the window; audited with before and after. */
export async function editMessage(
  deps: WriteDeps,
  user: AuthUser,
  reach: Reach,
  messageId: string,
  body: string,
  now: Date,
): Promise<{ conversationId: string }> {
  return deps.db.transaction(async (tx) => {
    const message = await ownMessage(tx, user, messageId, reachSql(user, reach), now);
    await tx.execute(
      sql`update conversation_messages set body = ${body}, edited_at = ${now} where id = ${message.id}`,
    );
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'message.edit',
        entityType: 'ConversationMessage',
        entityId: message.id,
        before: { body: message.body, familyUserId: message.family_user_id },
        after: { body, familyUserId: message.family_user_id },
      },
      now,
    );
    return { conversationId: message.conversation_id };
  });
}

/**
 * The author deletes their message within the window: its text goes (the audit trail keeps it) and its files
 * are removed from the storage once the change has committed.
 */
export async function deleteMessage(
  deps: WriteDeps,
  user: AuthUser,
  reach: Reach,
  messageId: string,
  now: Date,
): Promise<void> {
  const keys = await deps.db.transaction(async (tx) => {
    const message = await ownMessage(tx, user, messageId, reachSql(user, reach), now);
    const files = await queryRows<{ storage_key: string; file_name: string }>(
      tx,
      sql`delete from message_attachments where message_id = ${message.id} returning storage_key, file_name`,
    );
    await tx.execute(
      sql`update conversation_messages set body = '', deleted_at = ${now} where id = ${message.id}`,
    );
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'message.delete',
        entityType: 'ConversationMessage',
        entityId: message.id,
        before: {
          body: message.body,
          files: files.map((f) => f.file_name),
          familyUserId: message.family_user_id,
        },
        after: { deleted: true, familyUserId: message.family_user_id },
      },
      now,
    );
    return files.map((f) => f.storage_key);
  });
  for (const key of keys) await deps.storage.delete(key).catch(() => {});
}

/**
 * The office changes conversation `id`'s status or assignee (the director or a teacher with the inbox); 403
 * `conversations.officeOnly` for a teacher without the inbox, 404 for an unknown id, 400 by `assigneeId` for
 * someone who may not be given it. Audited.
 */
export async function updateConversation(
  db: Db,
  reader: StaffReader,
  id: string,
  change: ConversationUpdate,
  now: Date,
): Promise<void> {
  if (!reader.office) throw new HttpError(403, 'messages.conversations.officeOnly');
  await db.transaction(async (tx) => {
    const conversation = await staffConversation(tx, reader, id, true);
    if (change.assigneeId) {
      const allowed = await listAssignees(tx);
      if (!allowed.some((a) => a.id === change.assigneeId))
        throw new HttpError(400, 'request.invalidFields', {
          fields: { assigneeId: 'fields.conversations.chooseAssignee' },
        });
    }
    const status = change.status ?? conversation.status;
    const assigneeId = change.assigneeId === undefined ? conversation.assignee_id : change.assigneeId;
    await tx.execute(sql`update conversations set status = ${status}, assignee_id = ${assigneeId}, updated = ${now}
      where id = ${conversation.id}`);
    await recordAudit(
      tx,
      {
        actorUserId: reader.user.id,
        action: 'conversation.update',
        entityType: 'Conversation',
        entityId: conversation.id,
        before: {
          status: conversation.status,
          assigneeId: conversation.assignee_id,
          familyUserId: conversation.family_user_id,
        },
        after: { status, assigneeId, familyUserId: conversation.family_user_id },
      },
      now,
    );
  });
}

/**
 * A staff member opens the conversation of the family of parent account `familyUserId` (creating it, with no
 * message yet, when the family has none). The office may open any family's; a teacher only a family with a
 * child enrolled in a session they teach. 404 otherwise, and for an account that is not a family.
 */
export async function openFamilyConversation(
  db: Db,
  reader: StaffReader,
  familyUserId: string,
  now: Date,
): Promise<{ id: string }> {
  if (!isUuid(familyUserId)) throw conversationNotFound();
  return db.transaction(async (tx) => {
    const [family] = await queryRows<{ id: string }>(
      tx,
      sql`select c.family_user_id as id from (select ${familyUserId}::uuid as family_user_id) c
        join users u on u.id = c.family_user_id and u.closed_at is null
          and (u.type = 'Parent' or exists (select 1 from user_students s where s.user_id = u.id))
        where ${staffReach(reader)}`,
    );
    if (!family) throw conversationNotFound();
    await lockFamilyMembers(tx, familyUserId);
    const existing = await familyConversation(tx, familyUserId);
    if (existing) return { id: existing.id };
    const [created] = await queryRows<{ id: string }>(
      tx,
      sql`insert into conversations (family_user_id, status, created, updated)
        values (${familyUserId}, 'Replied', ${now}, ${now}) returning id`,
    );
    return { id: created!.id };
  });
}
