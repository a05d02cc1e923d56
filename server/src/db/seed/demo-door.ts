/**
 * Demo content for the door (issue 11): a session running today so the kiosk, today's board and the
 * attendance history have something to show. "Late Fall Bridge Weeks" fills the weeks between the fall and
 * winter terms; it is free, hidden from the public catalog (the office places children by hand), and has
 * the demo parent's Maya plus six demo families in it, with a drop-off and a pickup recorded by hand for
 * every past weekday. Today starts empty: drop-offs come from the kiosk.
 */
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseDaySchedule } from '../../features/passes/day-schedule.ts';
import type { Tx } from '../client.ts';
import {
  attendance,
  classSections,
  classSessionEnrollments,
  classSessions,
  policies,
  students,
  studentTrustees,
  trustees,
  userStudents,
  users,
} from '../schema.ts';

/** The demo center is in Redwood City. */
const DEMO_TIMEZONE = 'America/Los_Angeles';
const SCHEDULE = 'Monday to Friday, 8:30 am – 12:30 pm';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Insert the bridge session, its children and their past drop-offs and pickups. `demoParentEmail` names the
 * family a visitor logs in as; `directorEmail` the staff member who recorded the past days.
 */
export async function insertDemoDoor(
  tx: Tx,
  today: string,
  demoParentEmail: string,
  directorEmail: string,
): Promise<void> {
  const [section] = await tx
    .select({ id: classSections.id })
    .from(classSections)
    .where(sql`${classSections.name} like 'Morning Program%'`);
  const [late] = await tx
    .select({ id: policies.id })
    .from(policies)
    .where(eq(policies.policyType, 'LatePickup'));
  const start = addDays(today, -9);
  const [bridge] = await tx
    .insert(classSessions)
    .values({
      name: 'Late Fall Bridge Weeks',
      description:
        'Relaxed mornings between the fall and winter terms for children already with us: free play, garden time, baking and a long story circle. Free for our families; places are arranged with the office.',
      thumbnail: '/images/grid/reading-nook.svg',
      daySchedule: SCHEDULE,
      sessionStartDate: start,
      sessionEndDate: addDays(today, 20),
      registrationPrice: 0,
      supplyFee: 0,
      rosterSize: 12,
      waitlistActive: false,
      waitlistSize: 0,
      isActive: false,
      classSectionId: section?.id ?? null,
      latePickupPolicyId: late?.id ?? null,
    })
    .returning({ id: classSessions.id });

  const [maya] = await tx
    .select({ id: students.id })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(and(eq(users.emailAddress, demoParentEmail), eq(students.firstName, 'Maya')));
  const others = await tx
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(sql`${users.emailAddress} like '%@families.example'`)
    .orderBy(users.emailAddress)
    .limit(6);
  const childIds = [...(maya ? [maya.id] : []), ...others.map((o) => o.id)];
  await tx
    .insert(classSessionEnrollments)
    .values(
      childIds.map((studentId) => ({ classSessionId: bridge!.id, studentId, status: 'Enrolled' as const })),
    );

  // Who brings and takes each child: a parent in the morning, the grandparent who may pick up at noon.
  const parents = await tx
    .select({ studentId: userStudents.studentId, firstName: users.firstName, lastName: users.lastName })
    .from(userStudents)
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(inArray(userStudents.studentId, childIds));
  const pickups = await tx
    .select({
      studentId: studentTrustees.studentId,
      id: trustees.id,
      firstName: trustees.firstName,
      lastName: trustees.lastName,
    })
    .from(studentTrustees)
    .innerJoin(trustees, eq(trustees.id, studentTrustees.trusteeId))
    .where(and(inArray(studentTrustees.studentId, childIds), eq(trustees.canPickup, true)));
  const [director] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, directorEmail));

  const days = parseDaySchedule(SCHEDULE).days;
  const rows: (typeof attendance.$inferInsert)[] = [];
  for (let day = start; day < today; day = addDays(day, 1)) {
    if (!days.has(new Date(`${day}T12:00:00Z`).getUTCDay())) continue;
    childIds.forEach((studentId, i) => {
      const parent = parents.find((p) => p.studentId === studentId);
      const grandparent = pickups.find((p) => p.studentId === studentId);
      const dropMinute = 24 + ((i * 7 + day.charCodeAt(9)) % 14);
      const pickMinute = 22 + ((i * 5 + day.charCodeAt(9)) % 16);
      const at = (hour: number, minute: number) =>
        new Date(
          wallTimeToInstant(
            `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
            DEMO_TIMEZONE,
          )!,
        );
      rows.push({
        kind: 'CheckIn',
        studentId,
        classSessionId: bridge!.id,
        timestamp: at(8, dropMinute),
        day,
        method: 'Staff',
        adultName: parent ? `${parent.firstName} ${parent.lastName}` : null,
        staffUserId: director?.id ?? null,
      });
      const byGrandparent = grandparent && (i + day.charCodeAt(9)) % 2 === 0;
      rows.push({
        kind: 'CheckOut',
        studentId,
        classSessionId: bridge!.id,
        timestamp: at(12, pickMinute),
        day,
        method: 'Staff',
        trusteeId: byGrandparent ? grandparent.id : null,
        adultName: byGrandparent
          ? `${grandparent.firstName} ${grandparent.lastName}`
          : parent
            ? `${parent.firstName} ${parent.lastName}`
            : null,
        staffUserId: director?.id ?? null,
      });
    });
  }
  if (rows.length > 0) await tx.insert(attendance).values(rows);
}
