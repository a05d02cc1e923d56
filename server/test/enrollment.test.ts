/**
 * The registration domain through the API (issue 5; docs/architecture.md "Registration domain"): windows,
 * capacity, duplicates, the test checkout's Pay and Cancel, hold expiry, waitlist order and cap, offers and
 * their expiry, and refunds of a payment whose seat was gone. Who may see what, free sessions and the staff's
 * side are in enrollment-staff.test.ts, the shared set-up in support/enrollment-app.ts. On PGlite and on the
 * PostgreSQL server.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKinds } from './helpers.ts';
import { enrollmentApp } from './support/enrollment-app.ts';

describe.each(dbKinds)('registration on %s', (kind) => {
  const registration = enrollmentApp(kind);
  const { clock, statuses, enrolledCount } = registration;

  describe('enrolling and paying', () => {
    it('holds a seat per child, prices registration + supply fee per child, and pays through the test checkout', async () => {
      const id = await registration.a.session({ rosterSize: 3 });
      const parent = await registration.a.family('Rivera', 2);
      const res = await registration.a.enroll(parent, id);
      expect(res.statusCode).toBe(201);
      const payment = res.json();
      expect(payment).toMatchObject({
        status: 'Pending',
        provider: 'test',
        originalAmount: 110_000,
        finalAmount: 110_000,
        lineItems: [
          { unitAmount: 50_000, quantity: 2, amount: 100_000 },
          { unitAmount: 5_000, quantity: 2, amount: 10_000 },
        ],
      });
      expect(payment.checkoutUrl).toMatch(/\/test-checkout\/test_cs_/);
      expect(payment.enrollments).toHaveLength(2);
      expect(await registration.a.seatsLeft(id)).toBe(1);

      // The checkout page says it is a test and shows Pay and Cancel.
      const page = await registration.t.app.inject({
        method: 'GET',
        url: new URL(payment.checkoutUrl).pathname,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('no card is charged');
      expect(page.body).toMatch(/<button[^>]*>Pay<\/button>/);
      expect(page.body).toMatch(/<button[^>]*>Cancel<\/button>/);
      expect(page.body).toContain('$1,100.00');

      const paid = await registration.a.press(payment.checkoutId, 'pay');
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toContain(`/sessions/${id}/enrollment-successful/${payment.checkoutId}`);
      // Double-clicked Pay: still one payment, one enrollment per child.
      expect((await registration.a.press(payment.checkoutId, 'pay')).statusCode).toBe(303);
      const confirmation = await registration.a.call(
        null,
        'GET',
        `/api/ClassSessionEnrollment/Confirmation/${payment.checkoutId}`,
      );
      expect(confirmation.statusCode).toBe(200);
      expect(confirmation.json()).toMatchObject({ status: 'Paid', id: payment.id });
      expect(confirmation.json().receiptUrl).toContain('/receipt');
      expect(await statuses(payment.id)).toEqual(['Enrolled', 'Enrolled']);
      expect(await enrolledCount(id)).toBe(2);

      const receipt = await registration.t.app.inject({
        method: 'GET',
        url: new URL(confirmation.json().receiptUrl).pathname,
      });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.body).toContain('Receipt');

      await registration.t.flush();
      const mail = (await registration.t.mails()).filter(
        (m) => m.to === parent.email && m.subject.startsWith('You’re enrolled'),
      );
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('Ava and Ben are enrolled');

      const billing = await registration.a.call(parent.token, 'GET', '/api/Billing');
      expect(billing.json()).toHaveLength(1);
      expect(billing.json()[0]).toMatchObject({ status: 'Paid', finalAmount: 110_000 });
      const mine = await registration.a.call(parent.token, 'GET', '/api/ClassSessionEnrollment');
      expect(mine.json().map((e: { status: string }) => e.status)).toEqual(['Enrolled', 'Enrolled']);
      // Enrolled children cannot be enrolled again.
      const again = await registration.a.enroll(parent, id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('is enrolled in');
    });

    it('answers the same checkout when the same children are sent again while it is open', async () => {
      const id = await registration.a.session();
      const parent = await registration.a.family('Okafor', 1);
      const first = await registration.a.enroll(parent, id);
      const second = await registration.a.enroll(parent, id);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
      expect(await registration.a.seatsLeft(id)).toBe(1);
    });

    it('Cancel releases the seats at once and the failed page can be settled again harmlessly', async () => {
      const id = await registration.a.session({ rosterSize: 1 });
      const parent = await registration.a.family('Haddad', 1);
      const payment = (await registration.a.enroll(parent, id)).json();
      expect(await registration.a.seatsLeft(id)).toBe(0);
      const cancelled = await registration.a.press(payment.checkoutId, 'cancel');
      expect(cancelled.headers.location).toContain(`/enrollment-failed/${payment.checkoutId}`);
      expect(await registration.a.seatsLeft(id)).toBe(1);
      const confirmation = await registration.a.call(
        null,
        'GET',
        `/api/ClassSessionEnrollment/Confirmation/${payment.checkoutId}`,
      );
      expect(confirmation.json().status).toBe('Expired');
      expect(await statuses(payment.id)).toEqual(['Cancelled']);
      // Pay after Cancel changes nothing.
      await registration.a.press(payment.checkoutId, 'pay');
      expect(await statuses(payment.id)).toEqual(['Cancelled']);
    });

    it('releases a lapsed hold in the background sweep', async () => {
      const id = await registration.a.session({ rosterSize: 1 });
      const parent = await registration.a.family('Tanaka', 1);
      const payment = (await registration.a.enroll(parent, id)).json();
      clock.advanceMinutes(29);
      await registration.t.flush();
      expect(await registration.a.seatsLeft(id)).toBe(0);
      clock.advanceMinutes(2);
      expect(await registration.a.seatsLeft(id)).toBe(1);
      await registration.t.flush();
      const [row] = await queryRows<{ status: string }>(
        registration.t.database.db,
        sql`select status from payments where id = ${payment.id}`,
      );
      expect(row!.status).toBe('Expired');
      expect(await statuses(payment.id)).toEqual(['Cancelled']);
      const page = await registration.t.app.inject({
        method: 'GET',
        url: new URL(payment.checkoutUrl).pathname,
      });
      expect(page.body).toContain('can no longer be paid');
    });

    it('refunds a checkout paid after its hold lapsed when the seat went to someone else, never enrolling over capacity', async () => {
      const id = await registration.a.session({ rosterSize: 1 });
      const late = await registration.a.family('Silva', 1);
      const quick = await registration.a.family('Kim', 1);
      const latePayment = (await registration.a.enroll(late, id)).json();
      // The enrollment's background round (its mail) runs on the clock it was made at: moved after, it would
      // sweep the late family's lapsed hold before the test pays it.
      await registration.t.ctx.work.idle();
      clock.advanceMinutes(31);
      const quickPayment = (await registration.a.enroll(quick, id)).json();
      expect(quickPayment.status).toBe('Pending');
      await registration.a.press(latePayment.checkoutId, 'pay');
      await registration.a.press(quickPayment.checkoutId, 'pay');
      const [lateRow] = await queryRows<{ status: string }>(
        registration.t.database.db,
        sql`select status from payments where id = ${latePayment.id}`,
      );
      expect(lateRow!.status).toBe('Refunded');
      expect(await enrolledCount(id)).toBe(1);
      expect(await statuses(quickPayment.id)).toEqual(['Enrolled']);
      await registration.t.flush();
      expect(
        (await registration.t.mails()).some((m) => m.to === late.email && m.subject.includes('refunded')),
      ).toBe(true);
    });

    it('re-seats a payment completed after its hold lapsed when a seat is still free', async () => {
      const id = await registration.a.session({ rosterSize: 2 });
      const parent = await registration.a.family('Cohen', 1);
      const payment = (await registration.a.enroll(parent, id)).json();
      clock.advanceMinutes(40);
      await registration.a.press(payment.checkoutId, 'pay');
      expect(await statuses(payment.id)).toEqual(['Enrolled']);
    });

    it('refuses more children than seats, and a full session, with a sentence', async () => {
      const id = await registration.a.session({ rosterSize: 2 });
      const big = await registration.a.family('Patel', 3);
      const res = await registration.a.enroll(big, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('Only 2 seats are left');
      expect(res.json().fields.studentIds).toBeTruthy();
      expect((await registration.a.enroll(big, id, big.childIds.slice(0, 2))).statusCode).toBe(201);
      const other = await registration.a.family('Nguyen', 1);
      const full = await registration.a.enroll(other, id);
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toContain('is full');
    });
  });

  describe('registration windows', () => {
    const windows = {
      priorityRegistrationStartDate: new Date('2026-11-19T17:00:00Z'),
      priorityRegistrationEndDate: new Date('2026-11-26T17:00:00Z'),
      registrationStartDate: new Date('2026-11-27T17:00:00Z'),
      registrationEndDate: new Date('2026-12-10T17:00:00Z'),
    };

    it('before, priority (new vs returning family), general, after', async () => {
      const id = await registration.a.session({ ...windows, rosterSize: 5 });
      const newcomer = await registration.a.family('Lopez', 1);
      const returning = await registration.a.family('Rossi', 1);
      // A child of the returning family was enrolled in an earlier session.
      const earlier = await registration.a.session({
        sessionStartDate: '2026-01-05',
        sessionEndDate: '2026-06-01',
      });
      await registration.t.database.db.execute(
        sql`insert into class_session_enrollments (class_session_id, student_id, status) values (${earlier}, ${returning.childIds[0]}, 'Enrolled')`,
      );

      clock.set('2026-11-18T12:00:00Z');
      const before = await registration.a.enroll(newcomer, id);
      expect(before.statusCode).toBe(409);
      expect(before.json().message).toMatch(/opens on/);
      const sentence = await registration.a.call(
        returning.token,
        'GET',
        `/api/ClassSessionEnrollment/${id}/VerifyEligibility`,
      );
      expect(sentence.headers['content-type']).toContain('text/plain');
      expect(sentence.body).toContain('priority registration for returning families');

      clock.set('2026-11-20T18:00:00Z');
      const priorityNew = await registration.a.enroll(newcomer, id);
      expect(priorityNew.statusCode).toBe(409);
      expect(priorityNew.json().message).toContain(
        'Priority registration for returning families is open now',
      );
      expect((await registration.a.enroll(returning, id)).statusCode).toBe(201);
      const standing = await registration.a.call(newcomer.token, 'GET', `/api/ClassSessionEnrollment/${id}`);
      expect(standing.json()[0]).toMatchObject({ canEnroll: false, firstName: 'Ava' });

      // Tokens last 12 hours, so each later moment has a freshly signed-in family.
      clock.set('2026-11-28T18:00:00Z');
      const generalNewcomer = await registration.a.family('Nakamura', 1);
      expect((await registration.a.enroll(generalNewcomer, id)).statusCode).toBe(201);

      clock.set('2026-12-11T18:00:00Z');
      const late = await registration.a.family('Singh', 1);
      const after = await registration.a.enroll(late, id);
      expect(after.statusCode).toBe(409);
      expect(after.json().message).toContain('is closed');
    });
  });

  describe('waitlist', () => {
    it('takes children only when full, in order, up to its size, and says each position', async () => {
      const id = await registration.a.session({ rosterSize: 1, waitlistSize: 2 });
      const first = await registration.a.family('Garcia', 1);
      const early = await registration.a.joinWaitlist(first, id);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toContain('Seats are still open');
      expect((await registration.a.enroll(first, id)).statusCode).toBe(201);

      const b = await registration.a.family('Chen', 1);
      const c = await registration.a.family('Johnson', 1);
      const d = await registration.a.family('Moreau', 1);
      const joinedB = await registration.a.joinWaitlist(b, id);
      expect(joinedB.statusCode).toBe(201);
      expect(joinedB.json()[0]).toMatchObject({ status: 'Waiting', position: 1 });
      clock.advanceMinutes(1);
      expect((await registration.a.joinWaitlist(c, id)).json()[0].position).toBe(2);
      const again = await registration.a.joinWaitlist(b, id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('number 1 on the waitlist');
      const capped = await registration.a.joinWaitlist(d, id);
      expect(capped.statusCode).toBe(409);
      expect(capped.json().message).toContain('its waitlist');
      const places = await registration.a.call(c.token, 'GET', '/api/ClassSessionEnrollment/Waitlist');
      expect(places.json()).toMatchObject([{ status: 'Waiting', position: 2, classSessionId: id }]);
    });

    it('offers a freed seat to the first family, who enrolls; an unclaimed offer passes to the next', async () => {
      const id = await registration.a.session({ rosterSize: 1, waitlistSize: 5 });
      const holder = await registration.a.family('Avery', 1);
      const hold = (await registration.a.enroll(holder, id)).json();
      const b = await registration.a.family('Brooks', 1);
      const c = await registration.a.family('Castro', 1);
      await registration.a.joinWaitlist(b, id);
      clock.advanceMinutes(1);
      await registration.a.joinWaitlist(c, id);

      await registration.a.press(hold.checkoutId, 'cancel');
      await registration.t.flush();
      const offer = (
        await registration.a.call(b.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')
      ).json()[0];
      expect(offer.status).toBe('Offered');
      expect(Date.parse(offer.expires) - clock.now().getTime()).toBe(48 * 3_600_000);
      const offerMail = (await registration.t.mails()).find(
        (m) => m.to === b.email && m.subject.startsWith('A seat'),
      );
      expect(offerMail?.subject).toContain('A seat opened');
      expect(offerMail?.text).toContain(`/sessions/${id}/enroll`);
      // The offered seat is kept for that family: nobody else can take it.
      expect(await registration.a.seatsLeft(id)).toBe(0);
      expect((await registration.a.enroll(holder, id)).statusCode).toBe(409);

      // Offer lapses after 48 hours and passes to the next family.
      clock.advanceMinutes(48 * 60 + 1);
      await registration.t.flush();
      await registration.a.signIn(b);
      await registration.a.signIn(c);
      expect(
        (await registration.a.call(b.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0].status,
      ).toBe('Expired');
      expect(
        (await registration.t.mails()).some(
          (m) => m.to === b.email && m.subject.includes('passed to the next family'),
        ),
      ).toBe(true);
      expect(
        (await registration.a.call(c.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0].status,
      ).toBe('Offered');

      // The next family enrolls with the offer and pays.
      const standing = (
        await registration.a.call(c.token, 'GET', `/api/ClassSessionEnrollment/${id}`)
      ).json()[0];
      expect(standing).toMatchObject({ canEnroll: true, waitlistStatus: 'Offered' });
      const payment = await registration.a.enroll(c, id);
      expect(payment.statusCode).toBe(201);
      await registration.a.press(payment.json().checkoutId, 'pay');
      expect(await statuses(payment.json().id)).toEqual(['Enrolled']);
      expect(
        (await registration.a.call(c.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0].status,
      ).toBe('Accepted');
      expect(await enrolledCount(id)).toBe(1);
    });

    it('retires JoinWaitlistOld with 410 and a pointer', async () => {
      const parent = await registration.a.family('Old', 1);
      const id = await registration.a.session();
      const res = await registration.a.call(
        parent.token,
        'POST',
        `/api/ClassSessionEnrollment/JoinWaitlistOld/${id}`,
        {
          classSessionId: id,
          studentIds: parent.childIds,
        },
      );
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toContain('/api/ClassSessionEnrollment/JoinWaitlist/');
    });
  });
});
