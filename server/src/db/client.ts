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
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
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
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type OpenOptions =
  | { url: string; poolSize?: number }
  /** `dataDir` undefined → in memory. */
  | { pgliteDir: string | undefined };

/** Open the database and apply every pending migration (drizzle-kit SQL in ./migrations). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A server restarting or a dropped connection surfaces here; without a listener it would crash the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(db as never, { migrationsFolder });
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
    return { db, kind: 'postgres', exclusive, close: () => pool.end() };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(options.pgliteDir);
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
  return { db, kind: 'pglite', exclusive, close: () => client.close() };
}

/** Rows of a raw `db.execute(sql…)` result; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
