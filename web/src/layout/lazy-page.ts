import { type ComponentType, createElement, type LazyExoticComponent, lazy, useEffect } from 'react';

/** spec §9: a lazily loaded page that has not arrived after 120 seconds counts as failed. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export class PageLoadTimeoutError extends Error {
  constructor() {
    super(`The page took longer than ${PAGE_LOAD_TIMEOUT_MS / 1000} seconds to load.`);
    this.name = 'PageLoadTimeoutError';
  }
}

/** How many page chunks are downloading now (the first render of a page load waits for them). */
let pagesLoading = 0;

/**
 * Marks the document as answering input (`<html data-app-ready>`); called by the page itself once it
 * has mounted or hydrated (every lazily loaded page, and the not-found and error pages), unless another
 * page's code is still on its way. Not by the app's root: React hydrates a server-rendered page's
 * Suspense boundaries after the root, so the header and the page can still be dead HTML when the root
 * commits, and a click then is lost (or becomes a full page load). Browser tests wait for the mark before
 * they click (`e2e/support/test.ts`).
 */
export function markAppReady() {
  if (pagesLoading > 0 || typeof document === 'undefined') return;
  document.documentElement.dataset.appReady = 'true';
  for (const listener of readyListeners.splice(0)) listener();
}

const readyListeners: Array<() => void> = [];

/**
 * Runs `listener` once the app answers input (at once if it already does): e.g. switching a hydrated
 * page to the visitor's language, which must wait until React has adopted the server's HTML.
 */
export function whenAppReady(listener: () => void) {
  if (typeof document !== 'undefined' && document.documentElement.dataset.appReady === 'true') listener();
  else readyListeners.push(listener);
}

/**
 * React.lazy with the spec's load time-out. A failed or timed-out load throws to the route's error
 * element, which offers a reload (the usual cause is a new deployment replacing the old chunk files).
 * The loaded page marks the app ready once it has mounted or hydrated (see `markAppReady`).
 */
// biome-ignore lint/suspicious/noExplicitAny: page components take any props; React.lazy is typed the same way.
export function lazyPage<P extends ComponentType<any>>(
  load: () => Promise<{ default: P }>,
  timeoutMs: number = PAGE_LOAD_TIMEOUT_MS,
): LazyExoticComponent<P> {
  return lazy(() => {
    pagesLoading += 1;
    return new Promise<{ default: P }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PageLoadTimeoutError()), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          pagesLoading -= 1;
          resolve({ default: readyWhenMounted(module.default) });
        },
        (error: unknown) => {
          clearTimeout(timer);
          pagesLoading -= 1;
          // The route's error element shows instead, and marks the app ready itself.
          reject(error);
        },
      );
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
function readyWhenMounted<P extends ComponentType<any>>(Page: P): P {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  function LoadedPage(props: any) {
    useEffect(markAppReady, []);
    return createElement(Page, props);
  }
  LoadedPage.displayName = Page.displayName ?? Page.name;
  return LoadedPage as unknown as P;
}
