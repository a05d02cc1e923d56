/**
 * Apple Wallet (issue 11): Apple's PassKit web service with the statuses Apple documents — registering a
 * device, the serial numbers updated since a tag, the latest pass, unregistering, device logs. The `.pkpass`
 * and the download link are in passes-apple.test.ts, the APNs update pushes in passes-apple-pushes.test.ts,
 * the shared set-up in support/apple-wallet-app.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { digitalPassports, trustees } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { type InsertedPass, insertPass, PASS_TYPE_ID } from './support/apple-fixtures.ts';
import { APP_URL, appleTestKeys, appleWalletApp, EXPIRES, pushToken } from './support/apple-wallet-app.ts';

const keys = appleTestKeys();

describe.each(dbKinds)('Apple Wallet passes on %s', (kind) => {
  const apple = appleWalletApp(kind, keys);
  const {
    clock,
    logLines,
    passkit,
    registration,
    register,
    latest,
    passJsonOf,
    registrationsOf,
    deviceRow,
    setUpdatedAt,
  } = apple;

  describe('PassKit: registering a device', () => {
    it('answers 201 for a new registration, then 200, and keeps the newest push token', async () => {
      const device = `device-${randomUUID()}`;
      expect((await register(device, apple.pass, 'first-token')).statusCode).toBe(201);
      expect(await registrationsOf(device)).toEqual([{ passportId: apple.pass.passportId }]);
      expect((await register(device, apple.pass, 'first-token')).statusCode).toBe(200);
      expect((await register(device, apple.pass, 'second-token')).statusCode).toBe(200);
      expect((await deviceRow(device))?.pushToken).toBe('second-token');
      expect(await registrationsOf(device)).toHaveLength(1);
    });

    it('answers 401 without the pass’s token, with a wrong one, or with another pass’s', async () => {
      const device = `device-${randomUUID()}`;
      const body = { pushToken: pushToken() };
      for (const token of [undefined, 'wrong-token-wrong-token-wrong-token', apple.other.token]) {
        const res = await passkit('POST', registration(device, apple.pass), { token, body });
        expect(res.statusCode, String(token)).toBe(401);
      }
      const bearer = await passkit('POST', registration(device, apple.pass), {
        body,
        headers: { authorization: `Bearer ${apple.pass.token}` },
      });
      expect(bearer.statusCode).toBe(401);
      expect(await deviceRow(device)).toBeUndefined();
      expect(await registrationsOf(device)).toEqual([]);
    });

    it('answers 404 for an unknown serial number or another pass type', async () => {
      const device = `device-${randomUUID()}`;
      const unknown = { ...apple.pass, serialNumber: randomUUID() };
      expect((await register(device, unknown)).statusCode).toBe(404);
      const res = await passkit('POST', registration(device, apple.pass, 'pass.example.other'), {
        token: apple.pass.token,
        body: { pushToken: pushToken() },
      });
      expect(res.statusCode).toBe(404);
      expect(await deviceRow(device)).toBeUndefined();
    });

    it('refuses a body without a push token', async () => {
      const device = `device-${randomUUID()}`;
      const res = await passkit('POST', registration(device, apple.pass), {
        token: apple.pass.token,
        body: {},
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('PassKit: the serial numbers updated since a tag', () => {
    it('lists the device’s passes with a lastUpdated tag, then answers 204 until one changes', async () => {
      const device = `device-${randomUUID()}`;
      await setUpdatedAt(apple.pass, new Date('2026-11-20T10:00:00.123Z'));
      await setUpdatedAt(apple.other, new Date('2026-11-20T11:00:00.456Z'));
      expect((await register(device, apple.pass)).statusCode).toBe(201);
      expect((await register(device, apple.other)).statusCode).toBe(201);
      const list = (tag?: string) =>
        passkit(
          'GET',
          `devices/${device}/registrations/${PASS_TYPE_ID}${tag === undefined ? '' : `?passesUpdatedSince=${tag}`}`,
        );

      const all = await list();
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({
        serialNumbers: [apple.pass.serialNumber, apple.other.serialNumber].sort(),
        lastUpdated: String(Date.parse('2026-11-20T11:00:00.456Z')),
      });
      const tag = all.json().lastUpdated as string;
      expect(typeof tag).toBe('string');

      const none = await list(tag);
      expect(none.statusCode).toBe(204);
      expect(none.body).toBe('');

      // Between the two: only the later pass.
      const some = await list(String(Date.parse('2026-11-20T10:30:00Z')));
      expect(some.json()).toEqual({ serialNumbers: [apple.other.serialNumber], lastUpdated: tag });

      await setUpdatedAt(apple.pass, new Date('2026-11-20T12:00:00Z'));
      const changed = await list(tag);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({
        serialNumbers: [apple.pass.serialNumber],
        lastUpdated: String(Date.parse('2026-11-20T12:00:00Z')),
      });
    });

    it('answers 204 for a device that holds no pass', async () => {
      const res = await passkit('GET', `devices/device-${randomUUID()}/registrations/${PASS_TYPE_ID}`);
      expect(res.statusCode).toBe(204);
    });
  });

  describe('PassKit: the latest pass', () => {
    const modified = new Date('2026-11-20T12:34:56.789Z');
    beforeAll(async () => setUpdatedAt(apple.pass, modified));

    it('answers the signed pass with Last-Modified at second precision', async () => {
      const res = await latest(apple.pass);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(res.headers['last-modified']).toBe('Fri, 20 Nov 2026 12:34:56 GMT');
      expect(passJsonOf(res.rawPayload).serialNumber).toBe(apple.pass.serialNumber);
    });

    it('answers HEAD with the same status and headers and no body', async () => {
      const get = await latest(apple.pass);
      const head = await latest(apple.pass, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['last-modified']).toBe(get.headers['last-modified']);
      expect(head.rawPayload.length).toBe(0);
    });

    it('answers 304 when If-Modified-Since is not older than the pass', async () => {
      const same = await latest(apple.pass, { 'if-modified-since': 'Fri, 20 Nov 2026 12:34:56 GMT' });
      expect(same.statusCode).toBe(304);
      expect(same.rawPayload.length).toBe(0);
      expect(same.headers['last-modified']).toBe('Fri, 20 Nov 2026 12:34:56 GMT');
      expect(
        (await latest(apple.pass, { 'if-modified-since': 'Sat, 21 Nov 2026 00:00:00 GMT' })).statusCode,
      ).toBe(304);
      const head = await latest(apple.pass, { 'if-modified-since': 'Fri, 20 Nov 2026 12:34:56 GMT' }, 'HEAD');
      expect(head.statusCode).toBe(304);
      const older = await latest(apple.pass, { 'if-modified-since': 'Fri, 20 Nov 2026 12:34:55 GMT' });
      expect(older.statusCode).toBe(200);
      expect((await latest(apple.pass, { 'if-modified-since': 'not a date' })).statusCode).toBe(200);
    });

    it('answers 401 without the pass’s token or with another pass’s, and 404 for an unknown pass', async () => {
      const url = `passes/${PASS_TYPE_ID}/${apple.pass.serialNumber}`;
      expect((await passkit('GET', url)).statusCode).toBe(401);
      expect((await passkit('GET', url, { token: apple.other.token })).statusCode).toBe(401);
      expect((await passkit('HEAD', url, { token: apple.other.token })).statusCode).toBe(401);
      expect(
        (await passkit('GET', `passes/${PASS_TYPE_ID}/${randomUUID()}`, { token: apple.pass.token }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await passkit('GET', `passes/pass.example.other/${apple.pass.serialNumber}`, {
            token: apple.pass.token,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('still serves a revoked or expired pass, marked voided', async () => {
      const revoked = await insertPass(apple.t.database.db, apple.t.config, {
        firstName: 'Ada',
        expiresAt: EXPIRES,
      });
      await apple.t.database.db
        .update(digitalPassports)
        .set({ revokedAt: clock.now(), updatedAt: new Date() })
        .where(eq(digitalPassports.id, revoked.passportId));
      const res = await latest(revoked);
      expect(res.statusCode).toBe(200);
      expect(passJsonOf(res.rawPayload)).toMatchObject({ voided: true, serialNumber: revoked.serialNumber });

      const expiring = await insertPass(apple.t.database.db, apple.t.config, {
        firstName: 'Bo',
        expiresAt: new Date('2026-12-01T00:00:00Z'),
      });
      expect(passJsonOf((await latest(expiring)).rawPayload).voided).toBeUndefined();
      clock.set('2026-12-02T00:00:00Z');
      expect(passJsonOf((await latest(expiring)).rawPayload).voided).toBe(true);

      const removed = await insertPass(apple.t.database.db, apple.t.config, {
        firstName: 'Cy',
        expiresAt: EXPIRES,
      });
      await apple.t.database.db
        .update(trustees)
        .set({ canPickup: false })
        .where(eq(trustees.id, removed.trusteeId));
      expect(passJsonOf((await latest(removed)).rawPayload).voided).toBe(true);
    });
  });

  describe('PassKit: unregistering a device', () => {
    it('answers 200, and forgets the device once it holds none of our passes', async () => {
      const device = `device-${randomUUID()}`;
      await register(device, apple.pass);
      await register(device, apple.other);
      const unregister = (p: InsertedPass, token?: string) =>
        passkit('DELETE', registration(device, p), token === undefined ? { token: p.token } : { token });

      expect((await passkit('DELETE', registration(device, apple.pass))).statusCode).toBe(401);
      expect((await unregister(apple.pass, apple.other.token)).statusCode).toBe(401);
      expect(await registrationsOf(device)).toHaveLength(2);

      expect((await unregister(apple.pass)).statusCode).toBe(200);
      expect(await registrationsOf(device)).toEqual([{ passportId: apple.other.passportId }]);
      expect(await deviceRow(device)).toBeDefined();

      expect((await unregister(apple.other)).statusCode).toBe(200);
      expect(await registrationsOf(device)).toEqual([]);
      expect(await deviceRow(device)).toBeUndefined();
      // Again: nothing left to remove, still 200.
      expect((await unregister(apple.other)).statusCode).toBe(200);
      expect((await unregister({ ...apple.other, serialNumber: randomUUID() })).statusCode).toBe(404);
    });
  });

  describe('PassKit: device logs', () => {
    it('writes each line to the server log, at most 50, each cut short', async () => {
      const marker = randomUUID();
      const logs = [`${marker} first`, `${marker} ${'x'.repeat(2000)}`];
      for (let i = 0; i < 60; i++) logs.push(`${marker} line ${i}`);
      const res = await passkit('POST', 'log', { body: { logs } });
      expect(res.statusCode).toBe(200);
      const written = logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.msg.includes(marker));
      expect(written).toHaveLength(50);
      expect(written.every((entry) => entry.level === 40)).toBe(true);
      expect(written[0]!.msg).toBe(`Apple Wallet device log: ${marker} first`);
      expect(written[1]!.msg.length).toBeLessThanOrEqual('Apple Wallet device log: '.length + 500);
      expect((await passkit('POST', 'log', { body: { logs: 'not a list' } })).statusCode).toBe(400);
    });

    it('keeps the device identifier out of a logged line that quotes our web service address', async () => {
      const device = `device${randomUUID().replaceAll('-', '')}`;
      const line = `Register task (with web service url ${APP_URL}/api/passes/v1/devices/${device}/registrations/${PASS_TYPE_ID}) encountered error`;
      expect((await passkit('POST', 'log', { body: { logs: [line] } })).statusCode).toBe(200);
      const log = logLines.join('\n');
      expect(log).toContain('/api/passes/v1/devices/[redacted]/registrations/');
      expect(log).not.toContain(device);
    });
  });
});
