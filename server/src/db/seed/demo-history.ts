/**
 * The demo's past (issue 24, "Reports with charts"): what a center a year in has behind it, so the director's
 * reports draw something true. Places were taken when they were paid for (the fall class twelve days before
 * it began); the fall class came to the door on most of its days (a few absences each); families wrote in
 * every month of the past year and went as far as families do (replied, toured, enrolled or closed); and a few
 * fall places came from the waitlist, accepted within hours, while two offers lapsed. Nothing here is today's:
 * the inbox, the board and the door keep the demo's current state.
 */
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../features/audit/record.ts';
import { parseDaySchedule } from '../../features/passes/day-schedule.ts';
import { isoDate } from '../../features/workspace/calendar.ts';
import type { Tx } from '../client.ts';
import {
  attendance,
  classSessionEnrollments,
  classSessions,
  closures,
  contactSubmissions,
  studentRestrictions,
  userStudents,
  users,
  waitlistSubmissions,
} from '../schema.ts';
import { addDays, DAY } from './demo-dates.ts';

const DEMO_TIMEZONE = 'America/Los_Angeles';
/** The offer window the demo's server runs with (WAITLIST_OFFER_HOURS' default). */
const OFFER_HOURS = 48;

const wall = (day: string, hour: number, minute: number) =>
  new Date(
    wallTimeToInstant(
      `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      DEMO_TIMEZONE,
    )!,
  );

/** Families who wrote in over the past year: first name, last name, the child, and whether they asked for a tour. */
const INQUIRERS: [string, string, string, boolean][] = [
  ['Hannah', 'Brooks', 'Eli', true],
  ['Marcus', 'Reyes', 'Sofia', false],
  ['Priya', 'Natarajan', 'Anika', true],
  ['Daniel', 'Kim', 'Jae', true],
  ['Camila', 'Ortiz', 'Mateo', false],
  ['Grace', 'Liu', 'Evelyn', true],
  ['Tomás', 'Herrera', 'Lucía', true],
  ['Rachel', 'Goldberg', 'Sam', false],
  ['Kwame', 'Mensah', 'Ama', true],
  ['Emily', 'Novak', 'Clara', true],
  ['Jorge', 'Castillo', 'Diego', false],
  ['Aisha', 'Rahman', 'Zara', true],
];

/** Insert the demo's past; `today` is the center's date. Runs after the catalog, the places and the door. */
export async function insertDemoHistory(tx: Tx, today: string): Promise<void> {
  const sessions = new Map(
    (
      await tx
        .select({
          id: classSessions.id,
          name: classSessions.name,
          start: classSessions.sessionStartDate,
          end: classSessions.sessionEndDate,
          schedule: classSessions.daySchedule,
        })
        .from(classSessions)
    ).map((s) => [s.name, s]),
  );
  const fall = sessions.get('Fall Morning Session');
  const bridge = sessions.get('Late Fall Bridge Weeks');

  // A paid place was taken when it was paid for; the bridge weeks' children were placed three days ahead.
  await tx.execute(sql`update class_session_enrollments e set created = p.created
    from payments p where p.id = e.payment_id and p.created < e.created`);
  if (bridge)
    await tx
      .update(classSessionEnrollments)
      .set({ created: wall(addDays(String(bridge.start), -3), 10, 0) })
      .where(eq(classSessionEnrollments.classSessionId, bridge.id));
  if (!fall) return;
  const fallStart = String(fall.start);
  const placed = wall(addDays(fallStart, -12), 11, 30);
  await tx
    .update(classSessionEnrollments)
    .set({ created: placed })
    .where(eq(classSessionEnrollments.classSessionId, fall.id));

  // The fall class at the door: drop-off after 8:20, pickup after 12:20, a child missing now and then.
  const children = await tx
    .select({ studentId: classSessionEnrollments.studentId, parentId: userStudents.userId })
    .from(classSessionEnrollments)
    .innerJoin(userStudents, eq(userStudents.studentId, classSessionEnrollments.studentId))
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, fall.id),
        eq(classSessionEnrollments.status, 'Enrolled'),
      ),
    );
  const meets = parseDaySchedule(fall.schedule).days;
  const last = String(fall.end) < today ? String(fall.end) : addDays(today, -1);
  const rows: (typeof attendance.$inferInsert)[] = [];
  let n = 0;
  for (let day = fallStart; day <= last; day = addDays(day, 1)) {
    if (!meets.has(new Date(`${day}T12:00:00Z`).getUTCDay())) continue;
    n += 1;
    children.forEach(({ studentId }, i) => {
      // About one day in fourteen missed, different days for different children.
      if ((n * 5 + i * 11) % 14 === 3) return;
      const common = {
        studentId,
        classSessionId: fall.id,
        method: 'Staff' as const,
        adultName: 'Parent',
        day,
      };
      rows.push(
        { ...common, kind: 'CheckIn', timestamp: wall(day, 8, 20 + ((n + i * 3) % 18)) },
        { ...common, kind: 'CheckOut', timestamp: wall(day, 12, 20 + ((n * 2 + i) % 20)) },
      );
    });
  }
  if (rows.length) await tx.insert(attendance).values(rows);

  // Three fall places came from the waitlist, each accepted within hours of its offer; two offers lapsed.
  const fromWaitlist = children.slice(0, 3);
  const inFall = new Set(children.map((c) => c.studentId));
  const lapsedFamilies = (
    await tx
      .select({ studentId: userStudents.studentId, userId: userStudents.userId })
      .from(userStudents)
      .limit(40)
  )
    .filter((f) => !inFall.has(f.studentId))
    .slice(0, 2);
  await tx.insert(waitlistSubmissions).values([
    ...fromWaitlist.map((c, i) => {
      const offered = new Date(placed.getTime() - (5 + i * 9) * 3_600_000);
      return {
        classSessionId: fall.id,
        studentId: c.studentId,
        userId: c.parentId,
        status: 'Accepted',
        created: new Date(offered.getTime() - (20 + i * 6) * DAY),
        expires: new Date(offered.getTime() + OFFER_HOURS * 3_600_000),
      };
    }),
    ...lapsedFamilies.map((f, i) => {
      const offered = wall(addDays(fallStart, -(40 + i * 17)), 9, 0);
      return {
        classSessionId: fall.id,
        studentId: f.studentId,
        userId: f.userId,
        status: 'Expired',
        created: new Date(offered.getTime() - 30 * DAY),
        expires: new Date(offered.getTime() + OFFER_HOURS * 3_600_000),
      };
    }),
  ]);

  // A year of inquiries, two or three a month, the older ones further along.
  const inquiries: (typeof contactSubmissions.$inferInsert)[] = [];
  for (let month = 11; month >= 1; month -= 1) {
    for (let k = 0; k < 2 + (month % 2); k += 1) {
      const [firstName, lastName, childName, tour] = INQUIRERS[(month * 3 + k) % INQUIRERS.length]!;
      const submitted = wall(addDays(today, -(month * 30 + 4 + k * 9)), 9 + k * 3, 15);
      const status = (['Enrolled', 'Toured', 'Closed', 'Replied'] as const)[(month + k) % 4]!;
      inquiries.push({
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@families.example`
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, ''),
        childName,
        message: tour
          ? `We are looking at programs for ${childName} and would love to see the classrooms. Is there a morning tour this month?`
          : `Could you tell us about the morning program for ${childName}, and whether there is room this term?`,
        tour,
        submitted,
        updated: new Date(submitted.getTime() + 3 * DAY),
        status,
      });
    }
  }
  await tx.insert(contactSubmissions).values(inquiries);
  await insertDemoAudit(tx, today);
}

/**
 * The audit trail of what the director did to set the demo up: the calendar's closures and the do-not-release
 * note, on the days before today, so the trail reads in sentences from the first visit.
 */
async function insertDemoAudit(tx: Tx, today: string): Promise<void> {
  const [director] = await tx.select({ id: users.id }).from(users).where(eq(users.type, 'Admin')).limit(1);
  if (!director) return;
  const daysAgo = (n: number, hour: number) => wall(addDays(today, -n), hour, 10);
  const calendar = await tx
    .select({
      id: closures.id,
      startsOn: closures.startsOn,
      endsOn: closures.endsOn,
      classSessionId: closures.classSessionId,
      kind: closures.kind,
      dismissAt: closures.dismissAt,
      reason: closures.reason,
    })
    .from(closures);
  for (const [i, c] of calendar.entries())
    await recordAudit(
      tx,
      {
        actorUserId: director.id,
        action: 'closure.add',
        entityType: 'closure',
        entityId: c.id,
        before: null,
        after: { ...c, startsOn: isoDate(c.startsOn), endsOn: isoDate(c.endsOn) },
      },
      daysAgo(6 - i, 9 + i),
    );
  const restrictions = await tx
    .select({
      id: studentRestrictions.id,
      studentId: studentRestrictions.studentId,
      fullName: studentRestrictions.fullName,
      description: studentRestrictions.description,
      note: studentRestrictions.note,
    })
    .from(studentRestrictions);
  for (const r of restrictions)
    await recordAudit(
      tx,
      {
        actorUserId: director.id,
        action: 'student.restriction.add',
        entityType: 'Student',
        entityId: r.studentId,
        before: null,
        after: {
          restrictionId: r.id,
          fullName: r.fullName,
          description: r.description,
          note: r.note,
          document: null,
        },
      },
      daysAgo(2, 15),
    );
  await insertDemoFamilyMessage(tx, director.id, daysAgo(1, 16));
}

/**
 * A message the director wrote from a roster (issue 24, "Message selected families"): yesterday afternoon, to
 * the families of the children enrolled in the first session that has any, about rain boots. Recorded only:
 * the demo sends no mail from its past.
 */
async function insertDemoFamilyMessage(tx: Tx, directorId: string, at: Date): Promise<void> {
  const [first] = await tx
    .select({ classSessionId: classSessionEnrollments.classSessionId })
    .from(classSessionEnrollments)
    .where(eq(classSessionEnrollments.status, 'Enrolled'))
    .orderBy(classSessionEnrollments.classSessionId)
    .limit(1);
  if (!first) return;
  const children = await tx
    .select({ studentId: classSessionEnrollments.studentId })
    .from(classSessionEnrollments)
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, first.classSessionId),
        eq(classSessionEnrollments.status, 'Enrolled'),
      ),
    );
  const childIds = children.map((c) => c.studentId);
  const parents = await tx
    .selectDistinct({ userId: userStudents.userId })
    .from(userStudents)
    .where(
      sql`${userStudents.studentId} in (${sql.join(
        childIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  await recordAudit(
    tx,
    {
      actorUserId: directorId,
      action: 'family.message',
      entityType: 'FamilyMessage',
      entityId: 'demo-rain-boots',
      before: null,
      after: {
        subject: 'Rain boots for tomorrow’s garden walk',
        emailMessage:
          'Rain is on the way, and tomorrow we walk to the garden beds to see how our beans are doing. Please send your child in rain boots and a jacket with a hood. Thank you!',
        smsMessage: null,
        familyIds: [],
        childIds,
        families: parents.length,
        emailCount: parents.length,
        smsCount: 0,
        idempotencyKey: 'demo-rain-boots',
      },
    },
    at,
  );
}
