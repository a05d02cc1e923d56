/**
 * Background work that runs inside the server on an interval (docs/architecture.md "Background work"):
 * delivering queued mail now, expiring holds and offers later. `runNow()` lets a request ask for a round
 * at once (e.g. right after a form's mail was queued) and lets tests wait for it.
 * Mail delivery is safe to run in several server processes at once: it claims rows with SKIP LOCKED.
 */
import type { BackgroundWork } from '../ports.ts';

export type { BackgroundWork };

export type Task = { name: string; run: () => Promise<unknown> };

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

  const deferred = new Set<Promise<void>>();
  const defer = (name: string, job: () => Promise<unknown>) => {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(job)
      .then(
        () => runNow(),
        (error: unknown) =>
          log(`deferred job ${name} failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => deferred.delete(running));
    deferred.add(running);
  };
  const idle = async () => {
    while (deferred.size > 0) await Promise.all([...deferred]);
    await current;
  };

  const timer = intervalMs > 0 ? setInterval(() => void runNow(), intervalMs) : null;
  timer?.unref();

  return {
    runNow,
    defer,
    idle,
    stop: async () => {
      if (timer) clearInterval(timer);
      while (deferred.size > 0) await Promise.all([...deferred]);
      stopped = true;
      await current;
    },
  };
}
