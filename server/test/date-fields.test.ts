/**
 * Issue 21 item 21: every date in a path, query or body is a real calendar date (or instant) in 1900–2199,
 * checked by the contract's one date field, and anything else answers 400 with a field message — never a 500
 * ("Invalid time value") and never a query PostgreSQL refuses ("out of range"). On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, fixedClock, type TestApp } from './helpers.ts';
import { api } from './support/registration.ts';

/** The field's sentence (contract `fields.common.dateOutOfRange`), as the API writes it in English. */
const DATE_OUT_OF_RANGE = 'Use a date between 1900 and 2199.';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('impossible dates on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let parent: string;
  let director: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: fixedClock(NOW), env: { SIGNUP_RATE_LIMIT: '1000' } });
    a = api(t);
    parent = (await a.family('Okafor')).token;
    director = await a.staff();
  });
  afterAll(async () => t?.close());

  /** Calls `url` as `token` and expects a 400 whose `fields[field]` is `message`. */
  async function refused(token: string | null, url: string, field: string, message: string | RegExp) {
    const res = await a.call(token, 'GET', url);
    expect(res.statusCode, url).toBe(400);
    const body = res.json();
    expect(body.fields?.[field], url).toMatch(message);
    expect(res.body, url).not.toMatch(/Invalid time value|out of range|Internal/i);
  }

  it('refuses impossible and out-of-range days in the attendance filters, for a family and for staff', async () => {
    for (const base of ['/api/Student/Attendance', '/api/staff/attendance', '/api/staff/attendance.csv']) {
      const token = base.startsWith('/api/staff') ? director : parent;
      await refused(token, `${base}?from=0000-00-00`, 'from', 'Use a date like 2026-09-14');
      await refused(token, `${base}?to=2026-13-45`, 'to', 'Use a date like 2026-09-14');
      await refused(token, `${base}?to=2026-02-30`, 'to', 'Use a date like 2026-09-14');
      await refused(token, `${base}?from=0000-01-01`, 'from', DATE_OUT_OF_RANGE);
      await refused(token, `${base}?to=9999-12-31`, 'to', DATE_OUT_OF_RANGE);
      // A real day in range still works.
      const ok = await a.call(token, 'GET', `${base}?from=2026-09-01&to=2026-11-20`);
      expect(ok.statusCode, base).toBe(200);
    }
  });

  it('refuses an announcement filter before year 1900 or on no real day', async () => {
    await refused(parent, '/api/Announcement?fromDate=0000-01-01T00:00:00Z', 'fromDate', DATE_OUT_OF_RANGE);
    await refused(parent, '/api/Announcement?fromDate=2026-02-30', 'fromDate', 'Use a date like 2026-01-31');
    await refused(parent, '/api/Announcement?fromDate=yesterday', 'fromDate', 'Use a date like 2026-01-31');
    expect((await a.call(parent, 'GET', '/api/Announcement?fromDate=2026-11-01')).statusCode).toBe(200);
    expect((await a.call(parent, 'GET', '/api/Announcement?fromDate=2026-11-01T08:00:00Z')).statusCode).toBe(
      200,
    );
  });

  it('refuses the staff lists’ day filters out of range (payments, audit)', async () => {
    await refused(director, '/api/staff/payments?from=0001-01-01', 'from', DATE_OUT_OF_RANGE);
    await refused(director, '/api/staff/audit?to=2026-13-01', 'to', 'Use a date like 2026-11-20.');
  });

  it('refuses a child born in year 0000 or 1850 in a body with a field message', async () => {
    for (const dateOfBirth of ['0000-01-01', '1850-06-01']) {
      const res = await a.call(parent, 'POST', '/api/Student', {
        firstName: 'Ada',
        lastName: 'Okafor',
        dateOfBirth,
      });
      expect(res.statusCode, dateOfBirth).toBe(400);
      expect(res.json().fields.dateOfBirth, dateOfBirth).toMatch(/1900|date/);
    }
  });

  it('refuses a session whose first day is year 0000 or 2500', async () => {
    for (const sessionStartDate of ['0000-01-10', '2500-01-10']) {
      const res = await a.call(director, 'POST', '/api/ClassSession', {
        name: 'Far Future Club',
        description: 'A session on a date no family will see.',
        daySchedule: 'Tuesday, 1:00 pm – 3:00 pm',
        registrationPrice: 30_000,
        rosterSize: 4,
        sessionStartDate,
        sessionEndDate: '2027-03-15',
      });
      expect(res.statusCode, sessionStartDate).toBe(400);
      expect(res.json().fields.sessionStartDate, sessionStartDate).toBe(DATE_OUT_OF_RANGE);
    }
  });
});
