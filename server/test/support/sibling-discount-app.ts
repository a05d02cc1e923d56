/**
 * The sibling discount tests' set-up (sibling-discount.test.ts, sibling-discount-checkout.test.ts; issue 13,
 * decision 014): an app with the test checkout on a clock the test moves (back at NOW before each test), and
 * the calls that enroll, pay and read the enroll page's standing, with the test checkout's own total.
 */
import type { LineItem } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { DbKind } from '../helpers.ts';
import { enrollmentApp, NOW } from './enrollment-app.ts';
import type { Family } from './registration.ts';

export { NOW };

/** A payment as the enroll call and Billing answer it (cents). */
export type PaymentJson = {
  id: string;
  status: string;
  provider: string;
  originalAmount: number;
  finalAmount: number;
  checkoutId: string;
  checkoutUrl: string | null;
  lineItems: LineItem[];
};

/** The amounts of a payment's lines, in order (cents). */
export const amounts = (payment: PaymentJson) => payment.lineItems.map((l) => l.amount);

/**
 * Open the app for the calling `describe` (the registration tests' set-up, support/enrollment-app.ts: its own
 * beforeAll/afterAll/beforeEach) and answer the helpers; `t` and `a` are there once the describe's tests run.
 */
export function siblingDiscountApp(kind: DbKind) {
  const app = enrollmentApp(kind);

  /** The test checkout's own record of what it charges (cents). */
  const checkoutTotal = async (checkoutId: string) =>
    (
      await queryRows<{ total: number }>(
        app.t.database.db,
        sql`select (checkout_json->>'amount_total')::int as total from payments where checkout_id = ${checkoutId}`,
      )
    )[0]?.total;

  /** Enroll `studentIds` and answer the new payment (201). */
  const enrollNew = async (family: Family, sessionId: number, studentIds: string[]) => {
    const res = await app.a.enroll(family, sessionId, studentIds);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PaymentJson;
  };

  /** Enroll `studentIds` and pay in the test checkout. */
  const enrollAndPay = async (family: Family, sessionId: number, studentIds: string[]) => {
    const payment = await enrollNew(family, sessionId, studentIds);
    expect((await app.a.press(payment.checkoutId, 'pay')).statusCode).toBe(303);
    return payment;
  };

  /** The family's children for a session as the enroll page loads them, by id. */
  const standing = async (family: Family, sessionId: number) => {
    const res = await app.a.call(family.token, 'GET', `/api/ClassSessionEnrollment/${sessionId}`);
    expect(res.statusCode).toBe(200);
    const children = res.json() as Array<{ id: string; holdsSiblingPlace: boolean }>;
    return Object.fromEntries(children.map((c) => [c.id, c.holdsSiblingPlace]));
  };

  return {
    get t() {
      return app.t;
    },
    get a() {
      return app.a;
    },
    clock: app.clock,
    checkoutTotal,
    enrollNew,
    enrollAndPay,
    standing,
  };
}
