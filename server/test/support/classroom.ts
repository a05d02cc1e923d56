/**
 * The classroom the day-to-day tests (the day's feed, incidents, health records, medication) start from,
 * made through the real API and the real schema: the director, two rooms that meet Monday to Friday from
 * 2026-11-02 with a teacher each, and families enrolled and paid. And the parents' phones, with every push
 * the server would send caught instead of sent.
 */

import { vi } from 'vitest';
import { pushSubscriptions, sessionStaff } from '../../src/db/schema.ts';
import type { PendingPush } from '../../src/ports.ts';
import type { TestApp } from '../helpers.ts';
import type { api, Family } from './registration.ts';

export type Classroom = {
  director: Family;
  /** Acorn Room's teacher. */
  teacher: Family;
  /** More teachers of Acorn Room, in the order `acornHelpers` names them. */
  helpers: Family[];
  /** Maple Room's teacher, who must never see Acorn's children. */
  otherTeacher: Family;
  acorn: number;
  maple: number;
  /** Ava Chen's family (one child) in Acorn, shared with `chenPartner`. */
  chen: Family;
  chenPartner: Family;
  /** Ben Okafor's family (one child) in Acorn. */
  okafor: Family;
  /** A Maple Room family (one child). */
  lee: Family;
  /** Ava Chen's student id. */
  ava: string;
};

/**
 * Make the classroom. `program`: the program (class section) id both rooms belong to, when the test needs one;
 * `acornHelpers`: the last names of more Acorn teachers. The people are signed in; the clock is the test's.
 */
export async function makeClassroom(
  t: TestApp,
  a: ReturnType<typeof api>,
  { program, acornHelpers = [] }: { program?: number; acornHelpers?: string[] } = {},
): Promise<Classroom> {
  const director = await a.promote('Director', 'Admin');
  const teacher = await a.promote('Rivera', 'Staff');
  const helpers: Family[] = [];
  for (const name of acornHelpers) helpers.push(await a.promote(name, 'Staff'));
  const otherTeacher = await a.promote('Lindqvist', 'Staff');
  const room = (name: string) =>
    a.session({
      name,
      sessionStartDate: '2026-11-02',
      rosterSize: 6,
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      ...(program === undefined ? {} : { classSectionId: program }),
    });
  const acorn = await room('Acorn Room');
  const maple = await room('Maple Room');
  await t.database.db
    .insert(sessionStaff)
    .values([
      { classSessionId: acorn, userId: teacher.userId },
      ...helpers.map((h) => ({ classSessionId: acorn, userId: h.userId })),
      { classSessionId: maple, userId: otherTeacher.userId },
    ]);
  const chen = await a.family('Chen', 1);
  const chenPartner = await a.family('Partner', 0);
  const okafor = await a.family('Okafor', 1);
  const lee = await a.family('Lee', 1);
  await a.enrollPaid(chen, acorn);
  await a.enrollPaid(okafor, acorn);
  await a.enrollPaid(lee, maple);
  await a.share(chen, chenPartner);
  return {
    director,
    teacher,
    helpers,
    otherTeacher,
    acorn,
    maple,
    chen,
    chenPartner,
    okafor,
    lee,
    ava: chen.childIds[0]!,
  };
}

/**
 * Give each of `families` a phone with notifications on (an Android Chrome push subscription), and catch what
 * the server would push to any phone instead of sending it: each push is added to `caught`.
 */
export async function catchPushes(t: TestApp, families: Family[], caught: PendingPush[]): Promise<void> {
  for (const f of families)
    await t.database.db.insert(pushSubscriptions).values({
      userId: f.userId,
      endpoint: `https://push.example/${f.userId}`,
      p256dh: 'key',
      auth: 'auth',
      browser: 'Chrome',
      system: 'Android',
    });
  vi.spyOn(t.ctx.push, 'deliver').mockImplementation(async (list) => {
    caught.push(...list);
    return { devices: list.length, sent: list.length, removed: 0, failed: 0 };
  });
}
