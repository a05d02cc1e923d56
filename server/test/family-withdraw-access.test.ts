/**
 * Who may withdraw what (issue 13): another family's enrollment, an unknown or malformed id 404, anonymous 401,
 * a staff account 403, each with nothing changed; a malformed body named by its field; a seat only held while
 * paying and a session that has ended 409 with a sentence. The quote and the withdrawal are in
 * family-withdraw.test.ts and family-withdraw-refunds.test.ts, the shared set-up in support/withdrawal-app.ts.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classSessionEnrollments, classSessions } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import type { Family } from './support/registration.ts';
import { NOW, withdrawalApp } from './support/withdrawal-app.ts';

describe.each(dbKinds)('a parent withdraws a child on %s', (kind) => {
  const withdrawals = withdrawalApp(kind);
  const { clock, key, db, enrolledFamily, quote, withdraw, enrollmentRow, count } = withdrawals;

  describe('who may withdraw what', () => {
    let owner: Awaited<ReturnType<typeof enrolledFamily>>;
    let stranger: Family;
    let sessionId: number;
    beforeAll(async () => {
      clock.set(NOW);
      sessionId = await withdrawals.a.session({
        name: 'Guarded Room',
        rosterSize: 3,
        sessionStartDate: '2027-01-18',
      });
      owner = await enrolledFamily('Owner', sessionId);
      stranger = await withdrawals.a.family('Stranger', 1);
    });

    const snapshot = async () => ({
      status: (await enrollmentRow(owner.enrollmentIds[0]!)).status,
      refunds: await count('refunds'),
      audit: await count('audit_events'),
      mail: await count('mail_outbox'),
    });

    it('another family’s enrollment, an unknown id and a malformed id are 404, and nothing changes', async () => {
      const before = await snapshot();
      for (const id of [owner.enrollmentIds[0]!, '00000000-0000-4000-8000-000000000000', 'not-an-id', '1']) {
        const who = id === owner.enrollmentIds[0] ? stranger : owner;
        const q = await quote(who.token, id);
        expect(q.statusCode).toBe(404);
        expect(q.body).not.toContain('Owner');
        const w = await withdraw(who.token, id, 55_000);
        expect(w.statusCode).toBe(404);
        expect(w.json().message).toBe('That enrollment was not found.');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('anonymous is 401 and a staff account 403, and nothing changes', async () => {
      const before = await snapshot();
      const id = owner.enrollmentIds[0]!;
      expect((await quote(null, id)).statusCode).toBe(401);
      expect((await withdraw(null, id, 55_000)).statusCode).toBe(401);
      expect((await quote(withdrawals.admin, id)).statusCode).toBe(403);
      const staff = await withdraw(withdrawals.admin, id, 55_000);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toMatch(/roster/);
      expect(await snapshot()).toEqual(before);
    });

    it('a malformed body names the field', async () => {
      const id = owner.enrollmentIds[0]!;
      const noAmount = await withdrawals.a.call(
        owner.token,
        'POST',
        `/api/ClassSessionEnrollment/${id}/Withdraw`,
        {
          idempotencyKey: key(),
        },
      );
      expect(noAmount.statusCode).toBe(400);
      expect(Object.keys(noAmount.json().fields)).toEqual(['expectedRefund']);
      const badKey = await withdrawals.a.call(
        owner.token,
        'POST',
        `/api/ClassSessionEnrollment/${id}/Withdraw`,
        {
          expectedRefund: 100,
          idempotencyKey: 'x',
        },
      );
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().fields.idempotencyKey).toMatch(/idempotency key/);
      expect((await enrollmentRow(id)).status).toBe('Enrolled');
    });

    it('a seat only held while paying, and a session that has ended, are 409 with a sentence', async () => {
      const held = await withdrawals.a.family('Holder', 1);
      const hold = await withdrawals.a.enroll(held, sessionId);
      expect(hold.statusCode).toBe(201);
      const [heldRow] = await db()
        .select({ id: classSessionEnrollments.id })
        .from(classSessionEnrollments)
        .where(eq(classSessionEnrollments.paymentId, hold.json().id));
      const pending = await quote(held.token, heldRow!.id);
      expect(pending.statusCode).toBe(409);
      expect(pending.json().message).toMatch(/only held while you pay/);

      const past = await withdrawals.a.session({
        name: 'Bygone Room',
        rosterSize: 3,
        sessionStartDate: '2027-01-18',
      });
      const family = await enrolledFamily('Bygone', past);
      await db()
        .update(classSessions)
        .set({ sessionStartDate: '2026-09-01', sessionEndDate: '2026-11-19' })
        .where(eq(classSessions.id, past));
      const ended = await quote(family.token, family.enrollmentIds[0]!);
      expect(ended.statusCode).toBe(409);
      expect(ended.json().message).toBe(
        'Bygone Room ended on Thursday, November 19, 2026, so Ava cannot be withdrawn from it any more.',
      );
      expect((await withdraw(family.token, family.enrollmentIds[0]!, 0)).statusCode).toBe(409);
      expect((await enrollmentRow(family.enrollmentIds[0]!)).status).toBe('Enrolled');
    });
  });
});
