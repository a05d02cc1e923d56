/**
 * A session's files, links and picture (issue 10): a role × route matrix over every new route (anonymous,
 * parent, teacher assigned, teacher not assigned, admin) asserting the status and that nothing changed (no
 * file written, no row, no audit row); the order families see; the storage adapters and the FILES_S3_*
 * settings. Files checked by their content and size and the file route's access rule are in
 * staff-resources-files.test.ts, the shared set-up in support/session-files.ts.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createStorage } from '../src/adapters/storage.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { digitalResources } from '../src/db/schema.ts';
import { dbKinds, repoRoot } from './helpers.ts';
import { multipart, PDF, PNG, sessionFiles } from './support/session-files.ts';

describe.each(dbKinds)('session files and links on %s', (kind) => {
  const shelf = sessionFiles(kind);
  const { as, upload, count, snapshot } = shelf;

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const who: Who[] = ['anonymous', 'parent', 'teacher assigned', 'teacher not assigned', 'admin'];
    const token = (w: Who) =>
      ({
        anonymous: null,
        parent: shelf.parent.token,
        'teacher assigned': shelf.teacher,
        'teacher not assigned': shelf.otherTeacher,
        admin: shelf.admin,
      })[w];
    const writes = { anonymous: 401, parent: 403, 'teacher assigned': 403, 'teacher not assigned': 403 };
    let resourceId: number;

    beforeAll(async () => {
      const res = await as(shelf.admin, 'POST', `/api/staff/sessions/${shelf.mine}/resources`, {
        type: 'Link',
        name: 'Songs we sing',
        url: 'https://example.com/songs',
      });
      expect(res.statusCode).toBe(201);
      resourceId = res.json()[0].id;
    });

    const routes: {
      name: string;
      expected: Record<Who, number>;
      call: (token: string | null) => ReturnType<typeof as>;
    }[] = [
      {
        name: 'POST thumbnail',
        expected: { ...writes, admin: 200 },
        call: (tk) =>
          upload(
            tk,
            `/api/staff/sessions/${shelf.mine}/thumbnail`,
            multipart(PNG, 'garden.png', 'image/png'),
          ),
      },
      {
        name: 'GET resources',
        expected: {
          anonymous: 401,
          parent: 403,
          'teacher assigned': 200,
          'teacher not assigned': 404,
          admin: 200,
        },
        call: (tk) => as(tk, 'GET', `/api/staff/sessions/${shelf.mine}/resources`),
      },
      {
        name: 'POST resources (file)',
        expected: { ...writes, admin: 201 },
        call: (tk) =>
          upload(
            tk,
            `/api/staff/sessions/${shelf.mine}/resources`,
            multipart(PDF, 'welcome.pdf', 'application/pdf'),
          ),
      },
      {
        name: 'POST resources (link)',
        expected: { ...writes, admin: 201 },
        call: (tk) =>
          as(tk, 'POST', `/api/staff/sessions/${shelf.mine}/resources`, {
            type: 'Video',
            name: 'A walk in the garden',
            url: 'https://video.example.com/garden',
          }),
      },
      {
        name: 'PUT resource',
        expected: { ...writes, admin: 200 },
        call: (tk) =>
          as(tk, 'PUT', `/api/staff/resources/${resourceId}`, {
            name: 'Songs we sing in circle time',
            description: null,
            isActive: true,
          }),
      },
      {
        name: 'PUT order',
        expected: { ...writes, admin: 200 },
        call: async (tk) => {
          const ids = (await as(shelf.admin, 'GET', `/api/staff/sessions/${shelf.mine}/resources`))
            .json()
            .map((r: { id: number }) => r.id)
            .reverse();
          return as(tk, 'PUT', `/api/staff/sessions/${shelf.mine}/resources/order`, { ids });
        },
      },
    ];

    for (const route of routes)
      for (const w of who)
        it(`${route.name} as ${w} → ${route.expected[w]}`, async () => {
          const before = await snapshot();
          const res = await route.call(token(w));
          expect(res.statusCode, res.body).toBe(route.expected[w]);
          if (res.statusCode >= 400 || route.name.startsWith('GET')) {
            expect(await snapshot()).toEqual(before);
            if (res.statusCode >= 400) expect(res.body).not.toContain('Songs we sing');
          } else {
            expect(await count('audit_events')).toBe(before.audit + 1);
          }
        });

    it('a teacher reads only their own sessions’ resources; unknown ids answer 404 and change nothing', async () => {
      expect(
        (await as(shelf.teacher, 'GET', `/api/staff/sessions/${shelf.notMine}/resources`)).statusCode,
      ).toBe(404);
      const before = await snapshot();
      for (const res of [
        await upload(
          shelf.admin,
          '/api/staff/sessions/999999/thumbnail',
          multipart(PNG, 'a.png', 'image/png'),
        ),
        await upload(
          shelf.admin,
          '/api/staff/sessions/999999/resources',
          multipart(PDF, 'a.pdf', 'application/pdf'),
        ),
        await as(shelf.admin, 'POST', '/api/staff/sessions/999999/resources', {
          type: 'Link',
          name: 'Nowhere',
          url: 'https://example.com',
        }),
        await as(shelf.admin, 'PUT', '/api/staff/resources/999999', { name: 'Nothing', isActive: false }),
        await as(shelf.admin, 'PUT', '/api/staff/sessions/999999/resources/order', { ids: [] }),
        await as(shelf.admin, 'GET', '/api/staff/sessions/abc/resources'),
      ])
        expect(res.statusCode, res.body).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('order', () => {
    it('families see the active resources in the director’s order', async () => {
      const session = await shelf.a.session({
        name: 'Birch Room',
        sessionStartDate: '2026-11-02',
        rosterSize: 3,
      });
      const family = await shelf.a.family('Nakamura', 1);
      await shelf.a.enrollPaid(family, session);
      for (const name of ['Apples', 'Bears', 'Clouds'])
        expect(
          (
            await as(shelf.admin, 'POST', `/api/staff/sessions/${session}/resources`, {
              type: 'Link',
              name,
              url: `https://example.com/${name}`,
            })
          ).statusCode,
        ).toBe(201);
      const list = (await as(shelf.admin, 'GET', `/api/staff/sessions/${session}/resources`)).json();
      expect(list.map((r: { name: string }) => r.name)).toEqual(['Apples', 'Bears', 'Clouds']);
      const [apples, bears, clouds] = list.map((r: { id: number }) => r.id);
      const reordered = await as(shelf.admin, 'PUT', `/api/staff/sessions/${session}/resources/order`, {
        ids: [clouds, apples, bears],
      });
      expect(reordered.json().map((r: { name: string }) => r.name)).toEqual(['Clouds', 'Apples', 'Bears']);
      await as(shelf.admin, 'PUT', `/api/staff/resources/${apples}`, { name: 'Apples', isActive: false });
      const seen = (await as(family.token, 'GET', `/api/ClassSession/${session}/Resources`)).json();
      expect(seen.map((r: { name: string }) => r.name)).toEqual(['Clouds', 'Bears']);
      // A list that is not exactly the session's resources is refused and changes nothing.
      const before = await snapshot();
      for (const ids of [
        [clouds, apples],
        [clouds, apples, bears, bears],
        [clouds, apples, 999999],
      ]) {
        const bad = await as(shelf.admin, 'PUT', `/api/staff/sessions/${session}/resources/order`, { ids });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields.ids).toBeDefined();
      }
      expect(await snapshot()).toEqual(before);
      const rows = await shelf.t.database.db
        .select({ name: digitalResources.name, sortOrder: digitalResources.sortOrder })
        .from(digitalResources)
        .where(eq(digitalResources.classSessionId, session));
      expect(Object.fromEntries(rows.map((r) => [r.name, r.sortOrder]))).toEqual({
        Clouds: 0,
        Apples: 1,
        Bears: 2,
      });
    });
  });
});

describe('file storage', () => {
  it('the local adapter stores, reads back with type and size, and deletes', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-files-'));
    const storage = createLocalStorage(dir);
    const key = 'resources/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9.pdf';
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, PDF, 'application/pdf');
    const file = await storage.get(key);
    expect(file).toMatchObject({ contentType: 'application/pdf', size: PDF.length });
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
  });

  it('refuses keys that could leave the folder', async () => {
    const storage = createLocalStorage(await mkdtemp(path.join(os.tmpdir(), 'lc-files-')));
    for (const key of ['../jwt-secret', 'resources/../../x', '/etc/passwd', 'resources/a b.pdf', 'resources'])
      await expect(storage.put(key, PNG, 'image/png'), key).rejects.toThrow(/Not a storage key/);
  });

  const s3 = {
    FILES_S3_BUCKET: 'bright-oak-files',
    FILES_S3_ENDPOINT: 'https://s3.us-west-2.amazonaws.com',
    FILES_S3_REGION: 'us-west-2',
    FILES_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    FILES_S3_SECRET_ACCESS_KEY: 'secret-example',
  };

  it('FILES_S3_* are all or none; a partial set names what is missing in one line', () => {
    expect(loadConfig({ NODE_ENV: 'test' }, repoRoot).filesS3).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', ...s3 }, repoRoot).filesS3).toEqual({
      bucket: 'bright-oak-files',
      endpoint: 'https://s3.us-west-2.amazonaws.com',
      region: 'us-west-2',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
    });
    const partial = () =>
      loadConfig(
        { NODE_ENV: 'test', FILES_S3_BUCKET: 'bright-oak-files', FILES_S3_REGION: 'us-west-2' },
        repoRoot,
      );
    expect(partial).toThrow(ConfigError);
    expect(partial).toThrow(
      'Invalid configuration — the FILES_S3_* settings must be set together; missing FILES_S3_ENDPOINT, FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY',
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', ...s3, FILES_S3_ENDPOINT: 'ftp://files.example' }, repoRoot),
    ).toThrow(/FILES_S3_ENDPOINT: must be an http\(s\) URL/);
  });

  it('createStorage picks the bucket when FILES_S3_* are set, the data folder otherwise', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lc-files-'));
    const local = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }, repoRoot));
    await local.put('thumbnails/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9.png', PNG, 'image/png');
    expect(await readdir(path.join(dataDir, 'files', 'thumbnails'))).toContain(
      '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9.png',
    );
    // The S3 adapter refuses a bad key before any request is made (no network here).
    const bucket = createStorage(loadConfig({ NODE_ENV: 'test', ...s3, DATA_DIR: dataDir }, repoRoot));
    await expect(bucket.get('../x')).rejects.toThrow(/Not a storage key/);
  });
});
