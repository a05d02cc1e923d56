/**
 * The web push endpoints of the API table (issue 25 "On the phone"; decision 034; contract/src/endpoint.ts):
 * the center's VAPID public key, the signed-in person's devices (list, subscribe, remove) and a test
 * notification to them.
 */
import { endpoint } from '../endpoint.ts';
import {
  PushDeviceIdParamsSchema,
  PushDeviceListSchema,
  PushDeviceSchema,
  PushKeySchema,
  PushSubscriptionInputSchema,
  PushTestResultSchema,
} from '../push.ts';

export const pushApi = {
  /** The VAPID public key a browser subscribes with. */
  key: endpoint({ method: 'GET', path: '/api/Push/Key', status: 200, reply: PushKeySchema }),
  /** The signed-in person's devices. */
  devices: endpoint({
    method: 'GET',
    path: '/api/Push/Subscriptions',
    status: 200,
    reply: PushDeviceListSchema,
  }),
  /** Turn notifications on for this device (the same subscription again is the same device). */
  subscribe: endpoint({
    method: 'POST',
    path: '/api/Push/Subscriptions',
    body: PushSubscriptionInputSchema,
    status: 201,
    reply: PushDeviceSchema,
  }),
  /** Stop notifications to one of the person's devices. */
  removeDevice: endpoint({
    method: 'DELETE',
    path: '/api/Push/Subscriptions/:id',
    params: PushDeviceIdParamsSchema,
    status: 204,
    reply: 'empty',
  }),
  /** Send a test notification to every device of the person. */
  test: endpoint({ method: 'POST', path: '/api/Push/Test', status: 200, reply: PushTestResultSchema }),
};
