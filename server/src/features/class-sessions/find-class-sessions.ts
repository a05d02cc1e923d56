/**
 * Read the session catalog (spec §7 `GET /api/ClassSession`, `/all`, `/{id}`) with what a parent needs
 * to decide: seats left, waitlist places left and the registration state, all computed in the same query
 * so the list never disagrees with the detail page.
 *
 * A seat is taken by an `Enrolled` enrollment or by a `PendingPayment` one whose hold has not expired;
 * a waitlist place by a `Waiting` or `Offered` submission (docs/architecture.md, Registration domain).
 */
import { type ClassSection, type ClassSession, type Policy, planOf } from '@lc/contract';
import { and, asc, eq, getTableColumns, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { classSections, classSessions, policies } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { registrationState } from './registration-state.ts';

export type ClassSessionFilter = 'current' | 'past' | 'all';

/**
 * Seats taken at `now`, correlated on `class_sessions.id`: enrolled children, unexpired checkout holds, and
 * unexpired waitlist offers (an offered seat is kept for that family until the offer lapses).
 * `exceptPaymentId` leaves one payment's own holds out (fulfillment re-checks a payment against the rest).
 * The one definition of a taken seat (docs/architecture.md "Registration domain").
 */
export const seatsTakenSql = (now: Date, exceptPaymentId: string | null = null) => sql<number>`((
  select count(*)::int from class_session_enrollments e
  where e.class_session_id = class_sessions.id
    and (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now}))
    and (${exceptPaymentId}::uuid is null or e.payment_id is distinct from ${exceptPaymentId}::uuid)
) + (
  select count(*)::int from waitlist_submissions o
  where o.class_session_id = class_sessions.id and o.status = 'Offered' and o.expires > ${now}
))`;

/** Waitlist places taken (children still waiting in line); correlated on `class_sessions.id`. */
export const waitlistTakenSql = () => sql<number>`(
  select count(*)::int from waitlist_submissions w
  where w.class_session_id = class_sessions.id and w.status = 'Waiting'
)`;

type SessionRow = typeof classSessions.$inferSelect & { seatsTaken: number; waitlistTaken: number };

/**
 * List sessions. `current`: active and not yet ended (the public catalog); `past`: inactive or ended;
 * `all`: every session. Sorted by start date, then name.
 */
export async function findClassSessions(
  db: DbOrTx,
  clock: Clock,
  filter: ClassSessionFilter,
): Promise<ClassSession[]> {
  const now = clock.now();
  const today = clock.today(now);
  const where: SQL | undefined =
    filter === 'current'
      ? and(eq(classSessions.isActive, true), gte(classSessions.sessionEndDate, today))
      : filter === 'past'
        ? or(eq(classSessions.isActive, false), lt(classSessions.sessionEndDate, today))
        : undefined;
  return assemble(db, now, today, await selectSessions(db, now, where));
}

/** When each of sessions `ids` was last edited by staff (`lastUpdated`), by id; sessions not found are left out. */
export async function sessionsLastUpdated(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Date>> {
  const edited = ids.length
    ? await db
        .select({ id: classSessions.id, lastUpdated: classSessions.lastUpdated })
        .from(classSessions)
        .where(inArray(classSessions.id, [...ids]))
    : [];
  return new Map(edited.map((row) => [row.id, row.lastUpdated]));
}

/** One session by id, or null when there is none. */
export async function findClassSession(db: DbOrTx, clock: Clock, id: number): Promise<ClassSession | null> {
  const now = clock.now();
  const [session] = await assemble(
    db,
    now,
    clock.today(now),
    await selectSessions(db, now, eq(classSessions.id, id)),
  );
  return session ?? null;
}

async function selectSessions(db: DbOrTx, now: Date, where: SQL | undefined): Promise<SessionRow[]> {
  return db
    .select({
      ...getTableColumns(classSessions),
      seatsTaken: seatsTakenSql(now),
      waitlistTaken: waitlistTakenSql(),
    })
    .from(classSessions)
    .where(where)
    .orderBy(asc(classSessions.sessionStartDate), asc(classSessions.name));
}

/** Seats and registration state are read at the same instant `now` the seat counts were taken at. */
async function assemble(db: DbOrTx, now: Date, today: string, rows: SessionRow[]): Promise<ClassSession[]> {
  if (rows.length === 0) return [];
  const policyIds = [
    ...new Set(
      rows
        .flatMap((r) => [r.expectationPolicyId, r.dismissalPolicyId, r.latePickupPolicyId])
        .filter((id): id is number => id !== null),
    ),
  ];
  const sectionIds = [
    ...new Set(rows.map((r) => r.classSectionId).filter((id): id is number => id !== null)),
  ];
  const [policyRows, sectionRows] = await Promise.all([
    policyIds.length ? db.select().from(policies).where(inArray(policies.id, policyIds)) : [],
    sectionIds.length ? db.select().from(classSections).where(inArray(classSections.id, sectionIds)) : [],
  ]);
  const policyById = new Map(policyRows.map((p) => [p.id, toPolicy(p)]));
  const sectionById = new Map(sectionRows.map((s) => [s.id, toSection(s)]));
  return rows.map((r) => {
    const seatsLeft = Math.max(0, r.rosterSize - r.seatsTaken);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      thumbnail: r.thumbnail,
      sessionStartDate: r.sessionStartDate,
      sessionEndDate: r.sessionEndDate,
      priorityRegistrationStartDate: iso(r.priorityRegistrationStartDate),
      priorityRegistrationEndDate: iso(r.priorityRegistrationEndDate),
      registrationStartDate: iso(r.registrationStartDate),
      registrationEndDate: iso(r.registrationEndDate),
      daySchedule: r.daySchedule,
      isActive: r.isActive,
      stripeLineItem: r.stripeLineItem,
      supplyFeeLineItem: r.supplyFeeLineItem,
      registrationPrice: r.registrationPrice,
      supplyFee: r.supplyFee,
      rosterSize: r.rosterSize,
      minAgeMonths: r.minAgeMonths,
      maxAgeMonths: r.maxAgeMonths,
      refundFullDaysBefore: r.refundFullDaysBefore,
      refundPercentAfter: r.refundPercentAfter,
      supplyFeeRefundUntil: r.supplyFeeRefundUntil,
      siblingDiscountType: r.siblingDiscountType,
      siblingDiscountValue: r.siblingDiscountValue,
      siblingDiscountAcrossProgram: r.siblingDiscountAcrossProgram,
      plan: planOf(r),
      waitlistActive: r.waitlistActive,
      waitlistSize: r.waitlistSize,
      classSectionId: r.classSectionId,
      classSection: r.classSectionId === null ? null : (sectionById.get(r.classSectionId) ?? null),
      expectationPolicy: pick(policyById, r.expectationPolicyId),
      dismissalPolicy: pick(policyById, r.dismissalPolicyId),
      latePickupPolicy: pick(policyById, r.latePickupPolicyId),
      seatsLeft,
      waitlistSpotsLeft: r.waitlistActive ? Math.max(0, r.waitlistSize - r.waitlistTaken) : 0,
      registrationState: registrationState(r, seatsLeft, now, today),
    };
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const pick = (map: Map<number, Policy>, id: number | null) => (id === null ? null : (map.get(id) ?? null));

function toPolicy(p: typeof policies.$inferSelect): Policy {
  return {
    id: p.id,
    policyType: p.policyType as Policy['policyType'],
    name: p.name,
    htmlValue: p.htmlValue,
    created: p.created.toISOString(),
    lastUpdated: p.lastUpdated.toISOString(),
  };
}

function toSection(s: typeof classSections.$inferSelect): ClassSection {
  return { id: s.id, isActive: s.isActive, name: s.name, startDate: s.startDate, endDate: s.endDate };
}
