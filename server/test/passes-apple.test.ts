/**
 * Apple Wallet (issue 11): the signed `.pkpass` (a zip whose manifest lists every file's SHA-1, with a
 * detached PKCS#7 signature over the manifest that OpenSSL verifies against the test CA, and a pass.json with
 * the pass's fields), Apple's PassKit web service with the statuses Apple documents, the signed download link,
 * and the APNs update pushes against a local fake APNs (HTTP/2 over TLS) — all with a throwaway PKI.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { digitalPassports, passDevices, passRegistrations, trustees } from '../src/db/schema.ts';
import { joinNames } from '../src/features/passes/apple/pkpass.ts';
import { createAppleWallet } from '../src/features/passes/apple/wallet.ts';
import { loadPassContent } from '../src/features/passes/pass-content.ts';
import { groupCredential, passKeys } from '../src/features/passes/pass-keys.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import {
  type ApplePki,
  createApplePki,
  type FakeApns,
  type InsertedPass,
  insertPass,
  PASS_TYPE_ID,
  pngSize,
  readZip,
  startFakeApns,
  TEAM_ID,
} from './support/apple-fixtures.ts';
import { api, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';
const EXPIRES = new Date('2027-11-20T18:00:00Z');
const APP_URL = 'https://center.example';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (enough for the wallet to tell it is not a PNG). */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

type PassJson = Record<string, unknown> & {
  barcodes: { format: string; message: string; messageEncoding: string; altText: string }[];
  generic: Record<string, { key: string; label?: string; value: string }[]>;
  locations: { latitude: number; longitude: number; relevantText: string }[];
};

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
const pushToken = () => randomBytes(32).toString('hex');

let pki: ApplePki;
let pkiDir: string;
let apns: FakeApns;

beforeAll(async () => {
  pkiDir = await mkdtemp(path.join(os.tmpdir(), 'lc-apple-'));
  pki = await createApplePki(pkiDir);
  apns = await startFakeApns(pki.apnsTls);
});
afterAll(async () => {
  await apns?.close();
  await rm(pkiDir, { recursive: true, force: true });
});

describe('joinNames', () => {
  it('reads like a sentence', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Maya'])).toBe('Maya');
    expect(joinNames(['Maya', 'Leo'])).toBe('Maya and Leo');
    expect(joinNames(['Maya', 'Leo', 'Ana'])).toBe('Maya, Leo and Ana');
  });
});

describe.each(dbKinds)('Apple Wallet passes on %s', (kind) => {
  let t: TestApp;
  const clock = movableClock(NOW);
  const logLines: string[] = [];
  let pass: InsertedPass;
  let other: InsertedPass;

  const wallet = () => t.ctx.wallets.apple!;
  /** A PassKit web service call (`/api/passes/v1/<url>`), with `Authorization: ApplePass <token>` when given. */
  const passkit = (
    method: 'GET' | 'HEAD' | 'POST' | 'DELETE',
    url: string,
    options: { token?: string; body?: object; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/passes/v1/${url}`,
      headers: {
        ...(options.token ? { authorization: `ApplePass ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body ? { payload: options.body } : {}),
    });
  const registration = (device: string, p: InsertedPass, type = PASS_TYPE_ID) =>
    `devices/${device}/registrations/${type}/${p.serialNumber}`;
  const register = (device: string, p: InsertedPass, token = pushToken()) =>
    passkit('POST', registration(device, p), { token: p.token, body: { pushToken: token } });
  const latest = (p: InsertedPass, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    passkit(method, `passes/${PASS_TYPE_ID}/${p.serialNumber}`, { token: p.token, headers });
  const passJsonOf = (pkpass: Buffer) => JSON.parse(readZip(pkpass).get('pass.json')!.toString()) as PassJson;
  const registrationsOf = (device: string) =>
    t.database.db
      .select({ passportId: passRegistrations.passportId })
      .from(passRegistrations)
      .where(eq(passRegistrations.deviceLibraryIdentifier, device));
  const deviceRow = async (device: string) =>
    (
      await t.database.db.select().from(passDevices).where(eq(passDevices.deviceLibraryIdentifier, device))
    )[0];
  const setUpdatedAt = (p: InsertedPass, at: Date) =>
    t.database.db
      .update(digitalPassports)
      .set({ updatedAt: at })
      .where(eq(digitalPassports.id, p.passportId));

  beforeAll(async () => {
    clock.set(NOW);
    t = await createTestApp(kind, {
      clock,
      env: { ...pki.env, APP_URL, APPLE_APNS_URL: apns.url },
      logger: { level: 'warn', stream: { write: (line) => logLines.push(line) } },
    });
    pass = await insertPass(t.database.db, t.config, {
      expiresAt: EXPIRES,
      children: ['Maya', 'Leo', 'Ana'],
    });
    other = await insertPass(t.database.db, t.config, {
      firstName: 'Sam',
      lastName: 'Okafor',
      children: ['Kofi'],
      expiresAt: EXPIRES,
    });
  });
  afterAll(async () => {
    await t?.ctx.wallets.apple?.close();
    await t?.close();
  });
  beforeEach(() => {
    clock.set(NOW);
    apns.requests.length = 0;
    apns.answer = () => 200;
  });

  describe('the .pkpass', () => {
    let files: Map<string, Buffer>;
    let workDir: string;

    beforeAll(async () => {
      const link = await wallet().downloadLink(pass.serialNumber, clock.now());
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      files = readZip(res.rawPayload);
      workDir = await mkdtemp(path.join(os.tmpdir(), 'lc-pkpass-'));
    });
    afterAll(async () => rm(workDir, { recursive: true, force: true }));

    it('is a zip whose manifest lists the SHA-1 of every other file', () => {
      const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
      const listed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature');
      expect(Object.keys(manifest).sort()).toEqual(listed.sort());
      for (const name of listed) expect(manifest[name], name).toBe(sha1(files.get(name)!));
      expect(listed.sort()).toEqual(
        [
          'icon.png',
          'icon@2x.png',
          'icon@3x.png',
          'logo.png',
          'logo@2x.png',
          'pass.json',
          'es.lproj/pass.strings',
        ].sort(),
      );
    });

    it('carries its words in Spanish for a phone set to Spanish (es.lproj/pass.strings, issue 14)', () => {
      const strings = files.get('es.lproj/pass.strings')!.toString('utf8');
      expect(strings).toContain('"Pickup adult" = "Adulto que recoge";');
      expect(strings).toContain('"May pick up" = "Puede recoger a";');
      expect(strings).toContain('"Valid until" = "Válido hasta";');
      // Every label on the pass has its Spanish.
      const pass = JSON.parse(files.get('pass.json')!.toString()) as {
        generic: Record<string, Array<{ label?: string }>>;
      };
      const labels = Object.values(pass.generic)
        .flat()
        .map((field) => field.label)
        .filter((label): label is string => Boolean(label));
      expect(labels.length).toBeGreaterThan(4);
      for (const label of labels) expect(strings, label).toContain(`"${label}" = "`);
    });

    it('has PNG icons and logos of the sizes Wallet asks for', () => {
      expect(pngSize(files.get('icon.png')!)).toEqual({ width: 29, height: 29 });
      expect(pngSize(files.get('icon@2x.png')!)).toEqual({ width: 58, height: 58 });
      expect(pngSize(files.get('icon@3x.png')!)).toEqual({ width: 87, height: 87 });
      expect(pngSize(files.get('logo.png')!)).toEqual({ width: 50, height: 50 });
      expect(pngSize(files.get('logo@2x.png')!)).toEqual({ width: 100, height: 100 });
    });

    it('carries a detached PKCS#7 signature over the manifest that verifies against the signer', async () => {
      const signature = path.join(workDir, 'signature');
      const manifest = path.join(workDir, 'manifest.json');
      await writeFile(signature, files.get('signature')!);
      await writeFile(manifest, files.get('manifest.json')!);
      const verify = (content: string) =>
        execFileSync(
          'openssl',
          [
            'smime',
            '-verify',
            '-binary',
            '-inform',
            'DER',
            '-in',
            signature,
            '-content',
            content,
            '-CAfile',
            pki.caFile,
            '-purpose',
            'any',
            '-out',
            path.join(workDir, 'verified'),
          ],
          { stdio: 'pipe' },
        );
      expect(verify(manifest).toString()).toBe('');
      // The signature holds the pass certificate and the WWDR intermediate.
      const certs = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', signature, '-print_certs'], {
        stdio: 'pipe',
      }).toString();
      expect(certs).toContain(`Pass Type ID: ${PASS_TYPE_ID}`);
      expect(certs).toContain('Test Worldwide Developer Relations Certification Authority');
      // A manifest changed by one byte no longer verifies.
      const changed = path.join(workDir, 'changed.json');
      await writeFile(changed, files.get('manifest.json')!.toString().replace('{', '{ '));
      expect(() => verify(changed)).toThrow();
    });

    it('describes the pass in pass.json', () => {
      const json = JSON.parse(files.get('pass.json')!.toString()) as PassJson;
      expect(json).toMatchObject({
        formatVersion: 1,
        passTypeIdentifier: PASS_TYPE_ID,
        teamIdentifier: TEAM_ID,
        serialNumber: pass.serialNumber,
        authenticationToken: pass.token,
        webServiceURL: `${APP_URL}/api/passes/`,
        organizationName: 'Bright Oak Learning Center',
        description: 'Pickup pass for Bright Oak Learning Center',
        logoText: 'Bright Oak',
        backgroundColor: 'rgb(29, 92, 52)',
        labelColor: 'rgb(255, 248, 235)',
        foregroundColor: 'rgb(255, 255, 255)',
        expirationDate: EXPIRES.toISOString(),
      });
      expect(json.voided).toBeUndefined();
      expect(json.barcodes).toEqual([
        {
          format: 'PKBarcodeFormatQR',
          message: pass.credential,
          messageEncoding: 'iso-8859-1',
          altText: groupCredential(pass.credential),
        },
      ]);
      expect(json.locations).toEqual([
        { latitude: 37.4751, longitude: -122.2381, relevantText: 'Show your pickup pass at the door' },
      ]);
      const { primaryFields, secondaryFields, auxiliaryFields, backFields } = json.generic;
      expect(primaryFields).toEqual([{ key: 'holder', label: 'Pickup adult', value: 'Rosa Rivera' }]);
      // Children in first-name order, as loadPassContent reads them.
      expect(secondaryFields).toEqual([
        { key: 'children', label: 'May pick up', value: 'Ana, Leo and Maya' },
      ]);
      expect(auxiliaryFields?.[0]).toMatchObject({ label: 'Valid until', value: EXPIRES.toISOString() });
      expect(backFields?.map((f) => f.value).join('\n')).toContain(
        'Show this code at the door. For pickup, the staff will also ask for your PIN.',
      );
      expect(backFields?.map((f) => f.value).join('\n')).toContain('revoke');
    });

    it('shows the adult’s photo as the thumbnail when it is a PNG, and leaves a JPEG out', async () => {
      const content = (await loadPassContent(
        t.database.db,
        t.config,
        t.ctx.passPhotos,
        pass.passportId,
        clock.now(),
      ))!;
      const withPng = readZip(
        await wallet().build({ ...content, photo: { bytes: PNG, mimeType: 'image/png' } }),
      );
      expect(withPng.get('thumbnail.png')).toEqual(PNG);
      const manifest = JSON.parse(withPng.get('manifest.json')!.toString()) as Record<string, string>;
      expect(manifest['thumbnail.png']).toBe(sha1(PNG));
      const withJpeg = readZip(
        await wallet().build({ ...content, photo: { bytes: JPEG, mimeType: 'image/jpeg' } }),
      );
      expect(withJpeg.has('thumbnail.png')).toBe(false);
    });
  });

  describe('PassKit: registering a device', () => {
    it('answers 201 for a new registration, then 200, and keeps the newest push token', async () => {
      const device = `device-${randomUUID()}`;
      expect((await register(device, pass, 'first-token')).statusCode).toBe(201);
      expect(await registrationsOf(device)).toEqual([{ passportId: pass.passportId }]);
      expect((await register(device, pass, 'first-token')).statusCode).toBe(200);
      expect((await register(device, pass, 'second-token')).statusCode).toBe(200);
      expect((await deviceRow(device))?.pushToken).toBe('second-token');
      expect(await registrationsOf(device)).toHaveLength(1);
    });

    it('answers 401 without the pass’s token, with a wrong one, or with another pass’s', async () => {
      const device = `device-${randomUUID()}`;
      const body = { pushToken: pushToken() };
      for (const token of [undefined, 'wrong-token-wrong-token-wrong-token', other.token]) {
        const res = await passkit('POST', registration(device, pass), { token, body });
        expect(res.statusCode, String(token)).toBe(401);
      }
      const bearer = await passkit('POST', registration(device, pass), {
        body,
        headers: { authorization: `Bearer ${pass.token}` },
      });
      expect(bearer.statusCode).toBe(401);
      expect(await deviceRow(device)).toBeUndefined();
      expect(await registrationsOf(device)).toEqual([]);
    });

    it('answers 404 for an unknown serial number or another pass type', async () => {
      const device = `device-${randomUUID()}`;
      const unknown = { ...pass, serialNumber: randomUUID() };
      expect((await register(device, unknown)).statusCode).toBe(404);
      const res = await passkit('POST', registration(device, pass, 'pass.example.other'), {
        token: pass.token,
        body: { pushToken: pushToken() },
      });
      expect(res.statusCode).toBe(404);
      expect(await deviceRow(device)).toBeUndefined();
    });

    it('refuses a body without a push token', async () => {
      const device = `device-${randomUUID()}`;
      const res = await passkit('POST', registration(device, pass), { token: pass.token, body: {} });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('PassKit: the serial numbers updated since a tag', () => {
    it('lists the device’s passes with a lastUpdated tag, then answers 204 until one changes', async () => {
      const device = `device-${randomUUID()}`;
      await setUpdatedAt(pass, new Date('2026-11-20T10:00:00.123Z'));
      await setUpdatedAt(other, new Date('2026-11-20T11:00:00.456Z'));
      expect((await register(device, pass)).statusCode).toBe(201);
      expect((await register(device, other)).statusCode).toBe(201);
      const list = (tag?: string) =>
        passkit(
          'GET',
          `devices/${device}/registrations/${PASS_TYPE_ID}${tag === undefined ? '' : `?passesUpdatedSince=${tag}`}`,
        );

      const all = await list();
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({
        serialNumbers: [pass.serialNumber, other.serialNumber].sort(),
        lastUpdated: String(Date.parse('2026-11-20T11:00:00.456Z')),
      });
      const tag = all.json().lastUpdated as string;
      expect(typeof tag).toBe('string');

      const none = await list(tag);
      expect(none.statusCode).toBe(204);
      expect(none.body).toBe('');

      // Between the two: only the later pass.
      const some = await list(String(Date.parse('2026-11-20T10:30:00Z')));
      expect(some.json()).toEqual({ serialNumbers: [other.serialNumber], lastUpdated: tag });

      await setUpdatedAt(pass, new Date('2026-11-20T12:00:00Z'));
      const changed = await list(tag);
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({
        serialNumbers: [pass.serialNumber],
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
    beforeAll(async () => setUpdatedAt(pass, modified));

    it('answers the signed pass with Last-Modified at second precision', async () => {
      const res = await latest(pass);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(res.headers['last-modified']).toBe('Fri, 20 Nov 2026 12:34:56 GMT');
      expect(passJsonOf(res.rawPayload).serialNumber).toBe(pass.serialNumber);
    });

    it('answers HEAD with the same status and headers and no body', async () => {
      const get = await latest(pass);
      const head = await latest(pass, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['last-modified']).toBe(get.headers['last-modified']);
      expect(head.rawPayload.length).toBe(0);
    });

    it('answers 304 when If-Modified-Since is not older than the pass', async () => {
      const same = await latest(pass, { 'if-modified-since': 'Fri, 20 Nov 2026 12:34:56 GMT' });
      expect(same.statusCode).toBe(304);
      expect(same.rawPayload.length).toBe(0);
      expect(same.headers['last-modified']).toBe('Fri, 20 Nov 2026 12:34:56 GMT');
      expect((await latest(pass, { 'if-modified-since': 'Sat, 21 Nov 2026 00:00:00 GMT' })).statusCode).toBe(
        304,
      );
      const head = await latest(pass, { 'if-modified-since': 'Fri, 20 Nov 2026 12:34:56 GMT' }, 'HEAD');
      expect(head.statusCode).toBe(304);
      const older = await latest(pass, { 'if-modified-since': 'Fri, 20 Nov 2026 12:34:55 GMT' });
      expect(older.statusCode).toBe(200);
      expect((await latest(pass, { 'if-modified-since': 'not a date' })).statusCode).toBe(200);
    });

    it('answers 401 without the pass’s token or with another pass’s, and 404 for an unknown pass', async () => {
      const url = `passes/${PASS_TYPE_ID}/${pass.serialNumber}`;
      expect((await passkit('GET', url)).statusCode).toBe(401);
      expect((await passkit('GET', url, { token: other.token })).statusCode).toBe(401);
      expect((await passkit('HEAD', url, { token: other.token })).statusCode).toBe(401);
      expect(
        (await passkit('GET', `passes/${PASS_TYPE_ID}/${randomUUID()}`, { token: pass.token })).statusCode,
      ).toBe(404);
      expect(
        (await passkit('GET', `passes/pass.example.other/${pass.serialNumber}`, { token: pass.token }))
          .statusCode,
      ).toBe(404);
    });

    it('still serves a revoked or expired pass, marked voided', async () => {
      const revoked = await insertPass(t.database.db, t.config, { firstName: 'Ada', expiresAt: EXPIRES });
      await t.database.db
        .update(digitalPassports)
        .set({ revokedAt: clock.now(), updatedAt: new Date() })
        .where(eq(digitalPassports.id, revoked.passportId));
      const res = await latest(revoked);
      expect(res.statusCode).toBe(200);
      expect(passJsonOf(res.rawPayload)).toMatchObject({ voided: true, serialNumber: revoked.serialNumber });

      const expiring = await insertPass(t.database.db, t.config, {
        firstName: 'Bo',
        expiresAt: new Date('2026-12-01T00:00:00Z'),
      });
      expect(passJsonOf((await latest(expiring)).rawPayload).voided).toBeUndefined();
      clock.set('2026-12-02T00:00:00Z');
      expect(passJsonOf((await latest(expiring)).rawPayload).voided).toBe(true);

      const removed = await insertPass(t.database.db, t.config, { firstName: 'Cy', expiresAt: EXPIRES });
      await t.database.db
        .update(trustees)
        .set({ canPickup: false })
        .where(eq(trustees.id, removed.trusteeId));
      expect(passJsonOf((await latest(removed)).rawPayload).voided).toBe(true);
    });
  });

  describe('PassKit: unregistering a device', () => {
    it('answers 200, and forgets the device once it holds none of our passes', async () => {
      const device = `device-${randomUUID()}`;
      await register(device, pass);
      await register(device, other);
      const unregister = (p: InsertedPass, token?: string) =>
        passkit('DELETE', registration(device, p), token === undefined ? { token: p.token } : { token });

      expect((await passkit('DELETE', registration(device, pass))).statusCode).toBe(401);
      expect((await unregister(pass, other.token)).statusCode).toBe(401);
      expect(await registrationsOf(device)).toHaveLength(2);

      expect((await unregister(pass)).statusCode).toBe(200);
      expect(await registrationsOf(device)).toEqual([{ passportId: other.passportId }]);
      expect(await deviceRow(device)).toBeDefined();

      expect((await unregister(other)).statusCode).toBe(200);
      expect(await registrationsOf(device)).toEqual([]);
      expect(await deviceRow(device)).toBeUndefined();
      // Again: nothing left to remove, still 200.
      expect((await unregister(other)).statusCode).toBe(200);
      expect((await unregister({ ...other, serialNumber: randomUUID() })).statusCode).toBe(404);
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

  describe('the signed download link', () => {
    it('downloads the pass as an attachment that is not cached', async () => {
      const link = await wallet().downloadLink(pass.serialNumber, clock.now());
      expect(link).toMatch(
        new RegExp(`^/api/passes/apple/${pass.serialNumber}\\.pkpass\\?expires=\\d+&signature=[\\w-]+$`),
      );
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(res.headers['content-disposition']).toBe('attachment; filename="bright-oak-pickup-pass.pkpass"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(passJsonOf(res.rawPayload).serialNumber).toBe(pass.serialNumber);
    });

    it('answers 404 when the link is changed, made for another pass, or expired', async () => {
      const link = await wallet().downloadLink(pass.serialNumber, clock.now());
      const url = new URL(link, APP_URL);
      const get = (u: string) => t.app.inject({ method: 'GET', url: u });

      const signature = url.searchParams.get('signature')!;
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      expect((await get(link.replace(signature, flipped))).statusCode).toBe(404);
      expect((await get(link.replace(pass.serialNumber, other.serialNumber))).statusCode).toBe(404);
      const expires = Number(url.searchParams.get('expires'));
      expect((await get(link.replace(`expires=${expires}`, `expires=${expires + 3600}`))).statusCode).toBe(
        404,
      );
      expect((await get(`/api/passes/apple/${pass.serialNumber}.pkpass`)).statusCode).toBe(404);
      expect((await get(link.replace('.pkpass', '.zip'))).statusCode).toBe(404);

      // A link of a serial number that is no pass.
      expect((await get(await wallet().downloadLink(randomUUID(), clock.now()))).statusCode).toBe(404);

      clock.advanceMinutes(14);
      expect((await get(link)).statusCode).toBe(200);
      clock.advanceMinutes(2);
      expect((await get(link)).statusCode).toBe(404);
    });
  });

  describe('update pushes through APNs', () => {
    let pushing: ReturnType<typeof createAppleWallet>;
    const pushLog: string[] = [];

    beforeAll(() => {
      // The app's own wallet trusts only Node's bundled roots; this one also trusts the test CA that
      // issued the fake APNs's certificate.
      pushing = createAppleWallet({
        config: t.config,
        apple: t.config.apple!,
        database: t.database,
        log: (msg) => pushLog.push(msg),
        apnsCa: [pki.caPem],
      });
    });
    afterAll(async () => pushing?.close());

    it('sends the empty push, with the pass certificate and topic, to every device registered for the pass', async () => {
      const fresh = await insertPass(t.database.db, t.config, { firstName: 'Lin', expiresAt: EXPIRES });
      const [tokenA, tokenB, tokenC] = [pushToken(), pushToken(), pushToken()];
      await register(`device-${randomUUID()}`, fresh, tokenA);
      await register(`device-${randomUUID()}`, fresh, tokenB);
      await register(`device-${randomUUID()}`, other, tokenC);

      await pushing.notify([fresh.passportId]);
      expect(apns.requests.map((r) => r.path).sort()).toEqual(
        [`/3/device/${tokenA}`, `/3/device/${tokenB}`].sort(),
      );
      for (const request of apns.requests) {
        expect(request.method).toBe('POST');
        expect(request.headers['apns-topic']).toBe(PASS_TYPE_ID);
        expect(request.body).toBe('{}');
        expect(request.clientCertificate).toBe(pki.signerFingerprint);
      }
      expect(pushLog).toEqual([]);
    });

    it('forgets a device whose token APNs answers 410 Unregistered, and only logs other failures', async () => {
      const [gone, bad, fine] = [randomUUID(), randomUUID(), randomUUID()].map((id) => `device-${id}`) as [
        string,
        string,
        string,
      ];
      const [goneToken, badToken, fineToken] = [pushToken(), pushToken(), pushToken()];
      const fresh = await insertPass(t.database.db, t.config, { firstName: 'Noor', expiresAt: EXPIRES });
      await register(gone, fresh, goneToken);
      await register(gone, other, goneToken);
      await register(bad, fresh, badToken);
      await register(fine, fresh, fineToken);
      apns.answer = (token) => (token === goneToken ? 410 : token === badToken ? 400 : 200);

      await expect(pushing.notify([fresh.passportId])).resolves.toBeUndefined();
      expect(apns.requests).toHaveLength(3);
      expect(await deviceRow(gone)).toBeUndefined();
      expect(await registrationsOf(gone)).toEqual([]);
      expect(await registrationsOf(bad)).toEqual([{ passportId: fresh.passportId }]);
      expect(await registrationsOf(fine)).toEqual([{ passportId: fresh.passportId }]);
      expect(pushLog).toHaveLength(1);
      expect(pushLog[0]).toContain('BadDeviceToken');
      expect(pushLog[0]).not.toContain(badToken);
      pushLog.length = 0;
    });

    it('pushes to the devices holding a pass as soon as the family turns it off', async () => {
      const family = api(t);
      const parent = await family.family('Okonjo', 1);
      const contact = await family.call(parent.token, 'POST', '/api/Student/Trustees', {
        firstName: 'Grace',
        lastName: 'Okonjo',
        relationship: 'Grandparent',
        cellPhone: '(650) 555-0123',
        canPickup: true,
        studentIds: parent.childIds,
      });
      const trusteeId = contact.json().id as string;
      const issued = await family.call(parent.token, 'POST', `/api/Student/Trustees/${trusteeId}/Pass`, {
        pin: '2468',
      });
      expect(issued.statusCode).toBe(201);
      const serialNumber = issued.json().applePassSerialNumber as string;
      const keys = await passKeys(t.config);
      const held = { serialNumber, token: keys.appleAuthenticationToken(serialNumber) } as InsertedPass;
      const token = pushToken();
      expect((await register(`device-${randomUUID()}`, held, token)).statusCode).toBe(201);

      // The app pushes through its own wallet; here, the one that trusts the fake APNs.
      const own = t.ctx.wallets.apple;
      t.ctx.wallets.apple = pushing;
      try {
        const revoked = await family.call(parent.token, 'DELETE', `/api/Student/Trustees/${trusteeId}/Pass`);
        expect(revoked.statusCode).toBe(200);
        await t.flush();
      } finally {
        t.ctx.wallets.apple = own;
      }
      expect(apns.requests.map((r) => r.path)).toEqual([`/3/device/${token}`]);
      expect(passJsonOf((await latest(held)).rawPayload)).toMatchObject({ voided: true });
    });

    it('sends nothing for passes without devices', async () => {
      const lonely = await insertPass(t.database.db, t.config, { firstName: 'Ola', expiresAt: EXPIRES });
      await pushing.notify([]);
      await pushing.notify([lonely.passportId]);
      expect(apns.requests).toEqual([]);
    });

    it('does not trust an APNs whose certificate it cannot verify: logs, never throws', async () => {
      const fresh = await insertPass(t.database.db, t.config, { firstName: 'Ivo', expiresAt: EXPIRES });
      const device = `device-${randomUUID()}`;
      await register(device, fresh);
      const before = logLines.length;
      await expect(wallet().notify([fresh.passportId])).resolves.toBeUndefined();
      expect(apns.requests).toEqual([]);
      const logged = logLines.slice(before).map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(logged.some((msg) => /^Apple Wallet: 1 update push\(es\) failed: .*certificate/.test(msg))).toBe(
        true,
      );
      expect(await registrationsOf(device)).toHaveLength(1);
    });

    it('logs, and sends nothing, when the pass key cannot be opened', async () => {
      const log: string[] = [];
      const broken = createAppleWallet({
        config: t.config,
        apple: { ...t.config.apple!, signerKeyPassphrase: 'not the passphrase' },
        database: t.database,
        log: (msg) => log.push(msg),
        apnsCa: [pki.caPem],
      });
      const fresh = await insertPass(t.database.db, t.config, { firstName: 'Kai', expiresAt: EXPIRES });
      await register(`device-${randomUUID()}`, fresh);
      await expect(broken.notify([fresh.passportId])).resolves.toBeUndefined();
      await broken.close();
      expect(apns.requests).toEqual([]);
      expect(log).toHaveLength(1);
      // node-apn lets through a key it cannot open; the TLS handshake then fails on it.
      expect(log[0]).toMatch(/^Apple Wallet: 1 update push\(es\) failed: .*bad decrypt/);
    });

    it('does nothing once closed', async () => {
      const closing = createAppleWallet({
        config: t.config,
        apple: t.config.apple!,
        database: t.database,
        log: (msg) => pushLog.push(msg),
        apnsCa: [pki.caPem],
      });
      const device = `device-${randomUUID()}`;
      const fresh = await insertPass(t.database.db, t.config, { firstName: 'Per', expiresAt: EXPIRES });
      await register(device, fresh);
      await closing.notify([fresh.passportId]);
      expect(apns.requests).toHaveLength(1);
      await closing.close();
      await closing.notify([fresh.passportId]);
      expect(apns.requests).toHaveLength(1);
      await closing.close();
    });
  });

  it('has no Apple routes when Apple Wallet is not configured', async () => {
    const plain = await createTestApp(kind, { database: t.database, clock });
    try {
      expect(plain.ctx.wallets.apple).toBeUndefined();
      const res = await plain.app.inject({
        method: 'GET',
        url: `/api/passes/v1/passes/${PASS_TYPE_ID}/${pass.serialNumber}`,
        headers: { authorization: `ApplePass ${pass.token}` },
      });
      expect(res.statusCode).toBe(404);
      const register = await plain.app.inject({
        method: 'POST',
        url: `/api/passes/v1/${registration('device-x', pass)}`,
        headers: { authorization: `ApplePass ${pass.token}` },
        payload: { pushToken: pushToken() },
      });
      expect(register.statusCode).toBe(404);
      expect(
        (await plain.app.inject({ method: 'POST', url: '/api/passes/v1/log', payload: { logs: [] } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await plain.app.close();
      await rm(plain.config.dataDir, { recursive: true, force: true });
    }
  });
});
