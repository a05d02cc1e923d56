/**
 * Web push on the signed-in person's devices (issue 25 "On the phone"; decision 034), called by their rows
 * in the API table (`pushApi`, contract/src/api/push.ts; shapes in contract/src/push.ts). Every call throws
 * an `ApiError` for a non-2xx reply (400 with `fields` for a subscription the server cannot use, 404 for a
 * device that is not the caller's, 429 for too many test notifications).
 */
import {
  type PushDevice,
  type PushDeviceList,
  type PushKey,
  type PushSubscriptionInput,
  type PushTestResult,
  pushApi,
} from '@lc/contract';
import { callApi } from './call.ts';

/** GET /api/Push/Key — the VAPID public key (base64url) this browser subscribes with. */
export function getPushKey(signal?: AbortSignal): Promise<PushKey> {
  return callApi(pushApi.key, { signal });
}

/** GET /api/Push/Subscriptions — the person's devices, the newest first. */
export function getPushDevices(signal?: AbortSignal): Promise<PushDeviceList> {
  return callApi(pushApi.devices, { signal });
}

/** POST /api/Push/Subscriptions — turn on notifications for this browser's subscription (201: the device). */
export function subscribePush(subscription: PushSubscriptionInput): Promise<PushDevice> {
  return callApi(pushApi.subscribe, { body: subscription });
}

/** DELETE /api/Push/Subscriptions/{id} — stop notifications to one of the person's devices (204). */
export async function removePushDevice(id: string): Promise<void> {
  await callApi(pushApi.removeDevice, { params: { id } });
}

/** POST /api/Push/Test — a test notification to every device of the person. */
export function sendTestPush(): Promise<PushTestResult> {
  return callApi(pushApi.test, {});
}
