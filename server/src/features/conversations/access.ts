/**
 * Who may read a family's conversation with the center (issue 25; decision 032), computed from today's facts
 * on every request and never copied onto the messages, so a change applies at once:
 * - the parents of the family: the conversation names one parent account (`family_user_id`), and every
 *   account sharing that account's family (`family_members`) reads it; a parent who leaves loses it;
 * - the office: the director (Admin) and staff given the inbox (`users.inbox_access`);
 * - a teacher of the family's children: assigned (`session_staff`) to a session where a child of the family
 *   is Enrolled today. Every parent of a family is mapped to every child (`user_students`, decision 014), so
 *   the children of the conversation are those of its `family_user_id`. A teacher taken off the session, or
 *   off the staff, loses access at once; another family's or another room's conversation answers 404.
 */
import type { CenterRole, MessageSide } from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { mayReadInbox } from '../team/access.ts';

/** 404 for a conversation, message or file the caller may not see (or that does not exist). */
export const conversationNotFound = () => new HttpError(404, 'messages.conversations.notFound');

/** The accounts of `userId`'s family as a relation of `user_id` (just `userId` outside a shared family). */
export function familyAccounts(userId: SQL | string): SQL {
  return sql`(select ${userId}::uuid as user_id union
    select m2.user_id from family_members m1 join family_members m2 on m2.family_id = m1.family_id
    where m1.user_id = ${userId}::uuid)`;
}

/** The reader on the staff side: whether they are the office (every conversation) or a teacher. */
export type StaffReader = { user: AuthUser; office: boolean };

/** The staff reader of `user`: the director, or a staff member with or without the inbox (read fresh). */
export async function staffReader(db: DbOrTx, user: AuthUser): Promise<StaffReader> {
  return { user, office: await mayReadInbox(db, user) };
}

/**
 * A condition true when `reader` may read the conversation aliased `c` (true for the office; for a teacher,
 * a child of the family Enrolled in a session they are assigned to).
 */
export function staffReach(reader: StaffReader, c: SQL = sql.raw('c')): SQL {
  if (reader.office) return sql`true`;
  return sql`exists (select 1 from session_staff ss
    join class_session_enrollments e on e.class_session_id = ss.class_session_id and e.status = 'Enrolled'
    join user_students us on us.student_id = e.student_id
    where ss.user_id = ${reader.user.id} and us.user_id = ${c}.family_user_id)`;
}

/** A conversation as the use cases need it. */
export type ConversationRow = {
  id: string;
  family_user_id: string;
  status: 'New' | 'Replied' | 'Closed';
  assignee_id: string | null;
};

/** The conversation of `userId`'s family, or null before its first message. */
export async function familyConversation(db: DbOrTx, userId: string): Promise<ConversationRow | null> {
  const [row] = await queryRows<ConversationRow>(
    db,
    sql`select c.id, c.family_user_id, c.status, c.assignee_id from conversations c
      where c.family_user_id in (select user_id from ${familyAccounts(userId)} f)
      order by c.created, c.id limit 1`,
  );
  return row ?? null;
}

/**
 * May `user` write as a family: a parent account, or any account with children at the center (a staff
 * member who is also a parent). 403 `conversations.notAFamily` otherwise.
 */
export async function requireFamily(db: DbOrTx, user: AuthUser): Promise<void> {
  if (user.role === 'Parent') return;
  const [row] = await queryRows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from user_students where user_id = ${user.id}) as yes`,
  );
  if (!row?.yes) throw new HttpError(403, 'messages.conversations.notAFamily');
}

/** The conversation `id` if `reader` may read it (`for update` locks it until the transaction ends); else 404. */
export async function staffConversation(
  db: DbOrTx,
  reader: StaffReader,
  id: string,
  lock = false,
): Promise<ConversationRow> {
  if (!isUuid(id)) throw conversationNotFound();
  const [row] = await queryRows<ConversationRow>(
    db,
    sql`select c.id, c.family_user_id, c.status, c.assignee_id from conversations c
      where c.id = ${id} and ${staffReach(reader)} ${lock ? sql`for update` : sql``}`,
  );
  if (!row) throw conversationNotFound();
  return row;
}

/** Which side `userId` is on in the conversation of family `familyUserId`. */
export async function sideOf(db: DbOrTx, familyUserId: string, userId: string): Promise<MessageSide> {
  const [row] = await queryRows<{ yes: boolean }>(
    db,
    sql`select ${userId}::uuid in (select user_id from ${familyAccounts(familyUserId)} f) as yes`,
  );
  return row?.yes ? 'Family' : 'Center';
}

/**
 * What someone on the center's side is to the family: the director, a teacher (assigned to any session), or
 * the office (staff with the inbox who teach no session).
 */
export function centerRole(type: string, teaches: boolean): CenterRole {
  if (type === 'Admin') return 'Director';
  return teaches ? 'Teacher' : 'Office';
}
