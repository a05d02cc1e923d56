/**
 * Apple Wallet (issue 11): the signed `.pkpass` (a zip whose manifest lists every file's SHA-1, with a
 * detached PKCS#7 signature over the manifest that OpenSSL verifies against the test CA, and a pass.json with
 * the pass's fields), the signed download link, and no Apple routes without Apple's settings — all with a
 * throwaway PKI. Apple's PassKit web service is in passes-apple-passkit.test.ts, the APNs update pushes in
 * passes-apple-pushes.test.ts, the shared set-up in support/apple-wallet-app.ts.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinNames } from '../src/features/passes/apple/pkpass.ts';
import { loadPassContent } from '../src/features/passes/pass-content.ts';
import { groupCredential } from '../src/features/passes/pass-keys.ts';
import { createTestApp, dbKinds } from './helpers.ts';
import { PASS_TYPE_ID, pngSize, readZip, TEAM_ID } from './support/apple-fixtures.ts';
import {
  APP_URL,
  appleTestKeys,
  appleWalletApp,
  EXPIRES,
  type PassJson,
  pushToken,
} from './support/apple-wallet-app.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (enough for the wallet to tell it is not a PNG). */
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

const keys = appleTestKeys();

describe('joinNames', () => {
  it('reads like a sentence', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Maya'])).toBe('Maya');
    expect(joinNames(['Maya', 'Leo'])).toBe('Maya and Leo');
    expect(joinNames(['Maya', 'Leo', 'Ana'])).toBe('Maya, Leo and Ana');
  });
});

describe.each(dbKinds)('Apple Wallet passes on %s', (kind) => {
  const apple = appleWalletApp(kind, keys);
  const { clock, wallet, registration, passJsonOf } = apple;

  describe('the .pkpass', () => {
    let files: Map<string, Buffer>;
    let workDir: string;

    beforeAll(async () => {
      const link = await wallet().downloadLink(apple.pass.serialNumber, clock.now());
      const res = await apple.t.app.inject({ method: 'GET', url: link });
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
            apple.pki.caFile,
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
        serialNumber: apple.pass.serialNumber,
        authenticationToken: apple.pass.token,
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
          message: apple.pass.credential,
          messageEncoding: 'iso-8859-1',
          altText: groupCredential(apple.pass.credential),
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
        apple.t.database.db,
        apple.t.config,
        apple.t.ctx.passPhotos,
        apple.pass.passportId,
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

  describe('the signed download link', () => {
    it('downloads the pass as an attachment that is not cached', async () => {
      const link = await wallet().downloadLink(apple.pass.serialNumber, clock.now());
      expect(link).toMatch(
        new RegExp(
          `^/api/passes/apple/${apple.pass.serialNumber}\\.pkpass\\?expires=\\d+&signature=[\\w-]+$`,
        ),
      );
      const res = await apple.t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(res.headers['content-disposition']).toBe('attachment; filename="bright-oak-pickup-pass.pkpass"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(passJsonOf(res.rawPayload).serialNumber).toBe(apple.pass.serialNumber);
    });

    it('answers 404 when the link is changed, made for another pass, or expired', async () => {
      const link = await wallet().downloadLink(apple.pass.serialNumber, clock.now());
      const url = new URL(link, APP_URL);
      const get = (u: string) => apple.t.app.inject({ method: 'GET', url: u });

      const signature = url.searchParams.get('signature')!;
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      expect((await get(link.replace(signature, flipped))).statusCode).toBe(404);
      expect((await get(link.replace(apple.pass.serialNumber, apple.other.serialNumber))).statusCode).toBe(
        404,
      );
      const expires = Number(url.searchParams.get('expires'));
      expect((await get(link.replace(`expires=${expires}`, `expires=${expires + 3600}`))).statusCode).toBe(
        404,
      );
      expect((await get(`/api/passes/apple/${apple.pass.serialNumber}.pkpass`)).statusCode).toBe(404);
      expect((await get(link.replace('.pkpass', '.zip'))).statusCode).toBe(404);

      // A link of a serial number that is no pass.
      expect((await get(await wallet().downloadLink(randomUUID(), clock.now()))).statusCode).toBe(404);

      clock.advanceMinutes(14);
      expect((await get(link)).statusCode).toBe(200);
      clock.advanceMinutes(2);
      expect((await get(link)).statusCode).toBe(404);
    });
  });

  it('has no Apple routes when Apple Wallet is not configured', async () => {
    const plain = await createTestApp(kind, { database: apple.t.database, clock });
    try {
      expect(plain.ctx.wallets.apple).toBeUndefined();
      const res = await plain.app.inject({
        method: 'GET',
        url: `/api/passes/v1/passes/${PASS_TYPE_ID}/${apple.pass.serialNumber}`,
        headers: { authorization: `ApplePass ${apple.pass.token}` },
      });
      expect(res.statusCode).toBe(404);
      const register = await plain.app.inject({
        method: 'POST',
        url: `/api/passes/v1/${registration('device-x', apple.pass)}`,
        headers: { authorization: `ApplePass ${apple.pass.token}` },
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
