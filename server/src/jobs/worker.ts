/**
 * Background work that runs inside the server on an interval (ARCHITECTURE.md "Background work"):
 * delivering queued mail now, expiring holds and offers later. `runNow()` lets a request ask for a round
 * at once (e.g. right after a form's mail was queued) and lets tests wait for it.
 *
 * Tasks that must not run twice at the same moment across several server processes take a PostgreSQL
 * advisory lock with {@link withAdvisoryLock}; mail delivery does not need one (it claims rows with
 * SKIP LOCKED).
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows, type Tx } from '../db/client.ts';

export type Task = { name: string; run: () => Promise<unknown> };

export type BackgroundWork = {
  /** Run every task once, now (coalesced with a round already in progress). */
  runNow: () => Promise<void>;
  stop: () => Promise<void>;
};

export function startBackgroundWork(
  tasks: Task[],
  intervalMs: number,
  log: (msg: string) => void,
): BackgroundWork {
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const round = async () => {
    for (const task of tasks) {
      if (stopped) return;
      try {
        await task.run();
      } catch (error) {
        log(`background task ${task.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };

  const runNow = (): Promise<void> => {
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      do {
        again = false;
        await round();
      } while (again && !stopped);
    })().finally(() => {
      current = null;
    });
    return current;
  };

  const timer = intervalMs > 0 ? setInterval(() => void runNow(), intervalMs) : null;
  timer?.unref();

  return {
    runNow,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await current;
    },
  };
}

/**
 * Run `fn` in a transaction holding the transaction-scoped advisory lock `key`, or skip it (returning
 * `undefined`) when another process holds it. On PGlite there is one connection and one process, so the
 * lock is always granted.
 */
export async function withAdvisoryLock<T>(
  database: Database,
  key: number,
  fn: (tx: Tx) => Promise<T>,
): Promise<T | undefined> {
  return database.db.transaction(async (tx) => {
    const [row] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${key}) as locked`,
    );
    if (!row?.locked) return undefined;
    return fn(tx);
  });
}
