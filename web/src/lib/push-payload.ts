/**
 * What a web push notification carries (issue 25 "On the phone"; decision 034; the server's `PushPayload`):
 * `{ title, body, url, tag }` as JSON. The service worker reads it with {@link readPushPayload} and opens
 * `url` on a tap only when it is a path of this app ({@link notificationTarget}), so a push can never send
 * anyone to another site.
 */

/** A notification as the service worker shows it. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The notification of a push's JSON text; null when it is not one (empty, not JSON, a field missing). */
export function readPushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const value = data as Partial<Record<keyof PushPayload, unknown>> | null;
  if (!value || typeof value !== 'object') return null;
  const { title, body, url, tag } = value;
  if (typeof title !== 'string' || !title.trim()) return null;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: typeof url === 'string' ? url : '/',
    tag: typeof tag === 'string' ? tag : '',
  };
}

/**
 * The address a tap opens: `url` resolved against the app's `origin` when it stays on that origin, else the
 * app's home page.
 */
export function notificationTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return `${origin}/`;
  const target = new URL(url, origin);
  return target.origin === origin ? target.href : `${origin}/`;
}
