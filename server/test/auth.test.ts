/**
 * The account lifecycle API (issue 3, spec §4/§5/§7/§8) and the security rules behind it
 * (OWASP ASVS level 2, Authentication and Forgot Password cheat sheets): registering, signing in and the
 * session token; the mailed links (password reset, email confirmation) are in auth-links.test.ts, the shared
 * set-up in support/accounts-api.ts. Each test fails when its rule breaks.
 */
import { sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { ensureAdminAccount, LOGIN_FAILED } from '../src/features/auth/accounts.ts';
import { dbKinds } from './helpers.ts';
import { accountsApi, freshIp, START } from './support/accounts-api.ts';

describe.each(dbKinds)('accounts API on %s', (kind) => {
  const accounts = accountsApi(kind);
  const { logLines, freshEmail, post, me, register, login, mailsTo, linkIn, resetToken } = accounts;

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
        accounts.t.database.db,
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
      await accounts.t.flush();
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
        accounts.t.database.db,
        sql`select count(*)::int as n from users where email_address = ${emailAddress}`,
      )) as [{ n: number }];
      expect(n).toBe(1);
    });

    it('validates with the exact messages of spec §5 and stores nothing', async () => {
      const before = await queryRows<{ n: number }>(
        accounts.t.database.db,
        sql`select count(*)::int as n from users`,
      );
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
      const after = await queryRows<{ n: number }>(
        accounts.t.database.db,
        sql`select count(*)::int as n from users`,
      );
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
      accounts.now = new Date(START.getTime() + 3600_000);
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
      accounts.now = new Date(START.getTime() + 15 * 60_000 + 1000);
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
      const noToken = await accounts.t.app.inject({ method: 'GET', url: '/api/UserAuthentication/Me' });
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
      accounts.now = new Date(exp * 1000);
      expect((await me(token)).statusCode).toBe(200);
      accounts.now = new Date((exp + 1) * 1000);
      const expired = await me(token);
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message).toBe('Your session has expired. Please log in again.');
    });

    it('answers 401 to an expired token on every protected API route', async () => {
      const { token } = await register();
      accounts.now = new Date((decodeJwt(token).exp! + 1) * 1000);
      const protectedRoutes = accounts.t.routeTable.filter((r) => r.auth !== 'public' && r.method !== 'HEAD');
      expect(protectedRoutes.length).toBeGreaterThan(0);
      for (const route of protectedRoutes) {
        const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
        const res = await accounts.t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    });
  });

  it('answers requests that arrive together each as its own user, and refuses a token whose version moved a moment earlier', async () => {
    const families = await Promise.all([register(), register(), register()]);
    const [stale] = await queryRows<{ id: string }>(
      accounts.t.database.db,
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
    const page = await accounts.t.app.inject({ method: 'GET', url: `/password-reset/${token}` });
    // The reset page must not leak its URL (with the token) to any other site.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const log = logLines.join('\n');
    expect(log).toContain('/api/UserAuthentication/ResetPassword/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('log-canary-password');
  });

  it('creates and updates the Admin of ADMIN_EMAIL/ADMIN_PASSWORD, signing out the old password', async () => {
    const db = accounts.t.database.db;
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
