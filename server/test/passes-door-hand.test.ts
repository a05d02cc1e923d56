/**
 * The door (issue 11), by hand: the director's hand check-in is refused for a session that does not meet
 * today. The kiosk rules are walked in passes-door.test.ts, the shared set-up in support/door-app.ts.
 */
import { describe, expect, it } from 'vitest';
import { dbKinds } from './helpers.ts';
import { doorApp } from './support/door-app.ts';

describe.each(dbKinds)('the door on %s', (kind) => {
  const door = doorApp(kind);
  const { as, rows, enrollAndPay } = door;

  it('refuses a hand check-in for a session that does not meet today', async () => {
    const saturdays = await door.a.session({
      name: 'Saturday Art',
      daySchedule: 'Saturdays, 9:00 am – 11:00 am',
      sessionStartDate: '2026-11-02',
      rosterSize: 4,
    });
    const winter = await door.a.session({
      name: 'Winter Room',
      sessionStartDate: '2027-01-04',
      rosterSize: 4,
    });
    for (const id of [saturdays, winter]) {
      await enrollAndPay(door.rivera, id, [door.rivera.childIds[0]!]);
      const res = await as(door.admin, 'POST', '/api/staff/attendance', {
        studentId: door.rivera.childIds[0],
        classSessionId: id,
        kind: 'CheckIn',
        adultName: 'Ines Rivera',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/does not meet today/);
      expect((await rows(door.rivera.childIds[0]!)).filter((r) => r.classSessionId === id)).toHaveLength(0);
    }
  });
});
