/**
 * Reading conversations (issue 25; decision 032): a page of messages with their files and authors, the read
 * receipts, the families as the staff see them, the family's view with who reads it on the center's side and
 * the center's hours, the staff's list and unread counts. Writes are conversation-writes.ts.
 */
import {
  type CenterReader,
  CONVERSATION_PAGE_SIZE,
  type ConversationFamily,
  type ConversationQuery,
  type FamilyConversation,
  inQuietHours,
  MESSAGE_EDIT_MINUTES,
  type Message,
  type MessageReader,
  type MessageSide,
  type StaffConversation,
  type StaffConversationList,
  type StaffConversationListQuery,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, uuidList } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { listAssignees } from '../inbox/inbox-items.ts';
import {
  type ConversationRow,
  centerRole,
  conversationNotFound,
  familyAccounts,
  type StaffReader,
  staffConversation,
  staffReach,
} from './access.ts';
import { minuteOfDay } from './alerts.ts';
import type { AttachmentLinks } from './attachment-links.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

type MessageRowSql = {
  id: string;
  side: MessageSide;
  author_id: string | null;
  body: string;
  created: Date | string;
  edited_at: Date | string | null;
  deleted_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  type: string | null;
  teaches: boolean | null;
};

type AttachmentRowSql = {
  id: string;
  message_id: string;
  file_name: string;
  content_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
};

/** What turning rows into messages needs: who reads, when, and the link signer. */
export type MessageView = { readerId: string; now: Date; links: AttachmentLinks };

/** A message row (with its files) as `view.readerId` reads it. */
export function toMessage(row: MessageRowSql, files: AttachmentRowSql[], view: MessageView): Message {
  const created = new Date(row.created);
  const mine = row.author_id === view.readerId;
  const until = new Date(created.getTime() + MESSAGE_EDIT_MINUTES * 60_000);
  return {
    id: row.id,
    side: row.side,
    author:
      row.author_id && row.first_name !== null
        ? {
            id: row.author_id,
            firstName: row.first_name,
            lastName: row.last_name ?? '',
            role: row.side === 'Center' ? centerRole(row.type ?? 'Staff', row.teaches === true) : null,
          }
        : null,
    body: row.deleted_at ? '' : row.body,
    attachments: row.deleted_at
      ? []
      : files.map((f) => ({
          id: f.id,
          fileName: f.file_name,
          contentType: f.content_type,
          bytes: f.bytes,
          width: f.width,
          height: f.height,
          url: view.links.sign(f.id, view.now),
        })),
    created: created.toISOString(),
    editedAt: row.edited_at ? iso(row.edited_at) : null,
    deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
    mine,
    editableUntil: mine && !row.deleted_at && until > view.now ? until.toISOString() : null,
  };
}

const messageSelect = sql`select m.id, m.side, m.author_id, m.body, m.created, m.edited_at, m.deleted_at,
    u.first_name, u.last_name, u.type,
    exists (select 1 from session_staff ss where ss.user_id = m.author_id) as teaches
  from conversation_messages m left join users u on u.id = m.author_id`;

/** One message of `conversationId` as `view` reads it, or null. */
export async function readMessage(
  db: DbOrTx,
  conversationId: string,
  messageId: string,
  view: MessageView,
): Promise<Message | null> {
  const [row] = await queryRows<MessageRowSql>(
    db,
    sql`${messageSelect} where m.id = ${messageId} and m.conversation_id = ${conversationId}`,
  );
  if (!row) return null;
  const files = await queryRows<AttachmentRowSql>(
    db,
    sql`select id, message_id, file_name, content_type, bytes, width, height from message_attachments
      where message_id = ${messageId} order by created, id`,
  );
  return toMessage(row, files, view);
}

/**
 * A page of `conversationId`'s messages, oldest first: the newest {@link CONVERSATION_PAGE_SIZE}, or those
 * before message `query.before`, or (with `query.q`) only those whose text contains it. `hasOlder` when more
 * came before the page.
 */
export async function readMessagePage(
  db: DbOrTx,
  conversationId: string,
  query: ConversationQuery,
  view: MessageView,
): Promise<{ messages: Message[]; hasOlder: boolean }> {
  const where: SQL[] = [sql`m.conversation_id = ${conversationId}`];
  if (query.before) {
    if (!isUuid(query.before)) throw conversationNotFound();
    where.push(sql`(m.created, m.id) < (select created, id from conversation_messages
      where id = ${query.before} and conversation_id = ${conversationId})`);
  }
  if (query.q)
    where.push(sql`m.deleted_at is null and position(${query.q.toLowerCase()} in lower(m.body)) > 0`);
  const rows = await queryRows<MessageRowSql>(
    db,
    sql`${messageSelect} where ${sql.join(where, sql` and `)}
      order by m.created desc, m.id desc limit ${CONVERSATION_PAGE_SIZE + 1}`,
  );
  const hasOlder = rows.length > CONVERSATION_PAGE_SIZE;
  const page = rows.slice(0, CONVERSATION_PAGE_SIZE).reverse();
  const files =
    page.length === 0
      ? []
      : await queryRows<AttachmentRowSql>(
          db,
          sql`select id, message_id, file_name, content_type, bytes, width, height from message_attachments
            where message_id in ${uuidList(page.map((m) => m.id))} order by created, id`,
        );
  const byMessage = new Map<string, AttachmentRowSql[]>();
  for (const f of files) byMessage.set(f.message_id, [...(byMessage.get(f.message_id) ?? []), f]);
  return { messages: page.map((m) => toMessage(m, byMessage.get(m.id) ?? [], view)), hasOlder };
}

/** How far each person has read `conversation` (both sides), the first to read first. */
export async function readReaders(db: DbOrTx, conversation: ConversationRow): Promise<MessageReader[]> {
  const rows = await queryRows<{
    user_id: string;
    first_name: string;
    last_name: string;
    read_at: Date | string;
    family: boolean;
  }>(
    db,
    sql`select r.user_id, u.first_name, u.last_name, r.read_at,
        r.user_id in (select user_id from ${familyAccounts(conversation.family_user_id)} f) as family
      from conversation_reads r join users u on u.id = r.user_id
      where r.conversation_id = ${conversation.id} and u.closed_at is null
      order by r.read_at, r.user_id`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    side: r.family ? 'Family' : 'Center',
    readAt: iso(r.read_at),
  }));
}

/** Unread messages of the other side for `userId` (who is on `side`) in `conversationId`. */
export function unreadFor(userId: string, side: MessageSide, conversation: SQL): SQL {
  const other = side === 'Family' ? 'Center' : 'Family';
  return sql`(select count(*)::int from conversation_messages um
    where um.conversation_id = ${conversation} and um.side = ${other} and um.deleted_at is null
      and um.created > coalesce((select read_at from conversation_reads ur
        where ur.conversation_id = ${conversation} and ur.user_id = ${userId}), '-infinity'::timestamptz))`;
}

/** How many of the center's messages the parent `userId` has not read (0 without a conversation). */
export async function familyUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(${unreadFor(userId, 'Family', sql`c.id`)}), 0)::int as n from conversations c
      where c.family_user_id in (select user_id from ${familyAccounts(userId)} f)`,
  );
  return row?.n ?? 0;
}

/**
 * Who reads the family's conversation on the center's side today: the director(s), staff with the inbox,
 * and the teachers of the family's enrolled children with those rooms' names. Closed accounts are left out.
 */
export async function centerReadersOf(db: DbOrTx, familyUserId: string): Promise<CenterReader[]> {
  const rows = await queryRows<{
    first_name: string;
    last_name: string;
    type: string;
    teaches: boolean;
    sessions: string[] | null;
  }>(
    db,
    sql`select u.first_name, u.last_name, u.type,
        exists (select 1 from session_staff t where t.user_id = u.id) as teaches,
        array(select distinct cs.name from session_staff ss
          join class_session_enrollments e on e.class_session_id = ss.class_session_id and e.status = 'Enrolled'
          join user_students us on us.student_id = e.student_id and us.user_id = ${familyUserId}
          join class_sessions cs on cs.id = ss.class_session_id
          where ss.user_id = u.id order by cs.name) as sessions
      from users u
      where u.closed_at is null and (u.type = 'Admin' or (u.type = 'Staff' and (u.inbox_access or exists (
        select 1 from session_staff ss
          join class_session_enrollments e on e.class_session_id = ss.class_session_id and e.status = 'Enrolled'
          join user_students us on us.student_id = e.student_id and us.user_id = ${familyUserId}
          where ss.user_id = u.id))))
      order by case u.type when 'Admin' then 0 else 1 end, u.last_name, u.first_name, u.id`,
  );
  return rows.map((r) => {
    const sessions = r.sessions ?? [];
    return {
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.type === 'Admin' ? 'Director' : sessions.length > 0 ? 'Teacher' : centerRole(r.type, r.teaches),
      sessions,
    };
  });
}

/** The center's hours for messages now (`from`/`until` "HH:MM" on the center's clock). */
export function centerHoursAt(
  now: Date,
  timeZone: string,
  hours: { from: string; until: string },
): FamilyConversation['centerHours'] {
  const minute = minuteOfDay(now, timeZone);
  // Open from `from` until `until`: closed is the "quiet" span from `until` to `from`.
  return { from: hours.from, until: hours.until, closedNow: inQuietHours(minute, hours.until, hours.from) };
}

/** What the family's page needs besides the reader: the center's message hours and the time zone. */
export type FamilyViewDeps = { db: DbOrTx; timeZone: string; centerHours: { from: string; until: string } };

/** `GET /api/Messages` for parent `userId`. */
export async function familyConversationView(
  deps: FamilyViewDeps,
  userId: string,
  query: ConversationQuery,
  view: MessageView,
  conversation: ConversationRow | null,
): Promise<FamilyConversation> {
  const centerHours = centerHoursAt(view.now, deps.timeZone, deps.centerHours);
  const anchor = conversation?.family_user_id ?? userId;
  const centerReaders = await centerReadersOf(deps.db, anchor);
  if (!conversation)
    return { id: null, messages: [], hasOlder: false, readers: [], unread: 0, centerReaders, centerHours };
  const [page, readers, unread] = await Promise.all([
    readMessagePage(deps.db, conversation.id, query, view),
    readReaders(deps.db, conversation),
    familyUnread(deps.db, userId),
  ]);
  return { id: conversation.id, ...page, readers, unread, centerReaders, centerHours };
}

/** The families of these conversations' `family_user_id`s: parents (that account first), children, language. */
export async function conversationFamilies(
  db: DbOrTx,
  anchors: string[],
): Promise<Map<string, ConversationFamily>> {
  const result = new Map<string, ConversationFamily>();
  if (anchors.length === 0) return result;
  const list = uuidList([...new Set(anchors)]);
  const [parents, children] = await Promise.all([
    queryRows<{
      anchor: string;
      id: string;
      first_name: string;
      last_name: string;
      language: string;
      rank: number;
    }>(
      db,
      sql`select u.id as anchor, u.id, u.first_name, u.last_name, u.language, 0 as rank
          from users u where u.id in ${list}
        union all
        select m1.user_id, u.id, u.first_name, u.last_name, u.language, 1
          from family_members m1 join family_members m2 on m2.family_id = m1.family_id and m2.user_id <> m1.user_id
          join users u on u.id = m2.user_id
          where m1.user_id in ${list}
        order by anchor, rank, last_name, first_name, id`,
    ),
    queryRows<{ anchor: string; id: string; first_name: string; last_name: string }>(
      db,
      sql`select us.user_id as anchor, s.id, s.first_name, s.last_name from user_students us
        join students s on s.id = us.student_id where us.user_id in ${list}
        order by s.first_name, s.last_name, s.id`,
    ),
  ]);
  for (const p of parents) {
    const family = result.get(p.anchor) ?? {
      userId: p.anchor,
      parents: [],
      children: [],
      language: p.language === 'es' ? 'es' : 'en',
    };
    family.parents.push({ id: p.id, firstName: p.first_name, lastName: p.last_name });
    result.set(p.anchor, family);
  }
  for (const c of children)
    result.get(c.anchor)?.children.push({ studentId: c.id, firstName: c.first_name, lastName: c.last_name });
  return result;
}

/** `GET /api/staff/conversations/{id}`. */
export async function staffConversationView(
  db: DbOrTx,
  reader: StaffReader,
  id: string,
  query: ConversationQuery,
  view: MessageView,
): Promise<StaffConversation> {
  const conversation = await staffConversation(db, reader, id);
  const [page, readers, families, assignees, assignee] = await Promise.all([
    readMessagePage(db, conversation.id, query, view),
    readReaders(db, conversation),
    conversationFamilies(db, [conversation.family_user_id]),
    reader.office ? listAssignees(db) : Promise.resolve([]),
    conversation.assignee_id
      ? queryRows<{ id: string; firstName: string; lastName: string }>(
          db,
          sql`select id, first_name as "firstName", last_name as "lastName" from users
            where id = ${conversation.assignee_id}`,
        )
      : Promise.resolve([]),
  ]);
  return {
    id: conversation.id,
    family: families.get(conversation.family_user_id)!,
    status: conversation.status,
    assignee: assignee[0] ?? null,
    assignees,
    canManage: reader.office,
    ...page,
    readers,
  };
}

/** Conversations `reader` may read with a family message they have not read. */
export async function staffUnreadConversations(db: DbOrTx, reader: StaffReader): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from conversations c
      where ${staffReach(reader)} and ${unreadFor(reader.user.id, 'Center', sql`c.id`)} > 0`,
  );
  return row?.n ?? 0;
}

/** A message's first words for a list: its text, or what it carries. */
function previewOf(body: string, deleted: boolean, files: number): string {
  if (deleted) return '';
  const text = body.replace(/\s+/g, ' ').trim();
  if (text) return text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text;
  return files > 0 ? `📎 ${files}` : '';
}

/**
 * `GET /api/staff/conversations`: the conversations `reader` may read that have a message, the latest first.
 * Filters: `status`, `unread=true` (a family message the reader has not read), `q` (a parent's or child's
 * name, or words in a message; case-insensitive, taken literally).
 */
export async function listStaffConversations(
  db: DbOrTx,
  reader: StaffReader,
  query: StaffConversationListQuery,
): Promise<StaffConversationList> {
  const unread = unreadFor(reader.user.id, 'Center', sql`c.id`);
  const where: SQL[] = [staffReach(reader), sql`c.last_message_at is not null`];
  if (query.status) where.push(sql`c.status = ${query.status}`);
  if (query.unread === 'true') where.push(sql`${unread} > 0`);
  if (query.unread === 'false') where.push(sql`${unread} = 0`);
  if (query.q) {
    const q = query.q.toLowerCase();
    where.push(sql`(exists (select 1 from ${familyAccounts(sql`c.family_user_id`)} f join users pu on pu.id = f.user_id
        where position(${q} in lower(pu.first_name || ' ' || pu.last_name)) > 0)
      or exists (select 1 from user_students qs join students st on st.id = qs.student_id
        where qs.user_id = c.family_user_id and position(${q} in lower(st.first_name || ' ' || st.last_name)) > 0)
      or exists (select 1 from conversation_messages qm where qm.conversation_id = c.id
        and qm.deleted_at is null and position(${q} in lower(qm.body)) > 0))`);
  }
  const rows = await queryRows<{
    id: string;
    family_user_id: string;
    status: 'New' | 'Replied' | 'Closed';
    assignee_id: string | null;
    assignee_first_name: string | null;
    assignee_last_name: string | null;
    last_body: string;
    last_side: MessageSide;
    last_created: Date | string;
    last_deleted: boolean;
    last_files: number;
    unread: number;
    total: number | string;
  }>(
    db,
    sql`select c.id, c.family_user_id, c.status, c.assignee_id,
        a.first_name as assignee_first_name, a.last_name as assignee_last_name,
        lm.body as last_body, lm.side as last_side, lm.created as last_created,
        lm.deleted_at is not null as last_deleted, lm.files as last_files,
        ${unread} as unread, count(*) over () as total
      from conversations c
      left join users a on a.id = c.assignee_id
      join lateral (select m.body, m.side, m.created, m.deleted_at,
          (select count(*)::int from message_attachments x where x.message_id = m.id) as files
        from conversation_messages m where m.conversation_id = c.id
        order by m.created desc, m.id desc limit 1) lm on true
      where ${sql.join(where, sql` and `)}
      order by c.last_message_at desc, c.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const families = await conversationFamilies(
    db,
    rows.map((r) => r.family_user_id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      family: families.get(r.family_user_id)!,
      status: r.status,
      assignee:
        r.assignee_id && r.assignee_first_name !== null
          ? { id: r.assignee_id, firstName: r.assignee_first_name, lastName: r.assignee_last_name ?? '' }
          : null,
      lastMessage: {
        preview: previewOf(r.last_body, r.last_deleted, r.last_files),
        side: r.last_side,
        created: iso(r.last_created),
      },
      unread: r.unread,
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
