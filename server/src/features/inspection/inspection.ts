/**
 * An inspector's visit (issue 26, decision 039): one session over a range of the center's days, read from the
 * records the center keeps: the session and its teachers, its children (enrolled, or withdrawn during or after
 * the range) with their allergies, and each day it meets with the closure that day and who brought and took
 * each child. The director's only (`requireAdmin`: 403 for a teacher, whose room it may be, because it also
 * holds the staff's records); an unknown session answers 404. Days are the center's calendar days, times ISO
 * instants; the range is `inspectionRange` (contract/src/staff-inspection.ts).
 */
import {
  closureOn,
  DEFAULT_CHILDREN_PER_ADULT,
  type Inspection,
  type InspectionQuery,
  inspectionRange,
} from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { sessionCompliance } from '../child-health/compliance.ts';
import { sessionIncidents } from '../incidents/incident-reads.ts';
import { sessionDosesByDay } from '../medication/medication-reads.ts';
import { parseDaySchedule } from '../passes/day-schedule.ts';
import { dayBounds, weekday } from '../passes/door-today.ts';
import { sessionSignedForms } from '../signed-forms/standing.ts';
import { certificationsOfPeople } from '../staff-duty/certifications.ts';
import { sessionRatioHistories, sessionStaffOnDays } from '../staff-duty/ratio.ts';
import { requireAdmin } from '../team/access.ts';
import { closuresBetween, isoDate } from '../workspace/calendar.ts';

type SessionRow = {
  id: number;
  name: string;
  program_name: string | null;
  children_per_adult: number | null;
  session_start_date: string | Date;
  session_end_date: string | Date;
  day_schedule: string;
  /** The session's teachers by name (json_agg: parsed by pg, text from PGlite). */
  teachers: { id: string; name: string }[] | string | null;
};

type ChildRow = {
  student_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | Date;
  withdrawn_at: Date | string | null;
  allergies: string[] | string | null;
};

type EventRow = {
  student_id: string;
  day: string | Date;
  kind: 'CheckIn' | 'CheckOut';
  timestamp: Date | string;
  adult_name: string | null;
};

/** A JSON column as its value, whether the driver parsed it (pg) or not (PGlite gives text for json_agg). */
const jsonList = <T>(value: T[] | string | null): T[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

const instant = (value: Date | string) => new Date(value).toISOString();

/**
 * The days of `from`–`to` (inclusive) the session meets: its schedule's weekdays (`parseDaySchedule`: every
 * weekday when the text names none), within its first and last day.
 */
export function meetingDays(
  schedule: string,
  sessionStart: string,
  sessionEnd: string,
  from: string,
  to: string,
): string[] {
  const { days } = parseDaySchedule(schedule);
  const first = from > sessionStart ? from : sessionStart;
  const last = to < sessionEnd ? to : sessionEnd;
  const meets: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (days.has(weekday(day))) meets.push(day);
  }
  return meets;
}

/** The session's facts for the heading, or null when it does not exist. */
async function sessionFacts(db: DbOrTx, classSessionId: number): Promise<SessionRow | null> {
  const [row] = await queryRows<SessionRow>(
    db,
    sql`select cs.id, cs.name, sec.name as program_name, sec.children_per_adult, cs.session_start_date,
        cs.session_end_date,
        cs.day_schedule,
        (select json_agg(json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name)
            order by u.first_name, u.last_name)
          from session_staff ss join users u on u.id = ss.user_id
          where ss.class_session_id = cs.id) as teachers
      from class_sessions cs left join class_sections sec on sec.id = cs.class_section_id
      where cs.id = ${classSessionId}`,
  );
  return row ?? null;
}

/**
 * The session's records over the query's range for the director. Errors: 403 `sessions.team.directorOnly`
 * for anyone else, 404 for a session that does not exist.
 */
export async function inspection(
  ctx: AppContext,
  user: AuthUser,
  classSessionId: number,
  query: InspectionQuery,
): Promise<Inspection> {
  requireAdmin(user);
  const { db, clock } = ctx;
  const timeZone = clock.timeZone;
  const session = await sessionFacts(db, classSessionId);
  if (!session) throw notFound('session');
  const { from, to } = inspectionRange(query, clock.today());
  const rangeStart = dayBounds(from, timeZone).start.toISOString();
  const rangeEnd = dayBounds(to, timeZone).end.toISOString();

  const startDate = isoDate(session.session_start_date);
  const endDate = isoDate(session.session_end_date);
  const days = meetingDays(session.day_schedule, startDate, endDate, from, to);
  const today = clock.today();
  // Each meeting day's staff on duty and ratio (decision 038): a past day's until its end, today's until now.
  const now = clock.now();
  // The reads are independent: on PostgreSQL they run at once on the pool's connections, one query each for
  // the whole range (none per day).
  const [children, closures, events, incidents, compliance, forms, staffByDay, ratioByDay, medication] =
    await Promise.all([
      queryRows<ChildRow>(
        db,
        sql`select s.id as student_id, s.first_name, s.last_name, s.date_of_birth, e.withdrawn_at,
            (select json_agg(a.name order by a.name) from allergies a where a.student_id = s.id) as allergies
          from class_session_enrollments e join students s on s.id = e.student_id
          where e.class_session_id = ${classSessionId}
            and (e.status = 'Enrolled' or (e.status = 'Withdrawn' and e.withdrawn_at >= ${rangeStart}))
          order by s.last_name, s.first_name, s.id`,
      ),
      closuresBetween(db, from, to),
      queryRows<EventRow>(
        db,
        sql`select student_id, day, kind, timestamp, adult_name from attendance
          where class_session_id = ${classSessionId}
            and timestamp >= ${rangeStart} and timestamp < ${rangeEnd}
          order by timestamp, id`,
      ),
      sessionIncidents(db, classSessionId, from, to),
      sessionCompliance(db, classSessionId, today),
      sessionSignedForms(db, { id: session.id, name: session.name }),
      sessionStaffOnDays(db, classSessionId, from, to),
      sessionRatioHistories(db, classSessionId, days, now, (day) => dayBounds(day, timeZone).end),
      sessionDosesByDay(db, classSessionId, from, to),
    ]);
  const byDay = new Map<string, Map<string, Inspection['days'][number]['attendance'][number]>>();
  for (const event of events) {
    const day = isoDate(event.day);
    const children = byDay.get(day) ?? new Map();
    byDay.set(day, children);
    let child = children.get(event.student_id);
    if (event.kind === 'CheckIn') {
      if (!child) {
        child = {
          studentId: event.student_id,
          arrivedAt: null,
          broughtBy: null,
          leftAt: null,
          pickedUpBy: null,
        };
        children.set(event.student_id, child);
      }
      if (child.arrivedAt === null) {
        child.arrivedAt = instant(event.timestamp);
        child.broughtBy = event.adult_name;
      }
    } else if (child) {
      child.leftAt = instant(event.timestamp);
      child.pickedUpBy = event.adult_name;
    }
  }

  const health = new Map(compliance?.children.map((c) => [c.studentId, c]) ?? []);
  const signatures = new Map(forms.children.map((c) => [c.studentId, c.forms]));
  const duty = days.map((day) => ({ staff: staffByDay.get(day) ?? [], ratio: ratioByDay.get(day)! }));
  // The staff whose certifications an inspector sees: the session's teachers and whoever was on duty.
  const teachers = jsonList(session.teachers);
  const staffNames = new Map(teachers.map((t) => [t.id, t.name]));
  for (const d of duty) for (const person of d.staff) staffNames.set(person.userId, person.name);
  const certifications = await certificationsOfPeople(db, [...staffNames.keys()], today);
  const teacherNames = teachers.map((t) => t.name);
  // Children who arrived at the same minute read in the roster's order (last name, first name).
  const order = new Map(children.map((c, index) => [c.student_id, index]));
  return {
    session: {
      classSessionId: session.id,
      name: session.name,
      programName: session.program_name,
      sessionStartDate: startDate,
      sessionEndDate: endDate,
      daySchedule: session.day_schedule,
      teachers: teacherNames,
      childrenPerAdult: session.children_per_adult ?? DEFAULT_CHILDREN_PER_ADULT,
    },
    forms: forms.forms.map((f) => ({
      formId: f.formId,
      title: f.title,
      version: f.version,
      requirement: f.requirement,
    })),
    staff: [...staffNames.entries()]
      .sort((a, b) => a[1].localeCompare(b[1]))
      .map(([userId, name]) => ({
        name,
        certifications: certifications.filter((c) => c.userId === userId),
      })),
    from,
    to,
    generatedAt: clock.now().toISOString(),
    children: children.map((c) => ({
      studentId: c.student_id,
      firstName: c.first_name,
      lastName: c.last_name,
      dateOfBirth: isoDate(c.date_of_birth),
      allergies: jsonList(c.allergies),
      withdrawnAt: c.withdrawn_at === null ? null : instant(c.withdrawn_at),
      health: health.has(c.student_id)
        ? { complete: health.get(c.student_id)!.complete, items: health.get(c.student_id)!.items }
        : null,
      forms: (signatures.get(c.student_id) ?? []).map((f) => ({
        formId: f.formId,
        status: f.status,
        signedVersion: f.signedVersion,
        signedAt: f.signedAt,
      })),
    })),
    days: days.map((day, index) => {
      const closure = closureOn(closures, day, classSessionId);
      return {
        day,
        closure: closure
          ? { kind: closure.kind, dismissAt: closure.dismissAt, reason: closure.reason }
          : null,
        attendance: [...(byDay.get(day)?.values() ?? [])].sort(
          (a, b) =>
            (a.arrivedAt ?? '').localeCompare(b.arrivedAt ?? '') ||
            (order.get(a.studentId) ?? 0) - (order.get(b.studentId) ?? 0),
        ),
        staff: duty[index]!.staff.map(({ name, inAt, outAt }) => ({ name, inAt, outAt })),
        ratio: { points: duty[index]!.ratio.points, minutesOver: duty[index]!.ratio.minutesOver },
        medication: medication.get(day) ?? [],
      };
    }),
    incidents: incidents.map(({ day: _day, childNames: _names, ...incident }) => incident),
  };
}
