/**
 * The seat count behind "no overselling" (docs/architecture.md "Registration domain"): a reservation first
 * locks the class session row (`SELECT … FOR UPDATE`), then counts taken seats, then writes. Every writer
 * of seats and waitlist places (reserve, fulfil, join the waitlist, offer freed seats) goes through
 * `readSession(tx, …, { lock: true })`, so they queue on the row and each sees the others' committed work.
 */
import DataLoader from 'dataloader';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { classSessions } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import { seatsTakenSql, waitlistTakenSql } from '../class-sessions/find-class-sessions.ts';
import { registrationState } from '../class-sessions/registration-state.ts';
import { lockClassSession } from '../class-sessions/session-lock.ts';
import {
  type ChildFacts,
  type ChildFactsRow,
  returningFamilySql,
  type SessionFacts,
  toChildFacts,
} from './eligibility.ts';
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
  const row = options.lock
    ? await lockClassSession(db, id)
    : (await db.select().from(classSessions).where(eq(classSessions.id, id)))[0];
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
    minAgeMonths: row.minAgeMonths,
    maxAgeMonths: row.maxAgeMonths,
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
  /** The family is returning for this session (`returningFamilySql`, decision 019). */
  returning: boolean;
  /** The asked children's `PendingPayment` rows whose hold has run out (released under the lock). */
  lapsedHolds: number;
};

/** A child's row as the standing query's JSON aggregate carries it (times as ISO strings). */
type ChildJson = ChildFactsRow & { hold_expires_at: string | null; offer_expires: string | null };

/** One family's part of the standing query's result (times as ISO strings). */
type FamilyJson = {
  n: number;
  owned: number;
  returning: boolean;
  lapsed_holds: number;
  children: ChildJson[];
};

const atNow = sql.placeholder('now');
const atToday = sql`${sql.placeholder('today')}::date`;
const atTimeZone = sql`${sql.placeholder('timeZone')}::text`;
/** The asking family of a row of `families` (see the lateral join below). */
const forUser = sql`f.user_id`;
const askedIds = sql`f.student_ids`;

/**
 * The standing query with placeholders `id`, `now`, `today`, `timeZone` and `families` (a JSON array of `{u: userId, s: [childId]}`):
 * the session row and its seat and waitlist counts (`seatsTakenSql`, the one seat definition), read once, and
 * for each asking family the same facts as `assertOwnChildren`, `loadChildFacts` and `isReturningFamily`.
 * Many families asking together are answered by one statement (decision 008, "Registration rush"); under
 * the row lock its counts see every committed reservation.
 */
const standingQuery = (db: DbOrTx) =>
  db
    .select({
      row: classSessions,
      // The placeholder stands where seatsTakenSql puts its Date parameter.
      seatsTaken: seatsTakenSql(atNow as unknown as Date),
      waitlistTaken: waitlistTakenSql(),
      families: sql<FamilyJson[] | string>`(select coalesce(json_agg(fam order by fam.n), '[]'::json) from (
        select req.n,
          (select count(*)::int from user_students us
            where us.user_id = ${forUser} and us.student_id = any(${askedIds})) as owned,
          ${returningFamilySql(forUser, sql`class_sessions.session_start_date`, atToday, atTimeZone)} as returning,
          (select count(*)::int from class_session_enrollments l
            where l.class_session_id = class_sessions.id and l.student_id = any(${askedIds})
              and l.status = 'PendingPayment' and l.hold_expires_at <= ${atNow}) as lapsed_holds,
          (select coalesce(json_agg(c order by c.date_of_birth, c.first_name), '[]'::json) from (
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
          ) c) as children
        from jsonb_array_elements(${sql.placeholder('families')}::jsonb) with ordinality as req(j, n)
        cross join lateral (
          select (req.j->>'u')::uuid as user_id,
            array(select jsonb_array_elements_text(req.j->'s'))::uuid[] as student_ids
        ) f
      ) fam)`,
    })
    .from(classSessions)
    .where(eq(classSessions.id, sql.placeholder('id')));

const STANDING = 'lc_family_standing';
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof standingQuery>['prepare']>>();

/** A family asking about its children in a session: the signed-in user and the children asked for. */
export type FamilyAsking = { userId: string; childIds: string[] };

/**
 * The standing in session `id` at `now` of each asking family (in the order asked), or null when there is no
 * such session: one prepared statement, however many families. On `db` (no lock) it is the reservation's
 * precheck; in a transaction after the row lock it is the locked read. `childIds` that are not UUIDs are
 * simply not the family's, nor is a `userId` that is not one.
 */
export async function readFamilyStandings(
  db: DbOrTx,
  params: { id: number; families: FamilyAsking[]; now: Date; today: string; timeZone: string },
): Promise<FamilyStanding[] | null> {
  const nobody = '00000000-0000-0000-0000-000000000000';
  const values = {
    id: params.id,
    families: JSON.stringify(
      params.families.map((f) => ({ u: isUuid(f.userId) ? f.userId : nobody, s: f.childIds.filter(isUuid) })),
    ),
    now: params.now,
    today: params.today,
    timeZone: params.timeZone,
  };
  let query = prepared.get(db as Db);
  if (!query) {
    query = standingQuery(db).prepare(STANDING);
    // Only the database handle's statement is kept; a transaction's lives as long as the transaction.
    if (!('rollback' in db)) prepared.set(db, query);
  }
  const [found] = await query.execute(values);
  if (!found) return null;
  const families =
    typeof found.families === 'string' ? (JSON.parse(found.families) as FamilyJson[]) : found.families;
  const session = toLockedSession(found.row, found.seatsTaken, found.waitlistTaken, params.now, params.today);
  return families.map((family) => ({
    session,
    owned: family.owned,
    returning: family.returning,
    lapsedHolds: family.lapsed_holds,
    children: family.children.map(toChildFacts),
  }));
}

/** One family's standing in session `id` (`readFamilyStandings` for one family). */
export async function readFamilyStanding(
  db: DbOrTx,
  params: { id: number; userId: string; childIds: string[]; now: Date; today: string; timeZone: string },
): Promise<FamilyStanding | null> {
  const standings = await readFamilyStandings(db, {
    id: params.id,
    families: [{ userId: params.userId, childIds: params.childIds }],
    now: params.now,
    today: params.today,
    timeZone: params.timeZone,
  });
  return standings?.[0] ?? null;
}

type StandingKey = FamilyAsking & { id: number };
type StandingLoader = DataLoader<StandingKey, FamilyStanding | null>;
const loaders = new WeakMap<Db, WeakMap<Clock, StandingLoader>>();

/**
 * The unlocked precheck's read (decision 008, "Registration rush"): families asking about the same session
 * in the same turn of the event loop (a registration opening) are answered by one `readFamilyStandings`
 * statement per session, read at the moment the batch is sent (`clock`). Nothing is cached across turns.
 */
export function loadFamilyStanding(db: Db, clock: Clock, key: StandingKey): Promise<FamilyStanding | null> {
  let byClock = loaders.get(db);
  if (!byClock) {
    byClock = new WeakMap();
    loaders.set(db, byClock);
  }
  let loader = byClock.get(clock);
  if (!loader) {
    loader = new DataLoader<StandingKey, FamilyStanding | null>(
      async (keys) => {
        const now = clock.now();
        const today = clock.today(now);
        const bySession = new Map<number, number[]>();
        for (const [i, k] of keys.entries()) {
          const indexes = bySession.get(k.id);
          if (indexes) indexes.push(i);
          else bySession.set(k.id, [i]);
        }
        const answers = new Array<FamilyStanding | null>(keys.length).fill(null);
        await Promise.all(
          [...bySession].map(async ([id, indexes]) => {
            const standings = await readFamilyStandings(db, {
              id,
              families: indexes.map((i) => keys[i]!),
              now,
              today,
              timeZone: clock.timeZone,
            });
            indexes.forEach((i, n) => {
              answers[i] = standings?.[n] ?? null;
            });
          }),
        );
        return answers;
      },
      { cache: false, maxBatchSize: 400, batchScheduleFn: (send) => setImmediate(send) },
    );
    byClock.set(clock, loader);
  }
  return loader.load(key);
}
