/**
 * What a director's first week found (issue 21 items 11, 14 and 17; decision 018): enrolling by hand refuses
 * a child outside the session's ages with the families' eligibility sentence unless the director gives a
 * reason (audited); every family mail reaches every parent of a co-parent family, each in their own
 * language; a tour reply greets once; the withdrawal mail carries the message to the family and never the
 * internal note (kept in the audit row), and its preview is the mail; the withdraw dialog's refund starts at
 * the policy's amount; the move dialog's list holds only sessions the child can move to; a pickup adult's
 * name finds the family. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import {
  auditEvents,
  classSessionEnrollments,
  contactSubmissions,
  mailOutbox,
  users,
} from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('office overrides and family mail on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  const clock = movableClock(NOW);
  const as = (token: string | null, method: string, url: string, payload?: object) => {
    clock.advanceMinutes(1);
    return a.call(token, method, url, payload);
  };
  const mailsTo = async (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const auditOf = async (action: string, entityId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));

  /**
   * A family shared by two parents like the demo's (the owner and a co-parent who reads Spanish): both in
   * `family_members`, both mapped to every child.
   */
  const coParentFamily = async (name: string): Promise<{ owner: Family; coParent: Family }> => {
    const owner = await a.family(name, 1);
    const coParent = await a.family(`${name}co`, 0);
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, coParent.userId));
    const [family] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into families default values returning id`,
    );
    await t.database.db.execute(sql`insert into family_members (family_id, user_id, invited_by, joined_at) values
      (${family!.id}, ${owner.userId}, null, now() - interval '30 days'),
      (${family!.id}, ${coParent.userId}, ${owner.userId}, now() - interval '29 days')`);
    await t.database.db.execute(sql`insert into user_students (user_id, student_id)
      select ${coParent.userId}::uuid, student_id from user_students where user_id = ${owner.userId}`);
    return { owner, coParent: { ...coParent, childIds: owner.childIds } };
  };

  /** Enroll and pay through the test checkout; answers the payment id. */
  const enrollAndPay = async (family: Family, sessionId: number): Promise<string> =>
    (await a.enrollPaid(family, sessionId)).paymentId;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
  });
  afterAll(async () => t?.close());

  describe('enroll by hand and age limits (item 11)', () => {
    let sessionId: number;
    let family: Family;
    let sevenYearOld: string;

    beforeAll(async () => {
      sessionId = await a.session({ name: 'Little Explorers', minAgeMonths: 48, maxAgeMonths: 83 });
      family = await a.family('Agefam', 0);
      const child = await as(family.token, 'POST', '/api/Student', {
        firstName: 'Omar',
        lastName: 'Agefam',
        dateOfBirth: '2019-05-01',
      });
      expect(child.statusCode, child.body).toBe(201);
      sevenYearOld = child.json().id;
    });

    it('refuses a child outside the ages with the eligibility sentence, and changes nothing', async () => {
      const res = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/enrollments`, {
        studentId: sevenYearOld,
        amount: 0,
        note: 'Check #1',
      });
      expect(res.statusCode).toBe(409);
      const sentence = res.json().message as string;
      expect(sentence).toContain('Little Explorers');
      expect(sentence).toContain('Omar');
      expect(sentence).toMatch(/ages 4–6/);
      expect(res.json().fields).toEqual({ ageOverrideReason: sentence });
      const places = await t.database.db
        .select()
        .from(classSessionEnrollments)
        .where(eq(classSessionEnrollments.studentId, sevenYearOld));
      expect(places).toEqual([]);
      expect((await mailsTo(family.email)).filter((m) => m.subject.includes('Little Explorers'))).toEqual([]);
    });

    it('refuses an empty override reason with a field message', async () => {
      const res = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/enrollments`, {
        studentId: sevenYearOld,
        amount: 0,
        note: 'Check #1',
        ageOverrideReason: '   ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.ageOverrideReason).toBe(
        'Say why the child may join outside the session’s ages.',
      );
    });

    it('enrolls anyway with a reason, and the audit row keeps the reason and the sentence', async () => {
      const res = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/enrollments`, {
        studentId: sevenYearOld,
        amount: 0,
        note: 'Check #1',
        ageOverrideReason: 'Sibling in the room; assessed by the lead teacher.',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [audit] = await auditOf('enrollment.create.offline', res.json().enrollmentId);
      expect(audit?.after).toMatchObject({
        ageOverride: {
          reason: 'Sibling in the room; assessed by the lead teacher.',
          refusal: expect.stringContaining('Little Explorers'),
        },
      });
    });

    it('enrolls a child within the ages without any override', async () => {
      const fits = await a.family('Agefits', 1); // born 2022-01-15: 58 months on the first day
      const res = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/enrollments`, {
        studentId: fits.childIds[0],
        amount: 0,
        note: 'Cash',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [audit] = await auditOf('enrollment.create.offline', res.json().enrollmentId);
      expect(audit?.after).not.toHaveProperty('ageOverride');
    });
  });

  describe('every family mail goes to every parent (item 14c)', () => {
    it('sends the enrollment confirmation to both parents, each in their language', async () => {
      const { owner, coParent } = await coParentFamily('Confirmfam');
      const sessionId = await a.session({ name: 'Garden Club' });
      await enrollAndPay(owner, sessionId);
      const about = (m: { subject: string }) => m.subject.includes('Garden Club');
      const toOwner = (await mailsTo(owner.email)).find(about);
      const toCoParent = (await mailsTo(coParent.email)).find(about);
      expect(toOwner?.text).toContain(`Hi Confirmfam,`);
      expect(toCoParent?.text).toContain('Hola, Confirmfamco:');
    });

    it('sends a refund mail and a by-hand enrollment to both parents', async () => {
      const { owner, coParent } = await coParentFamily('Refundfam');
      const sessionId = await a.session({ name: 'Clay Studio' });
      const paymentId = await enrollAndPay(owner, sessionId);
      const before = (await mailsTo(coParent.email)).length;
      const refund = await as(admin, 'POST', `/api/staff/payments/${paymentId}/refunds`, {
        amount: 1000,
        reason: 'Missed a day',
        idempotencyKey: `refund-${kind}-${Date.now()}`,
      });
      expect(refund.statusCode, refund.body).toBe(201);
      await t.flush();
      const refundMails = (m: { subject: string }[]) => m.filter((x) => /\$10\.00/.test(x.subject));
      expect(refundMails(await mailsTo(owner.email))).toHaveLength(1);
      const toCoParent = await mailsTo(coParent.email);
      expect(toCoParent.length).toBe(before + 1);
      expect(refundMails(toCoParent)).toHaveLength(1);

      const second = await a.session({ name: 'Music Corner' });
      const byHand = await as(admin, 'POST', `/api/staff/sessions/${second}/enrollments`, {
        studentId: owner.childIds[0],
        amount: 12_000,
        note: 'Check #1042',
      });
      expect(byHand.statusCode, byHand.body).toBe(201);
      expect((await mailsTo(owner.email)).some((m) => m.subject.includes('Music Corner'))).toBe(true);
      expect((await mailsTo(coParent.email)).some((m) => m.subject.includes('Music Corner'))).toBe(true);
    });
  });

  describe('the withdrawal: internal note, message to the family, preview, refund (items 14b, 17d)', () => {
    it('previews the exact mail and the policy refund; the mail has the message, never the note', async () => {
      const { owner, coParent } = await coParentFamily('Withdrawfam');
      // Starts Dec 15, today Nov 20: the full refund of $500 + $50 applies.
      const sessionId = await a.session({ name: 'Story Time' });
      await enrollAndPay(owner, sessionId);
      const studentId = owner.childIds[0]!;
      const familyMessage = 'We will miss Ava. Her spot is open again whenever you are ready.';
      const note = 'Dad called, moving to Fresno; refund agreed by phone.';

      const preview = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/withdraw/preview`, {
        studentId,
        familyMessage,
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const { quote, mails } = preview.json();
      expect(quote.refund).toBe(55_000);
      expect(mails.map((m: { to: string }) => m.to).sort()).toEqual([owner.email, coParent.email].sort());
      for (const mail of mails) expect(mail.text).toContain(familyMessage);

      const res = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/withdraw`, {
        studentId,
        reason: note,
        familyMessage,
        refundAmount: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      const sent = [...(await mailsTo(owner.email)), ...(await mailsTo(coParent.email))].filter((m) =>
        mails.some((p: { subject: string }) => p.subject === m.subject),
      );
      expect(sent).toHaveLength(2);
      for (const mail of sent) {
        expect(mail.text).toContain(familyMessage);
        expect(mail.text).not.toContain('Fresno');
        // The mail is what the preview showed.
        expect(mails.find((p: { to: string }) => p.to === mail.to).text).toBe(mail.text);
      }
      const [place] = await t.database.db
        .select()
        .from(classSessionEnrollments)
        .where(
          and(
            eq(classSessionEnrollments.classSessionId, sessionId),
            eq(classSessionEnrollments.studentId, studentId),
          ),
        );
      const [audit] = await auditOf('enrollment.withdraw', place!.id);
      expect(audit?.after).toMatchObject({ reason: note, familyMessage });
    });

    it('without a message, the mail says only what happened', async () => {
      const family = await a.family('Quietfam', 1);
      const sessionId = await a.session({ name: 'Puppet Theater' });
      await enrollAndPay(family, sessionId);
      const res = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/withdraw`, {
        studentId: family.childIds[0],
        reason: 'Internal: unpaid balance dispute',
      });
      expect(res.statusCode, res.body).toBe(200);
      const mail = (await mailsTo(family.email)).find((m) => m.subject.includes('withdrawn'));
      expect(mail?.text).toContain('Ava is no longer enrolled in Puppet Theater.');
      expect(mail?.text).not.toContain('dispute');
      expect(mail?.text).not.toContain('A message from the center');
    });

    it('answers 404 for a child not enrolled in the session', async () => {
      const family = await a.family('Notherefam', 1);
      const sessionId = await a.session({ name: 'Empty Room' });
      const res = await as(admin, 'POST', `/api/staff/sessions/${sessionId}/withdraw/preview`, {
        studentId: family.childIds[0],
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('a tour reply greets once (item 14a)', () => {
    const tour = async (email: string) => {
      const [row] = await t.database.db
        .insert(contactSubmissions)
        .values({
          firstName: 'Maya',
          lastName: 'Chen',
          email,
          message: 'May we visit?',
          tour: true,
          submitted: new Date('2026-11-19T16:00:00Z'),
        })
        .returning({ id: contactSubmissions.id });
      return row!.id;
    };

    it('keeps the greeting the director typed and adds none', async () => {
      const email = `maya.${kind}@families.example`;
      const id = await tour(email);
      const res = await as(admin, 'POST', `/api/staff/inbox/${id}/replies`, {
        body: 'Hi Maya,\n\nTuesday at 10 works. See you then!',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await mailsTo(email);
      expect(mail?.text.match(/Hi Maya,/g)).toHaveLength(1);
      expect(mail?.text.startsWith('Hi Maya,\n\nTuesday at 10 works.')).toBe(true);
    });

    it('greets the family when the reply starts without a greeting', async () => {
      const email = `maya2.${kind}@families.example`;
      const id = await tour(email);
      const res = await as(admin, 'POST', `/api/staff/inbox/${id}/replies`, {
        body: 'Tuesday at 10 works.',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = await mailsTo(email);
      expect(mail?.text.startsWith('Hi Maya,\n\nTuesday at 10 works.')).toBe(true);
    });
  });

  describe('staff lists (item 17)', () => {
    it('offers only sessions the child can move to', async () => {
      const family = await a.family('Movefam', 1);
      const studentId = family.childIds[0]!;
      const from = await a.session({ name: 'Move From', rosterSize: 5 });
      const open = await a.session({ name: 'Move Open', rosterSize: 5 });
      const hidden = await a.session({ name: 'Move Hidden', rosterSize: 5, isActive: false });
      const already = await a.session({ name: 'Move Already', rosterSize: 5 });
      const full = await a.session({ name: 'Move Full', rosterSize: 1 });
      const ended = await a.session({
        name: 'Move Ended',
        rosterSize: 5,
        sessionStartDate: '2026-09-01',
        sessionEndDate: '2026-11-01',
      });
      for (const id of [from, already])
        expect(
          (
            await as(admin, 'POST', `/api/staff/sessions/${id}/enrollments`, {
              studentId,
              amount: 0,
              note: 'Free',
            })
          ).statusCode,
        ).toBe(201);
      const other = await a.family('Movefull', 1);
      expect(
        (
          await as(admin, 'POST', `/api/staff/sessions/${full}/enrollments`, {
            studentId: other.childIds[0],
            amount: 0,
            note: 'Free',
          })
        ).statusCode,
      ).toBe(201);
      const res = await as(admin, 'GET', `/api/staff/sessions/${from}/move-targets?studentId=${studentId}`);
      expect(res.statusCode, res.body).toBe(200);
      const ids = res.json().map((s: { id: number }) => s.id);
      expect(ids).toContain(open);
      for (const refused of [from, hidden, already, full, ended]) expect(ids).not.toContain(refused);
      expect(res.json().find((s: { id: number }) => s.id === open)).toMatchObject({
        name: 'Move Open',
        rosterSize: 5,
        seatsTaken: 0,
      });
      // Another family's child (not enrolled here) is 404; a teacher is refused.
      const stranger = await as(
        admin,
        'GET',
        `/api/staff/sessions/${from}/move-targets?studentId=${other.childIds[0]}`,
      );
      expect(stranger.statusCode).toBe(404);
      const teacher = (await a.promote('Moveteacher', 'Staff')).token;
      expect(
        (await as(teacher, 'GET', `/api/staff/sessions/${from}/move-targets?studentId=${studentId}`))
          .statusCode,
      ).toBe(403);
    });

    it('finds a family by a pickup adult’s name', async () => {
      const family = await a.family('Pickupfam', 1);
      const contact = await as(family.token, 'POST', '/api/Student/Trustees', {
        firstName: 'Rosa',
        lastName: 'Singh',
        relationship: 'Nanny',
        cellPhone: '650.555.0142',
        canPickup: true,
        receiveSMS: false,
        receiveEmail: false,
        studentIds: family.childIds,
      });
      expect(contact.statusCode, contact.body).toBe(201);
      const res = await as(admin, 'GET', '/api/staff/families?q=Rosa%20Singh');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.map((f: { userId: string }) => f.userId)).toEqual([family.userId]);
    });
  });
});
