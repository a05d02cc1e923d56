/**
 * Demo content for staff on duty (issue 26, decision 038): Sam Whitaker (the demo teacher) covers the morning
 * room the door demo runs on ("Late Fall Bridge Weeks", Morning Program, 1:12) without being assigned to it (the
 * tablet lets anyone on the staff clock in to a room meeting today; assigning them would widen whose messages
 * the demo teacher reads) and clocks in with PIN 2468 (hashed like a password); a week of their punches at the
 * door tablet, one missed clock-in the
 * director added and one missed clock-out she corrected (the original kept), each with its reason and audit
 * row; today's clock-in at 8:12 and the morning's drop-offs of the other children, with the room's ratio
 * history; and both staff members' certifications, the director's CPR expiring within two weeks, Sam's TB test
 * within four, and Sam's CPR with its card (a PDF in the file storage, when `files` is given; decision 041).
 * The room allows clocking in from the phone, so the demo teacher can try it on /staff/my-time.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_CHILDREN_PER_ADULT, ratioState, requiredAdults } from '@lc/contract';
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, ne } from 'drizzle-orm';
import { hashPassword } from '../../features/auth/passwords.ts';
import { newDocument } from '../../lib/pdf.ts';
import type { Tx } from '../client.ts';
import {
  attendance,
  auditEvents,
  classSessionEnrollments,
  classSessions,
  dutyPhoneSessions,
  ratioPoints,
  staffCertifications,
  staffPins,
  staffPunches,
  students,
  users,
} from '../schema.ts';
import type { DemoFiles } from './demo-day-feed.ts';

const DEMO_TIMEZONE = 'America/Los_Angeles';
/** The demo teacher's clock-in PIN (README, "Running the center"). */
export const DEMO_TEACHER_PIN = '2468';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const at = (day: string, time: string) => new Date(wallTimeToInstant(`${day}T${time}`, DEMO_TIMEZONE)!);
const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** A wallet-size CPR card as a one-page PDF: the holder, the course, and the days it was issued and expires. */
function cprCardPdf(name: string, issuedOn: string, expiresOn: string): Promise<Buffer> {
  const { doc, done } = newDocument(`CPR card: ${name}`, 'portrait', { size: [252, 162], margin: 14 });
  doc.font('Helvetica-Bold').fontSize(11).text('Pediatric CPR & AED');
  doc.font('Helvetica').fontSize(8).text('Course completion card').moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(10).text(name).moveDown(0.4);
  doc.font('Helvetica').fontSize(8).text(`Issued: ${issuedOn}`).text(`Recommended renewal: ${expiresOn}`);
  doc.moveDown(0.4).text('Instructor: Dana Okafor, Bay Area Safety Training');
  doc.end();
  return done;
}

/** Insert the demo's punches, PIN, ratio history and certifications (after the door's demo). */
export async function insertDemoDuty(
  tx: Tx,
  today: string,
  directorEmail: string,
  teacherEmail: string,
  demoParentEmail: string,
  files?: DemoFiles,
): Promise<void> {
  const [bridge] = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.name, 'Late Fall Bridge Weeks'));
  const [director] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, directorEmail));
  const [teacher] = await tx.select({ id: users.id }).from(users).where(eq(users.emailAddress, teacherEmail));
  if (!bridge || !director || !teacher) return;
  await tx.insert(staffPins).values({ userId: teacher.id, pinHash: await hashPassword(DEMO_TEACHER_PIN) });
  // The director lets the room's staff clock in from their phone (decision 038's per-session setting).
  await tx.insert(dutyPhoneSessions).values({ classSessionId: bridge.id });

  // The past week at the door tablet, Monday to Friday, 8:05–8:15 in and 12:40–12:50 out.
  const days: string[] = [];
  for (let day = addDays(today, -7); day < today; day = addDays(day, 1))
    if (weekday(day) >= 1 && weekday(day) <= 5) days.push(day);
  const [missedIn, missedOut] = [days.at(-3), days.at(-2)];
  for (const [i, day] of days.entries()) {
    const inAt = at(day, `08:${String(5 + ((i * 3) % 10)).padStart(2, '0')}`);
    const outAt = at(day, `12:${String(40 + ((i * 7) % 10)).padStart(2, '0')}`);
    if (day === missedIn) {
      const reason = 'Forgot to clock in at the door; Sam opened the room at 8:10 with me.';
      const [row] = await tx
        .insert(staffPunches)
        .values({
          userId: teacher.id,
          classSessionId: bridge.id,
          day,
          inAt: at(day, '08:10'),
          outAt,
          source: 'Correction',
          reason,
          createdBy: director.id,
          created: at(day, '13:05'),
        })
        .returning({ id: staffPunches.id });
      await tx.insert(auditEvents).values({
        actorUserId: director.id,
        action: 'duty.punch.add',
        entityType: 'User',
        entityId: teacher.id,
        before: null,
        after: {
          classSessionId: bridge.id,
          inAt: at(day, '08:10').toISOString(),
          outAt: outAt.toISOString(),
          source: 'Correction',
          punchId: row!.id,
          reason,
        },
        at: at(day, '13:05'),
      });
      continue;
    }
    const [original] = await tx
      .insert(staffPunches)
      .values({
        userId: teacher.id,
        classSessionId: bridge.id,
        day,
        inAt,
        outAt: day === missedOut ? null : outAt,
        source: 'Tablet',
        createdBy: teacher.id,
        created: inAt,
        supersededAt: day === missedOut ? at(addDays(day, 1), '07:55') : null,
      })
      .returning({ id: staffPunches.id });
    if (day === missedOut) {
      const reason = 'Left at 12:45 after the last pickup without clocking out; confirmed with Sam.';
      const [fixed] = await tx
        .insert(staffPunches)
        .values({
          userId: teacher.id,
          classSessionId: bridge.id,
          day,
          inAt,
          outAt: at(day, '12:45'),
          source: 'Correction',
          reason,
          replacesId: original!.id,
          createdBy: director.id,
          created: at(addDays(day, 1), '07:55'),
        })
        .returning({ id: staffPunches.id });
      await tx.insert(auditEvents).values({
        actorUserId: director.id,
        action: 'duty.punch.fix',
        entityType: 'User',
        entityId: teacher.id,
        before: {
          classSessionId: bridge.id,
          inAt: inAt.toISOString(),
          outAt: null,
          source: 'Tablet',
          punchId: original!.id,
        },
        after: {
          classSessionId: bridge.id,
          inAt: inAt.toISOString(),
          outAt: at(day, '12:45').toISOString(),
          source: 'Correction',
          punchId: fixed!.id,
          reason,
        },
        at: at(addDays(day, 1), '07:55'),
      });
    }
  }

  // This morning: Sam clocks in at 8:12, then the children arrive (Maya comes through the kiosk later).
  if (weekday(today) >= 1 && weekday(today) <= 5) {
    await tx.insert(staffPunches).values({
      userId: teacher.id,
      classSessionId: bridge.id,
      day: today,
      inAt: at(today, '08:12'),
      source: 'Tablet',
      createdBy: teacher.id,
    });
    const [maya] = await tx
      .select({ id: students.id })
      .from(students)
      .innerJoin(users, eq(users.emailAddress, demoParentEmail))
      .where(and(eq(students.firstName, 'Maya'), eq(students.lastName, 'Avery')));
    const children = await tx
      .select({ id: classSessionEnrollments.studentId })
      .from(classSessionEnrollments)
      .where(
        and(
          eq(classSessionEnrollments.classSessionId, bridge.id),
          eq(classSessionEnrollments.status, 'Enrolled'),
          maya ? ne(classSessionEnrollments.studentId, maya.id) : undefined,
        ),
      )
      .orderBy(classSessionEnrollments.studentId);
    const ratio = DEFAULT_CHILDREN_PER_ADULT;
    const point = (time: string, present: number) => ({
      classSessionId: bridge.id,
      day: today,
      at: at(today, time),
      children: present,
      adults: 1,
      required: requiredAdults(present, ratio),
      childrenPerAdult: ratio,
      state: ratioState(present, 1, ratio),
    });
    const points = [point('08:12', 0)];
    for (const [i, child] of children.entries()) {
      const time = `08:${String(24 + i * 3).padStart(2, '0')}`;
      await tx.insert(attendance).values({
        kind: 'CheckIn',
        studentId: child.id,
        classSessionId: bridge.id,
        timestamp: at(today, time),
        day: today,
        method: 'Staff',
        adultName: 'A parent',
        staffUserId: teacher.id,
      });
      points.push(point(time, i + 1));
    }
    await tx.insert(ratioPoints).values(points);
  }

  // Certifications: the director's CPR runs out within two weeks (Today's "expiring next").
  const cert = (
    userId: string,
    kind: string,
    issuedOn: string,
    expiresOn: string | null,
    hours: number | null = null,
  ) => ({
    userId,
    kind,
    issuedOn,
    expiresOn,
    hours,
    createdBy: director.id,
  });
  // Sam's CPR card, scanned as a PDF (the certification keeps its storage key; it opens through a signed link).
  const samCpr = { issuedOn: addDays(today, -330), expiresOn: addDays(today, 400) };
  const cardKey = `certifications/${randomBytes(16).toString('hex')}.pdf`;
  const card = files ? await cprCardPdf('Sam Whitaker', samCpr.issuedOn, samCpr.expiresOn) : null;
  if (files && card) await files.put(cardKey, card, 'application/pdf');
  await tx.insert(staffCertifications).values([
    cert(director.id, 'Cpr', addDays(today, -718), addDays(today, 12)),
    cert(director.id, 'PediatricFirstAid', addDays(today, -530), addDays(today, 200)),
    cert(director.id, 'BackgroundCheck', addDays(today, -900), addDays(today, 195)),
    cert(director.id, 'MandatedReporter', addDays(today, -300), addDays(today, 795)),
    {
      ...cert(teacher.id, 'Cpr', samCpr.issuedOn, samCpr.expiresOn),
      ...(card
        ? {
            documentKey: cardKey,
            documentName: 'Sam Whitaker CPR card.pdf',
            documentType: 'application/pdf',
            documentBytes: card.length,
          }
        : {}),
    },
    cert(teacher.id, 'PediatricFirstAid', addDays(today, -330), addDays(today, 400)),
    cert(teacher.id, 'BackgroundCheck', addDays(today, -420), addDays(today, 675)),
    cert(teacher.id, 'TbTest', addDays(today, -340), addDays(today, 25)),
    cert(teacher.id, 'TrainingHours', addDays(today, -60), null, 16),
  ]);
}
