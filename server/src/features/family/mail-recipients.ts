/**
 * Who a family's mail goes to (issue 21 item 14, decision 018): one rule for every mail about a family's
 * children, money or places — every parent of the family who gets mail, each at their own account's address
 * and in their own language (`users.language`). "The family" is the accounts sharing the family
 * (`family_members`, co-parents, decision 014), or, for a child, the accounts mapped to the child
 * (`user_students`; co-parents are mapped to every child of the family, so both readings agree). A parent
 * "who gets mail" has an open account: a closed one (issue 13, `closed_at`) has no address left.
 *
 * Mails about one adult's own account (password reset, email confirmation, an invitation to an address) are
 * not family mail and do not come here.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** A parent to write to: their account's address, first name and language ('en' | 'es'). */
export type MailRecipient = {
  id: string;
  emailAddress: string;
  firstName: string;
  lastName: string;
  language: string;
};

type Row = { id: string; email_address: string; first_name: string; last_name: string; language: string };

/**
 * Every parent who gets mail in the family of a parent (`{ userId }`: that account and its co-parents) or of
 * a child (`{ studentId }`: the accounts mapped to the child), oldest account first. Empty when none is left
 * (every account closed, or an unknown id).
 */
export async function familyRecipients(
  db: DbOrTx,
  of: { userId: string } | { studentId: string },
): Promise<MailRecipient[]> {
  const who =
    'userId' in of
      ? sql`u.id = ${of.userId}::uuid or u.id in (select m.user_id from family_members m
          where m.family_id = (select f.family_id from family_members f where f.user_id = ${of.userId}::uuid))`
      : sql`u.id in (select us.user_id from user_students us where us.student_id = ${of.studentId}::uuid)`;
  const rows = await queryRows<Row>(
    db,
    sql`select u.id, u.email_address, u.first_name, u.last_name, u.language from users u
      where u.closed_at is null and (${who})
      order by u.created, u.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    emailAddress: r.email_address,
    firstName: r.first_name,
    lastName: r.last_name,
    language: r.language,
  }));
}
