/**
 * Demo content for the day's feed (issue 25; decision 033): the last three mornings of the bridge session
 * (demo-door.ts) — a class note each day, a note about Maya, meals and rest for Maya, and class photos made
 * here with sharp (soft coloured shapes, no camera, no children) so no picture is committed. Maya's family
 * granted photo consent; so did every classmate's but one, whose family has not answered: the photo with that
 * classmate in it is kept from the demo family (staff see it), as the rule says.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { parseDaySchedule } from '../../features/passes/day-schedule.ts';
import type { Tx } from '../client.ts';
import {
  classSessionEnrollments,
  classSessions,
  dailyCare,
  dayPhotos,
  dayPostChildren,
  dayPosts,
  photoConsents,
  students,
  userStudents,
  users,
} from '../schema.ts';
import { addDays } from './demo-dates.ts';

/** Where the demo's photos are written (the app's file storage). */
export type DemoFiles = { put(key: string, bytes: Uint8Array, contentType: string): Promise<void> };

const NOTES = [
  'We baked banana muffins this morning — everyone took a turn stirring, and the kitchen smelled wonderful.',
  'Story circle today was “The Snowy Day”. Afterwards the children drew their own footprints in the snow.',
  'Garden time! We planted garlic for spring and found three very busy earthworms.',
];
const MAYA_NOTES = [
  'Maya counted all the muffin cups by herself, up to twelve, and was so proud.',
  'Maya helped a new friend find the glue sticks and showed her how our art shelf works.',
  'Maya asked wonderful questions about where worms go in winter. Ask her about it tonight!',
];
const PALETTES = [
  ['#f6d8c8', '#f3a683', '#f7d794', '#78c2ad'],
  ['#dbeafe', '#93c5fd', '#fde68a', '#86efac'],
  ['#fce7f3', '#f9a8d4', '#c4b5fd', '#fcd34d'],
];

/** A soft picture of shapes, 1200×900 JPEG: circles and a hill in the day's palette. */
async function demoPicture(seed: number): Promise<Buffer> {
  const [ground, a, b, c] = PALETTES[seed % PALETTES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="${ground}"/>
    <circle cx="${300 + seed * 90}" cy="260" r="170" fill="${a}" opacity="0.85"/>
    <circle cx="${820 - seed * 60}" cy="380" r="220" fill="${b}" opacity="0.8"/>
    <ellipse cx="600" cy="900" rx="820" ry="330" fill="${c}" opacity="0.9"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/**
 * The feed of the bridge session's last three mornings before `today`. `authorEmail`: who posted (the
 * director); `files`: where the photos go (without it, the notes and meals only).
 */
export async function insertDemoDayFeed(
  tx: Tx,
  today: string,
  demoParentEmail: string,
  authorEmail: string,
  files?: DemoFiles,
): Promise<void> {
  const [bridge] = await tx
    .select({ id: classSessions.id, schedule: classSessions.daySchedule })
    .from(classSessions)
    .where(eq(classSessions.name, 'Late Fall Bridge Weeks'));
  if (!bridge) return;
  const [maya] = await tx
    .select({ id: students.id })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(and(eq(users.emailAddress, demoParentEmail), eq(students.firstName, 'Maya')));
  const [author] = await tx.select({ id: users.id }).from(users).where(eq(users.emailAddress, authorEmail));
  if (!maya || !author) return;
  const classmates = await tx
    .select({ id: students.id })
    .from(classSessionEnrollments)
    .innerJoin(students, eq(students.id, classSessionEnrollments.studentId))
    .where(and(eq(classSessionEnrollments.classSessionId, bridge.id), sql`${students.id} <> ${maya.id}`))
    .orderBy(students.firstName);
  // Every family granted photo consent but the last classmate's, who has not been asked yet.
  const consenting = [maya, ...classmates.slice(0, -1)];
  const notAsked = classmates.at(-1);
  if (consenting.length > 0)
    await tx.insert(photoConsents).values(
      consenting.map((c) => ({
        studentId: c.id,
        granted: true,
        decidedAt: new Date(`${today}T16:00:00Z`),
      })),
    );

  const meets = parseDaySchedule(bridge.schedule).days;
  const days: string[] = [];
  for (let d = addDays(today, -1); days.length < 3 && d > addDays(today, -14); d = addDays(d, -1))
    if (meets.has(new Date(`${d}T12:00:00Z`).getUTCDay())) days.unshift(d);

  for (const [i, day] of days.entries()) {
    // 10:15 am, 11:20 am and 11:45 am in California (18:15Z… in winter; close enough for the demo's order).
    const at = (h: number, m: number) =>
      new Date(`${day}T${String(h + 8).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
    const post = async (
      kind: 'ClassNote' | 'ChildNote' | 'Photo',
      body: string,
      created: Date,
      tagged: string[],
      forClass = true,
    ) => {
      const [row] = await tx
        .insert(dayPosts)
        .values({ classSessionId: bridge.id, day, authorId: author.id, kind, body, forClass, created })
        .returning({ id: dayPosts.id });
      if (tagged.length > 0)
        await tx.insert(dayPostChildren).values(tagged.map((studentId) => ({ postId: row!.id, studentId })));
      return row!.id;
    };
    await post('ClassNote', NOTES[i % NOTES.length]!, at(10, 15), []);
    await post('ChildNote', MAYA_NOTES[i % MAYA_NOTES.length]!, at(11, 20), [maya.id], false);
    await tx.insert(dailyCare).values({
      classSessionId: bridge.id,
      studentId: maya.id,
      day,
      breakfast: 'All',
      snack: i === 1 ? 'Some' : 'All',
      lunch: i === 2 ? 'Some' : 'All',
      restFrom: 12 * 60 + 5,
      restTo: 12 * 60 + 25 + i * 5,
      note: i === 0 ? 'Asked for seconds of apple slices' : '',
      updatedBy: author.id,
    });
    if (!files) continue;
    const photo = async (postId: string, seed: number) => {
      const bytes = await demoPicture(seed);
      const meta = await sharp(bytes).metadata();
      const key = `day-photos/${randomBytes(16).toString('hex')}.jpg`;
      await files.put(key, bytes, 'image/jpeg');
      await tx.insert(dayPhotos).values({
        postId,
        uploaderId: author.id,
        storageKey: key,
        contentType: 'image/jpeg',
        bytes: bytes.length,
        width: meta.width ?? 1200,
        height: meta.height ?? 900,
        created: at(11, 45),
      });
    };
    const friend = classmates[i % Math.max(1, classmates.length - 1)];
    const shared = await post(
      'Photo',
      'Our morning, in colours',
      at(11, 45),
      friend ? [maya.id, friend.id] : [maya.id],
    );
    await photo(shared, i);
    if (i === days.length - 1 && notAsked) {
      // Posted anyway after the warning: only the classmate's own family (and the staff) see this one.
      const kept = await post('Photo', 'Building the block tower', at(11, 50), [maya.id, notAsked.id]);
      await photo(kept, i + 1);
    }
  }
}
