/**
 * Common passwords are refused (issue 21, item 6; OWASP ASVS 2.1.7) wherever a password is chosen: sign-up,
 * password reset, and the team invitation's first password. Each answers 400 with the contract's field
 * message on `password`, and changes nothing; a passphrase, the demo passwords and the tests' passwords pass.
 */
import { messageSentence, PASSWORD_TOO_COMMON } from '@lc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { isCommonPassword } from '../src/features/auth/common-passwords.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, movableClock } from './support/registration.ts';

const COMMON = ['password', '12345678', 'qwertyuiop'];
const GOOD = 'maple river lantern';

describe('the common-password rule', () => {
  it('refuses the list’s passwords as written, capitalised, in l33t and reversed', () => {
    for (const password of [...COMMON, 'Password', 'P@ssw0rd', 'drowssap', 'iloveyou', 'sunflower'])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it('accepts phrases, the demo passwords and the passwords the tests and browser specs use', () => {
    for (const password of [
      GOOD,
      'sunflower-demo',
      'acorn-director-demo',
      'acorn-teacher-demo',
      'a good long password',
      'a fine new password',
      'correct horse battery',
      'chalk and crayons',
      'hummingbird-garden',
      'willow-creek-path',
      'girasol-2026',
      'another-password',
    ])
      expect(isCommonPassword(password), password).toBe(false);
  });
});

describe.each(dbKinds)('common passwords refused on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let counter = 0;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${++counter}` });
  const expectRefused = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: messageSentence(PASSWORD_TOO_COMMON, 'en') });
    expect(res.json().fields.password).toMatch(/^This password is one of the most common passwords/);
  };
  /** The token of the link to `/password-reset/…` mailed to `to` (a reset, or a team invitation). */
  const mailedResetToken = async (to: string) => {
    await t.flush();
    // The account's only mail with such a link (the welcome mail carries a confirmation link instead).
    const mail = (await t.mails()).find((m) => m.to === to && m.text.includes('/password-reset/'));
    const match = /\/password-reset\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(match, `a reset link mailed to ${to}`).not.toBeNull();
    return match![1]!;
  };
  const canLogIn = async (emailAddress: string, password: string) =>
    (await post('/api/UserAuthentication/Login', { emailAddress, password })).statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: movableClock('2026-11-20T18:00:00Z'),
      env: { SIGNUP_RATE_LIMIT: '10000' },
    });
    a = api(t);
  });
  afterAll(async () => t?.close());

  it('sign-up refuses each common password with the field message and creates no account; a passphrase signs up', async () => {
    for (const password of COMMON) {
      const emailAddress = `common.${password}.${kind}@families.example`;
      expectRefused(
        await post('/api/UserAuthentication/Register', {
          firstName: 'Lena',
          lastName: 'Okafor',
          emailAddress,
          password,
        }),
      );
      expect(await t.database.db.select().from(users).where(eq(users.emailAddress, emailAddress))).toEqual(
        [],
      );
    }
    const good = await post('/api/UserAuthentication/Register', {
      firstName: 'Lena',
      lastName: 'Okafor',
      emailAddress: `good.${kind}@families.example`,
      password: GOOD,
    });
    expect(good.statusCode).toBe(201);
  });

  it('a reset link refuses each common password, keeps the old one and stays usable for a passphrase', async () => {
    const family = await a.family('Resetting', 0);
    expect(
      (await post('/api/UserAuthentication/ResetPassword', { emailAddress: family.email })).statusCode,
    ).toBe(204);
    const token = await mailedResetToken(family.email);
    for (const password of COMMON) {
      expectRefused(
        await post(`/api/UserAuthentication/ResetPassword/${token}`, { password, passwordRepeat: password }),
      );
      expect(await canLogIn(family.email, password)).toBe(false);
    }
    expect(await canLogIn(family.email, 'a good long password')).toBe(true);
    const set = await post(`/api/UserAuthentication/ResetPassword/${token}`, {
      password: GOOD,
      passwordRepeat: GOOD,
    });
    expect(set.statusCode).toBe(204);
    expect(await canLogIn(family.email, GOOD)).toBe(true);
  });

  it('a team invitation refuses each common password as the first password, and takes a passphrase', async () => {
    const director = (await a.promote('Director', 'Admin')).token;
    const emailAddress = `invited.${kind}@staff.example`;
    const invited = await a.call(director, 'POST', '/api/staff/team', {
      firstName: 'Noor',
      lastName: 'Haddad',
      emailAddress,
    });
    expect(invited.statusCode).toBe(201);
    const token = await mailedResetToken(emailAddress);
    for (const password of COMMON) {
      expectRefused(
        await post(`/api/UserAuthentication/ResetPassword/${token}`, { password, passwordRepeat: password }),
      );
      expect(await canLogIn(emailAddress, password)).toBe(false);
    }
    const set = await post(`/api/UserAuthentication/ResetPassword/${token}`, {
      password: GOOD,
      passwordRepeat: GOOD,
    });
    expect(set.statusCode).toBe(204);
    expect(await canLogIn(emailAddress, GOOD)).toBe(true);
  });
});
