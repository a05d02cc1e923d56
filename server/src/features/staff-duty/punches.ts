/**
 * Clocking in and out (issue 26, decision 038): a punch is one stretch on duty in one session's room
 * (`staff_punches`). A clock-in takes the rows of the session(s) it touches under their locks (ids in
 * ascending order), closes the person's open punch elsewhere (moving rooms), opens the new one and records
 * both rooms' ratios (ratio.ts) in the same transaction; a clock-out closes the open punch in that room.
 * From the tablet any room meeting today (assigned ones first); from the phone only a room whose phone
 * clock-in the director turned on (`duty_phone_sessions`) and, for a teacher, one they are assigned to.
 * The director's corrections add a missed punch or fix one's times with a reason: the original is kept
 * (`superseded_at`), the correction is a new row, and both are in the audit trail.
 */
import type { ClockAction, DutyClockResult, Punch, PunchAdd, PunchFix, PunchSource } from '@lc/contract';
import { instantToDate, wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { dutyPhoneSessions, staffPunches, users } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { clockTimeIn } from '../../i18n/family-mail.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { parseDaySchedule } from '../passes/day-schedule.ts';
import { breachPushes, lockRooms, recordRatioChanges, sendBreachPushes } from './ratio.ts';

type PunchRow = {
  id: string;
  user_id: string;
  name: string;
  class_session_id: number;
  session_name: string;
  day: string;
  in_at: Date | string;
  out_at: Date | string | null;
  source: PunchSource;
  reason: string | null;
  replaces_id: string | null;
  corrected_by: string | null;
  original_in_at: Date | string | null;
  original_out_at: Date | string | null;
  original_source: PunchSource | null;
};

const iso = (v: Date | string) => new Date(v).toISOString();

const toPunch = (r: PunchRow): Punch => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  classSessionId: r.class_session_id,
  sessionName: r.session_name,
  day: String(r.day).slice(0, 10),
  inAt: iso(r.in_at),
  outAt: r.out_at ? iso(r.out_at) : null,
  source: r.source,
  reason: r.reason,
  replacesId: r.replaces_id,
  correctedBy: r.source === 'Correction' ? r.corrected_by : null,
  original:
    r.original_in_at && r.original_source
      ? {
          inAt: iso(r.original_in_at),
          outAt: r.original_out_at ? iso(r.original_out_at) : null,
          source: r.original_source,
        }
      : null,
});

/**
 * Punches in force (not superseded) matching `where`, by clock-in time; a correction with who made it and, when
 * it replaced a punch, what that punch said.
 */
export async function punchesWhere(db: DbOrTx, where: SQL): Promise<Punch[]> {
  const rows = await queryRows<PunchRow>(
    db,
    sql`select sp.id, sp.user_id, u.first_name || ' ' || u.last_name as name, sp.class_session_id,
        cs.name as session_name, sp.day::text as day, sp.in_at, sp.out_at, sp.source, sp.reason, sp.replaces_id,
        cb.first_name || ' ' || cb.last_name as corrected_by,
        op.in_at as original_in_at, op.out_at as original_out_at, op.source as original_source
      from staff_punches sp join users u on u.id = sp.user_id join class_sessions cs on cs.id = sp.class_session_id
        left join users cb on cb.id = sp.created_by
        left join staff_punches op on op.id = sp.replaces_id
      where sp.superseded_at is null and ${where}
      order by sp.in_at, sp.id`,
  );
  return rows.map(toPunch);
}

/**
 * The person's open punch of `day`, or null. An open punch of an earlier day (a missed clock-out) stays open
 * for the director to correct: the timesheet flags it, and nobody guesses when the person left.
 */
async function openPunch(db: DbOrTx, userId: string, day: string): Promise<Punch | null> {
  const [open] = await punchesWhere(
    db,
    sql`sp.user_id = ${userId} and sp.day = ${day} and sp.out_at is null`,
  );
  return open ?? null;
}

/** Whether the weekday of ISO day `day` is among the schedule's days. */
function meets(daySchedule: string, day: string): boolean {
  return parseDaySchedule(daySchedule).days.has(new Date(`${day}T00:00:00Z`).getUTCDay());
}

/**
 * The sessions `userId` may clock in to today (running and meeting today, shown in the catalog or not, as the
 * attendance board counts them), their own first, each with
 * whether the director allows the phone for it. `role` Staff with `assignedOnly` lists only their own.
 */
export async function dutySessionsToday(db: DbOrTx, userId: string, today: string, assignedOnly: boolean) {
  const rows = await queryRows<{
    id: number;
    name: string;
    day_schedule: string;
    assigned: boolean;
    phone: boolean;
  }>(
    db,
    sql`select cs.id, cs.name, cs.day_schedule,
        exists (select 1 from session_staff ss where ss.class_session_id = cs.id and ss.user_id = ${userId}) as assigned,
        exists (select 1 from duty_phone_sessions dp where dp.class_session_id = cs.id) as phone
      from class_sessions cs
      where cs.session_start_date <= ${today} and cs.session_end_date >= ${today}
      order by cs.name, cs.id`,
  );
  return rows
    .filter((r) => meets(r.day_schedule, today) && (!assignedOnly || r.assigned))
    .sort((a, b) => Number(b.assigned) - Number(a.assigned))
    .map((r) => ({ classSessionId: r.id, name: r.name, assigned: r.assigned, phoneAllowed: r.phone }));
}

export type Clocker = { userId: string; role: 'Staff' | 'Admin' };

/**
 * Clock `who` in to or out of session `classSessionId` now, from `source` (Tablet, with its `kioskId`, or
 * Phone). 404 for a session they may not clock in to today; 403 `duty.phoneNotAllowed` from a phone where
 * the director has not allowed it; 409 `duty.alreadyIn` / `duty.notIn`. Answers the punch and the room's
 * ratio after it; a ratio breach alerts the director after the commit.
 */
export async function clock(
  ctx: AppContext,
  who: Clocker,
  input: { classSessionId: number; action: ClockAction; source: 'Tablet' | 'Phone'; kioskId?: string },
): Promise<DutyClockResult> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const timeZone = ctx.clock.timeZone;
  const phone = input.source === 'Phone';
  const sessions = await dutySessionsToday(ctx.db, who.userId, today, phone && who.role === 'Staff');
  const session = sessions.find((s) => s.classSessionId === input.classSessionId);
  if (!session) throw notFound('session');
  if (phone && !session.phoneAllowed)
    throw new HttpError(403, 'duty.phoneNotAllowed', { params: { session: session.name } });
  const { result, pushes } = await ctx.db.transaction(async (tx) => {
    const before = await openPunch(tx, who.userId, today);
    const touched = [input.classSessionId, ...(before ? [before.classSessionId] : [])];
    // Lock first (sessions in id order, then the person), then read again: a second tablet's punch for
    // the same person waits here and sees the first one's.
    await lockRooms(tx, touched);
    await tx.execute(sql`select id from users where id = ${who.userId} for update`);
    const open = await openPunch(tx, who.userId, today);
    let punchId: string;
    if (input.action === 'in') {
      if (open && open.classSessionId === input.classSessionId) {
        throw new HttpError(409, 'duty.alreadyIn', {
          params: { session: session.name, time: clockTimeIn(new Date(open.inAt), timeZone, 'en') },
        });
      }
      if (open) await tx.update(staffPunches).set({ outAt: now }).where(eq(staffPunches.id, open.id));
      const [row] = await tx
        .insert(staffPunches)
        .values({
          userId: who.userId,
          classSessionId: input.classSessionId,
          day: today,
          inAt: now,
          source: input.source,
          kioskId: input.kioskId ?? null,
          createdBy: who.userId,
        })
        .returning({ id: staffPunches.id });
      punchId = row!.id;
    } else {
      if (!open || open.classSessionId !== input.classSessionId) {
        throw new HttpError(409, 'duty.notIn', { params: { session: session.name } });
      }
      await tx.update(staffPunches).set({ outAt: now }).where(eq(staffPunches.id, open.id));
      punchId = open.id;
    }
    const changes = await recordRatioChanges(
      tx,
      [input.classSessionId, ...(open ? [open.classSessionId] : [])],
      now,
      today,
    );
    const [punch] = await punchesWhere(tx, sql`sp.id = ${punchId}`);
    return {
      result: {
        punch: punch!,
        ratio: changes.find((c) => c.ratio.classSessionId === input.classSessionId)!.ratio,
      },
      pushes: await breachPushes(ctx, tx, changes, now),
    };
  });
  sendBreachPushes(ctx, pushes);
  return result;
}

/** `GET /api/staff/duty/me`: the caller's PIN state, open punch, today's punches and sessions. */
export async function dutyMe(ctx: AppContext, user: AuthUser, pinSet: boolean) {
  const today = ctx.clock.today();
  return {
    pinSet,
    open: await openPunch(ctx.db, user.id, today),
    sessions: await dutySessionsToday(ctx.db, user.id, today, user.role === 'Staff'),
    today: await punchesWhere(ctx.db, sql`sp.user_id = ${user.id} and sp.day = ${today}`),
  };
}

/** Whether clocking in from the phone is allowed for session `classSessionId` (the director). 404 unknown. */
export async function phoneAllowed(db: DbOrTx, classSessionId: number): Promise<{ allowed: boolean }> {
  const [row] = await queryRows<{ allowed: boolean }>(
    db,
    sql`select exists (select 1 from duty_phone_sessions dp where dp.class_session_id = cs.id) as allowed
      from class_sessions cs where cs.id = ${classSessionId}`,
  );
  if (!row) throw notFound('session');
  return { allowed: Boolean(row.allowed) };
}

/** The director allows (or stops) clocking in from the phone for a session; audited. 404 unknown session. */
export async function setPhoneAllowed(
  ctx: AppContext,
  actor: AuthUser,
  classSessionId: number,
  allowed: boolean,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [session] = await queryRows<{ id: number }>(
      tx,
      sql`select id from class_sessions where id = ${classSessionId}`,
    );
    if (!session) throw notFound('session');
    const [was] = await tx
      .select()
      .from(dutyPhoneSessions)
      .where(eq(dutyPhoneSessions.classSessionId, classSessionId));
    if (Boolean(was) === allowed) return;
    if (allowed) await tx.insert(dutyPhoneSessions).values({ classSessionId, created: now });
    else await tx.delete(dutyPhoneSessions).where(eq(dutyPhoneSessions.classSessionId, classSessionId));
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'duty.phone.set',
        entityType: 'ClassSession',
        entityId: classSessionId,
        before: { phoneClockIn: !allowed },
        after: { phoneClockIn: allowed },
      },
      now,
    );
  });
}

/** 409 `duty.overlap` when `userId` has another punch in force overlapping [inAt, outAt or now]. */
async function refuseOverlap(
  tx: DbOrTx,
  userId: string,
  inAt: Date,
  outAt: Date | null,
  except: string | null,
  now: Date,
) {
  const end = outAt ?? now;
  const [clash] = await punchesWhere(
    tx,
    sql`sp.user_id = ${userId} and sp.id <> ${except ?? '00000000-0000-0000-0000-000000000000'}::uuid
      and sp.in_at < ${end} and coalesce(sp.out_at, ${now}) > ${inAt}`,
  );
  if (clash)
    throw new HttpError(409, 'duty.overlap', { params: { name: clash.name, session: clash.sessionName } });
}

/** A form's time: the center's wall clock "YYYY-MM-DDTHH:MM", or an instant with its zone. */
function instantOf(value: string, timeZone: string): Date {
  return new Date(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? wallTimeToInstant(value, timeZone)! : value,
  );
}

const auditedPunch = (p: {
  classSessionId: number;
  inAt: string | Date;
  outAt: string | Date | null;
  source: string;
}) => ({
  classSessionId: p.classSessionId,
  inAt: new Date(p.inAt).toISOString(),
  outAt: p.outAt ? new Date(p.outAt).toISOString() : null,
  source: p.source,
});

/** Record the ratio of every day a corrected punch touches (its session, on its day), under the lock. */
async function recordCorrectedRatio(
  tx: DbOrTx,
  classSessionId: number,
  day: string,
  now: Date,
  today: string,
) {
  if (day === today) await recordRatioChanges(tx, [classSessionId], now, today);
}

/**
 * The director adds a missed punch for a staff member in a session (`reason` kept and audited). 404 for an
 * unknown person or session; 409 when it overlaps another punch of theirs. Answers the new punch.
 */
export async function addPunch(ctx: AppContext, actor: AuthUser, input: PunchAdd): Promise<Punch> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  if (!isUuid(input.userId)) throw notFound('staffMember');
  return ctx.db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.id, input.userId), sql`${users.type} in ('Staff', 'Admin')`, isNull(users.closedAt)),
      );
    if (!person) throw notFound('staffMember');
    const [session] = await queryRows<{ id: number }>(
      tx,
      sql`select id from class_sessions where id = ${input.classSessionId}`,
    );
    if (!session) throw notFound('session');
    const inAt = instantOf(input.inAt, ctx.clock.timeZone);
    const outAt = input.outAt ? instantOf(input.outAt, ctx.clock.timeZone) : null;
    await tx.execute(sql`select id from users where id = ${input.userId} for update`);
    await refuseOverlap(tx, input.userId, inAt, outAt, null, now);
    const day = instantToDate(inAt, ctx.clock.timeZone);
    const [row] = await tx
      .insert(staffPunches)
      .values({
        userId: input.userId,
        classSessionId: input.classSessionId,
        day,
        inAt,
        outAt,
        source: 'Correction',
        reason: input.reason,
        createdBy: actor.id,
      })
      .returning({ id: staffPunches.id });
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'duty.punch.add',
        entityType: 'User',
        entityId: input.userId,
        before: null,
        after: {
          ...auditedPunch({ ...input, source: 'Correction' }),
          punchId: row!.id,
          reason: input.reason,
        },
      },
      now,
    );
    await recordCorrectedRatio(tx, input.classSessionId, day, now, today);
    const [punch] = await punchesWhere(tx, sql`sp.id = ${row!.id}`);
    return punch!;
  });
}

/**
 * The director fixes punch `punchId`'s times with a reason: the original is kept (`superseded_at`) and a
 * correction replaces it. 404 unknown; 409 `duty.punchReplaced` for a punch already corrected, `duty.overlap`.
 */
export async function fixPunch(
  ctx: AppContext,
  actor: AuthUser,
  punchId: string,
  input: PunchFix,
): Promise<Punch> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  if (!isUuid(punchId)) throw notFound('punch');
  return ctx.db.transaction(async (tx) => {
    const [original] = await tx.select().from(staffPunches).where(eq(staffPunches.id, punchId)).for('update');
    if (!original) throw notFound('punch');
    if (original.supersededAt) throw new HttpError(409, 'duty.punchReplaced');
    await tx.execute(sql`select id from users where id = ${original.userId} for update`);
    const inAt = instantOf(input.inAt, ctx.clock.timeZone);
    const outAt = input.outAt ? instantOf(input.outAt, ctx.clock.timeZone) : null;
    await refuseOverlap(tx, original.userId, inAt, outAt, original.id, now);
    await tx.update(staffPunches).set({ supersededAt: now }).where(eq(staffPunches.id, original.id));
    const day = instantToDate(inAt, ctx.clock.timeZone);
    const [row] = await tx
      .insert(staffPunches)
      .values({
        userId: original.userId,
        classSessionId: original.classSessionId,
        day,
        inAt,
        outAt,
        source: 'Correction',
        reason: input.reason,
        replacesId: original.id,
        createdBy: actor.id,
      })
      .returning({ id: staffPunches.id });
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'duty.punch.fix',
        entityType: 'User',
        entityId: original.userId,
        before: { ...auditedPunch(original), punchId: original.id },
        after: {
          ...auditedPunch({ classSessionId: original.classSessionId, inAt, outAt, source: 'Correction' }),
          punchId: row!.id,
          reason: input.reason,
        },
      },
      now,
    );
    await recordCorrectedRatio(tx, original.classSessionId, original.day, now, today);
    if (day !== original.day) await recordCorrectedRatio(tx, original.classSessionId, day, now, today);
    const [punch] = await punchesWhere(tx, sql`sp.id = ${row!.id}`);
    return punch!;
  });
}
