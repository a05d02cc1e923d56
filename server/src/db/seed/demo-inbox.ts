/**
 * The demo's staff inbox (issue 10): a tour request and a question still New, a tutoring waitlist family
 * the director has already called (with a short note thread), as a small center's inbox looks on a Monday.
 * Times are relative to today so the inbox always reads as recent.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { contactSubmissions, inboxEntries, tutoringWaitlistSubmissions, users } from '../schema.ts';

const HOUR = 3_600_000;

/** Load the demo inbox. `today` is the center's date ("YYYY-MM-DD"); the director must exist already. */
export async function insertDemoInbox(tx: Tx, today: string, directorEmail: string): Promise<void> {
  const noon = Date.parse(`${today}T20:00:00Z`);
  const ago = (hours: number) => new Date(noon - hours * HOUR);
  const [director] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, directorEmail));

  await tx.insert(contactSubmissions).values([
    {
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'maya.chen@example.com',
      phoneNumber: '+16505550142',
      childName: 'Theo',
      childBirthdate: `${Number(today.slice(0, 4)) - 4}-03-08`,
      previousAttendance: false,
      referred: 'A neighbor whose daughter loved the Pre-K mornings',
      message:
        'Hi! We just moved to the neighborhood and would love to see the classrooms before registration opens. Theo is four and a little shy with new grown-ups, so a quieter time of day would be ideal. Tuesday or Thursday mornings work best for us.',
      tour: true,
      submitted: ago(3),
      updated: ago(3),
    },
    {
      firstName: 'Daniel',
      lastName: 'Moreno',
      email: 'daniel.moreno@example.com',
      phoneNumber: null,
      childName: 'Amara',
      previousAttendance: true,
      message:
        'Amara attended the summer camp last year and still talks about the garden. Is there a sibling discount if her little brother joins the spring session too? And do you have a waitlist for the afternoon program?',
      tour: false,
      submitted: ago(26),
      updated: ago(26),
    },
  ]);

  const [tutoring] = await tx
    .insert(tutoringWaitlistSubmissions)
    .values({
      parentName: 'Priya Raman',
      studentName: 'Kavi Raman',
      grade: '2',
      emailAddress: 'priya.raman@example.com',
      phoneNumber: '+16505550187',
      subjectMatter: 'Reading & phonics',
      message:
        'Kavi loves being read to but gets frustrated sounding out new words. We would love a patient tutor once or twice a week after school.',
      submitted: ago(72),
      updated: ago(20),
      status: 'Contacted',
      assigneeId: director?.id ?? null,
    })
    .returning({ id: tutoringWaitlistSubmissions.id });

  await tx.insert(inboxEntries).values([
    {
      tutoringSubmissionId: tutoring!.id,
      kind: 'Note',
      body: 'Called Priya: Kavi is free Tuesdays and Thursdays after 3:30. Ms. Lopez may have a reading slot opening in January.',
      authorId: director?.id ?? null,
      created: ago(21),
    },
    {
      tutoringSubmissionId: tutoring!.id,
      kind: 'Reply',
      body: 'Thank you for telling us about Kavi! One of our reading teachers may have a Tuesday and Thursday slot from January. We will write again as soon as it is confirmed — in the meantime, reading together every evening is the best practice there is.',
      authorId: director?.id ?? null,
      created: ago(20),
    },
  ]);
}
