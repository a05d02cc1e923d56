/**
 * Families and children on the staff side (issue 10 "Families" and "A child's page for staff").
 *
 * A family is a parent account (users.type Parent, or any account that manages a child in `user_students`)
 * with its children. Who sees what:
 * - the director (Admin) sees every family and child, their payments (cents) and the inbox history;
 * - a teacher (Staff) sees only the children on the rosters of the sessions they teach (`session_staff`):
 *   enrolled, holding a seat in an open checkout, or waiting/offered on the waitlist — exactly the children
 *   the roster page already shows them — and those children's parents and contacts. A sibling in another
 *   session stays out of their view. Of those children they see only what happens in their own rooms:
 *   places, waitlist places and check-ins in the sessions they teach (a place in another teacher's room is
 *   not theirs to know). No money, ever; no home address; the inbox history only with `users.inbox_access`.
 * Anything outside that scope is `null` here and 404 at the route, exactly like an unknown id. Every route
 * that takes a family's or a child's id on the staff side (and `GET /api/Student?userId=`) applies this one
 * rule through `visibleChildIdsOf` and `visibleChild` (staff-visibility.ts); the pages' parts are read by
 * staff-family-records.ts.
 */

import type { FamilyListQuery, FamilyRow, StaffChild, StaffFamily } from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, orderBy, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import type { Clock } from '../../lib/clock.ts';
import { familyAccount } from '../billing/ledger.ts';
import { json } from '../class-sessions/staff-sessions.ts';
import { mayReadInbox } from '../team/access.ts';
import { restrictionsOf } from './custody.ts';
import { familyMemberIds } from './members.ts';
import {
  attendanceOf,
  changesOf,
  contactsWhere,
  enrollmentsOf,
  inboxFor,
  parentsOf,
  paymentsOf,
  toArray,
  toChild,
  waitlistOf,
} from './staff-family-records.ts';
import {
  type ChildSql,
  childColumns,
  inVisible,
  searchCondition,
  visibleChild,
  visibleChildRows,
  visibleCte,
} from './staff-visibility.ts';

type FamilyRowSql = {
  id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  sms: string | null;
  shared_with: string[] | string;
  children: { studentId: string; firstName: string; lastName: string }[] | string;
};

/** The families list's orders (decision 030); ties fall back to the account id, so paging is stable. */
const familyOrder: Record<FamilyListQuery['sort'], SQL[]> = {
  parent: [sql`lower(u.last_name)`, sql`lower(u.first_name)`],
  email: [sql`lower(u.email_address)`],
};

/**
 * One page of the families `user` may see, matching `query.q` (see `searchCondition`), in `query.sort` order
 * (the parent's last and first name by default). Each row lists the children the caller may see.
 */

export async function listFamilies(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  query: FamilyListQuery,
): Promise<{ items: FamilyRow[]; total: number }> {
  const now = clock.now();
  const scope =
    user.role === 'Admin'
      ? sql`(u.type = 'Parent' or u.id in (select f.user_id from user_students f))`
      : sql`u.id in (select f.user_id from user_students f where f.student_id in (select student_id from visible))`;
  // A closed account (issue 13) is only a nameless payer of old payments: not a family to find. A family
  // shared by two parents (issue 13) is one row, under the parent who invited the other; the search matches
  // any of its parents.
  const where = sql`${scope} and u.closed_at is null and not exists (select 1 from family_members me
      join family_members fo on fo.family_id = me.family_id
      where me.user_id = u.id and (fo.joined_at, fo.user_id) < (me.joined_at, me.user_id))
    and exists (select 1 from users m where (m.id = u.id or m.id in (select fo.user_id from family_members me
        join family_members fo on fo.family_id = me.family_id where me.user_id = u.id))
      and ${searchCondition(user, query.q, 'm')})`;
  const cte = visibleCte(user, now);
  const [rows, counted] = await Promise.all([
    queryRows<FamilyRowSql>(
      db,
      sql`${cte} select u.id, u.first_name, u.last_name, u.email_address, u.sms,
          (select coalesce(json_agg(o.first_name || ' ' || o.last_name order by fo.joined_at), '[]'::json)
            from family_members me join family_members fo on fo.family_id = me.family_id and fo.user_id <> me.user_id
            join users o on o.id = fo.user_id where me.user_id = u.id) as shared_with,
          (select coalesce(json_agg(json_build_object('studentId', s.id, 'firstName', s.first_name,
              'lastName', s.last_name) order by s.date_of_birth, s.first_name), '[]'::json)
            from user_students us join students s on s.id = us.student_id
            where us.user_id = u.id and ${inVisible(user, sql`us.student_id`)}) as children
        from users u where ${where}
        order by ${orderBy(familyOrder[query.sort], query.dir)}, u.id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`${cte} select count(*)::int as n from users u where ${where}`),
  ]);
  return {
    items: rows.map((r) => ({
      userId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      emailAddress: r.email_address,
      phone: r.sms,
      sharedWith: json(r.shared_with),
      children: json(r.children),
    })),
    total: counted[0]?.n ?? 0,
  };
}

/**
 * The family page of parent account `userId`, or null when it is not a family or `user` may not see it.
 * A teacher gets only the children on their rosters (with those children's parents and contacts, and their
 * places and waitlist places in the teacher's own sessions), `payments: null`, and `inbox: null` unless
 * given the inbox.
 */
export async function readFamily(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  userId: string,
): Promise<StaffFamily | null> {
  const now = clock.now();
  const childRows = await visibleChildRows(db, now, user, userId);
  if (!childRows) return null;
  const today = clock.today(now);
  const children = childRows.map((r) => toChild(r, today));
  const ids = children.map((c) => c.studentId);
  const isDirector = user.role === 'Admin';
  const ownContacts =
    user.role === 'Admin'
      ? sql`exists (select 1 from user_trustees ut where ut.trustee_id = t.id and ut.user_id = ${userId})`
      : sql`exists (select 1 from user_trustees ut where ut.trustee_id = t.id and ut.user_id = ${userId})
          and exists (select 1 from student_trustees st2 where st2.trustee_id = t.id
            and st2.student_id in (select unnest(${toArray(ids)}::uuid[])))`;
  const [parents, contacts, enrollments, waitlist, payments, account, inboxAllowed] = await Promise.all([
    parentsOf(db, ids, userId),
    contactsWhere(db, ownContacts, ids),
    enrollmentsOf(db, user, ids),
    waitlistOf(db, user, ids),
    isDirector ? paymentsOf(db, userId) : Promise.resolve(null),
    // The family's account (issue 23): every parent of the family, as the parents' own Billing reads it.
    isDirector ? familyAccount(db, await familyMemberIds(db, userId), today) : Promise.resolve(null),
    mayReadInbox(db, user),
  ]);
  const inbox = inboxAllowed
    ? await inboxFor(
        db,
        parents.map((p) => p.emailAddress),
      )
    : null;
  return { userId, parents, children, contacts, enrollments, waitlist, payments, account, inbox };
}

/**
 * The child page for `studentId`, or null when there is no such child or `user` may not see them. A teacher
 * sees the child's places, waitlist places and check-ins in their own sessions only (session names and
 * statuses; no money), no address, and the recorded changes without their before/after values (those can
 * hold details the family has removed since, such as an old phone number or a pickup right taken away; the
 * page shows the current facts) and without changes to places in other teachers' sessions.
 */
export async function readChild(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  studentId: string,
): Promise<StaffChild | null> {
  const now = clock.now();
  const [row] = await queryRows<
    ChildSql & {
      address1: string | null;
      address2: string | null;
      city: string | null;
      state: string | null;
      zip_code: string | null;
    }
  >(
    db,
    sql`select ${childColumns}, s.address1, s.address2, s.city, s.state, s.zip_code from students s
      where s.id = ${studentId} and ${visibleChild(user, now, sql`s.id`)}`,
  );
  if (!row) return null;
  const isDirector = user.role === 'Admin';
  const cityLine = [row.city, [row.state, row.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [row.address1, row.address2, cityLine].filter(Boolean).join(', ');
  const ids = [studentId];
  const [parents, contacts, enrollments, waitlist, attendance, changes, restrictions] = await Promise.all([
    parentsOf(db, ids, null),
    contactsWhere(
      db,
      sql`exists (select 1 from student_trustees st2 where st2.trustee_id = t.id and st2.student_id = ${studentId})`,
      ids,
    ),
    enrollmentsOf(db, user, ids),
    waitlistOf(db, user, ids),
    attendanceOf(db, user, studentId),
    changesOf(db, user, studentId),
    restrictionsOf(db, studentId),
  ]);
  return {
    child: { ...toChild(row, clock.today(now)), address: isDirector && address ? address : null },
    parents,
    contacts,
    enrollments,
    waitlist,
    attendance,
    changes,
    restrictions,
    correction: isDirector
      ? {
          address1: row.address1,
          address2: row.address2,
          city: row.city,
          state: row.state,
          zipCode: row.zip_code,
          ...(await correctionChoices(
            db,
            studentId,
            contacts.map((c) => c.id),
          )),
        }
      : null,
  };
}

/**
 * For the director's correction forms (issue 24): each listed contact's children and message choices, and
 * the children of the family (the accounts mapped to this child), oldest first.
 */
async function correctionChoices(db: DbOrTx, studentId: string, contactIds: string[]) {
  const contacts = await queryRows<{
    id: string;
    receive_sms: boolean;
    receive_email: boolean;
    student_ids: string[] | string;
  }>(
    db,
    sql`select t.id, t.receive_sms, t.receive_email,
        (select coalesce(json_agg(st.student_id order by st.student_id), '[]'::json)
          from student_trustees st where st.trustee_id = t.id) as student_ids
      from trustees t where t.id in (select unnest(${toArray(contactIds)}::uuid[]))`,
  );
  const familyChildren = await queryRows<{ id: string; first_name: string; last_name: string }>(
    db,
    sql`select distinct s.id, s.first_name, s.last_name, s.date_of_birth from students s
      join user_students us on us.student_id = s.id
      where us.user_id in (select p.user_id from user_students p where p.student_id = ${studentId})
      order by s.date_of_birth, s.first_name, s.id`,
  );
  return {
    contacts: contacts.map((c) => ({
      id: c.id,
      studentIds: json(c.student_ids),
      receiveSMS: c.receive_sms,
      receiveEmail: c.receive_email,
    })),
    familyChildren: familyChildren.map((c) => ({
      studentId: c.id,
      firstName: c.first_name,
      lastName: c.last_name,
    })),
  };
}
