/**
 * Check-in and check-out at the door (issue 11, ARCHITECTURE.md "Pickup passes and attendance",
 * decision 012). The kiosk sends the code a pass's QR carried (or that a person typed); the server looks the
 * pass up by the code's hash on every request, so revoking or expiring a pass takes effect at once.
 *
 * Rules, each checked in the transaction that records the event:
 * - the pass works (not revoked, not expired, its adult active and allowed to pick up) and the child is one
 *   of the adult's children, enrolled in a session that meets today;
 * - drop-off needs the child not already in; pickup needs the child in (not "not arrived", not already out)
 *   and a second factor: the adult's PIN (5 wrong in a row pause pickups with the pass for 15 minutes) or the
 *   staff member at the door confirming the photo;
 * - the same event again within DOUBLE_SCAN_SECONDS is the same event (a double scan), answered `already`.
 * The pass row and the children's rows are locked `FOR UPDATE` first, so two kiosks scanning the same adult at
 * once (or a kiosk and a teacher's roster) record one event. Refusals are answered in plain words and kept in
 * the audit trail (`door.refused`). Parents are emailed (or texted when they chose texts) after each event,
 * each in their own language (`users.language`, read with their address: pass-mail.ts).
 */
import type { AttendanceKind, DoorChild, DoorResult, DoorScan, DoorState } from '@lc/contract';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { attendance, digitalPassports, kiosks } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { visibleSessions } from '../staff/access.ts';
import { json } from '../staff/sessions.ts';
import { parseDaySchedule } from './day-schedule.ts';
import { doorEventMail, doorEventText } from './pass-mail.ts';
import { passStatus } from './pass-status.ts';
import { findPassByCode } from './passes.ts';

/** A second identical event within this many seconds is a double scan: one event. */
export const DOUBLE_SCAN_SECONDS = 120;
/** Wrong PINs in a row before pickups with the pass pause. */
export const PIN_MAX_FAILURES = 5;
/** How long pickups with a pass pause after PIN_MAX_FAILURES wrong PINs. */
export const PIN_LOCK_MINUTES = 15;

/** The kiosk a request came from (see http/authenticate.ts, `auth: 'kiosk'`). */
export type KioskCaller = { id: string; name: string };

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** "8:31 AM" in the center's zone. */
export function clockTime(at: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    timeFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The instants where the center's day `day` ("YYYY-MM-DD") starts and the next one starts. */
export function dayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: new Date(wallTimeToInstant(`${day}T00:00`, timeZone)!),
    end: new Date(wallTimeToInstant(`${addDays(day, 1)}T00:00`, timeZone)!),
  };
}

/** 0 = Sunday … 6 = Saturday of a calendar date. */
export const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

type TodayRow = {
  student_id: string;
  first_name: string;
  last_name: string;
  class_session_id: number;
  session_name: string;
  day_schedule: string;
  allergies: string[] | string;
};

/** The children `trusteeId` may bring or take today, one row per child and session meeting today. */
async function childrenToday(db: DbOrTx, trusteeId: string, today: string): Promise<TodayRow[]> {
  const rows = await queryRows<TodayRow>(
    db,
    sql`select s.id as student_id, s.first_name, s.last_name, cs.id as class_session_id,
        cs.name as session_name, cs.day_schedule,
        coalesce((select json_agg(a.name order by a.name) from allergies a where a.student_id = s.id), '[]'::json)
          as allergies
      from student_trustees st
      join students s on s.id = st.student_id
      join class_session_enrollments e on e.student_id = s.id and e.status = 'Enrolled'
      join class_sessions cs on cs.id = e.class_session_id
      where st.trustee_id = ${trusteeId}
        and cs.session_start_date <= ${today} and cs.session_end_date >= ${today}
      order by s.first_name, s.last_name, cs.name`,
  );
  const day = weekday(today);
  return rows.filter((r) => parseDaySchedule(r.day_schedule).days.has(day));
}

type LastEvent = {
  student_id: string;
  class_session_id: number;
  kind: AttendanceKind;
  timestamp: Date | string;
  adult_name: string | null;
  trustee_id: string | null;
};

/** The last event today of each (child, session) among `studentIds`. */
async function lastEventsToday(
  db: DbOrTx,
  studentIds: string[],
  bounds: { start: Date; end: Date },
): Promise<Map<string, LastEvent>> {
  if (studentIds.length === 0) return new Map();
  const rows = await queryRows<LastEvent>(
    db,
    sql`select distinct on (a.student_id, a.class_session_id) a.student_id, a.class_session_id, a.kind,
        a.timestamp, a.adult_name, a.trustee_id
      from attendance a
      where a.student_id in (${sql.join(
        studentIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and a.timestamp >= ${bounds.start.toISOString()} and a.timestamp < ${bounds.end.toISOString()}
      order by a.student_id, a.class_session_id, a.timestamp desc, a.id`,
  );
  return new Map(rows.map((r) => [`${r.student_id}:${r.class_session_id}`, r]));
}

const stateOf = (last: LastEvent | undefined): DoorState =>
  !last ? 'NotArrived' : last.kind === 'CheckIn' ? 'In' : 'Out';

function describe(last: LastEvent | undefined, timeZone: string): string | null {
  if (!last) return null;
  const at = clockTime(new Date(last.timestamp), timeZone);
  const by = last.adult_name ? ` by ${last.adult_name}` : '';
  return last.kind === 'CheckIn' ? `Checked in at ${at}${by}` : `Picked up at ${at}${by}`;
}

/** Keep a refusal in the audit trail (its own statement: the refused change itself is not made). */
async function logRefusal(
  ctx: AppContext,
  args: {
    kioskId: string | null;
    passportId: string | null;
    reason: string;
    action?: string;
    studentIds?: string[];
  },
): Promise<void> {
  await recordAudit(
    ctx.db,
    {
      actorUserId: null,
      action: 'door.refused',
      entityType: args.passportId ? 'DigitalPassport' : 'Kiosk',
      entityId: args.passportId ?? args.kioskId ?? 'unknown',
      before: null,
      after: {
        reason: args.reason,
        kioskId: args.kioskId,
        ...(args.action ? { attempted: args.action } : {}),
        ...(args.studentIds ? { studentIds: args.studentIds } : {}),
      },
    },
    ctx.clock.now(),
  );
}

const UNKNOWN_PASS =
  'We don’t recognise this pass. Please check the code, or ask the family to open the pass in their portal.';

/**
 * The pass for `code` if it works now; otherwise the refusal is logged and thrown: 404 for an unknown code,
 * 403 with the reason for a revoked, expired or paused pass.
 */
async function workingPass(
  ctx: AppContext,
  kiosk: KioskCaller | null,
  code: string,
  db: DbOrTx = ctx.db,
  lock = false,
) {
  const found = await findPassByCode(db, code, lock);
  if (!found) {
    throw Object.assign(new HttpError(404, UNKNOWN_PASS, { code: 'We don’t recognise this code' }), {
      refusal: { kioskId: kiosk?.id ?? null, passportId: null, reason: 'Unknown code' },
    });
  }
  const { status, reason } = passStatus(found.pass, found.adult, ctx.clock.now(), ctx.clock.timeZone);
  if (status !== 'Active') {
    throw Object.assign(new HttpError(403, reason ?? 'This pass does not work right now.'), {
      refusal: { kioskId: kiosk?.id ?? null, passportId: found.pass.id, reason: reason ?? status },
    });
  }
  return found;
}

/** Log a thrown refusal (see workingPass) and rethrow it. */
async function loggingRefusals<T>(ctx: AppContext, action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal = (
      error as { refusal?: { kioskId: string | null; passportId: string | null; reason: string } }
    ).refusal;
    if (refusal) await logRefusal(ctx, { ...refusal, action });
    throw error;
  }
}

/** `POST /api/kiosk/scan`: who is at the door, with the children they may bring or take today. */
export async function scanPass(ctx: AppContext, kiosk: KioskCaller, code: string): Promise<DoorScan> {
  return loggingRefusals(ctx, 'scan', async () => {
    const { pass, adult } = await workingPass(ctx, kiosk, code);
    const today = ctx.clock.today();
    const rows = await childrenToday(ctx.db, adult.id, today);
    const last = await lastEventsToday(
      ctx.db,
      [...new Set(rows.map((r) => r.student_id))],
      dayBounds(today, ctx.clock.timeZone),
    );
    const children: DoorChild[] = rows.map((r) => {
      const event = last.get(`${r.student_id}:${r.class_session_id}`);
      return {
        studentId: r.student_id,
        classSessionId: r.class_session_id,
        firstName: r.first_name,
        lastName: r.last_name,
        sessionName: r.session_name,
        allergies: json(r.allergies),
        state: stateOf(event),
        lastEvent: describe(event, ctx.clock.timeZone),
      };
    });
    let photo: string | null = null;
    if (pass.imageUrl) {
      const file = await ctx.passPhotos.read(pass.imageUrl);
      if (file) photo = `data:${file.mimeType};base64,${file.bytes.toString('base64')}`;
    }
    const now = ctx.clock.now();
    return {
      holderName: `${adult.firstName} ${adult.lastName}`,
      relationship: adult.relationship,
      photo,
      children,
      pinLocked: Boolean(pass.pinLockedUntil && pass.pinLockedUntil > now),
    };
  });
}

type Wanted = { studentId: string; classSessionId: number };
type Recorded = {
  studentId: string;
  classSessionId: number;
  firstName: string;
  sessionName: string;
  at: Date;
};

/**
 * `POST /api/kiosk/check-in` and `/check-out`: record the event for each wanted child the pass may bring or
 * take (see the module comment). Answers one result per wanted child; throws 400/403/404/429 when the pass
 * or the second factor fails as a whole.
 */
export async function doorAction(
  ctx: AppContext,
  kiosk: KioskCaller,
  input: {
    code: string;
    method: 'Pass' | 'Code';
    children: Wanted[];
    pin?: string;
    photoConfirmed?: boolean;
  },
  kind: AttendanceKind,
): Promise<DoorResult[]> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const timeZone = ctx.clock.timeZone;
  return loggingRefusals(ctx, kind, async () => {
    const outcome = await ctx.db.transaction(async (tx) => {
      const { pass, adult } = await workingPass(ctx, kiosk, input.code, tx, true);
      let secondFactor: 'Pin' | 'Photo' | null = null;
      if (kind === 'CheckOut') {
        if (input.photoConfirmed) {
          if (!pass.imageUrl) {
            throw new HttpError(400, 'This pass has no photo to compare. Please ask for the PIN.', {
              pin: 'Ask the adult for their PIN',
            });
          }
          secondFactor = 'Photo';
        } else {
          if (pass.pinLockedUntil && pass.pinLockedUntil > now) {
            return { pinLocked: pass.pinLockedUntil as Date, passportId: pass.id } as const;
          }
          if (!input.pin) {
            throw new HttpError(400, 'Please enter the PIN to pick up.', {
              pin: 'Ask the adult for their PIN',
            });
          }
          const right = /^\d{4,6}$/.test(input.pin) && (await verifyPassword(pass.pinHash, input.pin));
          if (!right) {
            const failures = pass.pinFailures + 1;
            const locked = failures >= PIN_MAX_FAILURES;
            await tx
              .update(digitalPassports)
              .set({
                pinFailures: locked ? 0 : failures,
                pinLockedUntil: locked ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : null,
              })
              .where(eq(digitalPassports.id, pass.id));
            return locked
              ? ({
                  pinLocked: new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000),
                  passportId: pass.id,
                } as const)
              : ({ wrongPin: PIN_MAX_FAILURES - failures, passportId: pass.id } as const);
          }
          if (pass.pinFailures > 0 || pass.pinLockedUntil) {
            await tx
              .update(digitalPassports)
              .set({ pinFailures: 0, pinLockedUntil: null })
              .where(eq(digitalPassports.id, pass.id));
          }
          secondFactor = 'Pin';
        }
      }
      const allowed = await childrenToday(tx, adult.id, today);
      const wantedIds = [...new Set(input.children.map((c) => c.studentId).filter(isUuid))].sort();
      if (wantedIds.length > 0) {
        await tx.execute(
          sql`select id from students where id in (${sql.join(
            wantedIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by id for update`,
        );
      }
      const last = await lastEventsToday(tx, wantedIds, dayBounds(today, timeZone));
      const adultName = `${adult.firstName} ${adult.lastName}`;
      const results: DoorResult[] = [];
      const recorded: Recorded[] = [];
      for (const want of input.children) {
        const row = allowed.find(
          (r) => r.student_id === want.studentId && r.class_session_id === want.classSessionId,
        );
        const base = { studentId: want.studentId, classSessionId: want.classSessionId };
        if (!row) {
          results.push({
            ...base,
            firstName: 'This child',
            outcome: 'refused',
            reason: `${adult.firstName}’s pass is not for this child in a session today.`,
            at: null,
          });
          continue;
        }
        const event = last.get(`${row.student_id}:${row.class_session_id}`);
        const state = stateOf(event);
        const eventAt = event ? new Date(event.timestamp) : null;
        const recent = eventAt !== null && now.getTime() - eventAt.getTime() <= DOUBLE_SCAN_SECONDS * 1000;
        const named = { ...base, firstName: row.first_name };
        if (kind === 'CheckIn' && state === 'In') {
          results.push(
            recent
              ? { ...named, outcome: 'already', reason: null, at: eventAt!.toISOString() }
              : {
                  ...named,
                  outcome: 'refused',
                  reason: `${row.first_name} is already checked in (since ${clockTime(eventAt!, timeZone)}).`,
                  at: null,
                },
          );
          continue;
        }
        if (kind === 'CheckOut' && state === 'NotArrived') {
          results.push({
            ...named,
            outcome: 'refused',
            reason: `${row.first_name} has not been checked in today, so there is no one to pick up.`,
            at: null,
          });
          continue;
        }
        if (kind === 'CheckOut' && state === 'Out') {
          const sameAdult = event?.trustee_id === adult.id;
          results.push(
            recent && sameAdult
              ? { ...named, outcome: 'already', reason: null, at: eventAt!.toISOString() }
              : {
                  ...named,
                  outcome: 'refused',
                  reason: `${row.first_name} was already picked up at ${clockTime(eventAt!, timeZone)}${
                    event?.adult_name ? ` by ${event.adult_name}` : ''
                  }.`,
                  at: null,
                },
          );
          continue;
        }
        if (
          recorded.some((r) => r.studentId === row.student_id && r.classSessionId === row.class_session_id)
        ) {
          continue;
        }
        await tx.insert(attendance).values({
          kind,
          trusteeId: adult.id,
          studentId: row.student_id,
          classSessionId: row.class_session_id,
          timestamp: now,
          method: input.method,
          adultName,
          passportId: pass.id,
          secondFactor,
          kioskId: kiosk.id,
        });
        recorded.push({
          studentId: row.student_id,
          classSessionId: row.class_session_id,
          firstName: row.first_name,
          sessionName: row.session_name,
          at: now,
        });
        results.push({ ...named, outcome: 'done', reason: null, at: now.toISOString() });
      }
      const texts = await notifyFamilies(ctx, tx, recorded, kind, adultName);
      await tx.update(kiosks).set({ lastSeenAt: now }).where(eq(kiosks.id, kiosk.id));
      return { results, texts, refused: results.filter((r) => r.outcome === 'refused'), passportId: pass.id };
    });
    if ('pinLocked' in outcome) {
      const until = clockTime(outcome.pinLocked ?? now, timeZone);
      const message = `Too many wrong PINs: pickups with this pass are paused until ${until}. A staff member can confirm the photo instead, or call the family.`;
      await logRefusal(ctx, {
        kioskId: kiosk.id,
        passportId: outcome.passportId,
        reason: 'PIN locked',
        action: kind,
      });
      throw new HttpError(429, message, { pin: 'Pickups with this pass are paused' });
    }
    if ('wrongPin' in outcome) {
      await logRefusal(ctx, {
        kioskId: kiosk.id,
        passportId: outcome.passportId,
        reason: 'Wrong PIN',
        action: kind,
      });
      const left = outcome.wrongPin;
      throw new HttpError(403, `That PIN is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, {
        pin: 'That PIN is not right',
      });
    }
    if (outcome.refused.length > 0) {
      await logRefusal(ctx, {
        kioskId: kiosk.id,
        passportId: outcome.passportId,
        reason: outcome.refused.map((r) => r.reason).join(' '),
        action: kind,
        studentIds: outcome.refused.map((r) => r.studentId),
      });
    }
    sendTexts(ctx, outcome.texts);
    ctx.work.runNow();
    return outcome.results;
  });
}

type Text = { to: string; body: string };

/**
 * Tell each child's parents about the events just recorded: a text to a parent who chose texts (users.sms),
 * else an email (queued in `tx`, so it leaves only if the event commits). Answers the texts to send after
 * the commit.
 */
async function notifyFamilies(
  ctx: AppContext,
  tx: DbOrTx,
  recorded: Recorded[],
  kind: AttendanceKind,
  adultName: string,
): Promise<Text[]> {
  if (recorded.length === 0) return [];
  const parents = await queryRows<{
    student_id: string;
    first_name: string;
    email_address: string;
    sms: string | null;
    language: string;
  }>(
    tx,
    sql`select us.student_id, u.first_name, u.email_address, u.sms, u.language
      from user_students us join users u on u.id = us.user_id
      where us.student_id in (${sql.join(
        recorded.map((r) => sql`${r.studentId}::uuid`),
        sql`, `,
      )})`,
  );
  const texts: Text[] = [];
  const timeZone = ctx.clock.timeZone;
  for (const event of recorded) {
    const at = event.at;
    for (const parent of parents.filter((p) => p.student_id === event.studentId)) {
      const language = parent.language;
      if (parent.sms) {
        texts.push({
          to: parent.sms,
          body: doorEventText({ childName: event.firstName, kind, adultName, at, timeZone, language }),
        });
      } else {
        await enqueueMail(
          tx,
          doorEventMail({
            to: parent.email_address,
            parentName: parent.first_name,
            childName: event.firstName,
            sessionName: event.sessionName,
            kind,
            adultName,
            at,
            timeZone,
            appUrl: ctx.config.appUrl,
            language,
          }),
        );
      }
    }
  }
  return texts;
}

function sendTexts(ctx: AppContext, texts: Text[]): void {
  if (texts.length === 0) return;
  ctx.work.defer('text families about the door', async () => {
    for (const text of texts) await ctx.sms.send(text);
  });
}

/**
 * `POST /api/staff/attendance`: a teacher or the director records a check-in or check-out by hand (for an
 * adult without a pass), naming the adult: one of the child's contacts, or a name as given. The session must
 * be one the caller sees and running today; the child enrolled in it. Same state rules as the door.
 */
export async function recordByStaff(
  ctx: AppContext,
  user: AuthUser,
  input: {
    studentId: string;
    classSessionId: number;
    kind: AttendanceKind;
    trusteeId?: string | null;
    adultName: string | null;
  },
): Promise<DoorResult> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const timeZone = ctx.clock.timeZone;
  if (!isUuid(input.studentId)) throw notFound('That child');
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{ first_name: string; session_name: string; day_schedule: string }>(
      tx,
      sql`select s.first_name, class_sessions.name as session_name, class_sessions.day_schedule
        from class_sessions
        join class_session_enrollments e on e.class_session_id = class_sessions.id and e.status = 'Enrolled'
        join students s on s.id = e.student_id
        where class_sessions.id = ${input.classSessionId} and s.id = ${input.studentId}
          and ${visibleSessions(user)}`,
    );
    if (!row) throw notFound('That child');
    const [running] = await queryRows<{ id: number }>(
      tx,
      sql`select id from class_sessions where id = ${input.classSessionId}
        and session_start_date <= ${today} and session_end_date >= ${today}`,
    );
    if (!running || !parseDaySchedule(row.day_schedule).days.has(weekday(today))) {
      throw new HttpError(409, `${row.session_name} does not meet today, so there is nothing to record.`);
    }
    let adultName = input.adultName;
    let trusteeId: string | null = null;
    if (input.trusteeId) {
      const [contact] = isUuid(input.trusteeId)
        ? await queryRows<{ first_name: string; last_name: string; can_pickup: boolean; is_active: boolean }>(
            tx,
            sql`select t.first_name, t.last_name, t.can_pickup, t.is_active from trustees t
              join student_trustees st on st.trustee_id = t.id
              where t.id = ${input.trusteeId} and st.student_id = ${input.studentId}`,
          )
        : [];
      if (!contact) {
        throw new HttpError(400, 'Choose one of this child’s contacts.', {
          trusteeId: 'Choose one of this child’s contacts',
        });
      }
      if (input.kind === 'CheckOut' && (!contact.can_pickup || !contact.is_active)) {
        const message = `${contact.first_name} is not allowed to pick up ${row.first_name}. Call the family before letting ${row.first_name} go.`;
        throw new HttpError(400, message, { trusteeId: message });
      }
      trusteeId = input.trusteeId;
      adultName = `${contact.first_name} ${contact.last_name}`;
    }
    if (input.kind === 'CheckOut' && !adultName) {
      throw new HttpError(400, 'Say who is picking up.', { adultName: 'Name the adult who is picking up' });
    }
    await tx.execute(sql`select id from students where id = ${input.studentId} for update`);
    const last = (await lastEventsToday(tx, [input.studentId], dayBounds(today, timeZone))).get(
      `${input.studentId}:${input.classSessionId}`,
    );
    const state = stateOf(last);
    if (input.kind === 'CheckIn' && state === 'In') {
      throw new HttpError(
        409,
        `${row.first_name} is already checked in (since ${clockTime(new Date(last!.timestamp), timeZone)}).`,
      );
    }
    if (input.kind === 'CheckOut' && state === 'NotArrived') {
      throw new HttpError(409, `${row.first_name} has not been checked in today.`);
    }
    if (input.kind === 'CheckOut' && state === 'Out') {
      throw new HttpError(
        409,
        `${row.first_name} was already picked up at ${clockTime(new Date(last!.timestamp), timeZone)}.`,
      );
    }
    await tx.insert(attendance).values({
      kind: input.kind,
      trusteeId,
      studentId: input.studentId,
      classSessionId: input.classSessionId,
      timestamp: now,
      method: 'Staff',
      adultName,
      staffUserId: user.id,
    });
    const texts = await notifyFamilies(
      ctx,
      tx,
      [
        {
          studentId: input.studentId,
          classSessionId: input.classSessionId,
          firstName: row.first_name,
          sessionName: row.session_name,
          at: now,
        },
      ],
      input.kind,
      adultName ?? `${user.firstName} ${user.lastName} (staff)`,
    );
    return {
      texts,
      result: {
        studentId: input.studentId,
        classSessionId: input.classSessionId,
        firstName: row.first_name,
        outcome: 'done' as const,
        reason: null,
        at: now.toISOString(),
      },
    };
  });
  sendTexts(ctx, result.texts);
  ctx.work.runNow();
  return result.result;
}
