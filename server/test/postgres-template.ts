/**
 * Vitest global setup for the server tests on PostgreSQL: one migrated, empty database made before any test
 * file runs, from which every test database is copied (`create database … template …`, helpers.ts), and
 * dropped after the run. Migrating a new database took 1.7–3 s on the 2-core machine and copying this one
 * 0.3–1 s; a run opens a few hundred. Without TEST_DATABASE_URL (PGlite only) it does nothing.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database's name, or '' when the run has no PostgreSQL server. */
    postgresTemplate: string;
  }
}

/** The database `name` on the server at `admin`'s URL. */
export function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Run `sql` on the server's maintenance database (create and drop database cannot run in a pool's transaction). */
export async function adminQuery(admin: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    project.provide('postgresTemplate', '');
    return;
  }
  const name = `lc_test_template_${process.pid}_${Date.now()}`;
  await adminQuery(admin, `create database ${name}`);
  // Two connections: the migrator runs on one while another holds the start-up lock.
  const database = await openDatabase({ url: databaseUrl(admin, name), poolSize: 2 });
  await database.close();
  project.provide('postgresTemplate', name);
  return async () => {
    await adminQuery(admin, `drop database if exists ${name} with (force)`);
  };
}
