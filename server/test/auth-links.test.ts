/**
 * The account API's mailed links (issue 3, spec §4/§5/§7/§8; OWASP Forgot Password cheat sheet): the password
 * reset and the email confirmation, each link single-use, hashed at rest and built from APP_URL. Registering
 * and signing in are in auth.test.ts, the shared set-up in support/accounts-api.ts.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { RESET_LINK_INVALID } from '../src/features/auth/accounts.ts';
import { dbKinds } from './helpers.ts';
import { accountsApi, freshIp, START } from './support/accounts-api.ts';

describe.each(dbKinds)('accounts API on %s', (kind) => {
  const accounts = accountsApi(kind);
  const { freshEmail, post, me, register, login, mailsTo, linkIn, requestReset, resetToken } = accounts;

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
      await accounts.t.flush();
      const mail = (await mailsTo(emailAddress)).find((m) => m.subject === 'Reset your password')!;
      expect(mail.text).not.toContain('evil.example');
      const raw = linkIn(mail.text, '/password-reset');
      expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
      const rows = await queryRows<{ token_hash: string }>(
        accounts.t.database.db,
        sql`select token_hash from user_tokens where purpose = 'PasswordReset' and token_hash = ${createHash('sha256').update(raw).digest('hex')}`,
      );
      expect(rows).toHaveLength(1);
      const dump = await queryRows<{ row: string }>(
        accounts.t.database.db,
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
      await accounts.t.flush();

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
      accounts.now = new Date(START.getTime() + 60 * 60_000 + 1000);
      expect((await post(`/api/UserAuthentication/ResetPassword/${late}`, body)).statusCode).toBe(400);
      accounts.now = new Date(START.getTime() + 60 * 60_000);
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
      await accounts.t.flush();
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
        accounts.t.app.inject({
          method: 'POST',
          url: '/api/UserAuthentication/ConfirmEmail',
          headers: { authorization: `Bearer ${token}` },
        });
      for (let i = 0; i < 3; i++) expect((await resend()).statusCode).toBe(204);
      expect((await resend()).statusCode).toBe(429);
      await accounts.t.flush();
      const links = (await mailsTo(emailAddress)).filter(
        (m) => m.subject === 'Please confirm your email address',
      );
      expect(links).toHaveLength(3);
      const raw = linkIn(links[2]!.text, '/confirm-email');
      expect((await post(`/api/UserAuthentication/ConfirmEmail/${raw}`)).statusCode).toBe(204);
      accounts.now = new Date(START.getTime() + 2 * 3600_000);
      expect((await resend()).statusCode).toBe(204);
      await accounts.t.flush();
      expect(
        (await mailsTo(emailAddress)).filter((m) => m.subject === 'Please confirm your email address'),
      ).toHaveLength(3);
    });

    it('refuses a confirmation link after its 7 days', async () => {
      const { emailAddress } = await register();
      await accounts.t.flush();
      const raw = linkIn((await mailsTo(emailAddress))[0]!.text, '/confirm-email');
      accounts.now = new Date(START.getTime() + 7 * 86_400_000 + 1000);
      expect((await post(`/api/UserAuthentication/ConfirmEmail/${raw}`)).statusCode).toBe(400);
    });
  });
});
