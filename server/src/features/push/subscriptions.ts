/**
 * A person's devices for web push (issue 25 "On the phone", decision 034): subscribing (one row per
 * browser subscription, keyed by its endpoint), listing and removing. A row is the device's opt-in; nothing
 * else is stored about it but its browser and system names for the list.
 */
import type { PushDevice, PushSubscriptionInput } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { isPushEndpointAllowed } from '../../adapters/push.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { deviceLabel } from './device-label.ts';

type Row = {
  id: string;
  browser: string;
  system: string;
  created: Date | string;
  last_success_at: Date | string | null;
  endpoint: string;
};

const iso = (v: Date | string) => new Date(v).toISOString();
const view = (r: Row): PushDevice => ({
  id: r.id,
  browser: r.browser,
  system: r.system,
  created: iso(r.created),
  lastSuccessAt: r.last_success_at === null ? null : iso(r.last_success_at),
  endpoint: r.endpoint,
});

/** `userId`'s devices, the newest first. */
export async function listDevices(db: DbOrTx, userId: string): Promise<PushDevice[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select id, browser, system, created, last_success_at, endpoint from push_subscriptions
      where user_id = ${userId} order by created desc, id`,
  );
  return rows.map(view);
}

/**
 * Store `input` as a device of `userId`, named from `userAgent`. The same endpoint again is the same device
 * (its keys and name refreshed, answered as it is); an endpoint another person held moves to `userId` (one
 * browser, a new person signed in on it) with its failures and last success reset. 400 by `endpoint` for
 * an address the server would not send to (https only; http on the loopback only when `allowLoopbackHttp`).
 */
export async function subscribeDevice(
  db: DbOrTx,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
  now: Date,
  allowLoopbackHttp: boolean,
): Promise<PushDevice> {
  if (!isPushEndpointAllowed(input.endpoint, allowLoopbackHttp))
    throw new HttpError(400, 'messages.push.endpointNotHttps', {
      fields: { endpoint: 'fields.push.endpoint' },
    });
  const { browser, system } = deviceLabel(userAgent);
  const [row] = await queryRows<Row>(
    db,
    sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, browser, system, created)
      values (${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${browser}, ${system}, ${now})
      on conflict (endpoint) do update set
        p256dh = excluded.p256dh, auth = excluded.auth, browser = excluded.browser, system = excluded.system,
        created = case when push_subscriptions.user_id = excluded.user_id
          then push_subscriptions.created else excluded.created end,
        last_success_at = case when push_subscriptions.user_id = excluded.user_id
          then push_subscriptions.last_success_at end,
        failures = 0,
        user_id = excluded.user_id
      returning id, browser, system, created, last_success_at, endpoint`,
  );
  return view(row!);
}

/** Remove `userId`'s device `id`; another person's device, or none, answers 404 (`notFound.device`). */
export async function removeDevice(db: DbOrTx, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('device');
  const removed = await queryRows<{ id: string }>(
    db,
    sql`delete from push_subscriptions where id = ${id} and user_id = ${userId} returning id`,
  );
  if (removed.length === 0) throw notFound('device');
}

/** Forget every device of `userId` (their account is closing). */
export async function removeAllDevices(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where user_id = ${userId}`);
}
