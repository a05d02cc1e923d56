/**
 * Pass photos in the file storage (issue 21 item 5, decision 020): re-issuing a pass and adding a photo ten
 * times leaves one photo file for the adult, revoking the pass deletes it, a family's photos are capped at
 * 25 MB together (413 with a sentence in English and Spanish), and the sweep removes files no pass holds.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../src/adapters/storage.ts';
import { sweepOrphanPhotos } from '../src/features/passes/photos.ts';
import { createTestApp, dbKinds, fixedClock, type TestApp } from './helpers.ts';
import { api, type Family } from './support/registration.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG of about `bytes` bytes (the 1×1 image followed by `fill`), different for each `fill`. */
const pngOf = (bytes: number, fill = 0) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length, fill)]);

function multipart(bytes: Buffer) {
  const boundary = `----lc${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="adult.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const QUOTA_EN =
  'Your family’s pickup photos can take up to 25 MB together. Choose a smaller photo, or turn off a pass you no longer need.';
const QUOTA_ES =
  'Las fotos de recogida de su familia pueden ocupar hasta 25 MB en total. Elija una foto más pequeña o desactive un pase que ya no necesite.';

describe.each(dbKinds)('pass photos in the storage on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let owner: Family;
  const photosDir = () => path.join(t.config.dataDir, 'files', 'photos');
  /** The photo files in the storage folder (each file has a `.type` beside it, not counted). */
  const photoFiles = async () =>
    (await readdir(photosDir()).catch(() => [] as string[])).filter((f) => !f.endsWith('.type'));
  const passUrl = (trusteeId: string) => `/api/Student/Trustees/${trusteeId}/Pass`;
  const upload = (trusteeId: string, bytes: Buffer, language = 'en') => {
    const body = multipart(bytes);
    return t.app.inject({
      method: 'PUT',
      url: `${passUrl(trusteeId)}/Photo`,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        authorization: `Bearer ${owner.token}`,
        'accept-language': language,
      },
    });
  };
  /** A contact who may pick up, without an email address (no pass mail is sent). */
  const addAdult = async (firstName: string) => {
    const res = await a.call(owner.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Rivera',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0101',
      canPickup: true,
      studentIds: owner.childIds,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const issue = async (trusteeId: string) => {
    const res = await a.call(owner.token, 'POST', passUrl(trusteeId), { pin: '2468' });
    expect(res.statusCode).toBe(201);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: fixedClock('2026-11-20T18:00:00Z'),
      env: { SIGNUP_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '100' },
    });
    a = api(t);
    owner = await a.family('Okafor', 1);
  });
  afterAll(async () => t?.close());

  it('keeps one photo file for an adult after ten re-issues each with a new photo, and revoking deletes it', async () => {
    const rosa = await addAdult('Rosa');
    await issue(rosa);
    for (let round = 1; round <= 10; round++) {
      await issue(rosa);
      const res = await upload(rosa, pngOf(1000, round));
      expect(res.statusCode, `round ${round}`).toBe(200);
    }
    expect(await photoFiles()).toHaveLength(1);
    // The one kept is the newest photo.
    const photo = await a.call(owner.token, 'GET', `${passUrl(rosa)}/Photo`);
    expect(photo.rawPayload.equals(pngOf(1000, 10))).toBe(true);

    // Re-issuing alone moves the photo to the new pass: still one file, still shown.
    await issue(rosa);
    expect(await photoFiles()).toHaveLength(1);
    expect((await a.call(owner.token, 'GET', `${passUrl(rosa)}/Photo`)).statusCode).toBe(200);

    const revoked = await a.call(owner.token, 'DELETE', passUrl(rosa));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().imageUrl).toBeNull();
    expect(await photoFiles()).toHaveLength(0);
  });

  it('refuses a photo past the family’s 25 MB with the sentence in English and Spanish, and keeps no file of it', async () => {
    const fourMb = 4.9 * 1024 * 1024;
    const adults: string[] = [];
    for (const name of ['Ana', 'Bo', 'Cy', 'Di', 'Ed', 'Flo']) {
      const id = await addAdult(name);
      await issue(id);
      adults.push(id);
    }
    for (const [i, id] of adults.slice(0, 5).entries()) {
      expect((await upload(id, pngOf(fourMb, i + 1))).statusCode).toBe(200);
    }
    expect(await photoFiles()).toHaveLength(5);

    const refused = await upload(adults[5]!, pngOf(fourMb, 6));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ message: QUOTA_EN, fields: { file: QUOTA_EN } });
    const spanish = await upload(adults[5]!, pngOf(fourMb, 7), 'es');
    expect(spanish.statusCode).toBe(413);
    expect(spanish.json()).toMatchObject({ message: QUOTA_ES, fields: { file: QUOTA_ES } });
    expect(await photoFiles()).toHaveLength(5);

    // Replacing a photo counts without the one it replaces: still within the quota.
    expect((await upload(adults[0]!, pngOf(fourMb, 8))).statusCode).toBe(200);
    expect(await photoFiles()).toHaveLength(5);
    // Turning a pass off frees its share, and the sixth adult's photo fits.
    expect((await a.call(owner.token, 'DELETE', passUrl(adults[1]!))).statusCode).toBe(200);
    expect((await upload(adults[5]!, pngOf(fourMb, 9))).statusCode).toBe(200);
    expect(await photoFiles()).toHaveLength(5);
  });

  it('the sweep deletes a photo file no pass holds once it is an hour old, and keeps the others', async () => {
    const storage = createLocalStorage(path.join(t.config.dataDir, 'files'));
    await storage.put('photos/0f0f0f0f-left-behind.png', PNG, 'image/png');
    const before = await photoFiles();
    expect(before).toContain('0f0f0f0f-left-behind.png');
    // Just written: an upload may still be committing its row, so it stays.
    expect(await sweepOrphanPhotos(t.database.db, storage, new Date())).toBe(0);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await sweepOrphanPhotos(t.database.db, storage, later)).toBe(1);
    expect(await photoFiles()).toEqual(before.filter((f) => f !== '0f0f0f0f-left-behind.png'));
  });
});
