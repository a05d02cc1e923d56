/**
 * The cached catalog stays honest (decision 008): this process's reservation, release and staff edit show in
 * the very next read; another app instance on the same PostgreSQL database sees them once its TTL
 * (CATALOG_TTL_MS < 1 s) has passed; and the cached reply is exactly what an uncached read answers.
 */
import { type ClassSession, ClassSessionSchema } from '@lc/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../src/db/client.ts';
import { CATALOG_TTL_MS, readCatalog, readCatalogSession } from '../src/features/class-sessions/catalog.ts';
import { findClassSession, findClassSessions } from '../src/features/class-sessions/find-class-sessions.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type MovableClock, movableClock, springSessionBody } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';
const sessionBody = springSessionBody('Cache Garden Club');
/** The uncached answer as it travels: through the response schema and JSON. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value));

describe.each(dbKinds)('catalog cache on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '1000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());

  const detail = async (id: number) =>
    (await a.call(null, 'GET', `/api/ClassSession/${id}`)).json() as ClassSession;
  const listed = async (id: number) =>
    ((await a.call(null, 'GET', '/api/ClassSession')).json() as ClassSession[]).find((s) => s.id === id);

  it('shows a reservation, a release and a staff edit in the next read of this process', async () => {
    const staff = await a.staff();
    const created = await a.call(staff, 'POST', '/api/ClassSession', sessionBody);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await detail(id)).seatsLeft).toBe(3);
    expect((await listed(id))?.seatsLeft).toBe(3);

    const parent = await a.family('Cached', 1);
    const held = await a.enroll(parent, id);
    expect(held.statusCode).toBe(201);
    expect((await detail(id)).seatsLeft).toBe(2);
    expect((await listed(id))?.seatsLeft).toBe(2);
    expect((await readCatalogSession(t.ctx, id))?.seatsLeft).toBe(2);

    await a.press(held.json().checkoutId, 'cancel');
    expect((await detail(id)).seatsLeft).toBe(3);
    expect((await listed(id))?.seatsLeft).toBe(3);

    const edit = await a.call(staff, 'PUT', `/api/ClassSession/${id}`, {
      ...sessionBody,
      name: 'Cache Garden Club (renamed)',
      rosterSize: 5,
    });
    expect(edit.statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ name: 'Cache Garden Club (renamed)', seatsLeft: 5 });
    expect(await listed(id)).toMatchObject({ name: 'Cache Garden Club (renamed)', seatsLeft: 5 });
  });

  it('answers from the cache exactly what an uncached read answers', async () => {
    const list = await a.call(null, 'GET', '/api/ClassSession');
    const again = await a.call(null, 'GET', '/api/ClassSession');
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(list.body);
    expect(list.json()).toEqual(
      asSent(z.array(ClassSessionSchema).parse(await findClassSessions(t.database.db, clock, 'current'))),
    );
    expect((await a.call(null, 'GET', '/api/ClassSession?active=false')).json()).toEqual(
      asSent(await findClassSessions(t.database.db, clock, 'past')),
    );
    expect((await a.call(null, 'GET', '/api/ClassSession/all')).json()).toEqual(
      asSent(await findClassSessions(t.database.db, clock, 'all')),
    );
    const id = (list.json() as ClassSession[])[0]!.id;
    expect(await detail(id)).toEqual(
      asSent(ClassSessionSchema.parse(await findClassSession(t.database.db, clock, id))),
    );
    expect(asSent(await readCatalog(t.ctx))).toEqual(list.json());
    expect(asSent(await readCatalog(t.ctx, { all: true }))).toEqual(
      (await a.call(null, 'GET', '/api/ClassSession/all')).json(),
    );
    expect(await readCatalogSession(t.ctx, 987_654)).toBeNull();
    expect((await a.call(null, 'GET', '/api/ClassSession/987654')).statusCode).toBe(404);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
// Two instances need a database server (PGlite is one process's database).
if (serverUrl)
  describe('catalog cache across two app instances on postgres', () => {
    let first: TestApp;
    let second: TestApp;
    let clock: MovableClock;
    const name = `lc_test_cache_${process.pid}_${Date.now()}`;

    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      clock = movableClock(NOW);
      first = await createTestApp('postgres', {
        clock,
        database: await openDatabase({ url: url.toString() }),
        env: { SIGNUP_RATE_LIMIT: '1000' },
      });
      second = await createTestApp('postgres', {
        clock,
        database: await openDatabase({ url: url.toString() }),
      });
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });

    it('the other instance sees a reservation once its TTL (under 1 s) has passed', async () => {
      expect(CATALOG_TTL_MS).toBeLessThan(1000);
      const a = api(first);
      const id = await a.session({ rosterSize: 2 });
      const seatsOnSecond = async () =>
        ((await second.app.inject({ method: 'GET', url: `/api/ClassSession/${id}` })).json() as ClassSession)
          .seatsLeft;
      expect(await seatsOnSecond()).toBe(2);

      const parent = await a.family('Elsewhere', 1);
      expect((await a.enroll(parent, id)).statusCode).toBe(201);
      clock.set(new Date(Date.parse(NOW) + CATALOG_TTL_MS + 1).toISOString());
      expect(await seatsOnSecond()).toBe(1);
    });
  });
