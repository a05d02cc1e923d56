/**
 * The set-up of the tests of mails in the family's language (family-mail-language.test.ts,
 * family-mail-language-contacts.test.ts; issue 14, decision 015): an app on a clock the test moves, the director
 * signed in afresh before each test, and the calls that make families in a language, enroll and pay, add
 * contacts and share a family, with reads of the mails queued and sent and of the SMS log.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

/** 10:00 am on Friday, November 20, 2026 in the center's time zone (America/Los_Angeles). */
export const NOW = '2026-11-20T18:00:00Z';
export const PASSWORD = 'a good long password';

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll/beforeEach) and answer the helpers;
 * `t`, `a` and the director's token `admin` are there once the describe's tests run.
 */
export function familyMails(kind: DbKind) {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  const clock = movableClock(NOW);
  let admin: string;
  let director: Family;
  let keySeq = 0;
  const key = () => `mail-language-${kind}-${++keySeq}-${Date.now()}`;

  const call = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);

  /** A family (signed in) whose account reads `language`. */
  const family = async (name: string, children: number, language: 'en' | 'es') => {
    const f = await a.family(name, children);
    if (language === 'es') {
      const res = await call(f.token, 'PUT', '/api/UserAuthentication/Language', { language });
      expect(res.statusCode).toBe(204);
    }
    return f;
  };
  /** Enroll the family's children in `sessionId` and pay through the test checkout; the payment's id. */
  const enrollAndPay = async (f: Family, sessionId: number, studentIds = f.childIds) => {
    const res = await a.enroll(f, sessionId, studentIds);
    expect(res.statusCode, res.body).toBe(201);
    expect((await a.press(res.json().checkoutId, 'pay')).statusCode).toBeLessThan(400);
    return res.json().id as string;
  };
  /** The one queued mail to `to` whose subject is `subject` (it must exist). */
  const queued = async (to: string, subject: string) => {
    const rows = await t.database.db
      .select({ subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.subject, subject)));
    expect(rows, `a mail to ${to}: ${subject}`).toHaveLength(1);
    return rows[0]!;
  };
  /** Subjects of the mails queued to `to`. */
  const subjectsTo = async (to: string) =>
    (
      await t.database.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
    )
      .map((m) => m.subject)
      .sort();
  /** Mails actually sent (written to the mail folder) to `to`. */
  const sentTo = async (to: string) => {
    await t.flush();
    return (await t.mails()).filter((m) => m.to === to);
  };
  const smsLog = async () =>
    (await readFile(path.join(t.config.dataDir, 'sms.log'), 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; body: string });
  const addContact = async (f: Family, firstName: string, email: string, extra: object = {}) => {
    const res = await call(f.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Vega',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress: email,
      canPickup: true,
      studentIds: f.childIds,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const issuePass = async (f: Family, trusteeId: string, pin = '4321') => {
    const res = await call(f.token, 'POST', `/api/Student/Trustees/${trusteeId}/Pass`, { pin });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: {
        SIGNUP_RATE_LIMIT: '10000',
        FORM_RATE_LIMIT: '1000',
        APP_URL: 'https://portal.brightoak.example',
      },
    });
    a = api(t);
    director = await a.promote('Director', 'Admin');
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    clock.set(NOW);
    // A test that moved the clock days ahead let the background round prune the director's expired
    // session (decision 016): sign in afresh at NOW, as a director would the next morning.
    await a.signIn(director);
    admin = director.token;
  });

  return {
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    /** The director's token, signed in afresh before each test. */
    get admin() {
      return admin;
    },
    clock,
    key,
    call,
    family,
    enrollAndPay,
    queued,
    subjectsTo,
    sentTo,
    smsLog,
    addContact,
    issuePass,
    /** `inviter` invites `invited`, who accepts: one shared family. */
    share: (inviter: Family, invited: Family) => a.share(inviter, invited),
  };
}
