/**
 * The registration domain through the API (issue 5; docs/architecture.md "Registration domain"): windows,
 * capacity, duplicates, the test checkout's Pay and Cancel, hold expiry, waitlist order and cap, offers and
 * their expiry, refunds of a payment whose seat was gone, billing, and who may see what. On PGlite and on
 * the PostgreSQL server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type MovableClock, movableClock, springSessionBody } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('registration on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());
  beforeEach(() => clock.set(NOW));

  const statuses = async (paymentId: string) =>
    (
      await queryRows<{ status: string }>(
        t.database.db,
        sql`select status from class_session_enrollments where payment_id = ${paymentId} order by status`,
      )
    ).map((r) => r.status);
  const enrolledCount = async (sessionId: number) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from class_session_enrollments where class_session_id = ${sessionId} and status = 'Enrolled'`,
      )
    )[0]!.n;

  describe('enrolling and paying', () => {
    it('holds a seat per child, prices registration + supply fee per child, and pays through the test checkout', async () => {
      const id = await a.session({ rosterSize: 3 });
      const parent = await a.family('Rivera', 2);
      const res = await a.enroll(parent, id);
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
      expect(await a.seatsLeft(id)).toBe(1);

      // The checkout page says it is a test and shows Pay and Cancel.
      const page = await t.app.inject({ method: 'GET', url: new URL(payment.checkoutUrl).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('no card is charged');
      expect(page.body).toMatch(/<button[^>]*>Pay<\/button>/);
      expect(page.body).toMatch(/<button[^>]*>Cancel<\/button>/);
      expect(page.body).toContain('$1,100.00');

      const paid = await a.press(payment.checkoutId, 'pay');
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toContain(`/sessions/${id}/enrollment-successful/${payment.checkoutId}`);
      // Double-clicked Pay: still one payment, one enrollment per child.
      expect((await a.press(payment.checkoutId, 'pay')).statusCode).toBe(303);
      const confirmation = await a.call(
        null,
        'GET',
        `/api/ClassSessionEnrollment/Confirmation/${payment.checkoutId}`,
      );
      expect(confirmation.statusCode).toBe(200);
      expect(confirmation.json()).toMatchObject({ status: 'Paid', id: payment.id });
      expect(confirmation.json().receiptUrl).toContain('/receipt');
      expect(await statuses(payment.id)).toEqual(['Enrolled', 'Enrolled']);
      expect(await enrolledCount(id)).toBe(2);

      const receipt = await t.app.inject({
        method: 'GET',
        url: new URL(confirmation.json().receiptUrl).pathname,
      });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.body).toContain('Receipt');

      await t.flush();
      const mail = (await t.mails()).filter(
        (m) => m.to === parent.email && m.subject.startsWith('You’re enrolled'),
      );
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('Ava and Ben are enrolled');

      const billing = await a.call(parent.token, 'GET', '/api/Billing');
      expect(billing.json()).toHaveLength(1);
      expect(billing.json()[0]).toMatchObject({ status: 'Paid', finalAmount: 110_000 });
      const mine = await a.call(parent.token, 'GET', '/api/ClassSessionEnrollment');
      expect(mine.json().map((e: { status: string }) => e.status)).toEqual(['Enrolled', 'Enrolled']);
      // Enrolled children cannot be enrolled again.
      const again = await a.enroll(parent, id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('is enrolled in');
    });

    it('answers the same checkout when the same children are sent again while it is open', async () => {
      const id = await a.session();
      const parent = await a.family('Okafor', 1);
      const first = await a.enroll(parent, id);
      const second = await a.enroll(parent, id);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
      expect(await a.seatsLeft(id)).toBe(1);
    });

    it('Cancel releases the seats at once and the failed page can be settled again harmlessly', async () => {
      const id = await a.session({ rosterSize: 1 });
      const parent = await a.family('Haddad', 1);
      const payment = (await a.enroll(parent, id)).json();
      expect(await a.seatsLeft(id)).toBe(0);
      const cancelled = await a.press(payment.checkoutId, 'cancel');
      expect(cancelled.headers.location).toContain(`/enrollment-failed/${payment.checkoutId}`);
      expect(await a.seatsLeft(id)).toBe(1);
      const confirmation = await a.call(
        null,
        'GET',
        `/api/ClassSessionEnrollment/Confirmation/${payment.checkoutId}`,
      );
      expect(confirmation.json().status).toBe('Expired');
      expect(await statuses(payment.id)).toEqual(['Cancelled']);
      // Pay after Cancel changes nothing.
      await a.press(payment.checkoutId, 'pay');
      expect(await statuses(payment.id)).toEqual(['Cancelled']);
    });

    it('releases a lapsed hold in the background sweep', async () => {
      const id = await a.session({ rosterSize: 1 });
      const parent = await a.family('Tanaka', 1);
      const payment = (await a.enroll(parent, id)).json();
      clock.advanceMinutes(29);
      await t.flush();
      expect(await a.seatsLeft(id)).toBe(0);
      clock.advanceMinutes(2);
      expect(await a.seatsLeft(id)).toBe(1);
      await t.flush();
      const [row] = await queryRows<{ status: string }>(
        t.database.db,
        sql`select status from payments where id = ${payment.id}`,
      );
      expect(row!.status).toBe('Expired');
      expect(await statuses(payment.id)).toEqual(['Cancelled']);
      const page = await t.app.inject({ method: 'GET', url: new URL(payment.checkoutUrl).pathname });
      expect(page.body).toContain('can no longer be paid');
    });

    it('refunds a checkout paid after its hold lapsed when the seat went to someone else, never enrolling over capacity', async () => {
      const id = await a.session({ rosterSize: 1 });
      const late = await a.family('Silva', 1);
      const quick = await a.family('Kim', 1);
      const latePayment = (await a.enroll(late, id)).json();
      clock.advanceMinutes(31);
      const quickPayment = (await a.enroll(quick, id)).json();
      expect(quickPayment.status).toBe('Pending');
      await a.press(latePayment.checkoutId, 'pay');
      await a.press(quickPayment.checkoutId, 'pay');
      const [lateRow] = await queryRows<{ status: string }>(
        t.database.db,
        sql`select status from payments where id = ${latePayment.id}`,
      );
      expect(lateRow!.status).toBe('Refunded');
      expect(await enrolledCount(id)).toBe(1);
      expect(await statuses(quickPayment.id)).toEqual(['Enrolled']);
      await t.flush();
      expect((await t.mails()).some((m) => m.to === late.email && m.subject.includes('refunded'))).toBe(true);
    });

    it('re-seats a payment completed after its hold lapsed when a seat is still free', async () => {
      const id = await a.session({ rosterSize: 2 });
      const parent = await a.family('Cohen', 1);
      const payment = (await a.enroll(parent, id)).json();
      clock.advanceMinutes(40);
      await a.press(payment.checkoutId, 'pay');
      expect(await statuses(payment.id)).toEqual(['Enrolled']);
    });

    it('refuses more children than seats, and a full session, with a sentence', async () => {
      const id = await a.session({ rosterSize: 2 });
      const big = await a.family('Patel', 3);
      const res = await a.enroll(big, id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('Only 2 seats are left');
      expect(res.json().fields.studentIds).toBeTruthy();
      expect((await a.enroll(big, id, big.childIds.slice(0, 2))).statusCode).toBe(201);
      const other = await a.family('Nguyen', 1);
      const full = await a.enroll(other, id);
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
      const id = await a.session({ ...windows, rosterSize: 5 });
      const newcomer = await a.family('Lopez', 1);
      const returning = await a.family('Rossi', 1);
      // A child of the returning family was enrolled in an earlier session.
      const earlier = await a.session({ sessionStartDate: '2026-01-05', sessionEndDate: '2026-06-01' });
      await t.database.db.execute(
        sql`insert into class_session_enrollments (class_session_id, student_id, status) values (${earlier}, ${returning.childIds[0]}, 'Enrolled')`,
      );

      clock.set('2026-11-18T12:00:00Z');
      const before = await a.enroll(newcomer, id);
      expect(before.statusCode).toBe(409);
      expect(before.json().message).toMatch(/opens on/);
      const sentence = await a.call(
        returning.token,
        'GET',
        `/api/ClassSessionEnrollment/${id}/VerifyEligibility`,
      );
      expect(sentence.headers['content-type']).toContain('text/plain');
      expect(sentence.body).toContain('priority registration for returning families');

      clock.set('2026-11-20T18:00:00Z');
      const priorityNew = await a.enroll(newcomer, id);
      expect(priorityNew.statusCode).toBe(409);
      expect(priorityNew.json().message).toContain(
        'Priority registration for returning families is open now',
      );
      expect((await a.enroll(returning, id)).statusCode).toBe(201);
      const standing = await a.call(newcomer.token, 'GET', `/api/ClassSessionEnrollment/${id}`);
      expect(standing.json()[0]).toMatchObject({ canEnroll: false, firstName: 'Ava' });

      // Tokens last 12 hours, so each later moment has a freshly signed-in family.
      clock.set('2026-11-28T18:00:00Z');
      const generalNewcomer = await a.family('Nakamura', 1);
      expect((await a.enroll(generalNewcomer, id)).statusCode).toBe(201);

      clock.set('2026-12-11T18:00:00Z');
      const late = await a.family('Singh', 1);
      const after = await a.enroll(late, id);
      expect(after.statusCode).toBe(409);
      expect(after.json().message).toContain('is closed');
    });
  });

  describe('waitlist', () => {
    it('takes children only when full, in order, up to its size, and says each position', async () => {
      const id = await a.session({ rosterSize: 1, waitlistSize: 2 });
      const first = await a.family('Garcia', 1);
      const early = await a.joinWaitlist(first, id);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toContain('Seats are still open');
      expect((await a.enroll(first, id)).statusCode).toBe(201);

      const b = await a.family('Chen', 1);
      const c = await a.family('Johnson', 1);
      const d = await a.family('Moreau', 1);
      const joinedB = await a.joinWaitlist(b, id);
      expect(joinedB.statusCode).toBe(201);
      expect(joinedB.json()[0]).toMatchObject({ status: 'Waiting', position: 1 });
      clock.advanceMinutes(1);
      expect((await a.joinWaitlist(c, id)).json()[0].position).toBe(2);
      const again = await a.joinWaitlist(b, id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('number 1 on the waitlist');
      const capped = await a.joinWaitlist(d, id);
      expect(capped.statusCode).toBe(409);
      expect(capped.json().message).toContain('its waitlist');
      const places = await a.call(c.token, 'GET', '/api/ClassSessionEnrollment/Waitlist');
      expect(places.json()).toMatchObject([{ status: 'Waiting', position: 2, classSessionId: id }]);
    });

    it('offers a freed seat to the first family, who enrolls; an unclaimed offer passes to the next', async () => {
      const id = await a.session({ rosterSize: 1, waitlistSize: 5 });
      const holder = await a.family('Avery', 1);
      const hold = (await a.enroll(holder, id)).json();
      const b = await a.family('Brooks', 1);
      const c = await a.family('Castro', 1);
      await a.joinWaitlist(b, id);
      clock.advanceMinutes(1);
      await a.joinWaitlist(c, id);

      await a.press(hold.checkoutId, 'cancel');
      await t.flush();
      const offer = (await a.call(b.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0];
      expect(offer.status).toBe('Offered');
      expect(Date.parse(offer.expires) - clock.now().getTime()).toBe(48 * 3_600_000);
      const offerMail = (await t.mails()).find((m) => m.to === b.email && m.subject.startsWith('A seat'));
      expect(offerMail?.subject).toContain('A seat opened');
      expect(offerMail?.text).toContain(`/sessions/${id}/enroll`);
      // The offered seat is kept for that family: nobody else can take it.
      expect(await a.seatsLeft(id)).toBe(0);
      expect((await a.enroll(holder, id)).statusCode).toBe(409);

      // Offer lapses after 48 hours and passes to the next family.
      clock.advanceMinutes(48 * 60 + 1);
      await t.flush();
      await a.signIn(b);
      await a.signIn(c);
      expect((await a.call(b.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0].status).toBe(
        'Expired',
      );
      expect(
        (await t.mails()).some((m) => m.to === b.email && m.subject.includes('passed to the next family')),
      ).toBe(true);
      expect((await a.call(c.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0].status).toBe(
        'Offered',
      );

      // The next family enrolls with the offer and pays.
      const standing = (await a.call(c.token, 'GET', `/api/ClassSessionEnrollment/${id}`)).json()[0];
      expect(standing).toMatchObject({ canEnroll: true, waitlistStatus: 'Offered' });
      const payment = await a.enroll(c, id);
      expect(payment.statusCode).toBe(201);
      await a.press(payment.json().checkoutId, 'pay');
      expect(await statuses(payment.json().id)).toEqual(['Enrolled']);
      expect((await a.call(c.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0].status).toBe(
        'Accepted',
      );
      expect(await enrolledCount(id)).toBe(1);
    });

    it('retires JoinWaitlistOld with 410 and a pointer', async () => {
      const parent = await a.family('Old', 1);
      const id = await a.session();
      const res = await a.call(parent.token, 'POST', `/api/ClassSessionEnrollment/JoinWaitlistOld/${id}`, {
        classSessionId: id,
        studentIds: parent.childIds,
      });
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toContain('/api/ClassSessionEnrollment/JoinWaitlist/');
    });
  });

  describe('ownership', () => {
    it('another family’s children, payments and session standing stay private', async () => {
      const id = await a.session({ rosterSize: 4 });
      const mine = await a.family('Mine', 1);
      const theirs = await a.family('Theirs', 1);
      const res = await a.enroll(mine, id, theirs.childIds);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.studentIds).toContain('your family');
      expect((await a.joinWaitlist(mine, id, theirs.childIds)).statusCode).toBe(400);
      await a.enroll(theirs, id);
      expect((await a.call(mine.token, 'GET', '/api/Billing')).json()).toEqual([]);
      expect((await a.call(mine.token, 'GET', '/api/ClassSessionEnrollment')).json()).toEqual([]);
      const standing = (await a.call(mine.token, 'GET', `/api/ClassSessionEnrollment/${id}`)).json();
      expect(standing.map((s: { id: string }) => s.id)).toEqual(mine.childIds);
      const other = await a.call(
        mine.token,
        'GET',
        `/api/ClassSessionEnrollment/${id}/VerifyEligibility?studentId=${theirs.childIds[0]}`,
      );
      expect(other.statusCode).toBe(404);
      expect((await a.call(null, 'GET', '/api/Billing')).statusCode).toBe(401);
      expect((await a.call(mine.token, 'GET', '/api/ClassSessionEnrollment/9999999')).statusCode).toBe(404);
      expect((await a.call(null, 'GET', '/api/ClassSessionEnrollment/Confirmation/nope')).statusCode).toBe(
        404,
      );
    });
  });

  describe('free sessions', () => {
    it('POST /api/ClassSessionEnrollment/{id} enrolls at once when there is nothing to pay, and refuses a paid session', async () => {
      const free = await a.session({ registrationPrice: 0, supplyFee: 0 });
      const paid = await a.session();
      const parent = await a.family('Free', 2);
      const res = await a.call(parent.token, 'POST', `/api/ClassSessionEnrollment/${free}`, {
        classSessionId: free,
        studentIds: parent.childIds,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'Enrolled' });
      expect(res.json().students).toHaveLength(2);
      const refused = await a.call(parent.token, 'POST', `/api/ClassSessionEnrollment/${paid}`, {
        classSessionId: paid,
        studentIds: parent.childIds,
      });
      expect(refused.statusCode).toBe(409);
    });
  });

  describe('staff', () => {
    it('creates and updates sessions; a parent may not; a roster below the seats taken is refused; a bigger roster offers seats', async () => {
      const staff = await a.staff();
      const parent = await a.family('Parent', 1);
      const body = {
        ...springSessionBody('Spring Art Studio'),
        description: 'Clay, collage and painting outdoors for curious four- and five-year-olds.',
        rosterSize: 1,
      };
      expect((await a.call(parent.token, 'POST', '/api/ClassSession', body)).statusCode).toBe(403);
      const bad = await a.call(staff, 'POST', '/api/ClassSession', { ...body, sessionEndDate: '2027-01-01' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.sessionEndDate).toBeTruthy();
      const created = await a.call(staff, 'POST', '/api/ClassSession', body);
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect(created.json()).toMatchObject({ registrationState: 'Open', seatsLeft: 1 });

      const payer = await a.family('Payer', 1);
      await a.press((await a.enroll(payer, id)).json().checkoutId, 'pay');
      await a.joinWaitlist(parent, id);
      const shrink = await a.call(staff, 'PUT', `/api/ClassSession/${id}`, { ...body, rosterSize: 0 });
      expect(shrink.statusCode).toBe(409);
      const grow = await a.call(staff, 'PUT', `/api/ClassSession/${id}`, { ...body, rosterSize: 2 });
      expect(grow.statusCode).toBe(200);
      expect(grow.body).toBe('Saved Spring Art Studio.');
      await t.flush();
      expect(
        (await a.call(parent.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0].status,
      ).toBe('Offered');
    });

    it('posts announcements that enrolled families see, emails opted-in contacts and texts to sms.log', async () => {
      const staff = await a.staff();
      const id = await a.session({ rosterSize: 3 });
      const enrolled = await a.family('Enrolled', 1);
      const outsider = await a.family('Outsider', 1);
      await a.call(enrolled.token, 'POST', '/api/Student/Trustees', {
        firstName: 'Grace',
        lastName: 'Enrolled',
        relationship: 'Grandparent',
        cellPhone: '(650) 555-0199',
        emailAddress: 'grace@example.com',
        canPickup: true,
        receiveSMS: true,
        receiveEmail: true,
        studentIds: enrolled.childIds,
      });
      await a.press((await a.enroll(enrolled, id)).json().checkoutId, 'pay');

      const announcement = {
        title: 'Pajama day on Friday',
        webMessage: 'Come in pajamas and bring a favourite book.',
        emailMessage: 'Friday is pajama day! Bring a favourite book.',
        sendEmail: true,
        smsMessage: 'Friday is pajama day!',
        sendSMS: true,
      };
      expect(
        (await a.call(enrolled.token, 'POST', '/api/Announcement', { classSessionIds: [id], announcement }))
          .statusCode,
      ).toBe(403);
      const posted = await a.call(staff, 'POST', '/api/Announcement', {
        classSessionIds: [id],
        announcement,
      });
      expect(posted.statusCode).toBe(201);
      expect(posted.body).toContain('Posted 1 announcement; 2 emails and 1 text message');
      await t.flush();
      const mails = (await t.mails()).filter((m) => m.subject === 'Pajama day on Friday').map((m) => m.to);
      expect(mails.sort()).toEqual([enrolled.email, 'grace@example.com'].sort());
      const { readFile } = await import('node:fs/promises');
      const sms = await readFile(`${t.config.dataDir}/sms.log`, 'utf8');
      expect(sms).toContain('+16505550199');
      expect(sms).toContain('Friday is pajama day!');

      const seen = await a.call(enrolled.token, 'GET', '/api/Announcement');
      expect(seen.json().map((x: { title: string }) => x.title)).toContain('Pajama day on Friday');
      expect(
        (await a.call(enrolled.token, 'GET', `/api/Announcement/ClassSession/${id}`)).json(),
      ).toHaveLength(1);
      expect((await a.call(outsider.token, 'GET', '/api/Announcement')).json()).toEqual([]);
      expect((await a.call(outsider.token, 'GET', `/api/Announcement/ClassSession/${id}`)).statusCode).toBe(
        404,
      );
      const announcementId = seen.json()[0].id;
      expect((await a.call(outsider.token, 'GET', `/api/Announcement/${announcementId}`)).statusCode).toBe(
        404,
      );
      expect((await a.call(enrolled.token, 'GET', `/api/ClassSession/${id}/Resources`)).statusCode).toBe(200);
      expect((await a.call(outsider.token, 'GET', `/api/ClassSession/${id}/Resources`)).statusCode).toBe(404);
      // Out of its date range, an announcement is not shown.
      await a.call(staff, 'POST', '/api/Announcement', {
        classSessionIds: [id],
        announcement: { title: 'Old news', webMessage: 'Gone.', endDate: '2026-11-01T00:00:00Z' },
      });
      expect(
        (await a.call(enrolled.token, 'GET', '/api/Announcement'))
          .json()
          .map((x: { title: string }) => x.title),
      ).not.toContain('Old news');
    });
  });
});
