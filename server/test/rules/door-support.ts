/**
 * What the door rule tests share: an app on a Monday morning (8:45 am in California) with a director, a
 * kiosk and a session meeting Monday to Friday, and a family whose children are enrolled there with a pickup
 * contact holding a pass (PIN 4321). Each test makes its own family, so a test can run alone.
 */
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { attendance } from '../../src/db/schema.ts';
import type { TestApp } from '../helpers.ts';
import { api, type Family, type MovableClock } from '../support/registration.ts';

/** Monday, November 23, 2026, 8:45 am in California. */
export const MONDAY_MORNING = '2026-11-23T16:45:00Z';

export async function door(t: TestApp, clock: MovableClock) {
  const a = api(t);
  const admin = (await a.promote('Director', 'Admin')).token;
  const weekdays = {
    sessionStartDate: '2026-11-02',
    sessionEndDate: '2027-03-15',
    daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
    registrationStartDate: new Date('2026-10-01T17:00:00Z'),
    registrationEndDate: new Date('2026-12-20T17:00:00Z'),
    rosterSize: 60,
  };
  const acorn = await a.session({ ...weekdays, name: 'Acorn Room' });
  const birch = await a.session({ ...weekdays, name: 'Birch Room' });
  const kioskToken = (await a.call(admin, 'POST', '/api/staff/kiosks', { name: 'Front door' })).json()
    .token as string;

  const enrollAndPay = async (family: Family, classSessionId: number, studentIds = family.childIds) => {
    await a.enrollPaid(family, classSessionId, studentIds);
  };

  /** A contact of all `family`'s children (a grandparent); answers its id. */
  const contact = async (family: Family, firstName: string, canPickup = true) => {
    const res = await a.call(family.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Rivera',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress: null,
      canPickup,
      studentIds: family.childIds,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };

  /** A contact of all `family`'s children holding a pass with `pin`: its id and the code on the card. */
  const contactWithPass = async (family: Family, firstName: string, pin = '4321') => {
    const id = await contact(family, firstName);
    expect((await a.call(family.token, 'POST', `/api/Student/Trustees/${id}/Pass`, { pin })).statusCode).toBe(
      201,
    );
    const card = await a.call(family.token, 'GET', `/api/Student/Trustees/${id}/Pass/Card`);
    return { id, code: card.json().code as string };
  };

  /** A family with `children` children in the Acorn Room and Rosa, their grandmother, holding a pass. */
  const family = async (name: string, children = 1) => {
    clock.set(MONDAY_MORNING);
    const f = await a.family(name, children);
    await enrollAndPay(f, acorn);
    const rosa = await contactWithPass(f, 'Rosa');
    const child = (index = 0, classSessionId = acorn) => ({ studentId: f.childIds[index]!, classSessionId });
    return { ...f, rosa, child };
  };

  const kiosk = (path: 'scan' | 'check-in' | 'check-out', payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/kiosk/${path}`,
      payload,
      headers: { authorization: `Kiosk ${kioskToken}` },
    });
  const rows = (studentId: string) =>
    t.database.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.studentId, studentId)));
  /** The reasons of the door's refusals kept in the audit trail, oldest first, with what was attempted. */
  const refusals = async (passportId: string | null) =>
    (
      await queryRows<{ entity_id: string; after: Record<string, unknown> | string }>(
        t.database.db,
        sql`select entity_id, after from audit_events where action = 'door.refused' order by seq`,
      )
    )
      .filter((r) => passportId === null || r.entity_id === passportId)
      .map((r) => (typeof r.after === 'string' ? JSON.parse(r.after) : r.after) as Record<string, unknown>);

  return {
    a,
    admin,
    acorn,
    birch,
    kioskToken,
    enrollAndPay,
    contact,
    contactWithPass,
    family,
    kiosk,
    rows,
    refusals,
  };
}
