/**
 * The account lifecycle API (issue 3, spec §4/§5/§7/§8) and the security rules behind it
 * (OWASP ASVS level 2, Authentication and Forgot Password cheat sheets). Each test fails when its rule breaks.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { ensureAdminAccount, LOGIN_FAILED, RESET_LINK_INVALID } from '../src/features/auth/accounts.ts';
import { createClock } from '../src/lib/clock.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';

const START = new Date('2026-11-20T18:00:00Z');
const APP_URL = 'https://portal.brightoak.example';
let ipCounter = 0;
/** A fresh client address per use, so one test's attempt counters never touch another's. */
const freshIp = () => `198.51.100.${++ipCounter}`;

describe.each(dbKinds)('accounts API on %s', (kind) => {
  let t: TestApp;
  let now = START;
  const logLines: string[] = [];
  let emailCounter = 0;
  const freshEmail = () => `parent${++emailCounter}.${kind}@families.example`;

  const post = (url: string, payload?: object, headers: Record<string, string> = {}, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
  const me = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/UserAuthentication/Me',
      headers: { authorization: `Bearer ${token}` },
    });
  const register = async (overrides: Partial<Record<string, string>> = {}) => {
    const body = {
      firstName: 'Priya',
      lastName: 'Natarajan',
      emailAddress: freshEmail(),
      password: 'correct horse battery',
      ...overrides,
    };
    const res = await post('/api/UserAuthentication/Register', body);
    expect(res.statusCode).toBe(201);
    return { ...body, token: res.body, res };
  };
  const login = (emailAddress: string, password: string, ip = freshIp()) =>
    post('/api/UserAuthentication/Login', { emailAddress, password }, {}, ip);
  const mailsTo = async (to: string) => (await t.mails()).filter((m) => m.to === to.toLowerCase());
  const linkIn = (text: string, path: string) => {
    const match = new RegExp(`${APP_URL.replace(/[.]/g, '\\.')}${path}/([A-Za-z0-9_-]+)`).exec(text);
    expect(match, `a ${path} link in:\n${text}`).not.toBeNull();
    return match![1]!;
  };
  const requestReset = async (emailAddress: string) => {
    const res = await post('/api/UserAuthentication/ResetPassword', { emailAddress });
    await t.flush();
    return res;
  };
  const resetToken = async (emailAddress: string) => {
    expect((await requestReset(emailAddress)).statusCode).toBe(204);
    const mails = await mailsTo(emailAddress);
    const last = mails.filter((m) => m.subject === 'Reset your password').at(-1);
    return linkIn(last!.text, '/password-reset');
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { APP_URL, SESSION_HOURS: '12' },
      clock: createClock('America/Los_Angeles', () => now),
      logger: { level: 'info', stream: { write: (line) => logLines.push(line) } },
    });
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    now = START;
  });

  describe('register', () => {
    it('creates a Parent, answers the token as text/plain with the claims of docs/architecture.md, and stores only an argon2id hash', async () => {
      const { token, res, emailAddress } = await register({ emailAddress: '  Priya.N@Example.COM ' });
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        email: 'priya.n@example.com',
        given_name: 'Priya',
        family_name: 'Natarajan',
        role: 'Parent',
        tv: 0,
        iat: START.getTime() / 1000,
        exp: START.getTime() / 1000 + 12 * 3600,
      });
      const [row] = await queryRows<{ type: string; password: string; email_address: string }>(
        t.database.db,
        sql`select type, password, email_address from users where id = ${claims.sub}`,
      );
      expect(row).toMatchObject({ type: 'Parent', email_address: 'priya.n@example.com' });
      expect(row!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row!.password).not.toContain('correct horse battery');
      expect(emailAddress).toBe('  Priya.N@Example.COM ');
    });

    it('mails a welcome with a confirmation link built from APP_URL, never from the Host header', async () => {
      const emailAddress = freshEmail();
      const res = await post(
        '/api/UserAuthentication/Register',
        { firstName: 'Luis', lastName: 'Ortega', emailAddress, password: 'a long enough one' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      );
      expect(res.statusCode).toBe(201);
      await t.flush();
      const [welcome] = await mailsTo(emailAddress);
      expect(welcome?.subject).toBe('Welcome to Bright Oak Learning Center — please confirm your email');
      expect(welcome!.text).not.toContain('evil.example');
      linkIn(welcome!.text, '/confirm-email');
    });

    it('refuses a second account for the same address, whatever its case, with 409 on the email field', async () => {
      const { emailAddress } = await register();
      const res = await post('/api/UserAuthentication/Register', {
        firstName: 'Other',
        lastName: 'Person',
        emailAddress: emailAddress.toUpperCase(),
        password: 'another password',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().fields.emailAddress).toMatch(/already exists/);
      const [{ n }] = (await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where email_address = ${emailAddress}`,
      )) as [{ n: number }];
      expect(n).toBe(1);
    });

    it('validates with the exact messages of spec §5 and stores nothing', async () => {
      const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
      const res = await post('/api/UserAuthentication/Register', {
        firstName: ' P ',
        lastName: '',
        emailAddress: 'not-an-email',
        password: 'short',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({
        firstName: 'Please enter a valid name',
        lastName: 'Please specify your last name',
        emailAddress: 'Please enter a valid email address',
        password: 'The password should have at minimum length of 8',
      });
      const after = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from users`);
      expect(after).toEqual(before);
    });

    it('answers 429 after SIGNUP_RATE_LIMIT (20) new accounts from one IP in an hour', async () => {
      const ip = freshIp();
      const signUp = () =>
        post(
          '/api/UserAuthentication/Register',
          { firstName: 'Sam', lastName: 'Reyes', emailAddress: freshEmail(), password: 'long enough pw' },
          {},
          ip,
        );
      for (let i = 0; i < 20; i++) expect((await signUp()).statusCode).toBe(201);
      const limited = await signUp();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBe(3600);
      now = new Date(START.getTime() + 3600_000);
      expect((await signUp()).statusCode).toBe(201);
    });

    it('accepts a 100-character passphrase unchanged (no cap below 64, never trimmed)', async () => {
      const password = ` ${'sunflowers and oak trees '.repeat(4).slice(0, 98)} `;
      const { emailAddress } = await register({ password });
      expect((await login(emailAddress, password)).statusCode).toBe(200);
      expect((await login(emailAddress, password.trim())).statusCode).toBe(401);
    });
  });

  describe('login', () => {
    it('answers a token for the right password, comparing the email case-insensitively', async () => {
      const { emailAddress, password } = await register();
      const res = await login(`  ${emailAddress.toUpperCase()}`, password);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await me(res.body)).json()).toMatchObject({ emailAddress, type: 'Parent' });
    });

    it('gives the same 401 for an unknown address and a wrong password', async () => {
      const { emailAddress } = await register();
      const wrong = await login(emailAddress, 'not the password');
      const unknown = await login(freshEmail(), 'not the password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      const strip = (body: string) => ({ ...JSON.parse(body), requestId: undefined });
      expect(strip(wrong.body)).toEqual(strip(unknown.body));
      expect(strip(wrong.body).message).toBe(LOGIN_FAILED);
    });

    it('answers 429 with Retry-After after 10 attempts for one account, even with the right password, then lets the parent in once the window ends', async () => {
      const { emailAddress, password } = await register();
      for (let i = 0; i < 10; i++) expect((await login(emailAddress, `guess ${i}`)).statusCode).toBe(401);
      const locked = await login(emailAddress, password);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
      now = new Date(START.getTime() + 15 * 60_000 + 1000);
      expect((await login(emailAddress, password)).statusCode).toBe(200);
    });

    it('answers 429 after 100 failed attempts from one IP across different accounts', async () => {
      const ip = freshIp();
      for (let i = 0; i < 100; i++) {
        expect((await login(`nobody${i}.${kind}@families.example`, 'guess', ip)).statusCode).toBe(401);
      }
      const { emailAddress, password } = await register();
      expect((await login(emailAddress, password, ip)).statusCode).toBe(429);
      expect((await login(emailAddress, password, freshIp())).statusCode).toBe(200);
    });

    it('does not count successful logins against the IP', async () => {
      const { emailAddress, password } = await register();
      const ip = freshIp();
      for (let i = 0; i < 105; i++) expect((await login(emailAddress, password, ip)).statusCode).toBe(200);
    });
  });

  describe('session tokens', () => {
    it('rejects a missing token, alg none, a tampered payload and a foreign signature with 401', async () => {
      const { token } = await register();
      expect((await me(token)).statusCode).toBe(200);
      const noToken = await t.app.inject({ method: 'GET', url: '/api/UserAuthentication/Me' });
      expect(noToken.statusCode).toBe(401);
      expect(noToken.headers['www-authenticate']).toMatch(/^Bearer/);

      const [header, payload, signature] = token.split('.') as [string, string, string];
      const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const claims = decodeJwt(token);
      const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      expect((await me(algNone)).statusCode).toBe(401);
      const promoted = `${header}.${b64({ ...claims, role: 'Admin' })}.${signature}`;
      expect((await me(promoted)).statusCode).toBe(401);
      const foreign = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(48)));
      expect((await me(foreign)).statusCode).toBe(401);
    });

    it('follows spec §9: valid at exp, 401 one second later', async () => {
      const { token } = await register();
      const exp = decodeJwt(token).exp!;
      now = new Date(exp * 1000);
      expect((await me(token)).statusCode).toBe(200);
      now = new Date((exp + 1) * 1000);
      const expired = await me(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('Your session has expired. Please log in again.');
    });

    it('answers 401 to an expired token on every protected API route', async () => {
      const { token } = await register();
      now = new Date((decodeJwt(token).exp! + 1) * 1000);
      const protectedRoutes = t.routeTable.filter((r) => r.auth !== 'public' && r.method !== 'HEAD');
      expect(protectedRoutes.length).toBeGreaterThan(0);
      for (const route of protectedRoutes) {
        const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });
  });

  describe('password reset', () => {
    it('answers the same for an address with and without an account, and mails only the account', async () => {
      const { emailAddress } = await register();
      const unknownAddress = freshEmail();
      const known = await requestReset(emailAddress);
      const unknown = await requestReset(unknownAddress);
      const shape = (r: typeof known) => ({
        status: r.statusCode,
        body: r.body,
        type: r.headers['content-type'],
        cache: r.headers['cache-control'],
      });
      expect(shape(known)).toEqual(shape(unknown));
      expect(shape(known)).toMatchObject({ status: 204, body: '', cache: 'no-store' });
      expect((await mailsTo(emailAddress)).map((m) => m.subject)).toContain('Reset your password');
      expect(await mailsTo(unknownAddress)).toEqual([]);
    });

    it('stores only a SHA-256 hash of a 256-bit token and builds the link from APP_URL', async () => {
      const { emailAddress } = await register();
      const res = await post(
        '/api/UserAuthentication/ResetPassword',
        { emailAddress },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      );
      expect(res.statusCode).toBe(204);
      await t.flush();
      const mail = (await mailsTo(emailAddress)).find((m) => m.subject === 'Reset your password')!;
      expect(mail.text).not.toContain('evil.example');
      const raw = linkIn(mail.text, '/password-reset');
      expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
      const rows = await queryRows<{ token_hash: string }>(
        t.database.db,
        sql`select token_hash from user_tokens where purpose = 'PasswordReset' and token_hash = ${createHash('sha256').update(raw).digest('hex')}`,
      );
      expect(rows).toHaveLength(1);
      const dump = await queryRows<{ row: string }>(
        t.database.db,
        sql`select t::text as row from user_tokens t`,
      );
      expect(dump.some((r) => r.row.includes(raw))).toBe(false);
    });

    it('sets the new password once: the link dies, earlier links die, old sessions end, a notice is mailed, and nobody is signed in', async () => {
      const { emailAddress, password, token: oldSession } = await register();
      const first = await resetToken(emailAddress);
      const second = await resetToken(emailAddress);

      const res = await post(`/api/UserAuthentication/ResetPassword/${second}`, {
        password: 'a brand new password',
        passwordRepeat: 'a brand new password',
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      await t.flush();

      expect((await login(emailAddress, 'a brand new password')).statusCode).toBe(200);
      expect((await login(emailAddress, password)).statusCode).toBe(401);
      expect((await me(oldSession)).statusCode).toBe(401);
      for (const used of [second, first]) {
        const again = await post(`/api/UserAuthentication/ResetPassword/${used}`, {
          password: 'yet another password',
          passwordRepeat: 'yet another password',
        });
        expect(again.statusCode).toBe(400);
        expect(again.json().message).toBe(RESET_LINK_INVALID);
      }
      expect((await mailsTo(emailAddress)).map((m) => m.subject)).toContain('Your password was changed');
    });

    it('expires a link after 60 minutes: usable at 60:00, refused at 60:01', async () => {
      const { emailAddress } = await register();
      const onTime = await resetToken(emailAddress);
      const late = await resetToken(emailAddress);
      const body = { password: 'fresh password 1', passwordRepeat: 'fresh password 1' };
      now = new Date(START.getTime() + 60 * 60_000 + 1000);
      expect((await post(`/api/UserAuthentication/ResetPassword/${late}`, body)).statusCode).toBe(400);
      now = new Date(START.getTime() + 60 * 60_000);
      expect((await post(`/api/UserAuthentication/ResetPassword/${onTime}`, body)).statusCode).toBe(204);
    });

    it('rejects mismatched passwords with the spec §5 message and changes nothing', async () => {
      const { emailAddress, password } = await register();
      const token = await resetToken(emailAddress);
      const res = await post(`/api/UserAuthentication/ResetPassword/${token}`, {
        password: 'first choice here',
        passwordRepeat: 'second choice here',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ passwordRepeat: 'Passwords must match' });
      expect((await login(emailAddress, password)).statusCode).toBe(200);
    });

    it('lifts a login lock-out, so an attacker cannot keep a parent out', async () => {
      const { emailAddress } = await register();
      for (let i = 0; i < 11; i++) await login(emailAddress, `guess ${i}`);
      expect((await login(emailAddress, 'whatever')).statusCode).toBe(429);
      const token = await resetToken(emailAddress);
      const body = { password: 'my own new password', passwordRepeat: 'my own new password' };
      expect((await post(`/api/UserAuthentication/ResetPassword/${token}`, body)).statusCode).toBe(204);
      expect((await login(emailAddress, 'my own new password')).statusCode).toBe(200);
    });

    it('answers 429 after 3 requests for one address, with or without an account', async () => {
      const { emailAddress } = await register();
      for (const address of [emailAddress, freshEmail()]) {
        for (let i = 0; i < 3; i++) expect((await requestReset(address)).statusCode).toBe(204);
        const limited = await requestReset(address);
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await mailsTo(emailAddress)).filter((m) => m.subject === 'Reset your password')).toHaveLength(
        3,
      );
    });

    it('answers 429 after 20 requests from one IP', async () => {
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const res = await post(
          '/api/UserAuthentication/ResetPassword',
          { emailAddress: freshEmail() },
          {},
          ip,
        );
        expect(res.statusCode).toBe(204);
      }
      const res = await post('/api/UserAuthentication/ResetPassword', { emailAddress: freshEmail() }, {}, ip);
      expect(res.statusCode).toBe(429);
    });
  });

  describe('email confirmation', () => {
    it('confirms the address from the welcome link, and a second click is still fine', async () => {
      const { emailAddress, token } = await register();
      expect((await me(token)).json().emailConfirmed).toBe(false);
      await t.flush();
      const welcome = (await mailsTo(emailAddress))[0]!;
      const raw = linkIn(welcome.text, '/confirm-email');
      expect((await post(`/api/UserAuthentication/ConfirmEmail/${raw}`)).statusCode).toBe(204);
      expect((await me(token)).json().emailConfirmed).toBe(true);
      expect((await post(`/api/UserAuthentication/ConfirmEmail/${raw}`)).statusCode).toBe(204);
      expect((await post('/api/UserAuthentication/ConfirmEmail/not-a-real-token')).statusCode).toBe(400);
    });

    it('mails a fresh link on request, up to 3 an hour, and nothing once confirmed', async () => {
      const { emailAddress, token } = await register();
      const resend = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/UserAuthentication/ConfirmEmail',
          headers: { authorization: `Bearer ${token}` },
        });
      for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(204);
      expect((await resend()).statusCode).toBe(429);
      await t.flush();
      const links = (await mailsTo(emailAddress)).filter(
        (m) => m.subject === 'Please confirm your email address',
      );
      expect(links).toHaveLength(3);
      const raw = linkIn(links[2]!.text, '/confirm-email');
      expect((await post(`/api/UserAuthentication/ConfirmEmail/${raw}`)).statusCode).toBe(204);
      now = new Date(START.getTime() + 2 * 3600_000);
      expect((await resend()).statusCode).toBe(204);
      await t.flush();
      expect(
        (await mailsTo(emailAddress)).filter((m) => m.subject === 'Please confirm your email address'),
      ).toHaveLength(3);
    });

    it('refuses a confirmation link after its 7 days', async () => {
      const { emailAddress } = await register();
      await t.flush();
      const raw = linkIn((await mailsTo(emailAddress))[0]!.text, '/confirm-email');
      now = new Date(START.getTime() + 7 * 86_400_000 + 1000);
      expect((await post(`/api/UserAuthentication/ConfirmEmail/${raw}`)).statusCode).toBe(400);
    });
  });

  it('answers requests that arrive together each as its own user, and refuses a token whose version moved a moment earlier', async () => {
    const families = await Promise.all([register(), register(), register()]);
    const [stale] = await queryRows<{ id: string }>(
      t.database.db,
      sql`update users set token_version = token_version + 1 where email_address = ${families[2]!.emailAddress.toLowerCase()} returning id`,
    );
    expect(stale).toBeDefined();
    // Nine requests in one turn of the event loop: their user lookups share one query (decision 008).
    const replies = await Promise.all(
      [...families, ...families, ...families].map(async ({ token, emailAddress }) => ({
        emailAddress: emailAddress.toLowerCase(),
        res: await me(token),
      })),
    );
    for (const { emailAddress, res } of replies) {
      if (emailAddress === families[2]!.emailAddress.toLowerCase()) {
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Your session has ended. Please log in again.');
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.json().emailAddress).toBe(emailAddress);
      }
    }
  });

  it('keeps passwords and link tokens out of the logs', async () => {
    const { emailAddress } = await register({ password: 'log-canary-password-1' });
    const token = await resetToken(emailAddress);
    await post(`/api/UserAuthentication/ResetPassword/${token}`, {
      password: 'log-canary-password-2',
      passwordRepeat: 'log-canary-password-2',
    });
    const page = await t.app.inject({ method: 'GET', url: `/password-reset/${token}` });
    // The reset page must not leak its URL (with the token) to any other site.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const log = logLines.join('\n');
    expect(log).toContain('/api/UserAuthentication/ResetPassword/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('log-canary-password');
  });

  it('creates and updates the Admin of ADMIN_EMAIL/ADMIN_PASSWORD, signing out the old password', async () => {
    const db = t.database.db;
    const email = `admin.${kind}@brightoak.example`;
    expect(await ensureAdminAccount(db, email, 'first admin password', START)).toBe('created');
    expect(await ensureAdminAccount(db, email, 'first admin password', START)).toBe('unchanged');
    const first = await login(email, 'first admin password');
    expect(decodeJwt(first.body).role).toBe('Admin');
    expect(await ensureAdminAccount(db, email, 'second admin password', START)).toBe('updated');
    expect((await me(first.body)).statusCode).toBe(401);
    expect((await login(email, 'second admin password')).statusCode).toBe(200);

    const { emailAddress } = await register();
    expect(await ensureAdminAccount(db, emailAddress, 'promoted admin password', START)).toBe('updated');
    const promoted = await login(emailAddress, 'promoted admin password');
    expect((await me(promoted.body)).json().type).toBe('Admin');
  });
});
