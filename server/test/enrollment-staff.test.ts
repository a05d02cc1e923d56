/**
 * The registration domain through the API (issue 5; docs/architecture.md "Registration domain"), continued:
 * another family's children and payments stay private, a free session enrolls at once, and the staff create
 * sessions and post announcements that enrolled families see. Paying, windows and the waitlist are in
 * enrollment.test.ts, the shared set-up in support/enrollment-app.ts. On PGlite and on the PostgreSQL server.
 */
import { describe, expect, it } from 'vitest';
import { dbKinds } from './helpers.ts';
import { enrollmentApp } from './support/enrollment-app.ts';
import { springSessionBody } from './support/registration.ts';

describe.each(dbKinds)('registration on %s', (kind) => {
  const registration = enrollmentApp(kind);

  describe('ownership', () => {
    it('another family’s children, payments and session standing stay private', async () => {
      const id = await registration.a.session({ rosterSize: 4 });
      const mine = await registration.a.family('Mine', 1);
      const theirs = await registration.a.family('Theirs', 1);
      const res = await registration.a.enroll(mine, id, theirs.childIds);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.studentIds).toContain('your family');
      expect((await registration.a.joinWaitlist(mine, id, theirs.childIds)).statusCode).toBe(400);
      await registration.a.enroll(theirs, id);
      expect((await registration.a.call(mine.token, 'GET', '/api/Billing')).json()).toEqual([]);
      expect((await registration.a.call(mine.token, 'GET', '/api/ClassSessionEnrollment')).json()).toEqual(
        [],
      );
      const standing = (
        await registration.a.call(mine.token, 'GET', `/api/ClassSessionEnrollment/${id}`)
      ).json();
      expect(standing.map((s: { id: string }) => s.id)).toEqual(mine.childIds);
      const other = await registration.a.call(
        mine.token,
        'GET',
        `/api/ClassSessionEnrollment/${id}/VerifyEligibility?studentId=${theirs.childIds[0]}`,
      );
      expect(other.statusCode).toBe(404);
      expect((await registration.a.call(null, 'GET', '/api/Billing')).statusCode).toBe(401);
      expect(
        (await registration.a.call(mine.token, 'GET', '/api/ClassSessionEnrollment/9999999')).statusCode,
      ).toBe(404);
      expect(
        (await registration.a.call(null, 'GET', '/api/ClassSessionEnrollment/Confirmation/nope')).statusCode,
      ).toBe(404);
    });
  });

  describe('free sessions', () => {
    it('POST /api/ClassSessionEnrollment/{id} enrolls at once when there is nothing to pay, and refuses a paid session', async () => {
      const free = await registration.a.session({ registrationPrice: 0, supplyFee: 0 });
      const paid = await registration.a.session();
      const parent = await registration.a.family('Free', 2);
      const res = await registration.a.call(parent.token, 'POST', `/api/ClassSessionEnrollment/${free}`, {
        classSessionId: free,
        studentIds: parent.childIds,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'Enrolled' });
      expect(res.json().students).toHaveLength(2);
      const refused = await registration.a.call(parent.token, 'POST', `/api/ClassSessionEnrollment/${paid}`, {
        classSessionId: paid,
        studentIds: parent.childIds,
      });
      expect(refused.statusCode).toBe(409);
    });
  });

  describe('staff', () => {
    it('creates and updates sessions; a parent may not; a roster below the seats taken is refused; a bigger roster offers seats', async () => {
      const staff = await registration.a.staff();
      const parent = await registration.a.family('Parent', 1);
      const body = {
        ...springSessionBody('Spring Art Studio'),
        description: 'Clay, collage and painting outdoors for curious four- and five-year-olds.',
        rosterSize: 1,
      };
      expect((await registration.a.call(parent.token, 'POST', '/api/ClassSession', body)).statusCode).toBe(
        403,
      );
      const bad = await registration.a.call(staff, 'POST', '/api/ClassSession', {
        ...body,
        sessionEndDate: '2027-01-01',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields.sessionEndDate).toBeTruthy();
      const created = await registration.a.call(staff, 'POST', '/api/ClassSession', body);
      expect(created.statusCode).toBe(201);
      const id = created.json().id;
      expect(created.json()).toMatchObject({ registrationState: 'Open', seatsLeft: 1 });

      const payer = await registration.a.family('Payer', 1);
      await registration.a.press((await registration.a.enroll(payer, id)).json().checkoutId, 'pay');
      await registration.a.joinWaitlist(parent, id);
      const shrink = await registration.a.call(staff, 'PUT', `/api/ClassSession/${id}`, {
        ...body,
        rosterSize: 0,
      });
      expect(shrink.statusCode).toBe(409);
      const grow = await registration.a.call(staff, 'PUT', `/api/ClassSession/${id}`, {
        ...body,
        rosterSize: 2,
      });
      expect(grow.statusCode).toBe(200);
      expect(grow.body).toBe('Saved Spring Art Studio.');
      await registration.t.flush();
      expect(
        (await registration.a.call(parent.token, 'GET', '/api/ClassSessionEnrollment/Waitlist')).json()[0]
          .status,
      ).toBe('Offered');
    });

    it('posts announcements that enrolled families see, emails opted-in contacts and texts to sms.log', async () => {
      const staff = await registration.a.staff();
      const id = await registration.a.session({ rosterSize: 3 });
      const enrolled = await registration.a.family('Enrolled', 1);
      const outsider = await registration.a.family('Outsider', 1);
      await registration.a.call(enrolled.token, 'POST', '/api/Student/Trustees', {
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
      await registration.a.press((await registration.a.enroll(enrolled, id)).json().checkoutId, 'pay');

      const announcement = {
        title: 'Pajama day on Friday',
        webMessage: 'Come in pajamas and bring a favourite book.',
        emailMessage: 'Friday is pajama day! Bring a favourite book.',
        sendEmail: true,
        smsMessage: 'Friday is pajama day!',
        sendSMS: true,
      };
      expect(
        (
          await registration.a.call(enrolled.token, 'POST', '/api/Announcement', {
            classSessionIds: [id],
            announcement,
          })
        ).statusCode,
      ).toBe(403);
      const posted = await registration.a.call(staff, 'POST', '/api/Announcement', {
        classSessionIds: [id],
        announcement,
      });
      expect(posted.statusCode).toBe(201);
      expect(posted.body).toContain('Posted 1 announcement; 2 emails and 1 text message');
      await registration.t.flush();
      const mails = (await registration.t.mails())
        .filter((m) => m.subject === 'Pajama day on Friday')
        .map((m) => m.to);
      expect(mails.sort()).toEqual([enrolled.email, 'grace@example.com'].sort());
      const { readFile } = await import('node:fs/promises');
      const sms = await readFile(`${registration.t.config.dataDir}/sms.log`, 'utf8');
      expect(sms).toContain('+16505550199');
      expect(sms).toContain('Friday is pajama day!');

      const seen = await registration.a.call(enrolled.token, 'GET', '/api/Announcement');
      expect(seen.json().map((x: { title: string }) => x.title)).toContain('Pajama day on Friday');
      expect(
        (await registration.a.call(enrolled.token, 'GET', `/api/Announcement/ClassSession/${id}`)).json(),
      ).toHaveLength(1);
      expect((await registration.a.call(outsider.token, 'GET', '/api/Announcement')).json()).toEqual([]);
      expect(
        (await registration.a.call(outsider.token, 'GET', `/api/Announcement/ClassSession/${id}`)).statusCode,
      ).toBe(404);
      const announcementId = seen.json()[0].id;
      expect(
        (await registration.a.call(outsider.token, 'GET', `/api/Announcement/${announcementId}`)).statusCode,
      ).toBe(404);
      expect(
        (await registration.a.call(enrolled.token, 'GET', `/api/ClassSession/${id}/Resources`)).statusCode,
      ).toBe(200);
      expect(
        (await registration.a.call(outsider.token, 'GET', `/api/ClassSession/${id}/Resources`)).statusCode,
      ).toBe(404);
      // Out of its date range, an announcement is not shown.
      await registration.a.call(staff, 'POST', '/api/Announcement', {
        classSessionIds: [id],
        announcement: { title: 'Old news', webMessage: 'Gone.', endDate: '2026-11-01T00:00:00Z' },
      });
      expect(
        (await registration.a.call(enrolled.token, 'GET', '/api/Announcement'))
          .json()
          .map((x: { title: string }) => x.title),
      ).not.toContain('Old news');
    });
  });
});
