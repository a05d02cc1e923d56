/**
 * Who hears about the door, and when (server/src/features/passes/door*.ts; issue 11): a parent who chose
 * texts gets one text per event recorded, at the door or by hand, and none for a drop-off repeated or refused;
 * the parents' emails leave at once, without waiting for the background round; and a hand entry's refusals
 * name the field to fix. Each test makes its own family. On PGlite, and on PostgreSQL when TEST_DATABASE_URL
 * is set.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../src/db/schema.ts';
import { createTestApp, dbKinds, type TestApp } from '../helpers.ts';
import { movableClock } from '../support/registration.ts';
import { door, MONDAY_MORNING } from './door-support.ts';

describe.each(dbKinds)('the door’s notices on %s', (kind) => {
  let t: TestApp;
  let d: Awaited<ReturnType<typeof door>>;
  const clock = movableClock(MONDAY_MORNING);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    d = await door(t, clock);
  });
  afterAll(async () => {
    await t.close();
  });

  const byHand = (body: Record<string, unknown>) => d.a.call(d.admin, 'POST', '/api/staff/attendance', body);
  /** Every line of the texts log (the local SMS adapter), after the background work has run. */
  const textLines = async () => {
    await t.flush();
    const log = await readFile(path.join(t.config.dataDir, 'sms.log'), 'utf8').catch(() => '');
    return log
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { to?: string; body?: string });
  };
  /** Whether `email` has a mail whose subject contains `subject` that has left (status Sent). */
  const sent = async (email: string, subject: string) =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).some(
      (m) => m.subject.includes(subject) && m.status === 'Sent',
    );
  /** Wait up to ten seconds for the mail to leave (the request asks for a round and does not wait for it). */
  const leaves = async (email: string, subject: string) => {
    for (let i = 0; i < 100 && !(await sent(email, subject)); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return sent(email, subject);
  };

  it('a parent who chose texts gets one per event, at the door or by hand, and none for a repeat or a refusal', async () => {
    const f = await d.family('Texts');
    const phone = '+14155550177';
    await t.database.db.update(users).set({ sms: phone }).where(eq(users.id, f.userId));
    const before = (await textLines()).length;
    const checkIn = () => d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] });
    expect((await checkIn()).json().results[0].outcome).toBe('done');
    clock.advanceMinutes(1);
    expect((await checkIn()).json().results[0].outcome).toBe('already');
    clock.advanceMinutes(5);
    expect((await checkIn()).json().results[0].outcome).toBe('refused');
    clock.set('2026-11-23T20:30:00Z');
    const out = await byHand({
      studentId: f.childIds[0],
      classSessionId: d.acorn,
      kind: 'CheckOut',
      trusteeId: f.rosa.id,
    });
    expect(out.statusCode).toBe(201);
    const texts = (await textLines()).slice(before);
    expect(texts.map(({ to, body }) => ({ to, body }))).toEqual([
      { to: phone, body: 'Bright Oak: Ava was checked in at 8:45 AM by Rosa Rivera.' },
      { to: phone, body: 'Bright Oak: Ava was picked up at 12:30 PM by Rosa Rivera.' },
    ]);
  });

  it('the parents’ emails leave at once, at the door and by hand, without waiting for the background round', async () => {
    const f = await d.family('Atonce');
    await t.flush();
    expect((await d.kiosk('check-in', { code: f.rosa.code, children: [f.child()] })).statusCode).toBe(200);
    expect(await leaves(f.email, 'has arrived')).toBe(true);
    await t.flush(); // that round is over: only the hand entry's own request can send the next mail
    clock.set('2026-11-23T20:30:00Z');
    const out = await byHand({
      studentId: f.childIds[0],
      classSessionId: d.acorn,
      kind: 'CheckOut',
      adultName: 'Marta Atonce',
    });
    expect(out.statusCode).toBe(201);
    expect(await leaves(f.email, 'picked up')).toBe(true);
  });

  it('by hand, each refusal of who is there names the field to fix', async () => {
    const f = await d.family('Handfields');
    const nina = await d.contact(f, 'Nina', false);
    const base = { studentId: f.childIds[0], classSessionId: d.acorn };
    expect((await byHand({ ...base, kind: 'CheckIn', adultName: 'Marta Handfields' })).statusCode).toBe(201);
    const stranger = await byHand({ ...base, kind: 'CheckOut', trusteeId: 'not-a-contact' });
    expect([stranger.statusCode, stranger.json().fields]).toEqual([
      400,
      { trusteeId: 'Choose one of this child’s contacts' },
    ]);
    const notAllowed = await byHand({ ...base, kind: 'CheckOut', trusteeId: nina });
    expect([notAllowed.statusCode, notAllowed.json().fields]).toEqual([
      400,
      { trusteeId: 'Nina is not allowed to pick up Ava. Call the family before letting Ava go.' },
    ]);
    const nobody = await byHand({ ...base, kind: 'CheckOut' });
    expect([nobody.statusCode, nobody.json().fields]).toEqual([
      400,
      { adultName: 'Name the adult who is picking up' },
    ]);
  });
});
