/**
 * The seat count behind "no overselling" (ARCHITECTURE.md "Registration domain"): a reservation first
 * locks the class session row (`SELECT … FOR UPDATE`), then counts taken seats, then writes. Every writer
 * of seats and waitlist places (reserve, fulfil, join the waitlist, offer freed seats) goes through
 * `readSession(tx, …, { lock: true })`, so they queue on the row and each sees the others' committed work.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { classSessions } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { seatsTakenSql, waitlistTakenSql } from '../class-sessions/find-class-sessions.ts';
import { registrationState } from '../class-sessions/registration-state.ts';
import { type ChildFacts, type ChildFactsRow, type SessionFacts, toChildFacts } from './eligibility.ts';
import { waitlistPositionSql } from './records.ts';

export type SessionRow = typeof classSessions.$inferSelect;
export type LockedSession = SessionFacts & { row: SessionRow; seatsTaken: number; waitlistTaken: number };

/**
 * The session with seats and waitlist places counted at `now`, or null when there is none.
 * `lock`: take the row lock first (inside a transaction). `exceptPaymentId`: leave that payment's own holds
 * out of the count.
 */
export async function readSession(
  db: DbOrTx,
  id: number,
  now: Date,
  today: string,
  options: { lock?: boolean; exceptPaymentId?: string | null } = {},
): Promise<LockedSession | null> {
  const base = db.select().from(classSessions).where(eq(classSessions.id, id));
  const [row] = options.lock ? await base.for('update') : await base;
  if (!row) return null;
  // Counted after the lock is held: under READ COMMITTED this statement sees every committed reservation.
  const [counts] = await db
    .select({
      seatsTaken: seatsTakenSql(now, options.exceptPaymentId ?? null),
      waitlistTaken: waitlistTakenSql(),
    })
    .from(classSessions)
    .where(eq(classSessions.id, id));
  return toLockedSession(row, counts?.seatsTaken ?? 0, counts?.waitlistTaken ?? 0, now, today);
}

function toLockedSession(
  row: SessionRow,
  seatsTaken: number,
  waitlistTaken: number,
  now: Date,
  today: string,
): LockedSession {
  const seatsLeft = Math.max(0, row.rosterSize - seatsTaken);
  return {
    row,
    seatsTaken,
    waitlistTaken,
    id: row.id,
    name: row.name,
    isActive: row.isActive,
    waitlistActive: row.waitlistActive,
    sessionStartDate: row.sessionStartDate,
    sessionEndDate: row.sessionEndDate,
    priorityRegistrationStartDate: row.priorityRegistrationStartDate,
    priorityRegistrationEndDate: row.priorityRegistrationEndDate,
    registrationStartDate: row.registrationStartDate,
    registrationEndDate: row.registrationEndDate,
    registrationState: registrationState(row, seatsLeft, now, today),
    seatsLeft,
    waitlistSpotsLeft: row.waitlistActive ? Math.max(0, row.waitlistSize - waitlistTaken) : 0,
  };
}

/** A family's standing in one session, read in one statement (decision 008, "Registration rush"). */
export type FamilyStanding = {
  session: LockedSession;
  /** How many of the asked children are the family's own. */
  owned: number;
  /** The asked children that are the family's own, oldest first, with where each stands in the session. */
  children: ChildFacts[];
  /** The family has a child enrolled in a session that started before this one (`isReturningFamily`). */
  returning: boolean;
  /** The asked children's `PendingPayment` rows whose hold has run out (released under the lock). */
  lapsedHolds: number;
};

/** A child's row as the standing query's JSON aggregate carries it (times as ISO strings). */
type ChildJson = ChildFactsRow & { hold_expires_at: string | null; offer_expires: string | null };

const atNow = sql.placeholder('now');
const forUser = sql.placeholder('userId');
const askedIds = sql`${sql.placeholder('studentIds')}::uuid[]`;

/**
 * The standing query with placeholders `id`, `now`, `userId`, `studentIds`: the session row, its seat and
 * waitlist counts (`seatsTakenSql`, the one seat definition), and the same facts as `assertOwnChildren`,
 * `loadChildFacts` and `isReturningFamily`. Under the row lock its counts see every committed reservation.
 */
const standingQuery = (db: DbOrTx) =>
  db
    .select({
      row: classSessions,
      // The placeholder stands where seatsTakenSql puts its Date parameter.
      seatsTaken: seatsTakenSql(atNow as unknown as Date),
      waitlistTaken: waitlistTakenSql(),
      owned: sql<number>`(select count(*)::int from user_students us
        where us.user_id = ${forUser} and us.student_id = any(${askedIds}))`,
      returning: sql<boolean>`exists (
        select 1 from class_session_enrollments e
        join class_sessions s on s.id = e.class_session_id
        join user_students us on us.student_id = e.student_id
        where us.user_id = ${forUser} and e.status = 'Enrolled'
          and s.session_start_date < class_sessions.session_start_date)`,
      lapsedHolds: sql<number>`(select count(*)::int from class_session_enrollments l
        where l.class_session_id = class_sessions.id and l.student_id = any(${askedIds})
          and l.status = 'PendingPayment' and l.hold_expires_at <= ${atNow})`,
      children: sql<
        ChildJson[] | string
      >`(select coalesce(json_agg(c order by c.date_of_birth, c.first_name), '[]'::json) from (
        select s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
          e.status as enrollment_status, e.hold_expires_at,
          w.status as waitlist_status, w.expires as offer_expires,
          case when w.status = 'Waiting' then ${waitlistPositionSql('w')} end as waitlist_position
        from students s
        join user_students us on us.student_id = s.id and us.user_id = ${forUser}
        left join class_session_enrollments e on e.student_id = s.id and e.class_session_id = class_sessions.id
          and (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${atNow}))
        left join waitlist_submissions w on w.student_id = s.id and w.class_session_id = class_sessions.id
          and w.status in ('Waiting', 'Offered')
        where s.id = any(${askedIds})
      ) c)`,
    })
    .from(classSessions)
    .where(eq(classSessions.id, sql.placeholder('id')));

const STANDING = 'lc_family_standing';
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof standingQuery>['prepare']>>();

/**
 * The family's standing in session `id` at `now`, or null when there is no such session: one prepared
 * statement. On `db` (no lock) it is the reservation's precheck; in a transaction after the row lock it is
 * the locked read. `childIds` that are not UUIDs are simply not the family's.
 */
export async function readFamilyStanding(
  db: DbOrTx,
  params: { id: number; userId: string; childIds: string[]; now: Date; today: string },
): Promise<FamilyStanding | null> {
  const values = {
    id: params.id,
    userId: params.userId,
    studentIds: params.childIds.filter(isUuid),
    now: params.now,
  };
  let query = prepared.get(db as Db);
  if (!query) {
    query = standingQuery(db).prepare(STANDING);
    // Only the database handle's statement is kept; a transaction's lives as long as the transaction.
    if (!('rollback' in db)) prepared.set(db, query);
  }
  const [found] = await query.execute(values);
  if (!found) return null;
  const json =
    typeof found.children === 'string' ? (JSON.parse(found.children) as ChildJson[]) : found.children;
  return {
    session: toLockedSession(found.row, found.seatsTaken, found.waitlistTaken, params.now, params.today),
    owned: found.owned,
    returning: found.returning,
    lapsedHolds: found.lapsedHolds,
    children: json.map(toChildFacts),
  };
}
