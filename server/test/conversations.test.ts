/**
 * Messages between families and the center (issue 25; decision 032), on both databases: who may read and
 * write (the family, a co-parent, a parent who left, another family, the teacher of the child, a teacher of
 * another room, a teacher taken off the session, the office, the director, anonymous); sending once per
 * client key; editing and deleting within the window, audited; read receipts and unread counts both ways;
 * notifications batched and held through quiet hours on the app clock; photos cleaned of their metadata and
 * files opened only through their signed link.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sessionStaff, users } from '../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

// 10:00 am in Redwood City: inside everyone's waking hours.
const MORNING = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('conversations on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let director: Family;
  let teacher: Family;
  let otherTeacher: Family;
  let chen: Family;
  let chenPartner: Family;
  let okafor: Family;
  let acorn: number;

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const send = async (f: Family, body: string, extra: object = {}) => {
    const res = await as(f.token, 'POST', '/api/Messages', { body, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; body: string };
  };
  const conversationOf = async (f: Family) => {
    const res = await as(f.token, 'GET', '/api/Messages');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      id: string | null;
      messages: Array<{
        id: string;
        body: string;
        mine: boolean;
        editableUntil: string | null;
        deletedAt: string | null;
      }>;
      readers: Array<{ userId: string; side: string; readAt: string }>;
      unread: number;
      centerReaders: Array<{ firstName: string; role: string; sessions: string[] }>;
      centerHours: { closedNow: boolean };
    };
  };
  /** Move the clock to `iso`, and sign everyone in again (sessions end when the clock moves past them). */
  const at = async (iso: string) => {
    await t.ctx.work.idle();
    clock.set(iso);
    for (const f of [director, teacher, otherTeacher, chen, chenPartner, okafor]) await a.signIn(f);
  };
  const alertCount = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from message_alerts`))[0]!.n;
  const mailsTo = async (email: string, marker: string) =>
    (await t.mails()).filter((m) => m.to === email && m.text.includes(marker));

  beforeAll(async () => {
    clock = movableClock(MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    director = await a.promote('Director', 'Admin');
    teacher = await a.promote('Rivera', 'Staff');
    otherTeacher = await a.promote('Lindqvist', 'Staff');
    acorn = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 6 });
    const maple = await a.session({ name: 'Maple Room', sessionStartDate: '2026-11-02', rosterSize: 6 });
    await t.database.db.insert(sessionStaff).values([
      { classSessionId: acorn, userId: teacher.userId },
      { classSessionId: maple, userId: otherTeacher.userId },
    ]);
    chen = await a.family('Chen', 1);
    chenPartner = await a.family('Partner', 0);
    okafor = await a.family('Okafor', 1);
    await a.enrollPaid(chen, acorn);
    await a.enrollPaid(okafor, maple);
    await a.share(chen, chenPartner);
    // Nobody but the director hears by email in these tests unless a test says so.
    await t.database.db.update(users).set({ notifyEmail: false }).where(eq(users.id, teacher.userId));
    await t.database.db.update(users).set({ notifyEmail: false }).where(eq(users.id, otherTeacher.userId));
  });
  afterAll(async () => {
    await t.close();
  });

  it('a family writes; both parents, the child’s teacher and the director read it; another family and another room cannot', async () => {
    const message = await send(chen, 'Ava has a dentist visit Friday; her grandmother picks her up at noon.');
    const mine = await conversationOf(chen);
    expect(mine.id).not.toBeNull();
    expect(mine.messages.map((m) => m.body)).toEqual([message.body]);
    expect(mine.messages[0]!.mine).toBe(true);
    expect(mine.centerReaders.map((r) => [r.firstName, r.role, r.sessions])).toContainEqual([
      'Rivera',
      'Teacher',
      ['Acorn Room'],
    ]);
    expect(mine.centerReaders.some((r) => r.firstName === 'Lindqvist')).toBe(false);

    const partner = await conversationOf(chenPartner);
    expect(partner.id).toBe(mine.id);
    expect(partner.messages[0]!.mine).toBe(false);
    expect(partner.messages[0]!.editableUntil).toBeNull();

    const other = await conversationOf(okafor);
    expect(other.id).toBeNull();
    expect(other.messages).toEqual([]);
    // Another family's message id is theirs to neither read nor change.
    expect((await as(okafor.token, 'PATCH', `/api/Messages/${message.id}`, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect(
      (await as(okafor.token, 'POST', '/api/Messages/Read', { lastMessageId: message.id })).statusCode,
    ).toBe(404);

    for (const reader of [director, teacher]) {
      const list = await as(reader.token, 'GET', '/api/staff/conversations');
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((i: { id: string }) => i.id)).toContain(mine.id);
      const one = await as(reader.token, 'GET', `/api/staff/conversations/${mine.id}`);
      expect(one.statusCode).toBe(200);
      expect(
        one
          .json()
          .family.parents.map((p: { firstName: string }) => p.firstName)
          .sort(),
      ).toEqual(['Chen', 'Partner']);
    }
    const outside = await as(otherTeacher.token, 'GET', '/api/staff/conversations');
    expect(outside.json().items).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/api/staff/conversations/${mine.id}`, undefined],
      ['POST', `/api/staff/conversations/${mine.id}/messages`, { body: 'Hello' }],
      ['POST', `/api/staff/conversations/${mine.id}/read`, { lastMessageId: message.id }],
    ] as const) {
      const res = await as(otherTeacher.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('dentist');
    }
    expect((await as(null, 'GET', '/api/Messages')).statusCode).toBe(401);
    expect((await as(null, 'GET', '/api/staff/conversations')).statusCode).toBe(401);
    expect((await as(chen.token, 'GET', '/api/staff/conversations')).statusCode).toBe(403);
    expect((await as(chen.token, 'GET', `/api/staff/conversations/${mine.id}`)).statusCode).toBe(403);
    // A teacher may answer but not reassign; only the office may.
    const assign = await as(teacher.token, 'PATCH', `/api/staff/conversations/${mine.id}`, {
      status: 'Closed',
    });
    expect(assign.statusCode).toBe(403);
    const rows = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from conversations where id = ${mine.id}`,
    );
    expect(rows[0]!.status).toBe('New');
  });

  it('the office finds the conversation in the inbox beside the forms, with its status; the item routes do not take it', async () => {
    const { id } = await conversationOf(chen);
    const inbox = await as(director.token, 'GET', '/api/staff/inbox?kind=message');
    expect(inbox.statusCode, inbox.body).toBe(200);
    const row = inbox.json().items.find((i: { id: string }) => i.id === id);
    expect(row).toMatchObject({
      kind: 'message',
      status: 'New',
      familyName: 'Chen Family',
      childName: 'Ava',
    });
    expect(row.preview).toContain('dentist');
    expect(inbox.json().newCount).toBeGreaterThanOrEqual(1);
    expect((await as(director.token, 'GET', `/api/staff/inbox/${id}`)).statusCode).toBe(404);
    // A teacher without the inbox has the conversation on their Messages page, not the inbox.
    expect((await as(teacher.token, 'GET', '/api/staff/inbox')).statusCode).toBe(403);
  });

  it('staff open a family’s conversation within their reach; a parent, someone signed out or an outsider cannot', async () => {
    const path = `/api/staff/families/${okafor.userId}/conversation`;
    const opened = await as(director.token, 'POST', path);
    expect(opened.statusCode, opened.body).toBe(200);
    // Okafor's child is in the Maple Room: its teacher opens the same conversation, the Acorn teacher gets 404.
    expect((await as(otherTeacher.token, 'POST', path)).json().id).toBe(opened.json().id);
    expect((await as(teacher.token, 'POST', path)).statusCode).toBe(404);
    expect((await as(okafor.token, 'POST', path)).statusCode).toBe(403);
    expect((await as(null, 'POST', path)).statusCode).toBe(401);
    expect((await as(director.token, 'POST', '/api/staff/families/not-an-id/conversation')).statusCode).toBe(
      404,
    );
    expect((await as(okafor.token, 'GET', '/api/staff/conversations/summary')).statusCode).toBe(403);
    // Opened without a message, it is not yet in anyone's list.
    const list = await as(director.token, 'GET', '/api/staff/conversations');
    expect(list.json().items.map((i: { id: string }) => i.id)).not.toContain(opened.json().id);
  });

  it('a teacher taken off the session loses the conversation at once, and gets it back when assigned again', async () => {
    const { id } = await conversationOf(chen);
    await t.database.db.delete(sessionStaff).where(eq(sessionStaff.userId, teacher.userId));
    expect((await as(teacher.token, 'GET', `/api/staff/conversations/${id}`)).statusCode).toBe(404);
    expect((await as(teacher.token, 'GET', '/api/staff/conversations')).json().items).toEqual([]);
    await t.database.db.insert(sessionStaff).values({ classSessionId: acorn, userId: teacher.userId });
    expect((await as(teacher.token, 'GET', `/api/staff/conversations/${id}`)).statusCode).toBe(200);
  });

  it('a retried send with the same client key posts once', async () => {
    const clientKey = crypto.randomUUID();
    const first = await send(chen, 'Could we talk about nap time?', { clientKey });
    const again = await send(chen, 'Could we talk about nap time?', { clientKey });
    expect(again.id).toBe(first.id);
    const { messages } = await conversationOf(chen);
    expect(messages.filter((m) => m.body === 'Could we talk about nap time?')).toHaveLength(1);
    const empty = await as(chen.token, 'POST', '/api/Messages', { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.body).toBe('Write a message or add a photo or PDF.');
  });

  it('the author edits or deletes within 15 minutes (audited with the old words); nobody else, and not later', async () => {
    const message = await send(chen, 'Pickup at 3:15 today');
    expect(
      (await as(chenPartner.token, 'PATCH', `/api/Messages/${message.id}`, { body: 'x' })).statusCode,
    ).toBe(403);
    const edited = await as(chen.token, 'PATCH', `/api/Messages/${message.id}`, {
      body: 'Pickup at 3:45 today',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().body).toBe('Pickup at 3:45 today');
    expect(edited.json().editedAt).not.toBeNull();
    const audit = await queryRows<{ before: { body: string }; after: { body: string } }>(
      t.database.db,
      sql`select before, after from audit_events where action = 'message.edit' and entity_id = ${message.id}`,
    );
    expect(audit.map((r) => [r.before.body, r.after.body])).toEqual([
      ['Pickup at 3:15 today', 'Pickup at 3:45 today'],
    ]);

    const gone = await send(chen, 'Sent to the wrong place, sorry');
    expect((await as(chen.token, 'DELETE', `/api/Messages/${gone.id}`)).statusCode).toBe(204);
    const after = (await conversationOf(chen)).messages.find((m) => m.id === gone.id)!;
    expect(after.body).toBe('');
    expect(after.deletedAt).not.toBeNull();
    expect((await as(chen.token, 'PATCH', `/api/Messages/${gone.id}`, { body: 'back' })).statusCode).toBe(
      409,
    );

    clock.advanceMinutes(16);
    const late = await as(chen.token, 'PATCH', `/api/Messages/${message.id}`, { body: 'Pickup at 4' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('15 minutes');
    expect((await conversationOf(chen)).messages.find((m) => m.id === message.id)!.editableUntil).toBeNull();
  });

  it('read receipts and unread counts go both ways', async () => {
    const { id, messages } = await conversationOf(chen);
    const summary = await as(teacher.token, 'GET', '/api/staff/conversations/summary');
    expect(summary.json().unreadConversations).toBe(1);
    const last = messages.at(-1)!;
    expect(
      (await as(teacher.token, 'POST', `/api/staff/conversations/${id}/read`, { lastMessageId: last.id }))
        .statusCode,
    ).toBe(204);
    expect(
      (await as(teacher.token, 'GET', '/api/staff/conversations/summary')).json().unreadConversations,
    ).toBe(0);
    // The director has still not read it.
    expect(
      (await as(director.token, 'GET', '/api/staff/conversations/summary')).json().unreadConversations,
    ).toBe(1);
    const seen = await conversationOf(chen);
    expect(seen.readers.find((r) => r.userId === teacher.userId)?.side).toBe('Center');

    const reply = await as(teacher.token, 'POST', `/api/staff/conversations/${id}/messages`, {
      body: 'Thanks for letting us know — we will have Ava ready at noon.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().author.role).toBe('Teacher');
    expect((await as(chenPartner.token, 'GET', '/api/Messages/Unread')).json().unread).toBe(1);
    const status = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from conversations where id = ${id}`,
    );
    expect(status[0]!.status).toBe('Replied');
    await as(chenPartner.token, 'POST', '/api/Messages/Read', { lastMessageId: reply.json().id });
    expect((await as(chenPartner.token, 'GET', '/api/Messages/Unread')).json().unread).toBe(0);
    expect((await as(chen.token, 'GET', '/api/Messages/Unread')).json().unread).toBe(1);
  });

  it('notifications wait out quiet hours and batch several messages into one email; read messages are not mailed', async () => {
    await t.flush();
    await t.database.db.execute(sql`delete from message_alerts`);
    // 9 pm in Redwood City: the director's quiet hours (8 pm to 7 am) have begun.
    await at('2026-11-21T05:00:00Z');
    await send(chen, 'Quick question about the winter concert costume.');
    await send(chen, 'And does Ava need to bring a snack on Monday?');
    expect(await alertCount()).toBeGreaterThan(0);
    clock.advanceMinutes(30);
    await t.flush();
    expect(await mailsTo(director.email, 'winter concert')).toHaveLength(0);
    // 7:05 am: one email with both messages.
    await at('2026-11-21T15:05:00Z');
    await t.flush();
    const mails = await mailsTo(director.email, 'winter concert');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/new messages from Chen/);
    expect(mails[0]!.text).toContain('snack on Monday');
    expect(mails[0]!.text).toContain('/staff/messages/');

    // A family message the director reads before the batch is due is not mailed.
    await send(chen, 'Never mind the costume, found it!');
    const { messages, id } = await conversationOf(chen);
    await as(director.token, 'POST', `/api/staff/conversations/${id}/read`, {
      lastMessageId: messages.at(-1)!.id,
    });
    clock.advanceMinutes(10);
    await t.flush();
    expect(await mailsTo(director.email, 'found it')).toHaveLength(0);
    expect(await alertCount()).toBe(0);
  });

  it('the parent chooses texts only with a mobile number, and quiet hours of their own', async () => {
    const refused = await as(okafor.token, 'PUT', '/api/UserAuthentication/Notifications', {
      email: true,
      sms: true,
      quietFrom: '21:00',
      quietUntil: '06:30',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.sms).toBe('Add your mobile number before choosing text messages.');
    const saved = await as(okafor.token, 'PUT', '/api/UserAuthentication/Notifications', {
      email: false,
      sms: false,
      quietFrom: '21:00',
      quietUntil: '06:30',
    });
    expect(saved.statusCode).toBe(200);
    expect((await as(okafor.token, 'GET', '/api/UserAuthentication/Notifications')).json()).toEqual({
      email: false,
      sms: false,
      quietFrom: '21:00',
      quietUntil: '06:30',
      smsNumber: null,
    });
    // The number is given as people type it, and texts can then be chosen; an empty number removes it.
    const texts = await as(okafor.token, 'PUT', '/api/UserAuthentication/Notifications', {
      email: true,
      sms: true,
      quietFrom: '21:00',
      quietUntil: '06:30',
      smsNumber: '(650) 555-0188',
    });
    expect(texts.statusCode, texts.body).toBe(200);
    expect(texts.json()).toMatchObject({ sms: true, smsNumber: '+16505550188' });
    const cleared = await as(okafor.token, 'PUT', '/api/UserAuthentication/Notifications', {
      email: true,
      sms: true,
      quietFrom: '21:00',
      quietUntil: '06:30',
      smsNumber: '',
    });
    expect(cleared.statusCode).toBe(400);
    const wrong = await as(okafor.token, 'PUT', '/api/UserAuthentication/Notifications', {
      email: true,
      sms: false,
      quietFrom: '21:00',
      quietUntil: '06:30',
      smsNumber: '12',
    });
    expect(wrong.json().fields.smsNumber).toMatch(/valid US phone number/);
    expect((await as(okafor.token, 'GET', '/api/UserAuthentication/Notifications')).json().smsNumber).toBe(
      '+16505550188',
    );
    const bad = await as(okafor.token, 'PUT', '/api/UserAuthentication/Notifications', {
      email: true,
      sms: false,
      quietFrom: '9pm',
      quietUntil: '06:30',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.quietFrom).toBe('Enter a time like 20:00.');
  });

  it('a photo loses its location and camera data; a file opens only through its signed link; a text file is refused', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#7a9' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Secret Street 12' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const form = (bytes: Buffer, name: string, type: string) => {
      const boundary = `----lc${Date.now()}`;
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
      return {
        payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${okafor.token}`,
        },
      };
    };
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/MessageAttachments',
      ...form(photo, 'painting.jpg', 'image/jpeg'),
    });
    expect(up.statusCode, up.body).toBe(201);
    const uploaded = up.json() as { id: string; width: number; height: number; url: string };
    expect([uploaded.width, uploaded.height]).toEqual([2048, 1024]);
    const sent = await send(okafor, 'Look what Ben painted!', { attachmentIds: [uploaded.id] });
    // Someone else cannot reuse the upload.
    const reuse = await as(chen.token, 'POST', '/api/Messages', {
      body: 'mine now',
      attachmentIds: [uploaded.id],
    });
    expect(reuse.statusCode).toBe(400);
    const view = await conversationOf(okafor);
    const file = view.messages.find((m) => m.id === sent.id) as unknown as {
      attachments: Array<{ url: string }>;
    };
    const link = file.attachments[0]!.url;
    const got = await t.app.inject({ method: 'GET', url: link });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(got.rawPayload).metadata()).exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('Secret Street'))).toBe(false);
    const tampered = link.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link.split('?')[0]! })).statusCode).toBe(404);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/MessageAttachments',
      ...form(Buffer.from('just words, not a picture'), 'fake.png', 'image/png'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.file).toMatch(/JPEG, PNG or WebP/);
  });

  it('a parent who leaves the family loses its conversation; the family keeps it', async () => {
    const before = await conversationOf(chenPartner);
    expect(before.id).not.toBeNull();
    expect((await as(chenPartner.token, 'POST', '/api/Family/Leave')).statusCode).toBe(200);
    expect((await conversationOf(chenPartner)).id).toBeNull();
    expect((await conversationOf(chen)).id).toBe(before.id);
  });

  it('a family that closes its account takes its conversation and files with it', async () => {
    const closing = await a.family('Vance', 1);
    const written = await send(
      closing,
      'Please close our account after the holidays, thank you for everything.',
    );
    const threads = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from conversation_messages where id = ${written.id}`,
        )
      )[0]!.n;
    expect(await threads()).toBe(1);
    const closed = await as(closing.token, 'POST', '/api/Family/Close', { password: 'a good long password' });
    expect(closed.statusCode, closed.body).toBeLessThan(300);
    expect(await threads()).toBe(0);
  });
});

describe('the demo’s conversations', () => {
  it('the demo family reads the office’s answer as unread; the teacher has a room family’s question waiting', async () => {
    const { seedDemo } = await import('../src/db/seed/demo.ts');
    const t = await createTestApp('pglite', { clock: movableClock(MORNING) });
    try {
      await seedDemo(t.database.db, '2026-11-20');
      const a = api(t);
      const login = async (emailAddress: string, password: string) =>
        (await a.call(null, 'POST', '/api/UserAuthentication/Login', { emailAddress, password })).body;
      const parent = await login('demo@brightoak.example', 'sunflower-demo');
      const family = (await a.call(parent, 'GET', '/api/Messages')).json();
      expect(family.messages).toHaveLength(4);
      expect(family.unread).toBe(1);
      expect(family.messages.at(-1).author.role).toBe('Director');
      const teacher = await login('teacher@brightoak.example', 'acorn-teacher-demo');
      const list = (await a.call(teacher, 'GET', '/api/staff/conversations')).json();
      expect(list.items).toHaveLength(2);
      expect(
        (await a.call(teacher, 'GET', '/api/staff/conversations/summary')).json().unreadConversations,
      ).toBe(1);
    } finally {
      await t.close();
    }
  });
});
