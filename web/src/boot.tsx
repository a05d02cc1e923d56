/**
 * Starts the app in `root`: hydrates a page the server rendered (issue 12), or renders the portal and
 * sign-in pages that arrive as an empty shell. Loaded by `main.tsx`.
 */

import { seedFormats } from '@lc/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { applyLanguage, preferredLanguage } from './i18n/i18n';
import { whenAppReady } from './layout/lazy-page';
import { FORMATS_KEY, readPageData } from './lib/page-data.ts';
import { createAppRouter } from './router';

export function boot(root: HTMLElement) {
  const pageData = readPageData(document);
  // What the server formatted (dates, prices) is replayed, so hydrating builds no Intl formatter.
  seedFormats(pageData.get(FORMATS_KEY));
  pageData.delete(FORMATS_KEY);
  const app = (
    <StrictMode>
      <AppProviders pageData={pageData}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  // Hydrating as a transition lets React do the work in small slices between frames (as Next.js does), so
  // a phone stays responsive while the page wakes up; an empty shell renders at once.
  // The server renders public pages in English; a Spanish-speaking visitor's page switches once hydrated
  // (the hydrating render must match the server's HTML). A page rendered here starts in their language.
  const language = preferredLanguage();
  if (root.hasChildNodes()) {
    whenAppReady(() => applyLanguage(language));
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    applyLanguage(language);
    createRoot(root).render(app);
  }
}
