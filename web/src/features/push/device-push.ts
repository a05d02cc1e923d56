/**
 * This browser's side of web push (issue 25 "On the phone"; decision 034): whether it can get notifications
 * from the app, its subscription through the registered service worker, and asking for one. Permission is
 * asked only from a click (`subscribeThisDevice`), never when a page loads.
 *
 * Where it works: Chrome, Edge and Firefox with a service worker (Android and computers), Safari on a Mac,
 * and on iPhone and iPad (iOS and iPadOS 16.4+) only in the app added to the Home Screen: in a Safari tab
 * there is no `PushManager`, so an iPhone outside the installed app is told to add it first.
 */

/** The window as this module reads it: `Notification` is absent in browsers without notifications. */
type PushWindow = Window & { Notification?: typeof Notification };

/** `supported`; `unsupported` (no service worker, push or notifications); `install-first` (iOS in a tab). */
export type PushSupport = 'supported' | 'unsupported' | 'install-first';

/** How long to wait for the service worker to be ready, in milliseconds, before saying it cannot. */
const WORKER_WAIT_MS = 10_000;

/** True on an iPhone, iPod or iPad (an iPad's Safari says it is a Mac with a touch screen). */
function isAppleMobile(navigator: Navigator): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

/** True when the page runs as the installed app (the Home Screen's, or a desktop install). */
function isInstalled(win: Window): boolean {
  const standalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Whether this browser can get notifications from the app here and now (see {@link PushSupport}). */
export function pushSupport(win: PushWindow = window): PushSupport {
  const able = 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;
  if (isAppleMobile(win.navigator) && !isInstalled(win)) return 'install-first';
  return able ? 'supported' : 'unsupported';
}

/** The notification permission: `default` (not asked), `granted` or `denied` (refused, or blocked). */
export function pushPermission(win: PushWindow = window): NotificationPermission {
  return win.Notification ? win.Notification.permission : 'denied';
}

/** This browser's push subscription endpoint, or null (none, or no service worker registered). Asks nothing. */
export async function thisDeviceEndpoint(win: Window = window): Promise<string | null> {
  if (!('serviceWorker' in win.navigator)) return null;
  const registration = await win.navigator.serviceWorker.getRegistration().catch(() => undefined);
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  return subscription?.endpoint ?? null;
}

/** The bytes of a base64url string (the VAPID key as `applicationServerKey`). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** Why turning notifications on did not happen. */
export class PushSetupError extends Error {
  readonly reason: 'denied' | 'no-worker';
  constructor(reason: 'denied' | 'no-worker') {
    super(reason);
    this.reason = reason;
  }
}

/**
 * Ask for permission (the browser's prompt, so call it from a click), then subscribe through the registered
 * service worker with the center's VAPID `publicKey`; answers the subscription as JSON for the API. A
 * subscription made with another key (the server's keys changed) is replaced. Throws `PushSetupError`
 * 'denied' when permission is refused and 'no-worker' when no service worker is ready.
 */
export async function subscribeThisDevice(
  publicKey: string,
  win: PushWindow = window,
): Promise<PushSubscriptionJSON> {
  if (!win.Notification) throw new PushSetupError('denied');
  const permission = await win.Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  const registration = await Promise.race([
    win.navigator.serviceWorker.ready,
    new Promise<null>((resolve) => win.setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
  if (!registration) throw new PushSetupError('no-worker');
  const key = base64UrlBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscription.toJSON();
}

/** Stop this browser's own subscription (after its device was removed), so the push service forgets it too. */
export async function unsubscribeThisDevice(win: Window = window): Promise<void> {
  if (!('serviceWorker' in win.navigator)) return;
  const registration = await win.navigator.serviceWorker.getRegistration().catch(() => undefined);
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
