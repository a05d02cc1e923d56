/**
 * A session's files, links and picture (issue 10): a role × route matrix over every new route (anonymous,
 * parent, teacher assigned, teacher not assigned, admin) asserting the status and that nothing changed (no
 * file written, no row, no audit row); files checked by their content and size; the file route's access rule
 * (a resource file only through a signed link given to an enrolled family or staff; pictures public); links
 * http(s) only; the order families see; the storage adapters and the FILES_S3_* settings.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createStorage } from '../src/adapters/storage.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { classSessions, digitalResources, sessionStaff } from '../src/db/schema.ts';
import { createTestApp, dbKinds, repoRoot, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest PDF a reader opens: a header, one empty page and a trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const TEXT = Buffer.from('Dear families, bring a hat on Friday.\n');

/** A multipart body with `fields` first and then one `file` part named `fileName` sent as `type`. */
function multipart(bytes: Buffer, fileName: string, type: string, fields: Record<string, string> = {}) {
  const boundary = `----lc${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dbKinds)('session files and links on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let admin: string;
  let teacher: string;
  let otherTeacher: string;
  let parent: Family;
  let otherParent: Family;
  let mine: number;
  let notMine: number;
  const clock = movableClock(NOW);

  const as = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const upload = (token: string | null, url: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  const filesDir = () => path.join(t.config.dataDir, 'files');
  const storedFiles = async () => {
    const all: string[] = [];
    for (const folder of ['thumbnails', 'resources'])
      for (const name of await readdir(path.join(filesDir(), folder)).catch(() => [] as string[]))
        if (!name.endsWith('.type')) all.push(`${folder}/${name}`);
    return all.sort();
  };
  const count = async (table: string) =>
    (await queryRows<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  /** Everything a refused call must leave as it was. */
  const snapshot = async () => ({
    files: await storedFiles(),
    resources: await queryRows(
      t.database.db,
      sql`select id, name, description, is_active, sort_order from digital_resources order by id`,
    ),
    audit: await count('audit_events'),
    thumbnails: await queryRows(t.database.db, sql`select id, thumbnail from class_sessions order by id`),
  });

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '10000' } });
    a = api(t);
    admin = (await a.promote('Director', 'Admin')).token;
    const teacherPerson = await a.promote('Teacher', 'Staff');
    teacher = teacherPerson.token;
    otherTeacher = (await a.promote('Other', 'Staff')).token;
    mine = await a.session({ name: 'Acorn Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    notMine = await a.session({ name: 'Maple Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
    await t.database.db.insert(sessionStaff).values({ classSessionId: mine, userId: teacherPerson.userId });
    parent = await a.family('Rivera', 1);
    otherParent = await a.family('Okafor', 1);
    for (const [family, id] of [
      [parent, mine],
      [otherParent, notMine],
    ] as const) {
      const res = await a.enroll(family, id);
      expect(res.statusCode).toBe(201);
      const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
      expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
    }
  });
  afterAll(async () => t?.close());

  describe('who may call what (role × route)', () => {
    type Who = 'anonymous' | 'parent' | 'teacher assigned' | 'teacher not assigned' | 'admin';
    const who: Who[] = ['anonymous', 'parent', 'teacher assigned', 'teacher not assigned', 'admin'];
    const token = (w: Who) =>
      ({
        anonymous: null,
        parent: parent.token,
        'teacher assigned': teacher,
        'teacher not assigned': otherTeacher,
        admin,
      })[w];
    const writes = { anonymous: 401, parent: 403, 'teacher assigned': 403, 'teacher not assigned': 403 };
    let resourceId: number;

    beforeAll(async () => {
      const res = await as(admin, 'POST', `/api/staff/sessions/${mine}/resources`, {
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
          upload(tk, `/api/staff/sessions/${mine}/thumbnail`, multipart(PNG, 'garden.png', 'image/png')),
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
        call: (tk) => as(tk, 'GET', `/api/staff/sessions/${mine}/resources`),
      },
      {
        name: 'POST resources (file)',
        expected: { ...writes, admin: 201 },
        call: (tk) =>
          upload(
            tk,
            `/api/staff/sessions/${mine}/resources`,
            multipart(PDF, 'welcome.pdf', 'application/pdf'),
          ),
      },
      {
        name: 'POST resources (link)',
        expected: { ...writes, admin: 201 },
        call: (tk) =>
          as(tk, 'POST', `/api/staff/sessions/${mine}/resources`, {
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
          const ids = (await as(admin, 'GET', `/api/staff/sessions/${mine}/resources`))
            .json()
            .map((r: { id: number }) => r.id)
            .reverse();
          return as(tk, 'PUT', `/api/staff/sessions/${mine}/resources/order`, { ids });
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
      expect((await as(teacher, 'GET', `/api/staff/sessions/${notMine}/resources`)).statusCode).toBe(404);
      const before = await snapshot();
      for (const res of [
        await upload(admin, '/api/staff/sessions/999999/thumbnail', multipart(PNG, 'a.png', 'image/png')),
        await upload(
          admin,
          '/api/staff/sessions/999999/resources',
          multipart(PDF, 'a.pdf', 'application/pdf'),
        ),
        await as(admin, 'POST', '/api/staff/sessions/999999/resources', {
          type: 'Link',
          name: 'Nowhere',
          url: 'https://example.com',
        }),
        await as(admin, 'PUT', '/api/staff/resources/999999', { name: 'Nothing', isActive: false }),
        await as(admin, 'PUT', '/api/staff/sessions/999999/resources/order', { ids: [] }),
        await as(admin, 'GET', '/api/staff/sessions/abc/resources'),
      ])
        expect(res.statusCode, res.body).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('files are checked by their content and size', () => {
    it('refuses a text file named .pdf and sent as application/pdf, with a field message', async () => {
      const before = await snapshot();
      const res = await upload(
        admin,
        `/api/staff/sessions/${mine}/resources`,
        multipart(TEXT, 'note.pdf', 'application/pdf', { name: 'Hat day' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.file).toBe('Choose a PDF or a picture (JPEG, PNG or WebP) under 20 MB.');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a PDF as the session’s picture, and a picture over 5 MB', async () => {
      const before = await snapshot();
      const pdf = await upload(
        admin,
        `/api/staff/sessions/${mine}/thumbnail`,
        multipart(PDF, 'x.png', 'image/png'),
      );
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().fields.file).toBe('Choose a picture (JPEG, PNG or WebP) under 5 MB.');
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const large = await upload(
        admin,
        `/api/staff/sessions/${mine}/thumbnail`,
        multipart(big, 'big.png', 'image/png'),
      );
      expect(large.statusCode).toBe(400);
      expect(large.json().fields.file).toContain('under 5 MB');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a document over 20 MB and accepts one just under', async () => {
      const before = await snapshot();
      const over = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
      const res = await upload(
        admin,
        `/api/staff/sessions/${mine}/resources`,
        multipart(over, 'big.pdf', 'application/pdf'),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.file).toContain('under 20 MB');
      expect(await snapshot()).toEqual(before);
      const under = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 - PDF.length - 1)]);
      const ok = await upload(
        admin,
        `/api/staff/sessions/${mine}/resources`,
        multipart(under, 'packet.pdf', 'application/pdf'),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await storedFiles()).length).toBe(before.files.length + 1);
    });

    it('accepts a real PNG named .txt sent as text/plain: stored as a picture with its real extension', async () => {
      const res = await upload(
        admin,
        `/api/staff/sessions/${mine}/resources`,
        multipart(PNG, 'leaf.txt', 'text/plain', { name: 'Our leaf', description: 'Found on a walk' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const leaf = res.json().find((r: { name: string }) => r.name === 'Our leaf');
      expect(leaf).toMatchObject({
        type: 'Image',
        fileName: 'leaf.png',
        description: 'Found on a walk',
        isActive: true,
      });
      expect(leaf.url).toMatch(
        /^\/api\/files\/resources\/[0-9a-f-]{36}\.png\?expires=\d+&scope=staff&signature=/,
      );
    });

    it('names an uploaded file after the file when no name is given, and keeps a name’s rules', async () => {
      const res = await upload(
        admin,
        `/api/staff/sessions/${mine}/resources`,
        multipart(PDF, 'Field trip form.pdf', 'application/pdf'),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().some((r: { name: string }) => r.name === 'Field trip form')).toBe(true);
      const long = await upload(
        admin,
        `/api/staff/sessions/${mine}/resources`,
        multipart(PDF, 'a.pdf', 'application/pdf', { name: 'x'.repeat(200) }),
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().fields.name).toBe('Keep the name under 120 characters');
    });

    it('a link must be http(s)', async () => {
      const before = await snapshot();
      for (const url of [
        'javascript:alert(1)',
        'ftp://files.example.com/a.pdf',
        'data:text/html,hi',
        'not a link',
      ]) {
        const res = await as(admin, 'POST', `/api/staff/sessions/${mine}/resources`, {
          type: 'Link',
          name: 'Bad',
          url,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fields.url).toBe('Enter a web address starting with https:// (or http://)');
      }
      const type = await as(admin, 'POST', `/api/staff/sessions/${mine}/resources`, {
        type: 'Document',
        name: 'A link as a document',
        url: 'https://example.com',
      });
      expect(type.statusCode).toBe(400);
      expect(type.json().fields.type).toBeDefined();
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('serving files', () => {
    let fileUrl: string;
    let fileId: number;

    beforeAll(async () => {
      const res = await upload(
        admin,
        `/api/staff/sessions/${mine}/resources`,
        multipart(PDF, 'Welcome letter.pdf', 'application/pdf', { name: 'Welcome letter' }),
      );
      expect(res.statusCode).toBe(201);
      const row = res.json().find((r: { name: string }) => r.name === 'Welcome letter');
      fileId = row.id;
      fileUrl = row.url.split('?')[0];
    });

    const familyLink = async (family: Family, id = mine) => {
      const res = await as(family.token, 'GET', `/api/ClassSession/${id}/Resources`);
      return {
        res,
        url: res.json().find?.((r: { id: number }) => r.id === fileId)?.url as string | undefined,
      };
    };

    it('a resource file’s bare address opens for no one, signed in or not', async () => {
      expect((await as(null, 'GET', fileUrl)).statusCode).toBe(404);
      expect((await as(parent.token, 'GET', fileUrl)).statusCode).toBe(404);
      expect((await as(admin, 'GET', fileUrl)).statusCode).toBe(404);
    });

    it('the enrolled family opens it through the signed link: a PDF download, not sniffed', async () => {
      const { url } = await familyLink(parent);
      expect(url).toContain('scope=family');
      const res = await as(null, 'GET', url!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Welcome letter.pdf"; filename*=UTF-8''Welcome%20letter.pdf`,
      );
      expect(res.headers['cache-control']).toContain('private');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    });

    it('another family gets 404 for the list and has no link; a forged or moved signature opens nothing', async () => {
      const { res } = await familyLink(otherParent);
      expect(res.statusCode).toBe(404);
      const { url } = await familyLink(parent);
      const forged = url!.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await as(otherParent.token, 'GET', forged)).statusCode).toBe(404);
      expect((await as(null, 'GET', url!.replace('scope=family', 'scope=staff'))).statusCode).toBe(404);
      const otherKey = url!.replace(
        /resources\/[0-9a-f-]{36}/,
        'resources/00000000-0000-4000-8000-000000000000',
      );
      expect((await as(null, 'GET', otherKey)).statusCode).toBe(404);
    });

    it('a signed link stops working when it expires', async () => {
      const { url } = await familyLink(parent);
      clock.advanceMinutes(4 * 60);
      try {
        expect((await as(null, 'GET', url!)).statusCode).toBe(404);
      } finally {
        clock.set(NOW);
      }
    });

    it('a deactivated resource leaves the family’s list and its family link; staff still open it', async () => {
      const { url } = await familyLink(parent);
      const staffUrl = (await as(admin, 'GET', `/api/staff/sessions/${mine}/resources`))
        .json()
        .find((r: { id: number }) => r.id === fileId).url;
      const off = await as(admin, 'PUT', `/api/staff/resources/${fileId}`, {
        name: 'Welcome letter',
        isActive: false,
      });
      expect(off.statusCode).toBe(200);
      expect((await familyLink(parent)).url).toBeUndefined();
      expect((await as(null, 'GET', url!)).statusCode).toBe(404);
      expect((await as(null, 'GET', staffUrl)).statusCode).toBe(200);
      const on = await as(admin, 'PUT', `/api/staff/resources/${fileId}`, {
        name: 'Welcome letter',
        isActive: true,
      });
      expect(on.statusCode).toBe(200);
    });

    it('the session’s picture is public, inline and cached for a year; the catalog shows it at once', async () => {
      const res = await upload(
        admin,
        `/api/staff/sessions/${notMine}/thumbnail`,
        multipart(PNG, 'maple.png', 'image/png'),
      );
      expect(res.statusCode).toBe(200);
      const { thumbnail } = res.json();
      expect(thumbnail).toMatch(/^\/api\/files\/thumbnails\/[0-9a-f-]{36}\.png$/);
      expect((await as(null, 'GET', `/api/ClassSession/${notMine}`)).json().thumbnail).toBe(thumbnail);
      const picture = await as(null, 'GET', thumbnail);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.headers['content-disposition']).toMatch(/^inline/);
      expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(picture.headers['x-content-type-options']).toBe('nosniff');
      expect(picture.rawPayload.equals(PNG)).toBe(true);
      const [row] = await t.database.db
        .select({ thumbnail: classSessions.thumbnail })
        .from(classSessions)
        .where(eq(classSessions.id, notMine));
      expect(row!.thumbnail).toBe(thumbnail);
      const audit = await queryRows<{ action: string; after: { thumbnail: string } }>(
        t.database.db,
        sql`select action, after from audit_events where action = 'session.thumbnail.set' and entity_id = ${String(notMine)}`,
      );
      expect(audit.map((r) => r.after.thumbnail)).toEqual([thumbnail]);
    });

    it('unknown folders, odd names and missing pictures answer 404', async () => {
      for (const url of [
        '/api/files/thumbnails/00000000-0000-4000-8000-000000000000.png',
        '/api/files/secrets/00000000-0000-4000-8000-000000000000.png',
        '/api/files/thumbnails/..%2F..%2Fjwt-secret',
      ])
        expect((await as(null, 'GET', url)).statusCode, url).toBe(404);
    });
  });

  describe('order', () => {
    it('families see the active resources in the director’s order', async () => {
      const session = await a.session({ name: 'Birch Room', sessionStartDate: '2026-11-02', rosterSize: 3 });
      const family = await a.family('Nakamura', 1);
      const res = await a.enroll(family, session);
      const checkoutId = new URL(res.json().checkoutUrl, 'http://x').pathname.split('/').at(-1)!;
      expect((await a.press(checkoutId, 'pay')).statusCode).toBeLessThan(400);
      for (const name of ['Apples', 'Bears', 'Clouds'])
        expect(
          (
            await as(admin, 'POST', `/api/staff/sessions/${session}/resources`, {
              type: 'Link',
              name,
              url: `https://example.com/${name}`,
            })
          ).statusCode,
        ).toBe(201);
      const list = (await as(admin, 'GET', `/api/staff/sessions/${session}/resources`)).json();
      expect(list.map((r: { name: string }) => r.name)).toEqual(['Apples', 'Bears', 'Clouds']);
      const [apples, bears, clouds] = list.map((r: { id: number }) => r.id);
      const reordered = await as(admin, 'PUT', `/api/staff/sessions/${session}/resources/order`, {
        ids: [clouds, apples, bears],
      });
      expect(reordered.json().map((r: { name: string }) => r.name)).toEqual(['Clouds', 'Apples', 'Bears']);
      await as(admin, 'PUT', `/api/staff/resources/${apples}`, { name: 'Apples', isActive: false });
      const seen = (await as(family.token, 'GET', `/api/ClassSession/${session}/Resources`)).json();
      expect(seen.map((r: { name: string }) => r.name)).toEqual(['Clouds', 'Bears']);
      // A list that is not exactly the session's resources is refused and changes nothing.
      const before = await snapshot();
      for (const ids of [
        [clouds, apples],
        [clouds, apples, bears, bears],
        [clouds, apples, 999999],
      ]) {
        const bad = await as(admin, 'PUT', `/api/staff/sessions/${session}/resources/order`, { ids });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields.ids).toBeDefined();
      }
      expect(await snapshot()).toEqual(before);
      const rows = await t.database.db
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
