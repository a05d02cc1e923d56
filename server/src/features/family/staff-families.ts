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
 * rule through `visibleChildIdsOf` and `visibleChild`.
 */
import {
  ageInMonths,
  type ChildAttendance,
  type ChildChange,
  type FamilyChild,
  type FamilyContact,
  type FamilyEnrollment,
  type FamilyInboxItem,
  type FamilyListQuery,
  type FamilyParent,
  type FamilyPayment,
  type FamilyRow,
  type FamilyWaitlistPlace,
  phoneDigits,
  type StaffChild,
  type StaffFamily,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import type { Clock } from '../../lib/clock.ts';
import { json } from '../staff/sessions.ts';
import { visibleSessions } from '../team/access.ts';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * A condition true when `user` may see the child whose id is `studentId` (an SQL expression): always for an
 * Admin; for a teacher, when the child is enrolled, holds a live seat or waits (or holds an offer) in a
 * session the teacher is assigned to — the roster's own rule (sessions.ts `readRoster`).
 */
export function visibleChild(user: AuthUser, now: Date, studentId: SQL): SQL {
  if (user.role === 'Admin') return sql`true`;
  return sql`exists (select 1 from session_staff ss where ss.user_id = ${user.id} and (
    exists (select 1 from class_session_enrollments ve
      where ve.class_session_id = ss.class_session_id and ve.student_id = ${studentId}
        and (ve.status = 'Enrolled' or (ve.status = 'PendingPayment' and ve.hold_expires_at > ${now})))
    or exists (select 1 from waitlist_submissions vw
      where vw.class_session_id = ss.class_session_id and vw.student_id = ${studentId}
        and vw.status in ('Waiting', 'Offered'))))`;
}

/** Families `user` may see (one account, `u`): used for a single family, where a correlated check is cheap. */
function visibleFamily(user: AuthUser, now: Date): SQL {
  const isFamily = sql`(u.type = 'Parent' or exists (select 1 from user_students f where f.user_id = u.id))`;
  if (user.role === 'Admin') return isFamily;
  return sql`exists (select 1 from user_students f where f.user_id = u.id
    and ${visibleChild(user, now, sql`f.student_id`)})`;
}

/**
 * For lists: a `visible` relation of the student ids on a teacher's rosters, computed once per query (a
 * correlated check per family made a teacher's list 100 times slower on 2,000 families). Empty for an Admin,
 * who needs none.
 */
function visibleCte(user: AuthUser, now: Date): SQL {
  if (user.role === 'Admin') return sql``;
  return sql`with visible as (
    select ve.student_id from class_session_enrollments ve
      join session_staff ss on ss.class_session_id = ve.class_session_id
      where ss.user_id = ${user.id}
        and (ve.status = 'Enrolled' or (ve.status = 'PendingPayment' and ve.hold_expires_at > ${now}))
    union
    select vw.student_id from waitlist_submissions vw
      join session_staff ss on ss.class_session_id = vw.class_session_id
      where ss.user_id = ${user.id} and vw.status in ('Waiting', 'Offered'))`;
}

/** `studentId` is in the `visible` relation (always true for an Admin). */
const inVisible = (user: AuthUser, studentId: SQL): SQL =>
  user.role === 'Admin' ? sql`true` : sql`${studentId} in (select student_id from visible)`;

/**
 * The search: a parent's name or email, a visible child's name, the name of one of the family's active
 * emergency contacts (a pickup adult: "Rosa Singh", issue 21 item 17), or — when the words look like a phone
 * number — the digits of the parent's mobile or of one of the family's active emergency contacts' phones, so
 * "(650) 555-0199" and "6505550199" both find "+16505550199". Phones are stored E.164 ("+" and digits), so
 * the typed digits are a plain substring of the stored value. Each part is an uncorrelated `in (...)`, one
 * pass over its table per query. No index serves a substring search; on 2,000 families it is a few ms.
 */
function searchCondition(user: AuthUser, q: string | undefined, alias = 'u'): SQL {
  const u = sql.raw(alias);
  if (!q) return sql`true`;
  const words = q.toLowerCase();
  const digits = phoneDigits(q);
  const pattern = `%${digits}%`;
  const byPhone = digits
    ? sql`or ${u}.sms like ${pattern}
      or ${u}.id in (select sut.user_id from user_trustees sut join trustees st on st.id = sut.trustee_id
        where st.is_active and (st.cell_phone like ${pattern} or st.home_phone like ${pattern}))`
    : sql``;
  return sql`(position(${words} in lower(${u}.first_name || ' ' || ${u}.last_name)) > 0
    or position(${words} in ${u}.email_address) > 0
    or ${u}.id in (select sus.user_id from user_students sus join students ss2 on ss2.id = sus.student_id
      where position(${words} in lower(ss2.first_name || ' ' || ss2.last_name)) > 0
        and ${inVisible(user, sql`sus.student_id`)})
    or ${u}.id in (select tut.user_id from user_trustees tut join trustees tt on tt.id = tut.trustee_id
      where tt.is_active and position(${words} in lower(tt.first_name || ' ' || tt.last_name)) > 0)
    ${byPhone})`;
}

type FamilyRowSql = {
  id: string;
  first_name: string;
  last_name: string;
  email_address: string;
  sms: string | null;
  shared_with: string[] | string;
  children: { studentId: string; firstName: string; lastName: string }[] | string;
};

/**
 * One page of the families `user` may see, matching `query.q` (see `searchCondition`), by parent's last and
 * first name. Each row lists the children the caller may see.
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
        order by lower(u.last_name), lower(u.first_name), u.id
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

type ChildSql = {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  allergies: string[] | string;
};

const childColumns = sql`s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
  (select coalesce(json_agg(a.name order by lower(a.name)), '[]'::json) from allergies a
    where a.student_id = s.id) as allergies`;

const toChild = (row: ChildSql, today: string): FamilyChild => ({
  studentId: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.date_of_birth,
  ageMonths: ageInMonths(row.date_of_birth, today),
  allergies: json(row.allergies),
});

const parentsOf = (db: DbOrTx, studentIds: string[], alsoUserId: string | null) =>
  queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    email_address: string;
    sms: string | null;
    shares_family: boolean;
  }>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email_address, u.sms,
        exists (select 1 from family_members fm where fm.user_id = u.id) as shares_family from users u
      where u.id = ${alsoUserId}
        or exists (select 1 from user_students us where us.user_id = u.id
          and us.student_id in (select unnest(${toArray(studentIds)}::uuid[])))
      order by u.id = ${alsoUserId} desc, lower(u.last_name), lower(u.first_name)`,
  ).then((rows) =>
    rows.map(
      (u): FamilyParent => ({
        userId: u.id,
        firstName: u.first_name,
        lastName: u.last_name,
        emailAddress: u.email_address,
        phone: u.sms,
        sharesFamily: u.shares_family,
      }),
    ),
  );

/** A uuid[] literal for `unnest`, safe for both drivers. */
const toArray = (ids: string[]) => `{${ids.join(',')}}`;

type ContactSql = {
  id: string;
  first_name: string;
  last_name: string;
  relationship: string;
  cell_phone: string | null;
  home_phone: string | null;
  email_address: string | null;
  can_pickup: boolean;
  children: string[] | string;
};

const toContact = (r: ContactSql): FamilyContact => ({
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  relationship: r.relationship,
  cellPhone: r.cell_phone,
  homePhone: r.home_phone,
  emailAddress: r.email_address,
  canPickup: r.can_pickup,
  children: json(r.children),
});

/** Active contacts matching `condition` (on `t`), with the names of the given children they are listed for. */
const contactsWhere = (db: DbOrTx, condition: SQL, studentIds: string[]) =>
  queryRows<ContactSql>(
    db,
    sql`select t.id, t.first_name, t.last_name, t.relationship, t.cell_phone, t.home_phone, t.email_address,
        t.can_pickup,
        (select coalesce(json_agg(s.first_name || ' ' || s.last_name order by s.date_of_birth), '[]'::json)
          from student_trustees st join students s on s.id = st.student_id
          where st.trustee_id = t.id and st.student_id in (select unnest(${toArray(studentIds)}::uuid[])))
          as children
      from trustees t where t.is_active and ${condition}
      order by t.can_pickup desc, lower(t.last_name), lower(t.first_name), t.id`,
  ).then((rows) => rows.map(toContact));

/**
 * Every place (all statuses) of the given children in the sessions `user` may see (every session for the
 * director, a teacher's own rooms), newest session first.
 */
const enrollmentsOf = (db: DbOrTx, user: AuthUser, studentIds: string[]) =>
  queryRows<{
    id: string;
    student_id: string;
    child_name: string;
    class_session_id: number;
    session_name: string;
    start: string;
    end: string;
    status: FamilyEnrollment['status'];
    created: Date | string;
    withdrawn_at: Date | string | null;
  }>(
    db,
    sql`select e.id, e.student_id, s.first_name || ' ' || s.last_name as child_name, e.class_session_id,
        class_sessions.name as session_name, class_sessions.session_start_date::text as start,
        class_sessions.session_end_date::text as end, e.status, e.created, e.withdrawn_at
      from class_session_enrollments e
      join students s on s.id = e.student_id
      join class_sessions on class_sessions.id = e.class_session_id
      where e.student_id in (select unnest(${toArray(studentIds)}::uuid[])) and ${visibleSessions(user)}
      order by class_sessions.session_start_date desc, e.created desc, e.id`,
  ).then((rows) =>
    rows.map(
      (r): FamilyEnrollment => ({
        id: r.id,
        studentId: r.student_id,
        childName: r.child_name,
        classSessionId: r.class_session_id,
        sessionName: r.session_name,
        sessionStartDate: r.start,
        sessionEndDate: r.end,
        status: r.status,
        created: iso(r.created)!,
        withdrawnAt: iso(r.withdrawn_at),
      }),
    ),
  );

/** Every waitlist place of the given children in the sessions `user` may see, newest first. */
const waitlistOf = (db: DbOrTx, user: AuthUser, studentIds: string[]) =>
  queryRows<{
    id: string;
    student_id: string;
    child_name: string;
    class_session_id: number;
    session_name: string;
    status: FamilyWaitlistPlace['status'];
    created: Date | string;
    expires: Date | string | null;
  }>(
    db,
    sql`select w.id, w.student_id, s.first_name || ' ' || s.last_name as child_name, w.class_session_id,
        class_sessions.name as session_name, w.status, w.created, w.expires
      from waitlist_submissions w
      join students s on s.id = w.student_id
      join class_sessions on class_sessions.id = w.class_session_id
      where w.student_id in (select unnest(${toArray(studentIds)}::uuid[])) and ${visibleSessions(user)}
      order by w.created desc, w.id`,
  ).then((rows) =>
    rows.map(
      (r): FamilyWaitlistPlace => ({
        id: r.id,
        studentId: r.student_id,
        childName: r.child_name,
        classSessionId: r.class_session_id,
        sessionName: r.session_name,
        status: r.status,
        joinedAt: iso(r.created)!,
        expires: iso(r.expires),
      }),
    ),
  );

/**
 * May `user` read the inbox (and a family's inbox history): the director always, a teacher given the inbox
 * (`users.inbox_access`, read fresh each time; the rule of inbox.ts `requireInboxAccess`).
 */
export async function mayReadInbox(db: DbOrTx, user: AuthUser): Promise<boolean> {
  if (user.role === 'Admin') return true;
  const [row] = await queryRows<{ inbox_access: boolean }>(
    db,
    sql`select inbox_access from users where id = ${user.id} and type = 'Staff'`,
  );
  return row?.inbox_access === true;
}

/** Contact, tour and tutoring messages sent from one of `emails` (stored lower-cased), newest first. */
async function inboxFor(db: DbOrTx, emails: string[]): Promise<FamilyInboxItem[]> {
  const list = emails.map((e) => e.toLowerCase());
  if (list.length === 0) return [];
  const inList = sql.join(
    list.map((e) => sql`${e}`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: string;
    kind: FamilyInboxItem['kind'];
    status: string;
    submitted: Date | string;
    message: string | null;
  }>(
    db,
    sql`select c.id, case when c.tour then 'tour' else 'contact' end as kind, c.status, c.submitted, c.message
        from contact_submissions c where lower(c.email) in (${inList})
      union all
      select t.id, 'tutoring', t.status, t.submitted, coalesce(t.message, t.subject_matter)
        from tutoring_waitlist_submissions t where lower(t.email_address) in (${inList})
      order by submitted desc, id
      limit 100`,
  );
  return rows.map((r) => {
    const text = (r.message ?? '').replace(/\s+/g, ' ').trim();
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      submitted: iso(r.submitted)!,
      excerpt: text.length > 140 ? `${text.slice(0, 139)}…` : text,
    };
  });
}

/**
 * The ids of the children of account `userId` that `user` may see (oldest first), or null when `user` may
 * not see that family at all — not a family, or (a teacher) none of its children on their rosters. The one
 * scoping rule of every staff route that takes a family's id, and of `GET /api/Student?userId=`; `userId`
 * must be a UUID.
 */
export async function visibleChildIdsOf(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  userId: string,
): Promise<string[] | null> {
  return (await visibleChildRows(db, clock.now(), user, userId))?.map((r) => r.id) ?? null;
}

/** The visible children of `userId` as `childColumns` rows, or null for a family `user` may not see. */
async function visibleChildRows(
  db: DbOrTx,
  now: Date,
  user: AuthUser,
  userId: string,
): Promise<ChildSql[] | null> {
  const [found] = await queryRows<{ id: string }>(
    db,
    sql`select u.id from users u where u.id = ${userId} and ${visibleFamily(user, now)}`,
  );
  if (!found) return null;
  return queryRows<ChildSql>(
    db,
    sql`select ${childColumns} from user_students us join students s on s.id = us.student_id
      where us.user_id = ${userId} and ${visibleChild(user, now, sql`us.student_id`)}
      order by s.date_of_birth, s.first_name, s.id`,
  );
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
  const [parents, contacts, enrollments, waitlist, payments, inboxAllowed] = await Promise.all([
    parentsOf(db, ids, userId),
    contactsWhere(db, ownContacts, ids),
    enrollmentsOf(db, user, ids),
    waitlistOf(db, user, ids),
    isDirector ? paymentsOf(db, userId) : Promise.resolve(null),
    mayReadInbox(db, user),
  ]);
  const inbox = inboxAllowed
    ? await inboxFor(
        db,
        parents.map((p) => p.emailAddress),
      )
    : null;
  return { userId, parents, children, contacts, enrollments, waitlist, payments, inbox };
}

/** The director's view of a parent account's payments, newest first; amounts in cents. */
async function paymentsOf(db: DbOrTx, userId: string): Promise<FamilyPayment[]> {
  const rows = await queryRows<{
    id: string;
    created: Date | string;
    status: FamilyPayment['status'];
    session_name: string | null;
    provider: string;
    final_amount: number;
    refunded_amount: number;
    note: string | null;
  }>(
    db,
    sql`select p.id, p.created, p.status, c.name as session_name, p.provider, p.final_amount,
        p.refunded_amount, p.note
      from payments p left join class_sessions c on c.id = p.class_session_id
      where p.user_id = ${userId}
      order by p.created desc, p.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    created: iso(r.created)!,
    status: r.status,
    sessionName: r.session_name,
    provider: r.provider,
    finalAmount: r.final_amount,
    refundedAmount: r.refunded_amount,
    note: r.note,
  }));
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
  const [parents, contacts, enrollments, waitlist, attendance, changes] = await Promise.all([
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
  ]);
  return {
    child: { ...toChild(row, clock.today(now)), address: isDirector && address ? address : null },
    parents,
    contacts,
    enrollments,
    waitlist,
    attendance,
    changes,
  };
}

/**
 * The child's check-ins and check-outs in the sessions `user` may see, newest first (at most 100). The adult
 * is the name recorded with the event (`attendance.adult_name`, as the attendance history and the family's
 * page show it): a drop-off by hand names the adult without a contact, and a contact removed since keeps
 * their name on the record.
 */
async function attendanceOf(db: DbOrTx, user: AuthUser, studentId: string): Promise<ChildAttendance[]> {
  const rows = await queryRows<{
    id: string;
    kind: ChildAttendance['kind'];
    at: Date | string;
    session_name: string;
    adult_name: string | null;
  }>(
    db,
    sql`select a.id, a.kind, a.timestamp as at, class_sessions.name as session_name, a.adult_name
      from attendance a
      join class_sessions on class_sessions.id = a.class_session_id
      where a.student_id = ${studentId} and ${visibleSessions(user)}
      order by a.timestamp desc, a.id
      limit 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    at: iso(r.at)!,
    sessionName: r.session_name,
    adultName: r.adult_name,
  }));
}

/**
 * Recorded changes to the child (allergies, details), to their contacts (pickup rights, phones), to their
 * places and to their waitlist places in the sessions `user` may see: newest first, at most 100. Only the
 * director gets the values before and after.
 */
async function changesOf(db: DbOrTx, user: AuthUser, studentId: string): Promise<ChildChange[]> {
  const withValues = user.role === 'Admin';
  const rows = await queryRows<{
    id: string;
    at: Date | string;
    actor_user_id: string | null;
    first_name: string | null;
    last_name: string | null;
    action: string;
    entity_type: string;
    before: string | null;
    after: string | null;
  }>(
    db,
    sql`select a.id, a.at, a.actor_user_id, u.first_name, u.last_name, a.action, a.entity_type,
        a.before::text as before, a.after::text as after
      from audit_events a left join users u on u.id = a.actor_user_id
      where (a.entity_type = 'Student' and a.entity_id = ${studentId})
        or (a.entity_type = 'Trustee' and a.entity_id in
          (select st.trustee_id::text from student_trustees st where st.student_id = ${studentId}))
        or (a.entity_type = 'ClassSessionEnrollment' and a.entity_id in
          (select e.id::text from class_session_enrollments e
            join class_sessions on class_sessions.id = e.class_session_id
            where e.student_id = ${studentId} and ${visibleSessions(user)}))
        or (a.entity_type = 'WaitlistSubmission' and a.entity_id in
          (select w.id::text from waitlist_submissions w
            join class_sessions on class_sessions.id = w.class_session_id
            where w.student_id = ${studentId} and ${visibleSessions(user)}))
      order by a.at desc, a.seq desc
      limit 100`,
  );
  return rows.map((r) => ({
    id: r.id,
    at: iso(r.at)!,
    actorName:
      r.actor_user_id === null ? null : r.first_name ? `${r.first_name} ${r.last_name}` : 'A former account',
    action: r.action,
    entityType: r.entity_type,
    // Read as text on both drivers, so a stored JSON value is parsed exactly once.
    before: withValues && r.before !== null ? JSON.parse(r.before) : null,
    after: withValues && r.after !== null ? JSON.parse(r.after) : null,
  }));
}
