/**
 * The staff's view of sessions (issue 10): the paginated, filtered, sorted list and a session's roster.
 * Every read is limited to the sessions the user may see (`visibleSessions`); a session outside that scope is
 * `null` here and 404 at the route. Seat counts use the one seat definition (`seatsTakenSql`).
 */
import {
  type AccountStatus,
  ageInMonths,
  type PaymentStatus,
  type Roster,
  type RosterAdult,
  type RosterChild,
  type RosterWaitlistEntry,
  type StaffMember,
  type StaffSessionListQuery,
  type StaffSessionRow,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import type { Clock } from '../../lib/clock.ts';
import { sessionPlaceAccounts, sessionRevenueSql } from '../billing/ledger.ts';
import { waitlistPositionSql } from '../enrollment/records.ts';
import { requireAdmin, visibleSessions } from '../team/access.ts';
import { seatsTakenSql, waitlistTakenSql } from './find-class-sessions.ts';

type SessionRowSql = {
  id: number;
  name: string;
  program_name: string | null;
  session_start_date: string;
  session_end_date: string;
  day_schedule: string;
  is_active: boolean;
  roster_size: number;
  seats_taken: number;
  enrolled_count: number;
  waitlist_count: number;
  revenue: number;
  teachers: StaffMember[] | string;
};

const sessionColumns = (now: Date) => sql`
  class_sessions.id, class_sessions.name, class_sections.name as program_name,
  class_sessions.session_start_date::text as session_start_date,
  class_sessions.session_end_date::text as session_end_date,
  class_sessions.day_schedule, class_sessions.is_active, class_sessions.roster_size,
  ${seatsTakenSql(now)} as seats_taken,
  (select count(*)::int from class_session_enrollments e
    where e.class_session_id = class_sessions.id and e.status = 'Enrolled') as enrolled_count,
  ${waitlistTakenSql()} as waitlist_count,
  ${sessionRevenueSql(sql`class_sessions.id`)} as revenue,
  (select coalesce(json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name)
      order by u.last_name, u.first_name), '[]'::json)
    from session_staff ss join users u on u.id = ss.user_id
    where ss.class_session_id = class_sessions.id) as teachers`;

const fromSessions = sql`from class_sessions
  left join class_sections on class_sections.id = class_sessions.class_section_id`;

/** JSON aggregates arrive parsed from node-postgres and as text from PGlite. */
export const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

function toRow(row: SessionRowSql, user: AuthUser): StaffSessionRow {
  return {
    id: row.id,
    name: row.name,
    programName: row.program_name,
    sessionStartDate: row.session_start_date,
    sessionEndDate: row.session_end_date,
    daySchedule: row.day_schedule,
    isActive: row.is_active,
    rosterSize: row.roster_size,
    seatsTaken: row.seats_taken,
    enrolledCount: row.enrolled_count,
    waitlistCount: row.waitlist_count,
    revenue: user.role === 'Admin' ? row.revenue : null,
    teachers: json(row.teachers),
  };
}

function periodCondition(period: StaffSessionListQuery['period'], today: string): SQL {
  switch (period) {
    case 'active':
      return sql`class_sessions.session_end_date >= ${today}::date`;
    case 'current':
      return sql`class_sessions.session_start_date <= ${today}::date and class_sessions.session_end_date >= ${today}::date`;
    case 'upcoming':
      return sql`class_sessions.session_start_date > ${today}::date`;
    case 'past':
      return sql`class_sessions.session_end_date < ${today}::date`;
    case 'all':
      return sql`true`;
  }
}

const sortColumns: Record<StaffSessionListQuery['sort'], SQL> = {
  start: sql`class_sessions.session_start_date`,
  name: sql`lower(class_sessions.name)`,
  seats: sql`seats_taken`,
  waitlist: sql`waitlist_count`,
  revenue: sql`revenue`,
};

/**
 * The sessions `user` may see, filtered by period (center's today) and a search in the session's or
 * program's name, sorted and paginated. Sorting by revenue is the director's (403 for a teacher).
 */
export async function listStaffSessions(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  query: StaffSessionListQuery,
): Promise<{ items: StaffSessionRow[]; total: number }> {
  if (query.sort === 'revenue') requireAdmin(user);
  const now = clock.now();
  const where = sql.join(
    [
      visibleSessions(user),
      periodCondition(query.period, clock.today(now)),
      query.q
        ? sql`(position(lower(${query.q}) in lower(class_sessions.name)) > 0
            or position(lower(${query.q}) in lower(coalesce(class_sections.name, ''))) > 0)`
        : sql`true`,
    ],
    sql` and `,
  );
  const direction = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const [rows, counted] = await Promise.all([
    queryRows<SessionRowSql>(
      db,
      sql`select ${sessionColumns(now)} ${fromSessions} where ${where}
        order by ${sortColumns[query.sort]} ${direction}, class_sessions.session_start_date, class_sessions.id
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    ),
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${fromSessions} where ${where}`),
  ]);
  return { items: rows.map((row) => toRow(row, user)), total: counted[0]?.n ?? 0 };
}

/** One session as the list shows it, or null when it does not exist or `user` may not see it. */
export async function findStaffSession(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  classSessionId: number,
): Promise<StaffSessionRow | null> {
  const [row] = await queryRows<SessionRowSql>(
    db,
    sql`select ${sessionColumns(clock.now())} ${fromSessions}
      where class_sessions.id = ${classSessionId} and ${visibleSessions(user)}`,
  );
  return row ? toRow(row, user) : null;
}

type AdultJson = { name: string; relationship: string; phone: string | null; email: string | null };
type ChildSql = {
  student_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  allergies: string[] | string;
  parents: AdultJson[] | string;
  pickup: AdultJson[] | string;
  do_not_release: Array<{ name: string; note: string | null }> | string;
};

const adults = (value: AdultJson[] | string): RosterAdult[] =>
  json(value).map((a) => ({
    name: a.name,
    relationship: a.relationship,
    phone: a.phone,
    emailAddress: a.email,
  }));

/** A child's facts for a roster row: allergies, parents and who may pick them up, in one correlated read. */
const childColumns = sql`
  s.id as student_id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
  (select coalesce(json_agg(a.name order by lower(a.name)), '[]'::json) from allergies a
    where a.student_id = s.id) as allergies,
  (select coalesce(json_agg(json_build_object('name', u.first_name || ' ' || u.last_name,
      'relationship', 'Parent', 'phone', u.sms, 'email', u.email_address) order by u.last_name, u.first_name), '[]'::json)
    from user_students us join users u on u.id = us.user_id where us.student_id = s.id) as parents,
  (select coalesce(json_agg(json_build_object('name', t.first_name || ' ' || t.last_name,
      'relationship', t.relationship, 'phone', coalesce(t.cell_phone, t.home_phone), 'email', t.email_address)
      order by t.last_name, t.first_name), '[]'::json)
    from student_trustees st join trustees t on t.id = st.trustee_id
    where st.student_id = s.id and t.is_active and t.can_pickup) as pickup,
  (select coalesce(json_agg(json_build_object('name', r.full_name, 'note', r.note) order by r.created, r.id),
      '[]'::json)
    from student_restrictions r where r.student_id = s.id) as do_not_release`;

/** A place's status, balance and due date; a place with nothing posted has no charge. */
const placeOf = (
  a:
    | { status: AccountStatus; balance: number; dueOn: string | null; nextAmount: number; overdue: number }
    | undefined,
) =>
  a
    ? { status: a.status, balance: a.balance, dueOn: a.dueOn, nextAmount: a.nextAmount, overdue: a.overdue }
    : { status: 'noCharge' as const, balance: 0, dueOn: null, nextAmount: 0, overdue: 0 };

/**
 * The roster of a session `user` may see (null otherwise): enrolled children, seats held by an open checkout,
 * and the waitlist in order, each child with age on the first day, allergies, parents and pickup adults.
 * Each place's payment status is the director's only (`showsMoney`); a teacher's roster has none.
 */
export async function readRoster(
  db: DbOrTx,
  clock: Clock,
  user: AuthUser,
  classSessionId: number,
): Promise<Roster | null> {
  const session = await findStaffSession(db, clock, user, classSessionId);
  if (!session) return null;
  const now = clock.now();
  const [placed, waiting] = await Promise.all([
    queryRows<
      ChildSql & {
        status: string;
        enrolled_at: Date | string;
        hold_expires_at: Date | string | null;
        payment_status: string | null;
      }
    >(
      db,
      sql`select ${childColumns}, e.status, e.created as enrolled_at, e.hold_expires_at, p.status as payment_status
        from class_session_enrollments e
        join students s on s.id = e.student_id
        left join payments p on p.id = e.payment_id
        where e.class_session_id = ${classSessionId}
          and (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now}))
        order by lower(s.last_name), lower(s.first_name), s.id`,
    ),
    queryRows<
      ChildSql & {
        status: 'Waiting' | 'Offered';
        created: Date | string;
        expires: Date | string | null;
        position: number | null;
      }
    >(
      db,
      sql`select ${childColumns}, w.status, w.created, w.expires,
          case when w.status = 'Waiting' then ${waitlistPositionSql('w')} end as position
        from waitlist_submissions w
        join students s on s.id = w.student_id
        where w.class_session_id = ${classSessionId} and w.status in ('Waiting', 'Offered')
        order by w.status desc, w.created, w.id`,
    ),
  ]);
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  const start = session.sessionStartDate;
  const showsMoney = user.role === 'Admin';
  // The director's roster reads each place's money from the family account (issue 23).
  const accounts = showsMoney ? await sessionPlaceAccounts(db, classSessionId, clock.today(now)) : null;
  const child = (row: (typeof placed)[number]): RosterChild => ({
    studentId: row.student_id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    ageMonthsAtStart: ageInMonths(row.date_of_birth, start),
    allergies: json(row.allergies),
    parents: adults(row.parents),
    pickup: adults(row.pickup),
    doNotRelease: json(row.do_not_release),
    enrolledAt: iso(row.enrolled_at)!,
    ...(showsMoney ? { paymentStatus: row.payment_status as PaymentStatus | null } : {}),
    ...(accounts && row.status === 'Enrolled' ? { account: placeOf(accounts.get(row.student_id)) } : {}),
    holdExpiresAt: row.status === 'PendingPayment' ? iso(row.hold_expires_at) : null,
  });
  const waitlist = waiting.map(
    (row): RosterWaitlistEntry => ({
      studentId: row.student_id,
      firstName: row.first_name,
      lastName: row.last_name,
      ageMonthsAtStart: ageInMonths(row.date_of_birth, start),
      status: row.status,
      position: row.position,
      joinedAt: iso(row.created)!,
      offerExpires: iso(row.expires),
      parents: adults(row.parents),
    }),
  );
  return {
    session,
    showsMoney,
    enrolled: placed.filter((r) => r.status === 'Enrolled').map(child),
    pending: placed.filter((r) => r.status === 'PendingPayment').map(child),
    waitlist,
  };
}
