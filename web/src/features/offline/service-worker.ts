/**
 * Registers the service worker (`/sw.js`, built from `service-worker/sw.ts`; decision 031) with Workbox's
 * window library, in production builds only (`main.tsx`): the first visit is controlled at once (the worker
 * claims its pages), and when a new version is installed and waiting the person is asked, politely, to
 * reload ({@link showUpdateNotice}); "Reload" lets the new worker take over, then reloads the page.
 */
import { Workbox } from 'workbox-window';
import { showUpdateNotice } from './update-notice.tsx';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    showUpdateNotice(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register().catch(() => {
    // No worker (private mode, storage full): the app works as a website, online only.
  });
}
