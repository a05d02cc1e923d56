/**
 * Opens the database: a PostgreSQL server through `pg` when a URL is given, otherwise embedded PGlite
 * (PostgreSQL compiled to WASM) persisted in a folder, or in memory for tests. Both give the same Drizzle
 * API; code never needs to know which one it has, except `db.kind` for the one place that must
 * (advisory locks are per connection, PGlite has one connection).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction on it: use cases take this so callers choose the boundary. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Run `job` only if no other server process is running a job under the same `key` right now; answers
   * `{ ran: false }` at once otherwise. On a PostgreSQL server this holds `pg_try_advisory_xact_lock(key)`
   * in a transaction on a connection of its own while `job` runs on the pool (so the job may use its own
   * transactions); the lock ends with that transaction, even if this process dies. PGlite is one process
   * with one connection, so an in-process flag is the whole guard there.
   */
  exclusive: <T>(key: number, job: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;
  /**
   * Run `job` once every other process's job under the same `key` has finished, then hold others off until
   * this one has (issue 12: two replicas starting at once on an empty database). On a PostgreSQL server this
   * waits for the session-level `pg_advisory_lock(key)` on a connection of its own while `job` runs on the
   * pool, and unlocks after it (the server also drops the lock if this process dies). PGlite: one process,
   * so jobs under the same key simply run one after another.
   */
  serialized: <T>(key: number, job: () => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

/** Advisory lock key under which migrations, the demo seed and the ADMIN_EMAIL account run at start. */
export const STARTUP_LOCK = 0x4c43_0000;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions =
  | { url: string; poolSize?: number }
  /** `dataDir` undefined → in memory. */
  | { pgliteDir: string | undefined }
  /**
   * A PGlite already open, e.g. one loaded from a migrated one's data folder (`loadDataDir`): the tests' fresh
   * databases start that way, about 0.4 s each instead of 1.2–1.9 s for a new PGlite. Pending migrations
   * still run; on a copy of a migrated database there are none.
   */
  | { pglite: PGlite };

/** Open the database and apply every pending migration (drizzle-kit SQL in ./migrations). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A server restarting or a dropped connection surfaces here; without a listener it would crash the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const serialized: Database['serialized'] = async (key, job) => {
      const client = await pool.connect();
      let healthy = true;
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await job();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {
            healthy = false;
          });
        }
      } finally {
        // A connection whose unlock failed may still hold the lock: close it rather than pool it.
        client.release(!healthy);
      }
    };
    try {
      await serialized(STARTUP_LOCK, () => migrateNodePg(db as never, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    const exclusive: Database['exclusive'] = async (key, job) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_xact_lock($1) as locked',
          [key],
        );
        if (!rows[0]?.locked) return { ran: false };
        return { ran: true, value: await job() };
      } finally {
        await client.query('rollback').catch(() => {});
        client.release();
      }
    };
    return { db, kind: 'postgres', exclusive, serialized, close: () => pool.end() };
  }
  let client: PGlite;
  if ('pglite' in options) client = options.pglite;
  else {
    if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
    client = await PGlite.create(options.pgliteDir);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const running = new Set<number>();
  const exclusive: Database['exclusive'] = async (key, job) => {
    if (running.has(key)) return { ran: false };
    running.add(key);
    try {
      return { ran: true, value: await job() };
    } finally {
      running.delete(key);
    }
  };
  const queues = new Map<number, Promise<unknown>>();
  const serialized: Database['serialized'] = (key, job) => {
    const run = (queues.get(key) ?? Promise.resolve()).then(job, job);
    queues.set(
      key,
      run.catch(() => {}),
    );
    return run;
  };
  return { db, kind: 'pglite', exclusive, serialized, close: () => client.close() };
}

/** `(id1::uuid, id2::uuid, …)` for `in …`; an empty list matches nothing (`(null::uuid)`). */
export function uuidList(values: readonly string[]): SQL {
  return values.length === 0
    ? sql`(null::uuid)`
    : sql`(${sql.join(
        values.map((v) => sql`${v}::uuid`),
        sql`, `,
      )})`;
}

/** Rows of a raw `db.execute(sql…)` result; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * An `order by` list for a list's chosen order (decision 030): each of `keys` in direction `dir`, so a
 * descending sort by a name runs every part of the name backwards (not only the last). Nulls come last in
 * either direction.
 */
export function orderBy(keys: readonly SQL[], dir: 'asc' | 'desc'): SQL {
  const direction = dir === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return sql.join(
    keys.map((key) => sql`${key} ${direction}`),
    sql`, `,
  );
}
