/**
 * The session files tests' set-up (staff-resources.test.ts, staff-resources-files.test.ts; issue 10,
 * docs/architecture.md): a director, a teacher of the Acorn Room, another teacher, and the Riveras paid into
 * the Acorn Room and the Okafors into the Maple Room; the files they send (PNG, PDF, TEXT, multipart) and
 * what a refused call must leave as it was (snapshot).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { sessionStaff } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, type TestApp } from '../helpers.ts';
import { api, type Family, movableClock } from './registration.ts';

/** The clock's time when each describe starts: Friday 20 November 2026, 10 am in California. */
export const NOW = '2026-11-20T18:00:00Z';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest PDF a reader opens: a header, one empty page and a trailer. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const TEXT = Buffer.from('Dear families, bring a hat on Friday.\n');

/** A multipart body with `fields` first and then one `file` part named `fileName` sent as `type`. */
export function multipart(
  bytes: Buffer,
  fileName: string,
  type: string,
  fields: Record<string, string> = {},
) {
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

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll) and answer its calls (as, upload,
 * snapshot…) and the people and sessions; those are there, through getters, once the describe's tests run.
 */
export function sessionFiles(kind: DbKind) {
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
      await a.enrollPaid(family, id);
    }
  });
  afterAll(async () => t?.close());

  return {
    clock,
    as,
    upload,
    storedFiles,
    count,
    snapshot,
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    get admin() {
      return admin;
    },
    get teacher() {
      return teacher;
    },
    get otherTeacher() {
      return otherTeacher;
    },
    get parent() {
      return parent;
    },
    get otherParent() {
      return otherParent;
    },
    get mine() {
      return mine;
    },
    get notMine() {
      return notMine;
    },
  };
}
