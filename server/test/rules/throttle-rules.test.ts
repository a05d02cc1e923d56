/**
 * The auth throttle's fixed windows at their edges (server/src/features/auth/throttle.ts; OWASP
 * Authentication Cheat Sheet): the attempt that goes over the limit and the seconds it must wait, the window's
 * last millisecond and its end (the count starts again), the longest wait of several keys, an attempt given
 * back (never below zero, never to an ended window), keys forgotten, old windows pruned after a day, and the
 * keys and limits themselves. Straight on a fresh database; on PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { authThrottle } from '../../src/db/schema.ts';
import {
  clear,
  giveBack,
  hit,
  limits,
  pruneThrottle,
  throttleKeys,
} from '../../src/features/auth/throttle.ts';
import { createTestDatabase, dbKinds } from '../helpers.ts';

const T0 = new Date('2026-11-20T18:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

describe('the throttle’s keys and limits', () => {
  it('names each counter by what it counts', () => {
    expect(throttleKeys.loginAccount('ana@example.com')).toBe('login-account:ana@example.com');
    expect(throttleKeys.loginIp('10.0.0.1')).toBe('login-ip:10.0.0.1');
    expect(throttleKeys.resetAddress('ana@example.com')).toBe('reset-address:ana@example.com');
    expect(throttleKeys.resetIp('10.0.0.1')).toBe('reset-ip:10.0.0.1');
    expect(throttleKeys.registerIp('10.0.0.1')).toBe('register-ip:10.0.0.1');
    expect(throttleKeys.confirmResend('u1')).toBe('confirm-resend:u1');
    expect(throttleKeys.mailTo('family:f1', 'abc')).toBe('mail-to:family:f1:abc');
    expect(throttleKeys.mailFrom('staff:s1')).toBe('mail-from:staff:s1');
  });

  it('allows what the policy says per window', () => {
    expect(limits).toEqual({
      loginPerAccount: { max: 10, windowMinutes: 15 },
      loginPerIp: { max: 100, windowMinutes: 15 },
      resetPerAddress: { max: 3, windowMinutes: 60 },
      resetPerIp: { max: 20, windowMinutes: 60 },
      confirmResendPerAccount: { max: 3, windowMinutes: 60 },
      mailPerRecipient: { max: 5, windowMinutes: 60 },
      mailPerSender: { max: 20, windowMinutes: 60 },
    });
  });
});

describe.each(dbKinds)('the throttle’s windows on %s', (kind) => {
  let database: Database;
  const db = () => database.db;
  let n = 0;
  /** A key no other test uses. */
  const fresh = () => `rules-${kind}-${++n}`;
  const three = { max: 3, windowMinutes: 15 };
  const row = async (key: string) =>
    (await db().select().from(authThrottle).where(eq(authThrottle.key, key)))[0];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('the attempt over the limit waits for the window’s end, in whole seconds rounded up', async () => {
    const key = fresh();
    for (let i = 0; i < 3; i++) expect(await hit(db(), [{ key, limit: three }], T0)).toBe(0);
    expect(await hit(db(), [{ key, limit: three }], T0)).toBe(900);
    expect(await hit(db(), [{ key, limit: three }], at(5 * MINUTE + 500))).toBe(600);
    expect(await hit(db(), [{ key, limit: three }], at(15 * MINUTE - 1))).toBe(1);
    expect(await row(key)).toMatchObject({ count: 6, windowEnds: at(15 * MINUTE) });
  });

  it('a window ends on its own: at its last instant the count starts again', async () => {
    const key = fresh();
    for (let i = 0; i < 4; i++) await hit(db(), [{ key, limit: three }], T0);
    expect(await hit(db(), [{ key, limit: three }], at(15 * MINUTE))).toBe(0);
    expect(await row(key)).toMatchObject({ count: 1, windowEnds: at(30 * MINUTE) });
  });

  it('several keys: each is counted, and the longest wait is answered', async () => {
    const short = fresh();
    const long = fresh();
    const within = fresh();
    const one = { max: 1, windowMinutes: 10 };
    const oneLong = { max: 1, windowMinutes: 30 };
    const hits = [
      { key: short, limit: one },
      { key: long, limit: oneLong },
      { key: within, limit: { max: 5, windowMinutes: 60 } },
    ];
    expect(await hit(db(), hits, T0)).toBe(0);
    expect(await hit(db(), hits, T0)).toBe(1_800);
    expect(await hit(db(), hits.slice(0, 1), T0)).toBe(600);
    expect((await row(within))!.count).toBe(2);
  });

  it('an attempt given back is taken off the count, never below zero, never from an ended window', async () => {
    const key = fresh();
    await hit(db(), [{ key, limit: three }], T0);
    await hit(db(), [{ key, limit: three }], T0);
    await giveBack(db(), key, at(MINUTE));
    expect((await row(key))!.count).toBe(1);
    await giveBack(db(), key, at(MINUTE));
    await giveBack(db(), key, at(MINUTE));
    expect((await row(key))!.count).toBe(0);
    await hit(db(), [{ key, limit: three }], at(2 * MINUTE));
    await giveBack(db(), key, at(15 * MINUTE));
    expect((await row(key))!.count).toBe(1);
    await giveBack(db(), fresh(), T0); // a key never counted: nothing to give back
  });

  it('forgets the keys it is given, and only those; no keys, nothing', async () => {
    const gone = fresh();
    const kept = fresh();
    await hit(
      db(),
      [
        { key: gone, limit: three },
        { key: kept, limit: three },
      ],
      T0,
    );
    await clear(db(), []);
    await clear(db(), [gone]);
    expect(await row(gone)).toBeUndefined();
    expect(await row(kept)).toBeDefined();
  });

  it('prunes windows that ended more than a day ago, and keeps the rest', async () => {
    const old = fresh();
    const dayOld = fresh();
    const current = fresh();
    const oneMinute = { max: 3, windowMinutes: 1 };
    await hit(db(), [{ key: old, limit: oneMinute }], at(-24 * 60 * MINUTE - 2 * MINUTE));
    await hit(db(), [{ key: dayOld, limit: oneMinute }], at(-24 * 60 * MINUTE - MINUTE));
    await hit(db(), [{ key: current, limit: three }], T0);
    await pruneThrottle(db(), T0);
    expect(await row(old)).toBeUndefined();
    expect(await row(dayOld)).toBeDefined();
    expect(await row(current)).toBeDefined();
  });
});
