/**
 * Logging out ends the session on the server (issue 21, item 10; decision 016): after `POST …/Logout` the
 * token answers 401 at once — in this server and in another one on the same database — while the account's
 * other sessions go on; after `POST …/LogoutEverywhere` every token of the account answers 401 and another
 * account's token still works. A token cannot borrow another account's session.
 */
import { authApi } from '@lc/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '../src/db/schema.ts';
import { createSessionTokens } from '../src/features/auth/session-tokens.ts';
import { pruneSessions } from '../src/features/auth/sessions.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { movableClock } from './support/registration.ts';

const JWT_SECRET = 'a-test-signing-secret-of-at-least-32-characters';
const PASSWORD = 'maple river lantern';

describe.each(dbKinds)('logging out on %s', (kind) => {
  let t: TestApp;
  let other: TestApp;
  let counter = 0;
  const clock = movableClock('2026-11-20T18:00:00Z');
  const call = (app: TestApp, token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.app.inject({
      method,
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      remoteAddress: `198.51.100.${++counter % 250}`,
    });
  const me = (token: string, app = t) => call(app, token, 'GET', authApi.me.path);
  const signUp = async (name: string) => {
    const emailAddress = `${name}.${kind}.${++counter}@families.example`;
    const res = await call(t, null, 'POST', authApi.register.path, {
      firstName: name,
      lastName: 'Family',
      emailAddress,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    return { emailAddress, token: res.body };
  };
  const logIn = async (emailAddress: string) => {
    const res = await call(t, null, 'POST', authApi.login.path, { emailAddress, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { JWT_SECRET, SIGNUP_RATE_LIMIT: '10000' } });
    // A second server process on the same database (several processes share JWT_SECRET).
    other = await createTestApp(kind, { clock, database: t.database, env: { JWT_SECRET } });
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('ends this session at once, in every server, and leaves the account’s other sessions working', async () => {
    const { emailAddress, token: first } = await signUp('Ines');
    const second = await logIn(emailAddress);
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(first, other)).statusCode).toBe(200);

    const out = await call(t, first, 'POST', authApi.logout.path);
    expect(out.statusCode).toBe(204);

    for (const server of [t, other]) {
      const after = await me(first, server);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe('Your session has ended. Please log in again.');
    }
    expect((await call(t, first, 'GET', '/api/Student')).statusCode).toBe(401);
    expect((await call(t, first, 'POST', authApi.logout.path)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    expect((await me(second, other)).statusCode).toBe(200);
  });

  it('logs out everywhere: every token of the account answers 401, another account’s still works, and signing in again works', async () => {
    const { emailAddress, token: phone } = await signUp('Omar');
    const laptop = await logIn(emailAddress);
    const tablet = await logIn(emailAddress);
    const { token: neighbour } = await signUp('Rosa');

    const out = await call(other, laptop, 'POST', authApi.logoutEverywhere.path);
    expect(out.statusCode).toBe(204);

    for (const token of [phone, laptop, tablet]) {
      expect((await me(token)).statusCode).toBe(401);
      expect((await me(token, other)).statusCode).toBe(401);
    }
    expect((await me(neighbour)).statusCode).toBe(200);
    const again = await logIn(emailAddress);
    expect((await me(again)).statusCode).toBe(200);
  });

  it('refuses a validly signed token that names another account’s session, or no session', async () => {
    const victim = await signUp('Vera');
    const attacker = await signUp('Axel');
    const claims = decodeJwt(attacker.token) as { sub: string; email: string; tv: number };
    const tokens = createSessionTokens(JWT_SECRET, 12);
    const user = {
      id: claims.sub,
      emailAddress: claims.email,
      firstName: 'Axel',
      lastName: 'Family',
      type: 'Parent' as const,
      tokenVersion: claims.tv,
    };
    const borrowed = await tokens.issue(user, String(decodeJwt(victim.token).sid), clock.now());
    expect((await me(borrowed)).statusCode).toBe(401);
    const invented = await tokens.issue(user, crypto.randomUUID(), clock.now());
    expect((await me(invented)).statusCode).toBe(401);
    expect((await me(attacker.token)).statusCode).toBe(200);
  });

  it('keeps a session row only until a day after its token expires', async () => {
    const { token } = await signUp('Pia');
    const sid = String(decodeJwt(token).sid);
    const exp = decodeJwt(token).exp! * 1000;
    const ids = async () =>
      (await t.database.db.select({ id: userSessions.id }).from(userSessions)).map((r) => r.id);
    await pruneSessions(t.database.db, new Date(exp + 86_400_000 - 1000));
    expect(await ids()).toContain(sid);
    await pruneSessions(t.database.db, new Date(exp + 86_400_000 + 1000));
    expect(await ids()).not.toContain(sid);
  });
});
