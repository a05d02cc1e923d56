/**
 * Writing to chosen families from a staff list (issue 24, "Bulk actions from a roster or a family search:
 * email or text the selected families (with the same preview and counts as announcements)"): who may call the
 * reach preview and the send (role × route, nothing sent or recorded when refused), another family's id
 * answers 404 and sends nothing, the counts match the announcements' rule (a family without a mobile is
 * counted, not failed), the mail and the texts reach exactly the chosen families, and the same key sends once.
 * The set-up is the announcements' (support/announcements-app.ts): Rivera (a child in both rooms, a
 * grandparent who chose texts) and Chen (Maple Room only, no mobile number).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { auditEvents, mailOutbox } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { announcementsApp } from './support/announcements-app.ts';

const SEND = '/api/staff/families/message';
const REACH = '/api/staff/families/message/reach';

describe.each(dbKinds)('a message to chosen families on %s', (kind) => {
  const desk = announcementsApp(kind);
  const { as, auditCount, smsLog } = desk;
  let chen: { userId: string; email: string; childId: string };

  beforeAll(async () => {
    const [parent] = await queryRows<{ id: string; email: string }>(
      desk.t.database.db,
      sql`select id::text, lower(email_address) as email from users where first_name = 'Chen'`,
    );
    const [child] = await queryRows<{ id: string }>(
      desk.t.database.db,
      sql`select id::text from students where last_name = 'Chen'`,
    );
    chen = { userId: parent!.id, email: parent!.email, childId: child!.id };
  });

  let counter = 0;
  const message = (overrides: Record<string, unknown> = {}) => {
    const n = ++counter;
    return {
      familyIds: [desk.parent.userId],
      subject: `Field trip forms ${n}`,
      emailMessage: 'Please send the field trip form back by Friday.',
      smsMessage: `Field trip forms (${n}) are due Friday.`,
      idempotencyKey: `key-${kind}-${n}`,
      ...overrides,
    };
  };
  const mailsWithSubject = async (subject: string) =>
    (await desk.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, subject)))
      .map((m) => m.to)
      .sort();
  const messageAudits = async () =>
    (
      await queryRows<{ n: number }>(
        desk.t.database.db,
        sql`select count(*)::int as n from audit_events where action = 'family.message'`,
      )
    )[0]!.n;

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const EVERYONE: Who[] = ['anonymous', 'parent', 'teacher assigned', 'teacher not assigned', 'admin'];
    const token = (who: Who) =>
      ({
        anonymous: null,
        parent: desk.parent.token,
        'teacher assigned': desk.teacher,
        'teacher not assigned': desk.otherTeacher,
        admin: desk.admin,
      })[who];
    const expected: Record<Who, number> = {
      anonymous: 401,
      parent: 403,
      'teacher assigned': 200,
      'teacher not assigned': 404,
      admin: 200,
    };

    it.each(EVERYONE)('the reach preview as %s: counts only where allowed, nothing recorded', async (who) => {
      const before = await auditCount();
      const res = await as(token(who), 'POST', REACH, { familyIds: [desk.parent.userId] });
      expect(res.statusCode).toBe(expected[who]);
      if (res.statusCode === 200)
        expect(res.json()).toEqual({
          families: 1,
          email: { families: 1, contacts: 1 },
          sms: { families: 1, contacts: 1 },
        });
      else expect(JSON.stringify(res.json())).not.toMatch(/rosa|Rivera|\+1650/i);
      expect(await auditCount()).toBe(before);
    });

    it.each(EVERYONE)('the send as %s: mail and texts only where allowed, audited once', async (who) => {
      const body = message();
      const audits = await messageAudits();
      const res = await as(token(who), 'POST', SEND, body);
      expect(res.statusCode).toBe(expected[who]);
      await desk.t.flush();
      const texts = (await smsLog()).filter((m) => m.body === `Bright Oak: ${body.smsMessage}`);
      if (res.statusCode === 200) {
        expect(await mailsWithSubject(body.subject)).toEqual(
          [desk.parent.email, 'rosa@families.example'].sort(),
        );
        expect(await messageAudits()).toBe(audits + 1);
      } else {
        expect(await mailsWithSubject(body.subject)).toEqual([]);
        expect(await messageAudits()).toBe(audits);
        expect(JSON.stringify(res.json())).not.toMatch(/rosa|Rivera|\+1650/i);
      }
      expect(texts.map((m) => m.to).sort()).toEqual(
        res.statusCode === 200 ? ['+16505550100', '+16505550199'] : [],
      );
    });
  });

  describe('scope: every id is checked', () => {
    it('a teacher naming a family outside their sessions gets 404, and nothing is sent to anyone', async () => {
      const body = message({ familyIds: [desk.parent.userId, chen.userId] });
      const audits = await messageAudits();
      const res = await as(desk.teacher, 'POST', SEND, body);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('That family was not found.');
      await desk.t.flush();
      expect(await mailsWithSubject(body.subject)).toEqual([]);
      expect((await smsLog()).filter((m) => m.body === `Bright Oak: ${body.smsMessage}`)).toEqual([]);
      expect(await messageAudits()).toBe(audits);
      const reach = await as(desk.teacher, 'POST', REACH, { familyIds: [chen.userId] });
      expect(reach.statusCode).toBe(404);
    });

    it('a teacher naming a child on another teacher’s roster gets 404; an unreadable id too', async () => {
      const body = message({ familyIds: [], childIds: [chen.childId] });
      expect((await as(desk.teacher, 'POST', SEND, body)).statusCode).toBe(404);
      expect((await as(desk.admin, 'POST', SEND, message({ familyIds: ['not-an-id'] }))).statusCode).toBe(
        404,
      );
      expect(
        (await as(desk.admin, 'POST', REACH, { childIds: ['00000000-0000-4000-8000-000000000000'] }))
          .statusCode,
      ).toBe(404);
      expect(await mailsWithSubject(body.subject)).toEqual([]);
    });

    it('a teacher may write to the families of the children on their own roster', async () => {
      const body = message({ familyIds: [], childIds: [desk.parent.childIds[0]] });
      const res = await as(desk.teacher, 'POST', SEND, body);
      expect(res.statusCode).toBe(200);
      expect(await mailsWithSubject(body.subject)).toEqual(
        [desk.parent.email, 'rosa@families.example'].sort(),
      );
    });
  });

  describe('sending', () => {
    it('counts as announcements do: a family without a mobile number is counted, not failed', async () => {
      const res = await as(desk.admin, 'POST', REACH, { familyIds: [desk.parent.userId, chen.userId] });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        families: 2,
        email: { families: 2, contacts: 1 },
        sms: { families: 1, contacts: 1 },
      });
    });

    it('emails and texts exactly the chosen families, with the announcements’ sign-off, and records a sentence', async () => {
      const body = message({ familyIds: [desk.parent.userId, chen.userId] });
      const res = await as(desk.admin, 'POST', SEND, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        families: 2,
        emailCount: 3,
        smsCount: 2,
        replayed: false,
        message: 'Sent to 2 families: 3 emails and 2 text messages on their way.',
      });
      const mails = await desk.t.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, body.subject));
      expect(mails.map((m) => m.to).sort()).toEqual(
        [chen.email, desk.parent.email, 'rosa@families.example'].sort(),
      );
      expect(mails[0]!.text).toBe(
        'Please send the field trip form back by Friday.\n\n— The Bright Oak Learning Center team\n',
      );
      await desk.t.flush();
      const texts = (await smsLog()).filter((m) => m.body === `Bright Oak: ${body.smsMessage}`);
      expect(texts.map((m) => m.to).sort()).toEqual(['+16505550100', '+16505550199']);
      const [audit] = await desk.t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, body.idempotencyKey));
      expect(audit).toMatchObject({ action: 'family.message', entityType: 'FamilyMessage' });
      expect(audit!.after).toMatchObject({ subject: body.subject, families: 2, emailCount: 3, smsCount: 2 });
      const trail = await as(desk.admin, 'GET', `/api/staff/audit?entityId=${body.idempotencyKey}`);
      expect(trail.statusCode).toBe(200);
      expect(trail.json().items[0].sentence).toMatchObject({
        key: 'family.message',
        params: { count: 2, title: body.subject },
      });
    });

    it('an email only sends no texts', async () => {
      const body = message({ smsMessage: '' });
      const res = await as(desk.admin, 'POST', SEND, body);
      expect(res.json()).toMatchObject({ emailCount: 2, smsCount: 0 });
    });

    it('the same key twice (a double click) sends once and answers the first send', async () => {
      const body = message({ familyIds: [desk.parent.userId, chen.userId] });
      const [first, second] = await Promise.all([
        as(desk.admin, 'POST', SEND, body),
        as(desk.admin, 'POST', SEND, body),
      ]);
      expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
      expect([first!.json().replayed, second!.json().replayed].sort()).toEqual([false, true]);
      const third = await as(desk.admin, 'POST', SEND, body);
      expect(third.json()).toMatchObject({ families: 2, emailCount: 3, smsCount: 2, replayed: true });
      expect(await mailsWithSubject(body.subject)).toHaveLength(3);
      await desk.t.flush();
      expect((await smsLog()).filter((m) => m.body === `Bright Oak: ${body.smsMessage}`)).toHaveLength(2);
      const rows = await desk.t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, body.idempotencyKey));
      expect(rows).toHaveLength(1);
    });

    it('bad input answers 400 by field and sends nothing', async () => {
      const res = await as(
        desk.admin,
        'POST',
        SEND,
        message({ subject: '', emailMessage: '', smsMessage: '' }),
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields).sort()).toEqual(['emailMessage', 'subject']);
      const none = await as(desk.admin, 'POST', REACH, { familyIds: [], childIds: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().fields.familyIds).toBe('Choose at least one family from the list.');
    });
  });
});
