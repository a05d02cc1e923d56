/**
 * A child's place on the staff side (issue 10): withdrawing (the seat offered to the next family, the reason
 * recorded, a refund), rolling back whole when a step fails, enrolling by hand within the seats, moving
 * atomically, and the waitlist actions (offer, skip, remove), with the audit rows written with the changes they
 * record. The role × route matrix is in staff-money.test.ts, the shared set-up in support/money-app.ts. On
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { auditEvents, payments, waitlistSubmissions } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { staffMoneyApp } from './support/money-app.ts';
import type { Family } from './support/registration.ts';

describe.each(dbKinds)('staff money on %s', (kind) => {
  const office = staffMoneyApp(kind);
  const { tick, as, enrolledFamily, paymentRow, auditCount, mailCount, mailsTo, enrollmentOf } = office;

  describe('withdraw, enroll by hand, move, waitlist', () => {
    it('withdrawing offers the seat to the next waiting family (email queued), records the reason, can refund', async () => {
      const full = await office.a.session({
        name: 'Full Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 1,
      });
      const enrolled = await enrolledFamily('Leaving', full);
      const first = await office.a.family('Firstinline', 1);
      const second = await office.a.family('Secondinline', 1);
      expect((await office.a.joinWaitlist(first, full)).statusCode).toBe(201);
      tick();
      expect((await office.a.joinWaitlist(second, full)).statusCode).toBe(201);

      const missingReason = await as(office.admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: ' ',
      });
      expect(missingReason.statusCode).toBe(400);
      expect(missingReason.json().fields.reason).toBe('Please say why the child is leaving.');
      const tooMuch = await as(office.admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: 'Moving away',
        refundAmount: 99_999,
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json().fields.refundAmount).toMatch(/at most \$550\.00/);
      expect((await enrollmentOf(full, enrolled.childIds[0]!))[0]!.status).toBe('Enrolled');

      const res = await as(office.admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: 'Moving away',
        refundAmount: 27_500,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ offered: 1, refundId: expect.any(String) });
      const [enrollment] = await enrollmentOf(full, enrolled.childIds[0]!);
      expect(enrollment).toMatchObject({ status: 'Withdrawn', withdrawnReason: 'Moving away' });
      expect(enrollment!.withdrawnAt).toBeInstanceOf(Date);
      const places = await office.t.database.db
        .select()
        .from(waitlistSubmissions)
        .where(eq(waitlistSubmissions.classSessionId, full));
      expect(places.find((p) => p.studentId === first.childIds[0])!.status).toBe('Offered');
      expect(places.find((p) => p.studentId === second.childIds[0])!.status).toBe('Waiting');
      expect((await mailsTo(first.email)).map((m) => m.subject)).toContain(
        'A seat opened for Ava in Full Room',
      );
      expect((await mailsTo(enrolled.email)).map((m) => m.subject)).toEqual(
        expect.arrayContaining([
          'Ava has been withdrawn from Full Room',
          'We’ve refunded $275.00 for Full Room',
        ]),
      );
      expect(await paymentRow(enrolled.paymentId)).toMatchObject({ refundedAmount: 27_500, status: 'Paid' });
      const [audit] = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, enrollment!.id), eq(auditEvents.action, 'enrollment.withdraw')));
      expect(audit).toMatchObject({
        actorUserId: office.adminId,
        after: { status: 'Withdrawn', reason: 'Moving away' },
      });
      // Withdrawn already: 404.
      const again = await as(office.admin, 'POST', `/api/staff/sessions/${full}/withdraw`, {
        studentId: enrolled.childIds[0],
        reason: 'Again',
      });
      expect(again.statusCode).toBe(404);
    });

    it('a withdrawal rolls back whole when a step fails: no withdrawal, no audit row, no mail', async () => {
      const room = await office.a.session({
        name: 'Rollback Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 2,
      });
      const family = await enrolledFamily('Rollback', room);
      const before = { audit: await auditCount(), mail: await mailCount() };
      // The refund reservation fails (the payment is not paid any more) after the lookup: all of it rolls back.
      await office.t.database.db
        .update(payments)
        .set({ status: 'Failed' })
        .where(eq(payments.id, family.paymentId));
      const res = await as(office.admin, 'POST', `/api/staff/sessions/${room}/withdraw`, {
        studentId: family.childIds[0],
        reason: 'Test',
        refundAmount: 100,
      });
      expect(res.statusCode).toBe(409);
      expect((await enrollmentOf(room, family.childIds[0]!))[0]!.status).toBe('Enrolled');
      expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);
    });

    it('enrolling by hand records an offline payment with its note, within the seats (409 when full)', async () => {
      const room = await office.a.session({
        name: 'Check Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 1,
      });
      const byCheck = await office.a.family('Bycheck', 1);
      const late = await office.a.family('Toolate', 1);
      const res = await as(office.admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
        studentId: byCheck.childIds[0],
        amount: 55_000,
        note: 'Check #1042',
      });
      expect(res.statusCode).toBe(201);
      expect(await paymentRow(res.json().paymentId)).toMatchObject({
        status: 'Paid',
        provider: 'offline',
        note: 'Check #1042',
        finalAmount: 55_000,
        userId: byCheck.userId,
      });
      expect((await enrollmentOf(room, byCheck.childIds[0]!))[0]!.status).toBe('Enrolled');
      expect((await mailsTo(byCheck.email)).map((m) => m.subject)).toContain('You’re enrolled: Check Room');
      const [audit] = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, res.json().enrollmentId));
      expect(audit).toMatchObject({ action: 'enrollment.create.offline', after: { note: 'Check #1042' } });

      const before = await auditCount();
      const full = await as(office.admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
        studentId: late.childIds[0],
        amount: 55_000,
        note: 'Check #1043',
      });
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toBe(
        'Check Room is full (1 of 1 seat taken). Withdraw a child or raise the roster size first.',
      );
      const twice = await as(office.admin, 'POST', `/api/staff/sessions/${room}/enrollments`, {
        studentId: byCheck.childIds[0],
        amount: 1,
        note: 'Again',
      });
      expect(twice.statusCode).toBe(409);
      expect(await auditCount()).toBe(before);
      expect(
        (await office.t.database.db.select().from(payments).where(eq(payments.userId, late.userId))).length,
      ).toBe(0);
      // The parent's Billing shows the office's payment.
      const billing = (await as(byCheck.token, 'GET', '/api/Billing')).json();
      expect(billing[0]).toMatchObject({ provider: 'offline', status: 'Paid', finalAmount: 55_000 });
    });

    it('moving is one step: withdrawn from A (seat offered on), enrolled in B with the same payment; B full → 409, nothing changed', async () => {
      const roomA = await office.a.session({ name: 'Room A', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const roomB = await office.a.session({ name: 'Room B', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const roomC = await office.a.session({ name: 'Room C', sessionStartDate: '2026-11-02', rosterSize: 1 });
      const mover = await enrolledFamily('Mover', roomA);
      await enrolledFamily('Sitting', roomC);
      const waitingA = await office.a.family('Waitinga', 1);
      expect((await office.a.joinWaitlist(waitingA, roomA)).statusCode).toBe(201);

      const before = { audit: await auditCount(), mail: await mailCount() };
      const refused = await as(office.admin, 'POST', `/api/staff/sessions/${roomA}/move`, {
        studentId: mover.childIds[0],
        toClassSessionId: roomC,
        reason: 'Better days',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().fields.toClassSessionId).toMatch(/^Room C is full/);
      expect((await enrollmentOf(roomA, mover.childIds[0]!))[0]!.status).toBe('Enrolled');
      expect(await enrollmentOf(roomC, mover.childIds[0]!)).toHaveLength(0);
      expect({ audit: await auditCount(), mail: await mailCount() }).toEqual(before);

      const res = await as(office.admin, 'POST', `/api/staff/sessions/${roomA}/move`, {
        studentId: mover.childIds[0],
        toClassSessionId: roomB,
        reason: 'Better days',
      });
      expect(res.statusCode).toBe(200);
      const [fromA] = await enrollmentOf(roomA, mover.childIds[0]!);
      const [inB] = await enrollmentOf(roomB, mover.childIds[0]!);
      expect(fromA).toMatchObject({ status: 'Withdrawn', withdrawnReason: 'Moved to Room B: Better days' });
      expect(inB).toMatchObject({ status: 'Enrolled', paymentId: mover.paymentId });
      const [offer] = await office.t.database.db
        .select()
        .from(waitlistSubmissions)
        .where(eq(waitlistSubmissions.studentId, waitingA.childIds[0]!));
      expect(offer!.status).toBe('Offered');
      expect((await mailsTo(mover.email)).map((m) => m.subject)).toContain('Ava has moved to Room B');
      const [audit] = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, fromA!.id), eq(auditEvents.action, 'enrollment.move')));
      expect(audit).toMatchObject({
        before: { classSessionId: roomA },
        after: { classSessionId: roomB, paymentId: mover.paymentId },
      });
    });

    it('the waitlist: offer now (only with a free seat), skip to the end, remove with an email', async () => {
      // Waitlist-only until January: no automatic offers, the office decides.
      const room = await office.a.session({
        name: 'Line Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 1,
      });
      await enrolledFamily('Holder', room);
      const one = await office.a.family('Lineone', 1);
      const two = await office.a.family('Linetwo', 1);
      const three = await office.a.family('Linethree', 1);
      for (const f of [one, two, three]) {
        tick();
        expect((await office.a.joinWaitlist(f, room)).statusCode).toBe(201);
      }
      const line = async () =>
        (await as(office.admin, 'GET', `/api/staff/sessions/${room}/roster`))
          .json()
          .waitlist.map((w: { lastName: string; status: string }) => `${w.lastName}:${w.status}`);
      expect(await line()).toEqual(['Lineone:Waiting', 'Linetwo:Waiting', 'Linethree:Waiting']);

      const act = (f: Family, action: string) => {
        tick();
        return as(office.admin, 'POST', `/api/staff/sessions/${room}/waitlist/${f.childIds[0]}`, { action });
      };
      // No free seat: no offer.
      expect((await act(two, 'offer')).statusCode).toBe(409);
      // Skip: Lineone goes to the end.
      expect((await act(one, 'skip')).statusCode).toBe(204);
      expect(await line()).toEqual(['Linetwo:Waiting', 'Linethree:Waiting', 'Lineone:Waiting']);
      // Remove: Linethree's place ends, the family is told.
      expect((await act(three, 'remove')).statusCode).toBe(204);
      expect(await line()).toEqual(['Linetwo:Waiting', 'Lineone:Waiting']);
      expect((await mailsTo(three.email)).map((m) => m.subject)).toContain(
        'Ava’s waitlist place for Line Room has ended',
      );
      expect((await act(three, 'remove')).statusCode).toBe(404);
      // A free seat (raised roster size): offered to the one the director picks.
      await office.t.database.db.execute(sql`update class_sessions set roster_size = 2 where id = ${room}`);
      expect((await act(one, 'offer')).statusCode).toBe(204);
      // The roster lists those waiting first, then offers.
      expect(await line()).toEqual(['Linetwo:Waiting', 'Lineone:Offered']);
      expect((await mailsTo(one.email)).map((m) => m.subject)).toContain(
        'A seat opened for Ava in Line Room',
      );
      // Skipping an offered child passes the seat to the next in line.
      expect((await act(one, 'skip')).statusCode).toBe(204);
      expect(await line()).toEqual(['Lineone:Waiting', 'Linetwo:Offered']);
      const actions = await queryRows<{ action: string }>(
        office.t.database.db,
        sql`select action from audit_events where entity_type = 'WaitlistSubmission' order by at, id`,
      );
      expect(actions.map((r) => r.action)).toEqual([
        'waitlist.skip',
        'waitlist.remove',
        'waitlist.offer',
        'waitlist.skip',
      ]);
    });
  });
});
