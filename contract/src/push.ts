/**
 * Web push notifications on a person's devices (issue 25 "On the phone"; decision 034). A device opts in by
 * subscribing through its service worker with the center's VAPID public key and posting the browser's
 * `PushSubscription` (its `toJSON()`); each device is one row per person, listed so it can be removed.
 * What a notification carries is {@link PushPayload}: the service worker shows `title` and `body`, opens
 * `url` on a tap, and a newer notification with the same `tag` replaces the older one.
 *
 * Shapes: ids are UUIDs, instants ISO date-times, keys base64url (RFC 4648 §5, no padding).
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';

/** base64url without padding, as `PushSubscription.toJSON()` writes the keys. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** `GET /api/Push/Key`: the VAPID public key (base64url of the 65-byte P-256 point) for `applicationServerKey`. */
export const PushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;

/**
 * `POST /api/Push/Subscriptions`: the browser's subscription. `endpoint` is the push service's address for
 * this device (https; the server also accepts http on 127.0.0.1 outside production, for tests); `p256dh` is
 * the browser's P-256 public key (65 bytes: 87 base64url characters) and `auth` its 16-byte secret (22).
 * `expirationTime` is read and dropped (browsers send null).
 */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: fieldMessage('fields.push.endpoint') })
    .max(2048, fieldMessage('fields.push.endpoint'))
    .regex(/^https?:\/\/[^\s/?#@]+\/\S*$/, fieldMessage('fields.push.endpoint')),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: fieldMessage('fields.push.keys') })
        .regex(BASE64URL, fieldMessage('fields.push.keys'))
        .length(87, fieldMessage('fields.push.keys')),
      auth: z
        .string({ error: fieldMessage('fields.push.keys') })
        .regex(BASE64URL, fieldMessage('fields.push.keys'))
        .min(22, fieldMessage('fields.push.keys'))
        .max(24, fieldMessage('fields.push.keys')),
    },
    { error: fieldMessage('fields.push.keys') },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/**
 * One of the person's devices: its browser and system as read from the user agent when it subscribed
 * ("Chrome" on "Android", "Safari" on "iPhone"; "Browser" or "Device" when it could not tell), when, when a
 * notification last reached it (null: not yet), and its push `endpoint`, which the page compares with its own
 * subscription's to say "This device".
 */
export const PushDeviceSchema = z.object({
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  created: z.string(),
  lastSuccessAt: z.string().nullable(),
  endpoint: z.string(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

/** `GET /api/Push/Subscriptions`: the person's devices, the newest first. */
export const PushDeviceListSchema = z.object({ devices: z.array(PushDeviceSchema) });
export type PushDeviceList = z.infer<typeof PushDeviceListSchema>;

/** `DELETE /api/Push/Subscriptions/{id}`. */
export const PushDeviceIdParamsSchema = z.object({ id: z.string() });

/**
 * `POST /api/Push/Test`: how many of the person's devices the push services took the test notification for,
 * and how many were found gone (and removed) on the way.
 */
export const PushTestResultSchema = z.object({
  devices: z.number().int(),
  sent: z.number().int(),
  removed: z.number().int(),
});
export type PushTestResult = z.infer<typeof PushTestResultSchema>;

/** What a notification carries (JSON, encrypted for the device): its words, where a tap goes, and its tag. */
export type PushPayloadShape = { title: string; body: string; url: string; tag: string };
