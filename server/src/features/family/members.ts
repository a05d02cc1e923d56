/**
 * The parents of a family (issue 13, decision 014): who shares it (`family_members`), the locks family writes
 * take, and the mappings that give every parent every child and contact. The lower half of co-parents.ts,
 * imported by every feature that writes to a family (children, contacts, passes, limits, withdrawals), so none
 * of them needs the invitations and their mails.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, type Tx, uuidList } from '../../db/client.ts';

/** A parent of the family; `language` ('en' | 'es') is the one their mails are written in (issue 14). */
export type Member = {
  id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  language: string;
};

/** The accounts sharing `userId`'s family, `userId` first; just `[userId]` outside a shared family. */
export async function familyMemberIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select m.user_id from family_members m
      where m.family_id = (select family_id from family_members where user_id = ${userId})
        and m.user_id <> ${userId} order by m.joined_at, m.user_id`,
  );
  return [userId, ...rows.map((r) => r.user_id)];
}

/**
 * Who sends a family's mail, for the mail limits (jobs/mail-outbox.ts `limitMailTo`): `family:<family id>`
 * for a shared family, so co-parents share one budget, else `family:<userId>`.
 */
export async function familySender(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await queryRows<{ family_id: string }>(
    db,
    sql`select family_id from family_members where user_id = ${userId}`,
  );
  return `family:${row?.family_id ?? userId}`;
}

/** Lock every member's user row (in id order, so two parents' changes never deadlock) until `tx` ends. */
export async function lockFamilyMembers(tx: Tx, userId: string): Promise<string[]> {
  const members = await familyMemberIds(tx, userId);
  await lockUsers(tx, members);
  return members;
}

/** Lock these user rows in id order until `tx` ends. */
export async function lockUsers(tx: Tx, ids: string[]): Promise<void> {
  await tx.execute(sql`select id from users where id in ${uuidList(ids)} order by id for update`);
}

/**
 * Lock the family of child `studentId` as `lockFamilyMembers` does, until `tx` ends: the user rows of every
 * parent mapped to the child (`user_students`) and of every member of their families, in id order, in one
 * statement. A brother or sister shares a parent with the child (decision 014), so two writes about two
 * siblings that both take this lock run one after the other. Answers the locked ids (empty for an unknown
 * child).
 */
export async function lockFamilyOfChild(tx: Tx, studentId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from users where id in (
        select us.user_id from user_students us where us.student_id = ${studentId}
        union
        select m2.user_id from user_students us
          join family_members m1 on m1.user_id = us.user_id
          join family_members m2 on m2.family_id = m1.family_id
          where us.student_id = ${studentId})
      order by id for update`,
  );
  return rows.map((r) => r.id);
}

/** Map a new child to every parent of the family (`memberIds`, from `lockFamilyMembers`). */
export async function mapChildToFamily(tx: Tx, memberIds: string[], studentId: string): Promise<void> {
  await tx.execute(sql`insert into user_students (user_id, student_id)
    select id, ${studentId}::uuid from users where id in ${uuidList(memberIds)} on conflict do nothing`);
}

/** Map a new contact to every parent of the family (`memberIds`, from `lockFamilyMembers`). */
export async function mapContactToFamily(tx: Tx, memberIds: string[], trusteeId: string): Promise<void> {
  await tx.execute(sql`insert into user_trustees (user_id, trustee_id)
    select id, ${trusteeId}::uuid from users where id in ${uuidList(memberIds)} on conflict do nothing`);
}

/** The open accounts of `userId`'s family, oldest first, with what their mails need. */
export async function membersOf(db: DbOrTx, userId: string): Promise<Member[]> {
  const ids = await familyMemberIds(db, userId);
  return queryRows<Member>(
    db,
    sql`select id, first_name, last_name, email_address, language from users where id in ${uuidList(ids)} and closed_at is null order by created`,
  );
}

/** The `families` row `userId` belongs to, or null outside a shared family. */
export async function familyIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await queryRows<{ family_id: string }>(
    db,
    sql`select family_id from family_members where user_id = ${userId}`,
  );
  return row?.family_id ?? null;
}

/** The first names of `userId`'s children, youngest last. */
export async function childNamesOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await queryRows<{ first_name: string }>(
    db,
    sql`select s.first_name from students s join user_students us on us.student_id = s.id
      where us.user_id = ${userId} order by s.date_of_birth, s.first_name`,
  );
  return rows.map((r) => r.first_name);
}
