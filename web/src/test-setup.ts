import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
// The families' languages (issue 14), in English as the app starts for an English browser (AppProviders
// imports it too; a page rendered on its own needs it here).
import './i18n/i18n';

// findBy*/waitFor wait up to 5 s (default 1 s): pages are lazily loaded chunks, and on a busy 2-core machine
// (two test files at once beside PostgreSQL) importing one in jsdom took over a second. What is awaited is
// unchanged; a page that never shows still fails.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Mantine's transitions (a toast or menu closing) finish on a timer, and React DOM reads `window` when that
// timer sets state, even for a component already unmounted. Let such timers run out while jsdom is still
// there: fired after the file's environment is torn down they throw "window is not defined" (seen twice,
// after the login and waitlist page tests, failing a run whose every test had passed). With reduced motion
// (below) a transition lasts 0 ms, so 100 ms is ample; it was 1 s, 77 s of the web tests' time.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 100)));

// jsdom lacks these browser APIs that Mantine uses (colour scheme, responsive hooks, scroll areas).
// `matchMedia` answers as a browser that asks for reduced motion, as the browser tests' Chromium does
// (e2e/playwright.config.ts): the theme honours it (theme.respectReducedMotion), so a dialog or toast opens
// and closes at once instead of on a 150–250 ms transition timer (issue 22, item 7: the web tests' time).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: /prefers-reduced-motion:\s*reduce/.test(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// jsdom logs "not implemented" for scrolling; the layout scrolls to top on every route change.
window.scrollTo = () => {};
