/**
 * A drop-off or pickup recorded by hand (issue 11, decision 012): a teacher or the director, for an adult
 * without a pass. The same state rules as the door (door.ts), the same notices to the parents.
 */
import type { AttendanceKind, DoorResult } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { queryRows } from '../../db/client.ts';
import { attendance } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { type RestrictionMatch, raiseCustodyAlert, restrictedFor } from '../family/custody.ts';
import { breachPushes, recordRatioChanges, sendBreachPushes } from '../staff-duty/ratio.ts';
import { visibleSessions } from '../team/access.ts';
import { parseDaySchedule } from './day-schedule.ts';
import { notifyFamilies, sendDoorNotices } from './door-notify.ts';
import { clockTime, dayBounds, eventKey, lastEventsToday, stateOf, weekday } from './door-today.ts';

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
  if (!isUuid(input.studentId)) throw notFound('child');
  const result = await recordingCustodyAlert(ctx, user, () =>
    ctx.db.transaction(async (tx) => {
      const [row] = await queryRows<{ first_name: string; session_name: string; day_schedule: string }>(
        tx,
        sql`select s.first_name, class_sessions.name as session_name, class_sessions.day_schedule
        from class_sessions
        join class_session_enrollments e on e.class_session_id = class_sessions.id and e.status = 'Enrolled'
        join students s on s.id = e.student_id
        where class_sessions.id = ${input.classSessionId} and s.id = ${input.studentId}
          and ${visibleSessions(user)}`,
      );
      if (!row) throw notFound('child');
      const [running] = await queryRows<{ id: number }>(
        tx,
        sql`select id from class_sessions where id = ${input.classSessionId}
        and session_start_date <= ${today} and session_end_date >= ${today}`,
      );
      if (!running || !parseDaySchedule(row.day_schedule).days.has(weekday(today))) {
        throw new HttpError(409, 'passes.staff.notMeetingToday', { params: { session: row.session_name } });
      }
      let adultName = input.adultName;
      let trusteeId: string | null = null;
      if (input.trusteeId) {
        const [contact] = isUuid(input.trusteeId)
          ? await queryRows<{
              first_name: string;
              last_name: string;
              can_pickup: boolean;
              is_active: boolean;
            }>(
              tx,
              sql`select t.first_name, t.last_name, t.can_pickup, t.is_active from trustees t
              join student_trustees st on st.trustee_id = t.id
              where t.id = ${input.trusteeId} and st.student_id = ${input.studentId}`,
            )
          : [];
        if (!contact) {
          throw new HttpError(400, 'passes.staff.chooseContact', {
            fields: { trusteeId: 'passes.staff.chooseContactField' },
          });
        }
        if (input.kind === 'CheckOut' && (!contact.can_pickup || !contact.is_active)) {
          throw new HttpError(400, 'passes.staff.notAllowedToPickUp', {
            params: { adult: contact.first_name, child: row.first_name },
            fields: { trusteeId: 'passes.staff.notAllowedToPickUp' },
          });
        }
        trusteeId = input.trusteeId;
        adultName = `${contact.first_name} ${contact.last_name}`;
      }
      if (input.kind === 'CheckOut' && !adultName) {
        throw new HttpError(400, 'passes.staff.sayWhoPicksUp', {
          fields: { adultName: 'passes.staff.nameAdult' },
        });
      }
      if (input.kind === 'CheckOut' && adultName) {
        const [match] = await restrictedFor(tx, [input.studentId], adultName);
        if (match) {
          const refused = new HttpError(409, 'passes.staff.doNotRelease', {
            params: { child: row.first_name, adult: adultName },
          });
          throw Object.assign(refused, { custody: match });
        }
      }
      await tx.execute(sql`select id from students where id = ${input.studentId} for update`);
      const last = (await lastEventsToday(tx, [input.studentId], dayBounds(today, timeZone))).get(
        eventKey(input.studentId, input.classSessionId),
      );
      const state = stateOf(last);
      if (input.kind === 'CheckIn' && state === 'In') {
        throw new HttpError(409, 'passes.staff.alreadyIn', {
          params: { child: row.first_name, time: clockTime(new Date(last!.timestamp), timeZone) },
        });
      }
      if (input.kind === 'CheckOut' && state === 'NotArrived') {
        throw new HttpError(409, 'passes.staff.notCheckedIn', { params: { child: row.first_name } });
      }
      if (input.kind === 'CheckOut' && state === 'Out') {
        throw new HttpError(409, 'passes.staff.alreadyOut', {
          params: { child: row.first_name, time: clockTime(new Date(last!.timestamp), timeZone) },
        });
      }
      await tx.insert(attendance).values({
        kind: input.kind,
        trusteeId,
        studentId: input.studentId,
        classSessionId: input.classSessionId,
        timestamp: now,
        day: today,
        method: 'Staff',
        adultName,
        staffUserId: user.id,
      });
      const notices = await notifyFamilies(
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
      // The room's ratio under its lock (issue 26): over the ratio, the director is alerted once per breach.
      const changes = await recordRatioChanges(tx, [input.classSessionId], now, today);
      return {
        notices,
        ratioPushes: await breachPushes(ctx, tx, changes, now),
        result: {
          studentId: input.studentId,
          classSessionId: input.classSessionId,
          firstName: row.first_name,
          outcome: 'done' as const,
          reason: null,
          at: now.toISOString(),
        },
      };
    }),
  );
  sendDoorNotices(ctx, result.notices);
  sendBreachPushes(ctx, result.ratioPushes);
  ctx.work.runNow();
  return result.result;
}

/**
 * Run `record`; when it refused a pickup because the child may not be released to the adult named (issue
 * 24), alert the office (its own transaction: the refused pickup itself is not made) and rethrow.
 */
async function recordingCustodyAlert<T>(
  ctx: AppContext,
  user: AuthUser,
  record: () => Promise<T>,
): Promise<T> {
  try {
    return await record();
  } catch (error) {
    const match = (error as { custody?: RestrictionMatch }).custody;
    if (match) {
      await ctx.db.transaction((tx) =>
        raiseCustodyAlert(
          ctx,
          tx,
          'doorRefused',
          match,
          `a pickup recorded by ${user.firstName} ${user.lastName}`,
          user.id,
        ),
      );
      ctx.work.runNow();
    }
    throw error;
  }
}
