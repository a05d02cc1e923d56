/**
 * Delivering web push notifications (issue 25 "On the phone", decision 034). The senders (the message
 * round, the door, announcements, autopay, the test button) build one {@link PendingPush} per person in the
 * transaction that caused it, in the person's language, and hand them here after the commit; this reads each
 * person's devices and sends through the push adapter, {@link PUSH_CONCURRENCY} at a time, never inside a
 * transaction or a lock. What each answer means for the stored device:
 * - taken (2xx): `last_success_at` is now and `failures` back to 0;
 * - 404 or 410: the browser (or the person, in its settings) dropped the subscription: the row is deleted;
 * - anything else (5xx, 429, a timeout, an address refused): `failures` + 1, and the fifth failure in a row
 *   deletes the row (a device that never answers is not tried for ever).
 * A push that failed is not retried: a notification is a nudge, and the mail or text the person chose, and
 * the page itself, still carry the news.
 */
import { sql } from 'drizzle-orm';
import type { PushSender } from '../../adapters/push.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { PendingPush, PushDelivery, PushNotifier } from '../../ports.ts';

/** Pushes in flight at once per server process. */
export const PUSH_CONCURRENCY = 8;
/** Failures in a row after which a device is removed. */
export const PUSH_MAX_FAILURES = 5;

type Device = { id: string; user_id: string; endpoint: string; p256dh: string; auth: string };

/** The push service: `deliver` for the senders, and the key browsers subscribe with. */
export function createPushNotifier(deps: {
  db: Db;
  sender: PushSender;
  publicKey: string;
  now: () => Date;
  log: (message: string) => void;
}): PushNotifier {
  return {
    publicKey: deps.publicKey,
    deliver: (pushes) => deliverPushes(deps, pushes),
  };
}

/** See {@link PushNotifier.deliver}. */
export async function deliverPushes(
  deps: { db: Db; sender: PushSender; now: () => Date; log: (message: string) => void },
  pushes: readonly PendingPush[],
): Promise<PushDelivery> {
  const result: PushDelivery = { devices: 0, sent: 0, removed: 0, failed: 0 };
  if (pushes.length === 0) return result;
  let devices: Device[];
  try {
    const users = [...new Set(pushes.map((p) => p.userId))];
    devices = await queryRows<Device>(
      deps.db,
      sql`select id, user_id, endpoint, p256dh, auth from push_subscriptions
        where user_id in (${sql.join(
          users.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    );
  } catch (error) {
    deps.log(`web push: could not read devices: ${(error as Error).message}`);
    return result;
  }
  const jobs = pushes.flatMap((push) =>
    devices.filter((d) => d.user_id === push.userId).map((device) => ({ push, device })),
  );
  result.devices = jobs.length;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { push, device } = jobs[next++]!;
      const outcome = await deps.sender.send(device, push.payload, {
        ttlSeconds: push.ttlSeconds,
        urgency: push.urgency,
      });
      try {
        if (outcome.kind === 'sent') {
          result.sent += 1;
          await deps.db.execute(sql`update push_subscriptions set last_success_at = ${deps.now()}, failures = 0
            where id = ${device.id}`);
        } else if (outcome.kind === 'gone') {
          result.removed += 1;
          await deps.db.execute(sql`delete from push_subscriptions where id = ${device.id}`);
        } else {
          result.failed += 1;
          deps.log(`web push to device ${device.id} failed: ${outcome.reason}`);
          await deps.db.execute(
            sql`update push_subscriptions set failures = failures + 1 where id = ${device.id}`,
          );
          const removed = await queryRows<{ id: string }>(
            deps.db,
            sql`delete from push_subscriptions where id = ${device.id} and failures >= ${PUSH_MAX_FAILURES}
              returning id`,
          );
          result.removed += removed.length;
        }
      } catch (error) {
        deps.log(`web push: could not record device ${device.id}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PUSH_CONCURRENCY, jobs.length) }, worker));
  return result;
}
