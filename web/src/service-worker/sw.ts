/// <reference lib="webworker" />
/**
 * The service worker (issue 25, decision 031), built by vite-plugin-pwa (`injectManifest`) into `/sw.js`:
 * - the app shell is precached (the built JS, CSS, icons and `index.html`, listed by the build), so the app
 *   opens and every page's code loads without the network;
 * - portal, sign-in and staff addresses are the shell (the server answers them with the same `index.html`);
 *   a public page comes from the server, rendered with its content, and only when the network fails does the
 *   shell render it here instead; the door tablet (`/staff/kiosk`), the test checkout and the API's pages are
 *   never answered by this worker;
 * - the signed-in person's API reads are fetched from the network first and saved as they arrive, keyed by
 *   their session (`lib/saved-replies.ts` says which, and which never); a saved reply is answered only when
 *   the network fails, so every page that can reach the server shows the server's data;
 * - nothing that writes (POST, PUT, PATCH, DELETE) is ever handled here: a write offline fails in the page,
 *   which says so.
 * - a web push (issue 25 "On the phone", decision 034) shows its notification (`lib/push-payload.ts`: title,
 *   words, the app's icon, a `tag` so a newer one about the same thing replaces it); a tap focuses a window of
 *   the app already open (moving it to the notification's page) or opens one there.
 * A new version waits until the page's "Reload" (`lib/service-worker.ts`) posts `SKIP_WAITING`.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { notificationTarget, readPushPayload } from '../lib/push-payload.ts';
import {
  FORGET_SAVED_REPLIES,
  isSavableReply,
  mayBeSaved,
  SAVED_REPLIES_CACHE,
  savedReplyKey,
  sessionHash,
  sessionOfRequest,
} from '../lib/saved-replies.ts';

declare const self: ServiceWorkerGlobalScope;

/** The built shell every browser-rendered page starts from. */
const SHELL = '/index.html';

/** How many saved replies the device keeps, and for how long (seconds): a week of a busy person's pages. */
const SAVED_REPLIES_LIMIT = { maxEntries: 300, maxAgeSeconds: 7 * 24 * 60 * 60 };

// No directory index: `/` is the server-rendered home page, never the precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
// The first install takes the open pages at once, so the visit that installed it is already served by it.
clientsClaim();

/** The door tablet: its own credential and its own page, left to the network (issue 11). */
const KIOSK = /^\/staff\/kiosk(\/|$)/;

// The browser-rendered pages (portal, sign-in, staff): the precached shell, online or not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(SHELL), {
    allowlist: [/^\/dashboard(\/|$)/, /^\/staff(\/|$)/, /^\/(login|register|logout|password-reset)(\/|$)/],
    denylist: [KIOSK],
  }),
);

/** Pages that are not the app's: the API's own (its documentation) and the built-in test checkout. */
const NOT_THE_APP = /^\/(api|test-checkout)(\/|$)/;

// Every other page (the public pages the server renders): the network; when it fails, the shell renders it.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && !KIOSK.test(url.pathname) && !NOT_THE_APP.test(url.pathname),
  new NetworkOnly({
    plugins: [{ handlerDidError: async () => (await matchPrecache(SHELL)) ?? Response.error() }],
  }),
);

/** Hashes of the sessions that ended while this worker ran: a reply still on its way for one is not saved. */
const endedSessions = new Set<string>();

async function requestSessionHash(request: Request): Promise<string | null> {
  const session = sessionOfRequest(request);
  return session === null ? null : sessionHash(session);
}

const expiration = new ExpirationPlugin(SAVED_REPLIES_LIMIT);

// The signed-in person's reads: network first, the saved reply only when the network fails. No timeout: a
// slow server is waited for, so a page never shows saved data while the server can still answer.
const savedReads = new NetworkFirst({
  cacheName: SAVED_REPLIES_CACHE,
  plugins: [
    {
      cacheKeyWillBeUsed: async ({ request }) => (await savedReplyKey(request)) ?? request,
      cacheWillUpdate: async ({ request, response }) => {
        if (!isSavableReply(response)) return null;
        const session = await requestSessionHash(request);
        return session !== null && !endedSessions.has(session) ? response : null;
      },
    },
    expiration,
  ],
});

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    mayBeSaved(url.pathname) &&
    sessionOfRequest(request) !== null,
  savedReads,
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown; session?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
    return;
  }
  if (data?.type === FORGET_SAVED_REPLIES) {
    event.waitUntil(
      (async () => {
        if (typeof data.session === 'string') endedSessions.add(await sessionHash(data.session));
        await expiration.deleteCacheAndMetadata();
      })(),
    );
  }
});

/** The manifest's icon (web/vite.config.ts), shown beside every notification. */
const NOTIFICATION_ICON = '/icons/icon-192.png';

self.addEventListener('push', (event: PushEvent) => {
  const payload = readPushPayload(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_ICON,
      ...(payload.tag ? { tag: payload.tag } : {}),
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const target = notificationTarget(
    (event.notification.data as { url?: unknown } | null)?.url,
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        if (focused.url !== target) await focused.navigate(target).catch(() => null);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
