/**
 * The registration tests' set-up (enrollment.test.ts, enrollment-staff.test.ts): an app on a clock the test
 * moves (back at NOW before each test), the calls a parent makes (support/registration.ts) and two reads of a
 * payment's or a session's places (docs/architecture.md, "Server domains": enrollment).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, movableClock } from './registration.ts';

export const NOW = '2026-11-20T18:00:00Z';

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll) and answer the helpers; `t` and `a`
 * are there once the describe's tests run.
 */
export function enrollmentApp(kind: DbKind) {
  let t: TestApp;
  const clock = movableClock(NOW);
  let a: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());
  beforeEach(() => clock.set(NOW));

  /** The statuses of the places a payment holds, sorted. */
  const statuses = async (paymentId: string) =>
    (
      await queryRows<{ status: string }>(
        t.database.db,
        sql`select status from class_session_enrollments where payment_id = ${paymentId} order by status`,
      )
    ).map((r) => r.status);
  /** How many children are enrolled in a session. */
  const enrolledCount = async (sessionId: number) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from class_session_enrollments where class_session_id = ${sessionId} and status = 'Enrolled'`,
      )
    )[0]!.n;

  return {
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    clock,
    statuses,
    enrolledCount,
  };
}
