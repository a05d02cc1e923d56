import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** spec §9: a lazily loaded page that has not arrived after 120 seconds counts as failed. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export class PageLoadTimeoutError extends Error {
  constructor() {
    super(`The page took longer than ${PAGE_LOAD_TIMEOUT_MS / 1000} seconds to load.`);
    this.name = 'PageLoadTimeoutError';
  }
}

/**
 * React.lazy with the spec's load time-out. A failed or timed-out load throws to the route's error
 * element, which offers a reload (the usual cause is a new deployment replacing the old chunk files).
 */
// biome-ignore lint/suspicious/noExplicitAny: page components take any props; React.lazy is typed the same way.
export function lazyPage<P extends ComponentType<any>>(
  load: () => Promise<{ default: P }>,
  timeoutMs: number = PAGE_LOAD_TIMEOUT_MS,
): LazyExoticComponent<P> {
  return lazy(
    () =>
      new Promise<{ default: P }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new PageLoadTimeoutError()), timeoutMs);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}
