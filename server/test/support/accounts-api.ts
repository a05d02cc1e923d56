/**
 * The accounts API tests' set-up (auth.test.ts, auth-links.test.ts): an app with APP_URL and 12-hour sessions
 * on a clock the test moves, its log lines kept, and the calls a parent makes to register, sign in and follow
 * a mailed link (docs/architecture.md, "Identity and access").
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createClock } from '../../src/lib/clock.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';

/** The tests' "now" at the start of every test: 10:00 am, November 20, 2026 in the center's time zone. */
export const START = new Date('2026-11-20T18:00:00Z');
export const APP_URL = 'https://portal.brightoak.example';
let ipCounter = 0;
/** A fresh client address per use, so one test's attempt counters never touch another's. */
export const freshIp = () => `198.51.100.${++ipCounter}`;

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll; the clock back at START before each
 * test) and answer the helpers. `t` is there once the describe's tests run; setting `now` moves the clock.
 */
export function accountsApi(kind: DbKind) {
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

  return {
    get t() {
      return t;
    },
    get now() {
      return now;
    },
    set now(at: Date) {
      now = at;
    },
    logLines,
    freshEmail,
    post,
    me,
    register,
    login,
    mailsTo,
    linkIn,
    requestReset,
    resetToken,
  };
}
