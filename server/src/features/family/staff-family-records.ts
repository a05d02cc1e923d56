/**
 * The parts of the staff's family and child pages (issue 10), each read for the children the caller may see
 * (staff-visibility.ts) and scoped to the sessions they may see (team/access.ts `visibleSessions`): parents,
 * contacts, places, waitlist places, check-ins, recorded changes, and for the director payments (cents) and
 * the inbox history.
 */
import {
  ageInMonths,
  type ChildAttendance,
  type ChildChange,
  type FamilyChild,
  type FamilyContact,
  type FamilyEnrollment,
  type FamilyInboxItem,
  type FamilyParent,
  type FamilyPayment,
  type FamilyWaitlistPlace,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { json } from '../class-sessions/staff-sessions.ts';
import { visibleSessions } from '../team/access.ts';
import type { ChildSql } from './staff-visibility.ts';

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export const toChild = (row: ChildSql, today: string): FamilyChild => ({
  studentId: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.date_of_birth,
  ageMonths: ageInMonths(row.date_of_birth, today),
  allergies: json(row.allergies),
});

export const parentsOf = (db: DbOrTx, studentIds: string[], alsoUserId: string | null) =>
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
export const toArray = (ids: string[]) => `{${ids.join(',')}}`;

export type ContactSql = {
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

export const toContact = (r: ContactSql): FamilyContact => ({
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
export const contactsWhere = (db: DbOrTx, condition: SQL, studentIds: string[]) =>
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
export const enrollmentsOf = (db: DbOrTx, user: AuthUser, studentIds: string[]) =>
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
export const waitlistOf = (db: DbOrTx, user: AuthUser, studentIds: string[]) =>
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

/** Contact, tour and tutoring messages sent from one of `emails` (stored lower-cased), newest first. */
export async function inboxFor(db: DbOrTx, emails: string[]): Promise<FamilyInboxItem[]> {
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

/** The director's view of a parent account's payments, newest first; amounts in cents. */
export async function paymentsOf(db: DbOrTx, userId: string): Promise<FamilyPayment[]> {
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
 * The child's check-ins and check-outs in the sessions `user` may see, newest first (at most 100). The adult
 * is the name recorded with the event (`attendance.adult_name`, as the attendance history and the family's
 * page show it): a drop-off by hand names the adult without a contact, and a contact removed since keeps
 * their name on the record.
 */
export async function attendanceOf(
  db: DbOrTx,
  user: AuthUser,
  studentId: string,
): Promise<ChildAttendance[]> {
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
export async function changesOf(db: DbOrTx, user: AuthUser, studentId: string): Promise<ChildChange[]> {
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
