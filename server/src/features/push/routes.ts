/**
 * The web push API (issue 25 "On the phone"; decision 034), registered from `pushApi` rows
 * (contract/src/api/push.ts): the VAPID public key (anyone: it is public), and for the signed-in person their
 * devices (list, subscribe this one, remove one: another person's device answers 404) and a test
 * notification, at most {@link TEST_LIMIT} per person in 10 minutes.
 */
import { pushApi } from '@lc/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { currentUser } from '../../http/authenticate.ts';
import { serve } from '../../http/serve.ts';
import { listDevices, removeDevice, subscribeDevice } from './subscriptions.ts';
import { sendTestPush } from './test-push.ts';

const tags = ['Notifications'];
/** Test notifications a person may ask for per 10 minutes (each reaches every device they have). */
export const TEST_LIMIT = 5;

export const pushRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Only tests' local push endpoint is plain http; a production server sends to https push services only.
    const allowLoopbackHttp = ctx.config.nodeEnv !== 'production';

    serve(
      app,
      pushApi.key,
      {
        config: { auth: 'public' },
        tags,
        summary: 'The VAPID public key to subscribe with',
        description: 'The `applicationServerKey` a browser subscribes with (base64url); public by nature.',
      },
      async () => ({ publicKey: ctx.push.publicKey }),
    );

    serve(
      app,
      pushApi.devices,
      { config: { auth: 'user' }, tags, summary: 'The devices that get notifications' },
      async (request) => ({ devices: await listDevices(ctx.db, currentUser(request).id) }),
    );

    serve(
      app,
      pushApi.subscribe,
      {
        config: { auth: 'user' },
        tags,
        summary: 'Turn on notifications on this device',
        description:
          'The browser’s `PushSubscription` as JSON. The same endpoint again is the same device; an endpoint another person held moves to the caller. The device is named from the User-Agent. 400 by `endpoint` for an address that is not https.',
      },
      async (request, reply) => {
        const device = await subscribeDevice(
          ctx.db,
          currentUser(request).id,
          request.body,
          request.headers['user-agent'],
          ctx.clock.now(),
          allowLoopbackHttp,
        );
        reply.code(201);
        return device;
      },
    );

    serve(
      app,
      pushApi.removeDevice,
      {
        config: { auth: 'user', errors: [404] },
        tags,
        summary: 'Stop notifications to a device',
        description: 'Another person’s device, or one already removed, answers 404.',
      },
      async (request, reply) => {
        await removeDevice(ctx.db, currentUser(request).id, request.params.id);
        return reply.code(204).send();
      },
    );

    serve(
      app,
      pushApi.test,
      {
        config: {
          auth: 'user',
          rateLimit: {
            max: TEST_LIMIT,
            timeWindow: '10 minutes',
            keyGenerator: (request) => request.user?.id ?? request.ip,
          },
        },
        tags,
        summary: 'Send a test notification to my devices',
        description: `One notification to every device of the caller, sent before the reply; at most ${TEST_LIMIT} per person in 10 minutes (429 after that).`,
      },
      async (request) => {
        const { devices, sent, removed } = await sendTestPush(ctx.db, ctx.push, currentUser(request).id);
        return { devices, sent, removed };
      },
    );
  };
