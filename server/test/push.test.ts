/**
 * Web push on the phone (issue 25 "On the phone", decision 034), on both databases, against a real local
 * push service (support/push-endpoint.ts): the VAPID key made once in DATA_DIR; a person subscribes,
 * lists and removes their devices, and another person's device answers 404; the same endpoint moves to
 * whoever subscribes with it last; a test notification, a message notification (held through quiet hours),
 * a drop-off and a failed automatic payment each reach the device as an encrypted request with the VAPID
 * Authorization header and a TTL, decrypted here as the browser would; a push service answering 410 removes
 * the device, and five failures in a row do too.
 */
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { sweepAutopay } from '../src/features/billing/autopay.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import {
  type BrowserSubscription,
  type LocalPushService,
  type PushRequest,
  startLocalPushService,
} from './support/push-endpoint.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

/** Monday 23 November 2026, 8:45 am in California: the Acorn Room (Monday to Friday) is on. */
const MONDAY_MORNING = '2026-11-23T16:45:00Z';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

describe.each(dbKinds)('web push on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let pushService: LocalPushService;
  let director: Family;
  let chen: Family;
  let okafor: Family;
  let acorn: number;

  const subscribe = (f: Family, subscription: BrowserSubscription | object, userAgent = ANDROID_CHROME) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Push/Subscriptions',
      payload: 'json' in subscription ? subscription.json : subscription,
      headers: { authorization: `Bearer ${f.token}`, 'user-agent': userAgent },
    });
  const devices = async (f: Family) => {
    const res = await a.call(f.token, 'GET', '/api/Push/Subscriptions');
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json() as { devices: Array<{ id: string; browser: string; system: string; endpoint: string }> }
    ).devices;
  };
  const deviceRows = (endpoint: string) =>
    queryRows<{ user_id: string; failures: number; last_success_at: Date | null }>(
      t.database.db,
      sql`select user_id, failures, last_success_at from push_subscriptions where endpoint = ${endpoint}`,
    );
  /** Move the clock and sign everyone in again (sessions end when the clock moves past them). */
  const at = async (iso: string, ...families: Family[]) => {
    await t.ctx.work.idle();
    clock.set(iso);
    for (const f of [director, chen, okafor, ...families]) await a.signIn(f);
  };

  /** The request carries RFC 8291 and RFC 8292's headers, a VAPID JWT signed by the key the API gives. */
  const expectVapidRequest = async (request: PushRequest, endpoint: string) => {
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const authorization = String(request.headers.authorization);
    const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(authorization);
    expect(match, authorization).not.toBeNull();
    const [, jwt, key] = match!;
    const { publicKey } = (await a.call(null, 'GET', '/api/Push/Key')).json() as { publicKey: string };
    expect(key).toBe(publicKey);
    const [header, claims, signature] = jwt!.split('.');
    const point = Buffer.from(publicKey, 'base64url');
    const verifier = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key: verifier, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    const body = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; sub: string };
    expect(body.aud).toBe(new URL(endpoint).origin);
    expect(body.sub).toBe('mailto:hello@brightoaklearning.com');
  };

  beforeAll(async () => {
    pushService = await startLocalPushService();
    clock = movableClock(MONDAY_MORNING);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    director = await a.promote('Director', 'Admin');
    acorn = await a.session({
      name: 'Acorn Room',
      sessionStartDate: '2026-11-02',
      sessionEndDate: '2027-03-15',
      rosterSize: 6,
    });
    chen = await a.family('Chen', 1);
    okafor = await a.family('Okafor', 1);
    await a.enrollPaid(chen, acorn);
    await a.enrollPaid(okafor, acorn);
    await t.flush();
  });
  afterAll(async () => {
    await t?.close();
    await pushService?.close();
  });

  it('gives the VAPID public key made once in DATA_DIR, readable by the server alone', async () => {
    const res = await a.call(null, 'GET', '/api/Push/Key');
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(t.config.dataDir, 'vapid-keys.json');
    expect(JSON.parse(await readFile(file, 'utf8')).publicKey).toBe(publicKey);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('subscribes a device once per endpoint, names it, lists it and lets only its owner remove it', async () => {
    expect((await a.call(null, 'GET', '/api/Push/Subscriptions')).statusCode).toBe(401);
    const phone = pushService.subscription();
    const first = await subscribe(chen, phone);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ browser: 'Chrome', system: 'Android', lastSuccessAt: null });
    const again = await subscribe(chen, phone);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await devices(chen)).map((d) => [d.browser, d.system])).toEqual([['Chrome', 'Android']]);

    // Another family sees none of it and cannot remove it; a made-up id is the same 404.
    expect(await devices(okafor)).toEqual([]);
    const theirs = await a.call(okafor.token, 'DELETE', `/api/Push/Subscriptions/${first.json().id}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('That device was not found.');
    expect((await a.call(okafor.token, 'DELETE', '/api/Push/Subscriptions/not-an-id')).statusCode).toBe(404);
    expect(await devices(chen)).toHaveLength(1);

    const removed = await a.call(chen.token, 'DELETE', `/api/Push/Subscriptions/${first.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect(await devices(chen)).toEqual([]);
  });

  it('moves a device to whoever subscribes with its endpoint last (one browser, another person)', async () => {
    const shared = pushService.subscription();
    expect((await subscribe(okafor, shared, IPHONE_SAFARI)).statusCode).toBe(201);
    expect((await devices(okafor)).map((d) => d.system)).toEqual(['iPhone']);
    expect((await subscribe(chen, shared, IPHONE_SAFARI)).statusCode).toBe(201);
    expect(await devices(okafor)).toEqual([]);
    expect((await devices(chen)).map((d) => d.endpoint)).toEqual([shared.json.endpoint]);
    await a.call(chen.token, 'DELETE', `/api/Push/Subscriptions/${(await devices(chen))[0]!.id}`);
  });

  it('refuses what is not a push subscription, by field', async () => {
    const bad = await subscribe(chen, {
      endpoint: 'ftp://push.example/abc',
      keys: { p256dh: 'short', auth: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['endpoint', 'keys']);
    expect(bad.json().fields.endpoint).toMatch(/can’t send notifications to/);
    // Outside the loopback a push service must be https (a plain http address is never sent to).
    const plain = pushService.subscription();
    const insecure = await subscribe(chen, {
      ...plain.json,
      endpoint: 'http://push.example/abc',
    });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json().fields.endpoint).toMatch(/can’t send notifications to/);
  });

  it('sends a test notification, encrypted and VAPID-signed, and limits how often', async () => {
    const phone = pushService.subscription();
    await subscribe(chen, phone);
    const res = await a.call(chen.token, 'POST', '/api/Push/Test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ devices: 1, sent: 1, removed: 0 });
    const [request] = phone.received();
    await expectVapidRequest(request!, phone.json.endpoint);
    expect(phone.decrypt(request!)).toEqual({
      title: 'Notifications are on',
      body: 'This is how news from Bright Oak Learning Center will reach you on this device.',
      url: '/dashboard/notifications',
      tag: 'test',
    });
    expect((await deviceRows(phone.json.endpoint))[0]!.last_success_at).not.toBeNull();
    for (let i = 1; i < 5; i++)
      expect((await a.call(chen.token, 'POST', '/api/Push/Test')).statusCode).toBe(200);
    expect((await a.call(chen.token, 'POST', '/api/Push/Test')).statusCode).toBe(429);
  });

  it('tells the parent’s phone at once of a drop-off, in their language', async () => {
    const phone = pushService.subscription();
    await subscribe(okafor, phone);
    await t.database.db.update(users).set({ language: 'es' }).where(eq(users.id, okafor.userId));
    const res = await a.call(director.token, 'POST', '/api/staff/attendance', {
      studentId: okafor.childIds[0],
      classSessionId: acorn,
      kind: 'CheckIn',
      adultName: 'Abuela Rosa',
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.ctx.work.idle();
    const [request] = phone.received();
    await expectVapidRequest(request!, phone.json.endpoint);
    expect(request!.headers.urgency).toBe('high');
    expect(phone.decrypt(request!)).toEqual({
      title: 'Ava llegó al centro',
      body: 'A las 8:45 a.m., Abuela Rosa dejó a Ava en el centro.',
      url: '/dashboard/attendance',
      tag: `door-${okafor.childIds[0]}`,
    });
    await t.database.db.update(users).set({ language: 'en' }).where(eq(users.id, okafor.userId));
  });

  it('holds a message notification through quiet hours, then pushes who wrote without the words', async () => {
    const phone = pushService.subscription();
    await subscribe(director, phone, IPHONE_SAFARI);
    // 9 pm in Redwood City: the director's quiet hours (8 pm to 7 am) have begun.
    await at('2026-11-24T05:00:00Z');
    const sent = await a.call(chen.token, 'POST', '/api/Messages', {
      body: 'Ava lost a mitten today, a red one.',
      clientKey: randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    clock.advanceMinutes(30);
    await t.flush();
    expect(phone.received()).toHaveLength(0);
    // 7:05 am: the notification goes.
    await at('2026-11-24T15:05:00Z');
    await t.flush();
    const [request] = phone.received();
    expect(request, 'a push after quiet hours').toBeDefined();
    await expectVapidRequest(request!, phone.json.endpoint);
    const shown = phone.decrypt(request!);
    expect(shown.title).toBe('Chen Family wrote');
    expect(shown.body).toBe('A new message from Chen Family. Tap to read and reply.');
    expect(shown.url).toMatch(/^\/staff\/messages\/[0-9a-f-]{36}$/);
    expect(JSON.stringify(shown)).not.toContain('mitten');
  });

  it('removes a device the push service says is gone (410), and one failing five times in a row', async () => {
    const gone = pushService.subscription();
    const failing = pushService.subscription();
    await subscribe(chen, gone);
    await subscribe(chen, failing);
    pushService.answer(gone.json.endpoint, 410);
    pushService.answer(failing.json.endpoint, 500);
    await t.database.db.execute(sql`delete from push_subscriptions where user_id = ${chen.userId}
      and endpoint not in (${gone.json.endpoint}, ${failing.json.endpoint})`);
    const deliver = () =>
      t.ctx.push.deliver([
        {
          userId: chen.userId,
          payload: { title: 'Snow day', body: 'Closed today.', url: '/dashboard', tag: 't' },
          ttlSeconds: 60,
          urgency: 'normal',
        },
      ]);
    expect(await deliver()).toEqual({ devices: 2, sent: 0, removed: 1, failed: 1 });
    expect(await deviceRows(gone.json.endpoint)).toEqual([]);
    expect((await deviceRows(failing.json.endpoint))[0]!.failures).toBe(1);
    for (let i = 2; i <= 4; i++) await deliver();
    expect((await deviceRows(failing.json.endpoint))[0]!.failures).toBe(4);
    expect(await deliver()).toEqual({ devices: 1, sent: 0, removed: 1, failed: 1 });
    expect(await deviceRows(failing.json.endpoint)).toEqual([]);
    expect(failing.received()).toHaveLength(5);
  });

  it('tells the family’s phone that an automatic payment failed, with no amount in it', async () => {
    await at('2026-11-20T18:00:00Z');
    const planned = await a.session({
      name: 'Plan Room',
      registrationPrice: 120_000,
      supplyFee: 0,
      sessionStartDate: '2026-12-07',
      sessionEndDate: '2027-03-19',
      rosterSize: 30,
      planDeposit: 30_000,
      planFee: 0,
      planDueDates: ['2026-12-01', '2027-01-01', '2027-02-01'],
    });
    const family = await a.family('Declined', 1);
    const res = await a.call(family.token, 'POST', '/api/ClassSessionEnrollment', {
      classSessionId: planned,
      studentIds: family.childIds,
      paymentPlan: true,
      saveMethod: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
    expect((await a.press(checkoutId, 'pay', 'test_pm_visa_insufficient_funds')).statusCode).toBe(303);
    const phone = pushService.subscription();
    await subscribe(family, phone);
    await at('2026-12-01T18:00:00Z', family);
    expect((await sweepAutopay(t.ctx.registration)).failed).toBe(1);
    const [request] = phone.received();
    expect(request, 'a push about the failed payment').toBeDefined();
    await expectVapidRequest(request!, phone.json.endpoint);
    const shown = phone.decrypt(request!);
    expect(shown.title).toBe('Your automatic payment didn’t go through');
    expect(shown.url).toBe('/dashboard/billing');
    expect(JSON.stringify(shown)).not.toMatch(/\$|300|Visa|9995/);
  });
});
