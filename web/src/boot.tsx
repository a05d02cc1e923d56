/**
 * Starts the app in `root`: hydrates a page the server rendered (issue 12), or renders the portal and
 * sign-in pages that arrive as an empty shell. Loaded by `main.tsx`.
 */

import { languageOfPath, seedFormats } from '@lc/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app-providers';
import { applyLanguage, preferredLanguage } from './i18n/i18n';
import { whenAppReady } from './layout/lazy-page';
import { readPageState } from './lib/page-state.ts';
import { createQueryClient, hydrateQueries } from './lib/query-client.ts';
import { createAppRouter } from './router';

export function boot(root: HTMLElement) {
  const page = readPageState(document);
  // What the server formatted (dates, prices) is replayed, so hydrating builds no Intl formatter.
  seedFormats(page?.formats);
  const queryClient = createQueryClient();
  // The queries the server rendered the page with, held until the page answers input.
  if (page) hydrateQueries(queryClient, page.queries, whenAppReady);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter(queryClient)} />
      </AppProviders>
    </StrictMode>
  );
  // Hydrating as a transition lets React do the work in small slices between frames (as Next.js does), so
  // a phone stays responsive while the page wakes up; an empty shell renders at once.
  // The server renders a public page in its address's language (`/es/…` in Spanish, issue 14), and the
  // hydrating render must match it. An English address switches to the visitor's language once hydrated
  // (and moves to the Spanish address: `useLanguageAddress`); a Spanish address stays Spanish, as the link
  // followed asked. A page rendered here starts in the visitor's language.
  if (root.hasChildNodes()) {
    const addressLanguage = languageOfPath(window.location.pathname);
    applyLanguage(addressLanguage);
    if (addressLanguage === 'en') whenAppReady(() => applyLanguage(preferredLanguage()));
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    applyLanguage(preferredLanguage());
    createRoot(root).render(app);
  }
}
