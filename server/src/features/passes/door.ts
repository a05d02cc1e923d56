/**
 * Check-in and check-out at the door (issue 11, docs/architecture.md "Pickup passes and attendance",
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
 * the audit trail (`door.refused`, door-refusals.ts). A pickup by an adult the child may not be released to
 * (family/custody.ts, issue 24) is refused before the second factor, by name, and the office alerted. Parents are emailed (or texted when they chose texts)
 * after each event, each in their own language (door-notify.ts). A hand entry by staff is door-staff.ts. Each
 * event records its room's ratio (staff-duty/ratio.ts, issue 26): a drop-off over the ratio is let in, the tablet
 * warned (`ratioWarnings`) and the director alerted once per breach.
 */
import type { AttendanceKind, DoorChild, DoorResult, DoorResults, DoorScan, RatioNow } from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { attendance, digitalPassports, kiosks } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PendingPush } from '../../ports.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { json } from '../class-sessions/staff-sessions.ts';
import { type RestrictionMatch, raiseCustodyAlert, restrictedFor } from '../family/custody.ts';
import { breachPushes, recordRatioChanges, sendBreachPushes } from '../staff-duty/ratio.ts';
import { type DoorNotices, notifyFamilies, type Recorded, sendDoorNotices } from './door-notify.ts';
import { type KioskCaller, loggingRefusals, logRefusal, workingPass } from './door-refusals.ts';
import {
  childrenToday,
  clockTime,
  dayBounds,
  describe,
  eventKey,
  type LastEvent,
  lastEventsToday,
  stateOf,
  type TodayRow,
} from './door-today.ts';

export type { KioskCaller };

/** A second identical event within this many seconds is a double scan: one event. */
export const DOUBLE_SCAN_SECONDS = 120;
/** Wrong PINs in a row before pickups with the pass pause. */
export const PIN_MAX_FAILURES = 5;
/** How long pickups with a pass pause after PIN_MAX_FAILURES wrong PINs. */
export const PIN_LOCK_MINUTES = 15;

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
      const event = last.get(eventKey(r.student_id, r.class_session_id));
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
type DoorInput = {
  code: string;
  method: 'Pass' | 'Code';
  children: Wanted[];
  pin?: string;
  photoConfirmed?: boolean;
};
type PassRow = typeof digitalPassports.$inferSelect;
type SecondFactor = 'Pin' | 'Photo' | null;
/** A pickup the PIN refused: paused until `pinLocked`, or wrong with `wrongPin` tries left. */
type PinRefusal = { pinLocked: Date; passportId: string } | { wrongPin: number; passportId: string };
/** What the transaction decided, answered by {@link replyToKiosk} after the commit. */
type Outcome =
  | PinRefusal
  | { doNotRelease: RestrictionMatch; adultName: string; passportId: string }
  | {
      results: DoorResult[];
      notices: DoorNotices;
      refused: DoorResult[];
      passportId: string;
      /** Rooms over their ratio after a drop-off, and the director's pushes for breaches it started. */
      over: RatioNow[];
      ratioPushes: PendingPush[];
    };

/**
 * `POST /api/kiosk/check-in` and `/check-out`: record the event for each wanted child the pass may bring or
 * take (see the module comment). Answers one result per wanted child; throws 400/403/404/429 when the pass
 * or the second factor fails as a whole. The steps: look up the pass, check the second factor for a pickup,
 * then for each child its session today, its state and the double-scan window, record the event, and build
 * the reply.
 */
export async function doorAction(
  ctx: AppContext,
  kiosk: KioskCaller,
  input: DoorInput,
  kind: AttendanceKind,
): Promise<DoorResults> {
  const now = ctx.clock.now();
  const today = ctx.clock.today();
  const timeZone = ctx.clock.timeZone;
  return loggingRefusals(ctx, kind, async () => {
    const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
      const { pass, adult } = await workingPass(ctx, kiosk, input.code, tx, true);
      let secondFactor: SecondFactor = null;
      if (kind === 'CheckOut') {
        // Custody first (issue 24): a restricted adult is refused before any PIN is asked or counted.
        const holder = `${adult.firstName} ${adult.lastName}`;
        const [match] = await restrictedFor(
          tx,
          input.children.map((c) => c.studentId),
          holder,
        );
        if (match) return { doNotRelease: match, adultName: holder, passportId: pass.id };
        const checked = await checkSecondFactor(tx, pass, input, now);
        if (typeof checked === 'object') return checked;
        secondFactor = checked;
      }
      const allowed = await childrenToday(tx, adult.id, today);
      const wantedIds = await lockChildren(tx, input.children);
      const last = await lastEventsToday(tx, wantedIds, dayBounds(today, timeZone));
      const adultName = `${adult.firstName} ${adult.lastName}`;
      const results: DoorResult[] = [];
      const recorded: Recorded[] = [];
      for (const want of input.children) {
        const row = sessionToday(allowed, want);
        if (!row) {
          results.push({
            studentId: want.studentId,
            classSessionId: want.classSessionId,
            firstName: 'This child',
            outcome: 'refused',
            reason: `${adult.firstName}’s pass is not for this child in a session today.`,
            at: null,
          });
          continue;
        }
        const event = last.get(eventKey(row.student_id, row.class_session_id));
        const answer = stateAnswer({ kind, want, row, event, adultId: adult.id, now, timeZone });
        if (answer) {
          results.push(answer);
          continue;
        }
        // The same child twice in one request: one event, one result.
        if (recorded.some((r) => r.studentId === row.student_id && r.classSessionId === row.class_session_id))
          continue;
        recorded.push(
          await recordEvent(tx, row, {
            kind,
            method: input.method,
            adultId: adult.id,
            adultName,
            passportId: pass.id,
            secondFactor,
            kioskId: kiosk.id,
            now,
            today,
          }),
        );
        results.push({
          studentId: want.studentId,
          classSessionId: want.classSessionId,
          firstName: row.first_name,
          outcome: 'done',
          reason: null,
          at: now.toISOString(),
        });
      }
      const notices = await notifyFamilies(ctx, tx, recorded, kind, adultName);
      await tx.update(kiosks).set({ lastSeenAt: now }).where(eq(kiosks.id, kiosk.id));
      // The rooms' ratios under their locks (issue 26): a drop-off over the ratio is let in all the same.
      const changes = await recordRatioChanges(
        tx,
        recorded.map((r) => r.classSessionId),
        now,
        today,
      );
      return {
        results,
        notices,
        refused: results.filter((r) => r.outcome === 'refused'),
        passportId: pass.id,
        over: kind === 'CheckIn' ? changes.filter((c) => c.ratio.state === 'over').map((c) => c.ratio) : [],
        ratioPushes: await breachPushes(ctx, tx, changes, now),
      };
    });
    return replyToKiosk(ctx, kiosk, kind, outcome, now);
  });
}

/**
 * The second factor of a pickup: the photo confirmed by the staff member at the door (400 when the pass has
 * no photo), or the adult's PIN (400 when missing). A wrong PIN counts a failure on the pass, and the
 * PIN_MAX_FAILURES-th pauses pickups for PIN_LOCK_MINUTES; a right one clears the count. Answers the factor
 * used, or the {@link PinRefusal} (its count is kept: the transaction commits, the reply refuses).
 */
async function checkSecondFactor(
  tx: DbOrTx,
  pass: PassRow,
  input: DoorInput,
  now: Date,
): Promise<'Pin' | 'Photo' | PinRefusal> {
  if (input.photoConfirmed) {
    if (!pass.imageUrl) {
      throw new HttpError(400, 'passes.door.noPhoto', { fields: { pin: 'passes.door.askPin' } });
    }
    return 'Photo';
  }
  if (pass.pinLockedUntil && pass.pinLockedUntil > now) {
    return { pinLocked: pass.pinLockedUntil as Date, passportId: pass.id };
  }
  if (!input.pin) {
    throw new HttpError(400, 'passes.door.enterPin', { fields: { pin: 'passes.door.askPin' } });
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
      ? { pinLocked: new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000), passportId: pass.id }
      : { wrongPin: PIN_MAX_FAILURES - failures, passportId: pass.id };
  }
  if (pass.pinFailures > 0 || pass.pinLockedUntil) {
    await tx
      .update(digitalPassports)
      .set({ pinFailures: 0, pinLockedUntil: null })
      .where(eq(digitalPassports.id, pass.id));
  }
  return 'Pin';
}

/** Lock the wanted children's rows in id order (two kiosks at once record one event); answers their ids. */
async function lockChildren(tx: DbOrTx, children: Wanted[]): Promise<string[]> {
  const wantedIds = [...new Set(children.map((c) => c.studentId).filter(isUuid))].sort();
  if (wantedIds.length > 0) {
    await tx.execute(
      sql`select id from students where id in (${sql.join(
        wantedIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) order by id for update`,
    );
  }
  return wantedIds;
}

/** The wanted child's session meeting today among the adult's (`allowed`), or undefined: not for this pass. */
function sessionToday(allowed: TodayRow[], want: Wanted): TodayRow | undefined {
  return allowed.find((r) => r.student_id === want.studentId && r.class_session_id === want.classSessionId);
}

/** Whether an event at `eventAt` is within the double-scan window before `now` (DOUBLE_SCAN_SECONDS). */
export function withinDoubleScan(eventAt: Date | null, now: Date): boolean {
  return eventAt !== null && now.getTime() - eventAt.getTime() <= DOUBLE_SCAN_SECONDS * 1000;
}

/**
 * What the child's state today says of `kind`: `already` for the same event again within the double-scan
 * window (a pickup: by the same adult), `refused` with the reason when the state forbids it (in already,
 * not arrived, out already), or null when the event may be recorded.
 */
function stateAnswer(args: {
  kind: AttendanceKind;
  want: Wanted;
  row: TodayRow;
  event: LastEvent | undefined;
  adultId: string;
  now: Date;
  timeZone: string;
}): DoorResult | null {
  const { kind, row, event, timeZone } = args;
  const state = stateOf(event);
  const eventAt = event ? new Date(event.timestamp) : null;
  const recent = withinDoubleScan(eventAt, args.now);
  const named = {
    studentId: args.want.studentId,
    classSessionId: args.want.classSessionId,
    firstName: row.first_name,
  };
  const already = () => ({ ...named, outcome: 'already' as const, reason: null, at: eventAt!.toISOString() });
  const refused = (reason: string) => ({ ...named, outcome: 'refused' as const, reason, at: null });
  if (kind === 'CheckIn' && state === 'In') {
    return recent
      ? already()
      : refused(`${row.first_name} is already checked in (since ${clockTime(eventAt!, timeZone)}).`);
  }
  if (kind === 'CheckOut' && state === 'NotArrived') {
    return refused(`${row.first_name} has not been checked in today, so there is no one to pick up.`);
  }
  if (kind === 'CheckOut' && state === 'Out') {
    const sameAdult = event?.trustee_id === args.adultId;
    return recent && sameAdult
      ? already()
      : refused(
          `${row.first_name} was already picked up at ${clockTime(eventAt!, timeZone)}${
            event?.adult_name ? ` by ${event.adult_name}` : ''
          }.`,
        );
  }
  return null;
}

/** Record the check-in or check-out of the child of `row` by the pass's adult at `now`. */
async function recordEvent(
  tx: DbOrTx,
  row: TodayRow,
  event: {
    kind: AttendanceKind;
    method: 'Pass' | 'Code';
    adultId: string;
    adultName: string;
    passportId: string;
    secondFactor: SecondFactor;
    kioskId: string;
    now: Date;
    /** The center's date of `now` (the record's `day`). */
    today: string;
  },
): Promise<Recorded> {
  await tx.insert(attendance).values({
    kind: event.kind,
    trusteeId: event.adultId,
    studentId: row.student_id,
    classSessionId: row.class_session_id,
    timestamp: event.now,
    day: event.today,
    method: event.method,
    adultName: event.adultName,
    passportId: event.passportId,
    secondFactor: event.secondFactor,
    kioskId: event.kioskId,
  });
  return {
    studentId: row.student_id,
    classSessionId: row.class_session_id,
    firstName: row.first_name,
    sessionName: row.session_name,
    at: event.now,
  };
}

/**
 * After the commit, the kiosk's answer: a PIN refusal is logged and thrown (429 while paused, 403 with the
 * tries left); otherwise the children refused are logged, the texts and pushes sent, and one result per wanted child
 * answered.
 */
async function replyToKiosk(
  ctx: AppContext,
  kiosk: KioskCaller,
  kind: AttendanceKind,
  outcome: Outcome,
  now: Date,
): Promise<DoorResults> {
  if ('doNotRelease' in outcome) {
    const match = outcome.doNotRelease;
    await logRefusal(ctx, {
      kioskId: kiosk.id,
      passportId: outcome.passportId,
      reason: 'Do not release',
      action: kind,
      studentIds: [match.studentId],
    });
    await raiseCustodyAlert(ctx, ctx.db, 'doorRefused', match, `the door kiosk “${kiosk.name}”`);
    ctx.work.runNow();
    throw new HttpError(403, 'passes.door.doNotRelease', {
      params: { child: match.firstName, adult: outcome.adultName },
    });
  }
  if ('pinLocked' in outcome) {
    const time = clockTime(outcome.pinLocked ?? now, ctx.clock.timeZone);
    await logRefusal(ctx, {
      kioskId: kiosk.id,
      passportId: outcome.passportId,
      reason: 'PIN locked',
      action: kind,
    });
    throw new HttpError(429, 'passes.door.pinPaused', {
      params: { time },
      fields: { pin: 'passes.door.pinPausedField' },
    });
  }
  if ('wrongPin' in outcome) {
    await logRefusal(ctx, {
      kioskId: kiosk.id,
      passportId: outcome.passportId,
      reason: 'Wrong PIN',
      action: kind,
    });
    throw new HttpError(403, 'passes.door.wrongPin', {
      params: { count: outcome.wrongPin },
      fields: { pin: 'passes.door.pinNotRight' },
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
  sendDoorNotices(ctx, outcome.notices);
  sendBreachPushes(ctx, outcome.ratioPushes);
  ctx.work.runNow();
  return outcome.over.length > 0
    ? { results: outcome.results, ratioWarnings: outcome.over }
    : { results: outcome.results };
}
