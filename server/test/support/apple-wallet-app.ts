/**
 * The Apple Wallet tests' set-up (passes-apple.test.ts, passes-apple-passkit.test.ts,
 * passes-apple-pushes.test.ts; issue 11, docs/architecture.md): the throwaway PKI and the fake APNs of
 * apple-fixtures.ts, made once per file, and an app configured with them holding two inserted passes (Rosa
 * Rivera's for three children, Sam Okafor's for one), with the PassKit web service's calls.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { digitalPassports, passDevices, passRegistrations } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import {
  type ApplePki,
  createApplePki,
  type FakeApns,
  type InsertedPass,
  insertPass,
  PASS_TYPE_ID,
  readZip,
  startFakeApns,
} from './apple-fixtures.ts';
import { movableClock } from './registration.ts';

export const NOW = '2026-11-20T18:00:00Z';
export const EXPIRES = new Date('2027-11-20T18:00:00Z');
export const APP_URL = 'https://center.example';

export type PassJson = Record<string, unknown> & {
  barcodes: { format: string; message: string; messageEncoding: string; altText: string }[];
  generic: Record<string, { key: string; label?: string; value: string }[]>;
  locations: { latitude: number; longitude: number; relevantText: string }[];
};

/** A new APNs push token (64 hex digits). */
export const pushToken = () => randomBytes(32).toString('hex');

/** The file's throwaway PKI and fake APNs, there through getters once its tests run. */
export type AppleKeys = { readonly pki: ApplePki; readonly apns: FakeApns };

/**
 * Make the throwaway PKI and start the fake APNs for the calling file (its own beforeAll/afterAll, registered
 * at the file's top level), as getters for appleWalletApp.
 */
export function appleTestKeys(): AppleKeys {
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

  return {
    get pki() {
      return pki;
    },
    get apns() {
      return apns;
    },
  };
}

/**
 * Open the app configured for Apple Wallet for the calling `describe` (its own beforeAll/afterAll/beforeEach)
 * and answer the PassKit web service's calls and the app, the two passes, the clock and the log; those are
 * there, through getters, once the describe's tests run.
 */
export function appleWalletApp(kind: DbKind, keys: AppleKeys) {
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
      env: { ...keys.pki.env, APP_URL, APPLE_APNS_URL: keys.apns.url },
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
    keys.apns.requests.length = 0;
    keys.apns.answer = () => 200;
  });

  return {
    clock,
    logLines,
    wallet,
    passkit,
    registration,
    register,
    latest,
    passJsonOf,
    registrationsOf,
    deviceRow,
    setUpdatedAt,
    get t() {
      return t;
    },
    get pass() {
      return pass;
    },
    get other() {
      return other;
    },
    get pki() {
      return keys.pki;
    },
    get apns() {
      return keys.apns;
    },
  };
}
