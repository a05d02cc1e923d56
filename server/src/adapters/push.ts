/**
 * Web push (issue 25 "On the phone", decision 034): one notification to one browser subscription, encrypted
 * for that browser (RFC 8291, `aes128gcm`) and signed with the center's VAPID key (RFC 8292), both by the
 * `web-push` library (`generateRequestDetails`); the request itself goes out with `fetch`, so a push service
 * is any URL the browser named: Google's (Chrome on Android), Apple's (Safari and home-screen apps on iOS
 * 16.4+), Mozilla's. The library's own sender speaks only https; tests run a local push endpoint on
 * http://127.0.0.1, which this adapter reaches only when `allowLoopbackHttp` says so (never in production).
 *
 * A push service answers 201 (accepted), 404 or 410 (the subscription is gone: the browser or the person
 * dropped it), 413 (payload too large), 429 (slow down) or a 5xx; the caller decides what each means for the
 * stored subscription (features/push/deliver.ts).
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

/** What a notification shows (the service worker reads these four fields): the words, where a tap goes, and a tag so a newer one replaces it. */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** A stored browser subscription: the push service's URL and the browser's public key and auth secret (base64url). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * How one send went: `sent` (the push service took it), `gone` (404 or 410: the subscription no longer
 * exists) or `failed` (any other answer, a refused address, or no answer in time), with the status when
 * there was one.
 */
export type PushOutcome =
  | { kind: 'sent'; status: number }
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; status: number | null; reason: string };

/** How long a push service may keep a notification for a device that is off, and how urgently to wake it. */
export type PushOptions = {
  /** Seconds (RFC 8030 TTL): a message alert is worth a day, a door event a few hours. */
  ttlSeconds: number;
  /** RFC 8030 `Urgency`: `high` wakes a sleeping phone at once (door events), `normal` for the rest. */
  urgency: 'normal' | 'high';
};

/** Sends one notification. Never throws: every failure is an outcome. */
export type PushSender = {
  send(target: PushTarget, payload: PushPayload, options: PushOptions): Promise<PushOutcome>;
};

/** The VAPID key pair, base64url: the public key is the 65-byte uncompressed P-256 point, the private key 32 bytes. */
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * True when the web-push adapter may POST to `endpoint`: an https URL; with `allowLoopbackHttp` also
 * http://127.0.0.1, http://localhost or http://[::1] (tests' local push endpoint).
 */
export function isPushEndpointAllowed(endpoint: string, allowLoopbackHttp: boolean): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return (
    allowLoopbackHttp &&
    url.protocol === 'http:' &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  );
}

/** The web-push adapter: VAPID-signed, encrypted POSTs to the subscription's push service. */
export function createWebPushSender(options: {
  vapid: VapidKeys;
  /** `mailto:` or `https:` (RFC 8292 `sub`). */
  subject: string;
  allowLoopbackHttp: boolean;
  /** Milliseconds to wait for the push service (default 10 s). */
  timeoutMs?: number;
}): PushSender {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(target, payload, { ttlSeconds, urgency }) {
      if (!isPushEndpointAllowed(target.endpoint, options.allowLoopbackHttp))
        return { kind: 'failed', status: null, reason: 'the push service address is not https' };
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: options.subject, ...options.vapid },
            TTL: ttlSeconds,
            urgency,
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        // A subscription whose keys cannot encrypt (a malformed key) never will: the caller counts it.
        return { kind: 'failed', status: null, reason: (error as Error).message };
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers))
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      try {
        const response = await fetch(details.endpoint, {
          method: 'POST',
          headers,
          body: details.body ? new Uint8Array(details.body) : null,
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status === 404 || response.status === 410)
          return { kind: 'gone', status: response.status };
        if (response.ok) return { kind: 'sent', status: response.status };
        return {
          kind: 'failed',
          status: response.status,
          reason: `the push service answered ${response.status}`,
        };
      } catch (error) {
        return { kind: 'failed', status: null, reason: (error as Error).message };
      }
    },
  };
}

/**
 * The VAPID key pair: `configured` (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY), else the pair in
 * `${dataDir}/vapid-keys.json`, made once with `web-push`'s `generateVAPIDKeys` and written with mode 0600
 * (like the session tokens' secret, auth/session-tokens.ts). Two processes starting at once on one data
 * folder agree: the second reads the first's file.
 */
export async function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = async (): Promise<VapidKeys | undefined> => {
    const text = await readFile(file, 'utf8').catch(() => '');
    try {
      const keys = JSON.parse(text) as Partial<VapidKeys>;
      if (typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string')
        return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    } catch {
      // Not there yet (or cut short): make a pair below.
    }
    return undefined;
  };
  const existing = await read();
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    await writeFile(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch {
    // Another process made it first: use theirs.
    const theirs = await read();
    if (theirs) return theirs;
    throw new Error(`cannot read or create the VAPID keys in ${file}`);
  }
  await chmod(file, 0o600);
  return keys;
}
