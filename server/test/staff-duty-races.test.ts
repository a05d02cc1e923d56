/**
 * The ratio's count-and-decide under the session's row lock (issue 26, decision 038; docs/architecture.md
 * "Races"): three families' grandparents at two door tablets, a teacher's hand entry and two teachers clocking
 * in, all at once in one room at two children per adult. Every change is one transaction that takes the
 * session's row lock, counts, and appends a history point, so the points read one change after another and
 * the last one is the room as it is. Without the lock, on PostgreSQL two transactions count at once, miss each
 * other's child, and the history (and the breach alert) goes wrong; PGlite has one connection and cannot show it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { classSections, classSessions, sessionStaff } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

describe.each(dbKinds)('ratio races on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: Family;
  let teachers: Family[];
  let room: number;
  const tablets: string[] = [];
  const families: { family: Family; code: string }[] = [];

  const kiosk = (tablet: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Kiosk ${tablet}` } });

  beforeAll(async () => {
    // Tuesday, December 1, 2026 at 8:40 am in California.
    t = await createTestApp(kind, {
      clock: movableClock('2026-12-01T16:40:00Z'),
      env: { SIGNUP_RATE_LIMIT: '10000' },
    });
    a = api(t);
    admin = await a.promote('Director', 'Admin');
    teachers = [await a.promote('Lena', 'Staff'), await a.promote('Omar', 'Staff')];
    const [program] = await t.database.db
      .insert(classSections)
      .values({ name: 'Infants', childrenPerAdult: 2 })
      .returning({ id: classSections.id });
    room = await a.session({
      name: 'Robin Room',
      sessionStartDate: '2026-11-02',
      sessionEndDate: '2027-03-12',
      daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
      rosterSize: 8,
    });
    await t.database.db.update(classSessions).set({ classSectionId: program!.id }).where(sql`id = ${room}`);
    await t.database.db
      .insert(sessionStaff)
      .values(teachers.map((x) => ({ classSessionId: room, userId: x.userId })));
    for (const [i, pin] of ['4826', '5093'].entries())
      expect((await a.call(teachers[i]!.token, 'PUT', '/api/staff/duty/pin', { pin })).statusCode).toBe(204);
    for (const name of ['Front door', 'Garden gate'])
      tablets.push((await a.call(admin.token, 'POST', '/api/staff/kiosks', { name })).json().token);
    for (const name of ['Avery', 'Chen', 'Diaz']) {
      const family = await a.family(name, 2);
      await a.enrollPaid(family, room);
      const contact = await a.call(family.token, 'POST', '/api/Student/Trustees', {
        firstName: 'Grandma',
        lastName: name,
        relationship: 'Grandparent',
        cellPhone: '(650) 555-0199',
        canPickup: true,
        studentIds: family.childIds,
      });
      const trustee = contact.json().id as string;
      expect(
        (await a.call(family.token, 'POST', `/api/Student/Trustees/${trustee}/Pass`, { pin: '4321' }))
          .statusCode,
      ).toBe(201);
      const code = (await a.call(family.token, 'GET', `/api/Student/Trustees/${trustee}/Pass/Card`)).json()
        .code;
      families.push({ family, code });
    }
  });
  afterAll(async () => t?.close());

  it('records one point per change, in order, however the drop-offs and clock-ins interleave', async () => {
    const [avery, chen, diaz] = families as [
      (typeof families)[0],
      (typeof families)[0],
      (typeof families)[0],
    ];
    const children = (f: Family) => f.childIds.map((studentId) => ({ studentId, classSessionId: room }));
    const replies = await Promise.all([
      kiosk(tablets[0]!, '/api/kiosk/check-in', { code: avery.code, children: children(avery.family) }),
      kiosk(tablets[1]!, '/api/kiosk/check-in', { code: chen.code, children: children(chen.family) }),
      a.call(admin.token, 'POST', '/api/staff/attendance', {
        studentId: diaz.family.childIds[0],
        classSessionId: room,
        kind: 'CheckIn',
        adultName: 'Marco Diaz',
      }),
      kiosk(tablets[0]!, '/api/kiosk/duty/clock', { pin: '4826', classSessionId: room, action: 'in' }),
      kiosk(tablets[1]!, '/api/kiosk/duty/clock', { pin: '5093', classSessionId: room, action: 'in' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 201, 200, 200]);

    const points = await queryRows<{ children: number; adults: number; state: string; breach: boolean }>(
      t.database.db,
      sql`select children, adults, state, breach from ratio_points where class_session_id = ${room} order by id`,
    );
    // Five changes, five points; each point moves by exactly its own change from the one before it.
    expect(points).toHaveLength(5);
    let previous = { children: 0, adults: 0 };
    for (const point of points) {
      const moved = [point.children - previous.children, point.adults - previous.adults];
      expect([
        [2, 0],
        [1, 0],
        [0, 1],
      ]).toContainEqual(moved);
      previous = point;
    }
    expect(points.at(-1)).toMatchObject({ children: 5, adults: 2, state: 'over' });
    // A breach is marked exactly where the room went over from not over.
    const expected = points.map((p, i) => p.state === 'over' && (i === 0 || points[i - 1]!.state !== 'over'));
    expect(points.map((p) => p.breach)).toEqual(expected);
    const ratios = (await a.call(admin.token, 'GET', '/api/staff/duty/ratios')).json();
    expect(ratios.sessions[0]).toMatchObject({ children: 5, adults: 2, required: 3, state: 'over' });
  });
});
