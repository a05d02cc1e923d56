/**
 * The Google Wallet adapter (issue 11) against a local fake of Google's token endpoint and Wallet REST API
 * (support/google-fake.ts): the generic class and objects it writes, the signed "Save to Google Wallet" link,
 * sync of a voided pass, and failures that must not escape. Plus the GOOGLE_WALLET_* configuration checks.
 * No database: the adapter takes a PassContent.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, ConfigError, loadConfig } from '../src/config.ts';
import { createGoogleWallet } from '../src/features/passes/google/wallet.ts';
import type { PassContent } from '../src/features/passes/pass-content.ts';
import { repoRoot } from './helpers.ts';
import { type GoogleFake, startGoogleFake } from './support/google-fake.ts';

const ISSUER_ID = '3388000000012345678';
const CLASS_ID = `${ISSUER_ID}.bright-oak-pickup`;
const CLIENT_EMAIL = 'wallet-issuer@bright-oak-test.iam.gserviceaccount.com';
const CREDENTIAL = '7K2QM9XDRT4VNB8PJ6HC3WZFY1';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

let tmp: string;
let accountFile: string;
let fake: GoogleFake;
let config: Config;

function pass(overrides: Partial<PassContent> = {}): PassContent {
  const serialNumber = overrides.serialNumber ?? crypto.randomUUID();
  return {
    passportId: crypto.randomUUID(),
    serialNumber,
    credential: CREDENTIAL,
    authenticationToken: 'not-used-by-google-wallet-000000',
    holderName: 'Rosa Delgado',
    relationship: 'Grandmother',
    children: [
      { firstName: 'Mateo', lastName: 'Delgado' },
      { firstName: 'Lucia', lastName: 'Delgado' },
    ],
    // 23:59 Pacific on August 31, 2027 (already September 1 in UTC).
    expiresAt: new Date('2027-09-01T06:59:00Z'),
    updatedAt: new Date('2026-09-01T16:00:00Z'),
    voided: false,
    photo: undefined,
    ...overrides,
  };
}

function wallet(log: (msg: string) => void = () => {}) {
  return createGoogleWallet({ config, google: config.google!, log });
}

const walletCalls = () => fake.requests.filter((r) => r.path.startsWith('/walletobjects/'));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'lc-google-wallet-'));
  accountFile = path.join(tmp, 'service-account.json');
  await writeFile(
    accountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'bright-oak-test',
      private_key_id: 'test-key-1',
      private_key: privateKey,
      client_email: CLIENT_EMAIL,
      client_id: '100000000000000000001',
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  fake = await startGoogleFake({ publicKey });
  config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: tmp,
      APP_URL: 'https://brightoak.example',
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT: accountFile,
      GOOGLE_WALLET_API_BASE: fake.url,
    },
    repoRoot,
  );
});

afterAll(async () => {
  await fake?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('Google Wallet pickup passes', () => {
  it('creates the class once, inserts the object and answers a signed save link naming it', async () => {
    const google = wallet();
    const content = pass();
    const objectId = `${ISSUER_ID}.${content.serialNumber}`;

    const url = await google.saveUrl(content);

    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = url.slice('https://pay.google.com/gp/v/save/'.length);
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey, 'RS256'), {
      algorithms: ['RS256'],
      issuer: CLIENT_EMAIL,
      audience: 'google',
    });
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', kid: 'test-key-1' });
    expect(payload).toMatchObject({
      iss: CLIENT_EMAIL,
      aud: 'google',
      typ: 'savetowallet',
      origins: ['https://brightoak.example'],
    });
    expect(typeof payload.iat).toBe('number');
    // The object is referenced by id only: it was written through the REST API.
    expect(payload.payload).toEqual({ genericObjects: [{ id: objectId }] });

    expect(fake.classes.get(CLASS_ID)).toMatchObject({ id: CLASS_ID });
    expect(fake.objects.get(objectId)).toMatchObject({
      id: objectId,
      classId: CLASS_ID,
      state: 'ACTIVE',
      cardTitle: { defaultValue: { language: 'en-US', value: 'Bright Oak Learning Center' } },
      header: { defaultValue: { value: 'Rosa Delgado' } },
      // A phone set to Spanish shows the Spanish (issue 14).
      subheader: {
        defaultValue: { value: 'Pickup adult' },
        translatedValues: [{ language: 'es', value: 'Adulto que recoge' }],
      },
      hexBackgroundColor: '#1f5c40',
      barcode: { type: 'QR_CODE', value: CREDENTIAL, alternateText: '7K2Q M9XD RT4V NB8P J6HC 3WZF Y1' },
      textModulesData: [
        {
          header: 'May pick up',
          body: 'Mateo and Lucia',
          localizedHeader: { translatedValues: [{ language: 'es', value: 'Puede recoger a' }] },
          localizedBody: { translatedValues: [{ language: 'es', value: 'Mateo y Lucia' }] },
        },
        {
          header: 'Valid until',
          body: 'August 31, 2027',
          localizedBody: { translatedValues: [{ language: 'es', value: '31 de agosto de 2027' }] },
        },
      ],
      validTimeInterval: { end: { date: '2027-09-01T06:59:00.000Z' } },
    });

    // The class was looked up (404), then created; the object inserted.
    expect(walletCalls().map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /walletobjects/v1/genericClass/${CLASS_ID}`,
      'POST /walletobjects/v1/genericClass',
      'POST /walletobjects/v1/genericObject',
    ]);

    // Every REST call carried the access token the (fake) token endpoint issued for the service account.
    expect(fake.tokens).toHaveLength(1);
    for (const call of walletCalls()) expect(call.authorization).toBe(`Bearer ${fake.tokens[0]}`);
    expect(fake.assertions[0]).toMatchObject({
      iss: CLIENT_EMAIL,
      scope: 'https://www.googleapis.com/auth/wallet_object.issuer',
    });
  });

  it('updates an object that already exists instead of failing (409), and never recreates the class', async () => {
    const google = wallet();
    const content = pass();
    const objectId = `${ISSUER_ID}.${content.serialNumber}`;
    await google.saveUrl(content);
    const again = await google.saveUrl({ ...content, holderName: 'Rosa M. Delgado' });
    expect(again.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    expect(fake.objects.get(objectId)).toMatchObject({
      header: { defaultValue: { value: 'Rosa M. Delgado' } },
      state: 'ACTIVE',
    });
    const forObject = fake.requests.filter((r) => r.path.includes(objectId));
    expect(forObject.map((r) => r.method)).toEqual(['PUT']);
    // A new adapter (a restarted server) finds the class and does not post it again.
    await wallet().saveUrl(pass());
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/genericClass'))).toHaveLength(
      1,
    );
  });

  it('turns a voided pass INACTIVE and is silent about a pass that was never saved', async () => {
    const logs: string[] = [];
    const google = wallet((msg) => logs.push(msg));
    const content = pass();
    const objectId = `${ISSUER_ID}.${content.serialNumber}`;
    await google.saveUrl(content);

    await google.sync({ ...content, voided: true });
    expect(fake.objects.get(objectId)).toMatchObject({ state: 'INACTIVE', barcode: { value: CREDENTIAL } });
    const patch = fake.requests.findLast((r) => r.method === 'PATCH');
    expect(patch?.path).toBe(`/walletobjects/v1/genericObject/${objectId}`);
    expect(patch?.authorization).toMatch(/^Bearer ya29\.fake-/);

    await google.sync({ ...content, voided: false });
    expect(fake.objects.get(objectId)?.state).toBe('ACTIVE');

    const never = pass();
    await expect(google.sync({ ...never, voided: true })).resolves.toBeUndefined();
    expect(fake.objects.has(`${ISSUER_ID}.${never.serialNumber}`)).toBe(false);
    expect(logs).toEqual([]);
  });

  it("names Google's object URL whatever API base the tests use", () => {
    const serial = '0b6c5d1e-7a3f-4c2e-9d8b-1f2a3b4c5d6e';
    expect(wallet().objectUrl(serial)).toBe(
      `https://walletobjects.googleapis.com/walletobjects/v1/genericObject/${ISSUER_ID}.${serial}`,
    );
  });

  it('logs a failing sync and never throws; a failing save link rejects', async () => {
    const logs: string[] = [];
    const google = wallet((msg) => logs.push(msg));
    const content = pass();
    await google.saveUrl(content);
    fake.failWith = 500;
    try {
      await expect(google.sync({ ...content, voided: true })).resolves.toBeUndefined();
      expect(logs).toHaveLength(1);
      expect(logs[0]).toContain(content.passportId);
      expect(logs[0]).toContain('500');
      await expect(google.saveUrl(pass())).rejects.toThrow(/500/);
    } finally {
      fake.failWith = undefined;
    }
    expect(fake.objects.get(`${ISSUER_ID}.${content.serialNumber}`)?.state).toBe('ACTIVE');
  });

  it('logs and does not throw when Google cannot be reached at all', async () => {
    const logs: string[] = [];
    const closed = await startGoogleFake();
    await closed.close();
    const unreachable = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: tmp,
        GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
        GOOGLE_WALLET_SERVICE_ACCOUNT: accountFile,
        GOOGLE_WALLET_API_BASE: closed.url,
      },
      repoRoot,
    );
    const google = createGoogleWallet({
      config: unreachable,
      google: unreachable.google!,
      log: (msg) => logs.push(msg),
    });
    await expect(google.sync(pass({ voided: true }))).resolves.toBeUndefined();
    expect(logs).toHaveLength(1);
  });
});

describe('Google Wallet configuration', () => {
  const fail = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp, ...env }, repoRoot);
    } catch (error) {
      return error;
    }
    throw new Error('loadConfig accepted the configuration');
  };

  it('is off unless configured, and on with both settings', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp }, repoRoot).google).toBeUndefined();
    expect(config.google).toMatchObject({
      issuerId: ISSUER_ID,
      serviceAccount: { client_email: CLIENT_EMAIL, private_key: privateKey },
      apiBase: fake.url,
    });
  });

  it('needs GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT together', () => {
    const halves: Record<string, string>[] = [
      { GOOGLE_WALLET_ISSUER_ID: ISSUER_ID },
      { GOOGLE_WALLET_SERVICE_ACCOUNT: accountFile },
    ];
    for (const env of halves) {
      const error = fail(env);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('GOOGLE_WALLET_ISSUER_ID');
      expect((error as Error).message).toContain('GOOGLE_WALLET_SERVICE_ACCOUNT');
    }
  });

  it('names GOOGLE_WALLET_SERVICE_ACCOUNT when its file cannot be read', () => {
    const error = fail({
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT: path.join(tmp, 'missing.json'),
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('GOOGLE_WALLET_SERVICE_ACCOUNT');
  });

  it('refuses a key file without private_key (or that is not JSON)', async () => {
    const noKey = path.join(tmp, 'no-key.json');
    await writeFile(noKey, JSON.stringify({ type: 'service_account', client_email: CLIENT_EMAIL }));
    const notJson = path.join(tmp, 'not-json.json');
    await writeFile(notJson, 'client_email: nope');
    for (const file of [noKey, notJson]) {
      const error = fail({ GOOGLE_WALLET_ISSUER_ID: ISSUER_ID, GOOGLE_WALLET_SERVICE_ACCOUNT: file });
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('GOOGLE_WALLET_SERVICE_ACCOUNT');
    }
  });

  it('accepts only an http(s) GOOGLE_WALLET_API_BASE', () => {
    const error = fail({
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      GOOGLE_WALLET_SERVICE_ACCOUNT: accountFile,
      GOOGLE_WALLET_API_BASE: 'ftp://127.0.0.1:1',
    });
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain('GOOGLE_WALLET_API_BASE');
  });
});
