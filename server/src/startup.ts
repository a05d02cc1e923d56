/**
 * What every server process does to its database before listening, after `openDatabase` has applied the
 * migrations: load the demo content into an empty database (SEED_DEMO) and create or update the
 * ADMIN_EMAIL account. Both run under the {@link STARTUP_LOCK} advisory lock, so replicas starting at the
 * same moment on one empty PostgreSQL database take turns instead of racing (issue 12): the second finds
 * the demo content and the account already there.
 */

import { type Database, STARTUP_LOCK } from './db/client.ts';
import { type SeedResult, seedDemo } from './db/seed/demo.ts';
import type { DemoFiles } from './db/seed/demo-day-feed.ts';
import { ensureAdminAccount } from './features/auth/accounts.ts';
import { backfillLedger } from './features/billing/ledger.ts';
import { correctAttendanceDays } from './features/passes/door-today.ts';

export type StartupOptions = {
  seedDemo: boolean;
  /** Where the demo's photos of the day are written (the app's file storage). */
  files?: DemoFiles;
  /** The center's date, "YYYY-MM-DD" (the demo's dates are relative to it). */
  today: string;
  now: Date;
  /** The center's time zone (the ledger's due dates, the door records' days). */
  timeZone: string;
  /** ADMIN_EMAIL and ADMIN_PASSWORD, when both are set. */
  admin?: { emailAddress: string; password: string };
};

export type StartupReport = {
  /** null when SEED_DEMO is off. */
  seed: SeedResult | null;
  /** null when no admin account is configured. */
  admin: Awaited<ReturnType<typeof ensureAdminAccount>> | null;
};

/** Seed and bootstrap the admin account under the start-up lock; see the module comment. */
export function prepareDatabase(database: Database, options: StartupOptions): Promise<StartupReport> {
  return database.serialized(STARTUP_LOCK, async () => {
    const seed = options.seedDemo ? await seedDemo(database.db, options.today, options.files) : null;
    // Payments and refunds recorded before the family account existed, posted once (decision 022).
    await backfillLedger(database.db, options.timeZone);
    // Door records dated before the center's zone was known to the database (migration 0032).
    await correctAttendanceDays(database.db, options.timeZone);
    const admin = options.admin
      ? await ensureAdminAccount(database.db, options.admin.emailAddress, options.admin.password, options.now)
      : null;
    return { seed, admin };
  });
}
