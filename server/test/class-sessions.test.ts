import type { ClassSession } from '@lc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSessionEnrollments, classSessions, payments, students, users } from '../src/db/schema.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { invalidateCatalog } from '../src/features/class-sessions/catalog.ts';
import { createTestApp, dbKinds, fixedClock, type TestApp } from './helpers.ts';

// 2026-03-02 10:00 in California: the demo's relative dates are computed from this "today".
const NOW = '2026-03-02T18:00:00Z';
const TODAY = '2026-03-02';

describe.each(dbKinds)('session catalog API on %s', (kind) => {
  let t: TestApp;
  let byName: Map<string, ClassSession>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: fixedClock(NOW) });
    await seedDemo(t.database.db, TODAY);
    const res = await t.app.inject({ method: 'GET', url: '/api/ClassSession/all' });
    byName = new Map((res.json() as ClassSession[]).map((s) => [s.name, s]));
  });
  afterAll(async () => t?.close());

  it('lists current sessions (active, not ended) by start date, without the past one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ClassSession' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as ClassSession[];
    expect(list.map((s) => s.name)).not.toContain('Fall Morning Session');
    expect(list).toHaveLength(6);
    const starts = list.map((s) => s.sessionStartDate);
    expect(starts).toEqual([...starts].sort());
    const active = await t.app.inject({ method: 'GET', url: '/api/ClassSession?active=true' });
    expect(active.json()).toEqual(list);
  });

  it('lists past sessions with active=false and everything with /all', async () => {
    const past = (
      await t.app.inject({ method: 'GET', url: '/api/ClassSession?active=false' })
    ).json() as ClassSession[];
    // Last fall's term, and the bridge weeks the office keeps out of the catalog (hidden, issue 11's door demo).
    expect(past.map((s) => s.name)).toEqual(['Fall Morning Session', 'Late Fall Bridge Weeks']);
    expect(byName.size).toBe(8);
  });

  it('rejects an unknown value of active with a field message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ClassSession?active=maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('active');
  });

  it('tells each demo session’s registration state, seats and waitlist places', () => {
    const state = (name: string) => byName.get(name)!;
    expect(state('Winter Morning Session')).toMatchObject({
      registrationState: 'Open',
      seatsLeft: 7,
      rosterSize: 16,
    });
    expect(state('Spring Morning Session').registrationState).toBe('PriorityOpen');
    expect(state('Summer Discovery Camp').registrationState).toBe('Upcoming');
    expect(state('Fall Morning Session').registrationState).toBe('Closed');
    expect(state('Little Scientists (Tuesday & Thursday)')).toMatchObject({
      registrationState: 'Open',
      seatsLeft: 2,
    });
    expect(state('Pre-K Readiness Mornings')).toMatchObject({
      registrationState: 'Full',
      seatsLeft: 0,
      waitlistSpotsLeft: 3,
    });
    expect(state('One-on-One & Small-Group Tutoring')).toMatchObject({
      registrationState: 'WaitlistOnly',
      waitlistActive: true,
    });
  });

  it('answers one session with its policies, money in cents and ISO dates', async () => {
    const winter = byName.get('Winter Morning Session')!;
    const res = await t.app.inject({ method: 'GET', url: `/api/ClassSession/${winter.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ClassSession;
    expect(body).toMatchObject({
      registrationPrice: 185000,
      supplyFee: 9500,
      sessionStartDate: '2026-03-26',
    });
    expect(body.registrationStartDate).toBe('2026-02-17T17:00:00.000Z');
    expect(body.expectationPolicy?.policyType).toBe('Expectation');
    expect(body.dismissalPolicy?.htmlValue).toContain('can pick up');
    expect(body.latePickupPolicy?.name).toBe('Late pickup');
    expect(body.classSection?.name).toBe('Morning Program (ages 3½–5)');
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999'])(
    'answers 404 for the unknown session id %s',
    async (id) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/ClassSession/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not Found', message: 'That session was not found.' });
      expect(res.json().requestId).toEqual(expect.any(String));
    },
  );

  it('counts an unexpired payment hold as a taken seat and frees it when the hold expires', async () => {
    const winter = byName.get('Winter Morning Session')!;
    const [parent] = await t.database.db
      .insert(users)
      .values({
        firstName: 'Hold',
        lastName: 'Tester',
        emailAddress: `hold-${kind}@example.com`,
        password: '!',
      })
      .returning();
    const [kid] = await t.database.db
      .insert(students)
      .values({ firstName: 'Rosa', lastName: 'Tester', dateOfBirth: '2022-01-15' })
      .returning();
    const studentId = kid!.id;
    const [payment] = await t.database.db
      .insert(payments)
      .values({
        originalAmount: 1,
        finalAmount: 1,
        provider: 'test',
        userId: parent!.id,
        classSessionId: winter.id,
      })
      .returning();
    const seats = async () =>
      ((await t.app.inject({ method: 'GET', url: `/api/ClassSession/${winter.id}` })).json() as ClassSession)
        .seatsLeft;

    const [hold] = await t.database.db
      .insert(classSessionEnrollments)
      .values({
        classSessionId: winter.id,
        studentId,
        status: 'PendingPayment',
        paymentId: payment!.id,
        holdExpiresAt: new Date(Date.parse(NOW) + 60_000),
      })
      .returning();
    invalidateCatalog(t.database.db);
    expect(await seats()).toBe(6);

    await t.database.db
      .update(classSessionEnrollments)
      .set({ holdExpiresAt: new Date(Date.parse(NOW) - 1000) })
      .where(eq(classSessionEnrollments.id, hold!.id));
    // Written behind the app's back (like another process): the cached catalog shows it after its TTL, or at
    // once when the write is announced, as the app's own write paths do (decision 008).
    invalidateCatalog(t.database.db);
    expect(await seats()).toBe(7);
  });

  it('keeps the catalog the same size when the seed runs again', async () => {
    const again = await seedDemo(t.database.db, TODAY);
    expect(again.seeded).toBe(false);
    const rows = await t.database.db.select({ id: classSessions.id }).from(classSessions);
    expect(rows).toHaveLength(8);
  });
});
