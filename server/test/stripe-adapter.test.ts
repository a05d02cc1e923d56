/**
 * The Stripe Checkout adapter (src/adapters/payments/stripe.ts) against a local fake of the Stripe API
 * (test/support/stripe-fake.ts): the create request's wire format and idempotency, how a session's state is
 * read back, expire and refund, and webhook signature verification. No database.
 */
import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeProvider } from '../src/adapters/payments/stripe.ts';
import {
  type CheckoutState,
  type CreateCheckoutInput,
  type PaymentProvider,
  WebhookSignatureError,
} from '../src/adapters/payments/types.ts';
import { type StripeFake, startStripeFake } from './support/stripe-fake.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
/** 45 minutes from now (Stripe accepts 30 minutes to 24 hours after creation). */
const HOLD_ENDS = new Date(Date.now() + 45 * 60_000 + 600);

let fake: StripeFake;
let stripe: PaymentProvider;
let paymentCounter = 0;

const input = (overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
  paymentId: `pay_${++paymentCounter}`,
  classSessionId: 42,
  lines: [
    {
      description: 'Winter Morning Session — registration',
      unitAmount: 12_500,
      quantity: 2,
      stripePrice: null,
    },
  ],
  customerEmail: 'chioma@families.example',
  expiresAt: HOLD_ENDS,
  successUrl: 'https://center.example/checkout/done?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://center.example/checkout/cancel?session_id={CHECKOUT_SESSION_ID}',
  ...overrides,
});

const lastRequest = (method: string, path: string) => {
  const found = fake.requests.filter((r) => r.method === method && r.path === path).at(-1);
  if (!found) throw new Error(`no ${method} ${path} request`);
  return found;
};

beforeAll(async () => {
  fake = await startStripeFake();
  stripe = createStripeProvider({
    secretKey: 'sk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: fake.port,
    protocol: 'http',
  });
});
afterAll(async () => fake?.close());

describe('createCheckout', () => {
  it('sends a payment-mode session with price_data lines, the hold end, the URLs, and our ids', async () => {
    const created = await stripe.createCheckout(input({ paymentId: 'pay_price_data' }));
    expect(stripe.name).toBe('stripe');
    expect(created.checkoutId).toMatch(/^cs_test_/);
    expect(created.checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${created.checkoutId}`);
    expect(created.raw).toMatchObject({ id: created.checkoutId, object: 'checkout.session' });

    const req = lastRequest('POST', '/v1/checkout/sessions');
    expect(req.idempotencyKey).toBe('checkout-pay_price_data');
    expect(Object.fromEntries(req.body)).toEqual({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '12500',
      'line_items[0][price_data][product_data][name]': 'Winter Morning Session — registration',
      'line_items[0][quantity]': '2',
      customer_email: 'chioma@families.example',
      // Stripe's page in the family's language: English unless the page they started from was Spanish.
      locale: 'en',
      client_reference_id: 'pay_price_data',
      'metadata[paymentId]': 'pay_price_data',
      'metadata[classSessionId]': '42',
      'payment_intent_data[metadata][paymentId]': 'pay_price_data',
      'payment_intent_data[metadata][classSessionId]': '42',
      // The hold's end in whole Unix seconds, rounded down.
      expires_at: String(Math.floor(HOLD_ENDS.getTime() / 1000)),
      success_url: 'https://center.example/checkout/done?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://center.example/checkout/cancel?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(req.body.get('expires_at')).toBe(String(Math.floor(HOLD_ENDS.getTime() / 1000)));
    expect(fake.sessions.get(created.checkoutId)).toMatchObject({ amount_total: 25_000 });
  });

  it('opens Stripe’s page in Spanish for a family that started in Spanish (issue 14)', async () => {
    await stripe.createCheckout(input({ paymentId: 'pay_in_spanish', language: 'es' }));
    expect(lastRequest('POST', '/v1/checkout/sessions').body.get('locale')).toBe('es');
  });

  it('stretches a hold shorter than Stripe’s 30-minute minimum to 31 minutes', async () => {
    const before = Date.now();
    await stripe.createCheckout(
      input({ paymentId: 'pay_short_hold', expiresAt: new Date(before + 10 * 60_000) }),
    );
    const sent = Number(fake.requests.at(-1)!.body.get('expires_at')) * 1000;
    expect(sent).toBeGreaterThanOrEqual(before + 31 * 60_000 - 1000);
    expect(sent).toBeLessThanOrEqual(Date.now() + 31 * 60_000);
  });

  it('sends a Stripe Price id instead of price_data when the line has one', async () => {
    await stripe.createCheckout(
      input({
        paymentId: 'pay_price_id',
        lines: [
          { description: 'ignored', unitAmount: 999, quantity: 1, stripePrice: 'price_winter_morning' },
          { description: 'Sibling', unitAmount: 10_000, quantity: 1, stripePrice: null },
        ],
      }),
    );
    const body = lastRequest('POST', '/v1/checkout/sessions').body;
    expect(body.get('line_items[0][price]')).toBe('price_winter_morning');
    expect(body.get('line_items[0][quantity]')).toBe('1');
    expect([...body.keys()].filter((k) => k.startsWith('line_items[0][price_data]'))).toEqual([]);
    expect(body.get('line_items[1][price_data][unit_amount]')).toBe('10000');
    expect(body.get('line_items[1][price_data][product_data][name]')).toBe('Sibling');
  });

  it('returns the same session when a create is retried with the same payment id', async () => {
    const before = fake.sessions.size;
    const first = await stripe.createCheckout(input({ paymentId: 'pay_retried' }));
    const again = await stripe.createCheckout(input({ paymentId: 'pay_retried' }));
    expect(again.checkoutId).toBe(first.checkoutId);
    expect(fake.sessions.size).toBe(before + 1);
    const sent = fake.requests.filter((r) => r.idempotencyKey === 'checkout-pay_retried');
    expect(sent).toHaveLength(2);
  });
});

describe('retrieveCheckout', () => {
  const open = async () => (await stripe.createCheckout(input())).checkoutId;

  it('reports an open session as unpaid with no payment intent', async () => {
    const id = await open();
    const state = await stripe.retrieveCheckout(id);
    expect(state).toMatchObject({
      checkoutId: id,
      status: 'open',
      paymentStatus: 'unpaid',
      paymentFailed: false,
      paymentIntentId: null,
      receiptUrl: null,
      chargeRaw: null,
    });
    const req = lastRequest('GET', `/v1/checkout/sessions/${id}`);
    expect(req.body.getAll('expand[0]')).toEqual(['payment_intent.latest_charge']);
  });

  it('maps a paid session and finds the receipt on the expanded latest charge', async () => {
    const id = await open();
    fake.complete(id);
    const state = await stripe.retrieveCheckout(id);
    const intentId = fake.sessions.get(id)!.payment_intent as string;
    expect(state).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentFailed: false,
      paymentIntentId: intentId,
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/receipts\/ch_test_/),
    });
    expect(state.chargeRaw).toMatchObject({ object: 'charge', status: 'succeeded' });
    expect(state.raw).toMatchObject({ id, payment_intent: { id: intentId, object: 'payment_intent' } });
  });

  it('maps an async payment: processing, then failed, and separately succeeded', async () => {
    const failing = await open();
    fake.complete(failing, { async: true });
    expect(await stripe.retrieveCheckout(failing)).toMatchObject({
      status: 'complete',
      paymentStatus: 'unpaid',
      paymentFailed: false,
      receiptUrl: null,
    });
    fake.failAsync(failing);
    expect(await stripe.retrieveCheckout(failing)).toMatchObject({
      status: 'complete',
      paymentStatus: 'unpaid',
      paymentFailed: true,
    });

    const clearing = await open();
    fake.complete(clearing, { async: true });
    fake.succeedAsync(clearing);
    expect(await stripe.retrieveCheckout(clearing)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      paymentFailed: false,
      receiptUrl: expect.stringContaining('/receipts/ch_test_'),
    });
  });

  it('maps an expired session', async () => {
    const id = await open();
    fake.markExpired(id);
    expect(await stripe.retrieveCheckout(id)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
      paymentFailed: false,
      paymentIntentId: null,
    });
  });

  it('rejects for an unknown session', async () => {
    await expect(stripe.retrieveCheckout('cs_test_nope')).rejects.toThrow(/No such checkout.session/);
  });
});

describe('expireCheckout', () => {
  it('expires an open session', async () => {
    const { checkoutId } = await stripe.createCheckout(input());
    await stripe.expireCheckout(checkoutId);
    expect(fake.sessions.get(checkoutId)!.status).toBe('expired');
  });

  it('does not throw for a session that is already complete or expired', async () => {
    const paid = (await stripe.createCheckout(input())).checkoutId;
    fake.complete(paid);
    await expect(stripe.expireCheckout(paid)).resolves.toBeUndefined();
    expect(fake.sessions.get(paid)!.status).toBe('complete');
    expect(lastRequest('POST', `/v1/checkout/sessions/${paid}/expire`)).toBeTruthy();

    const gone = (await stripe.createCheckout(input())).checkoutId;
    fake.markExpired(gone);
    await expect(stripe.expireCheckout(gone)).resolves.toBeUndefined();
  });

  it('rethrows other errors: an unknown session, and an unreachable API', async () => {
    await expect(stripe.expireCheckout('cs_test_nope')).rejects.toThrow(/No such checkout.session/);

    // A port nobody listens on: stripe-node retries (about a second of backoff), then gives up.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const unreachable = createStripeProvider({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port: closedPort,
      protocol: 'http',
    });
    await expect(unreachable.expireCheckout('cs_test_any')).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
  });
});

describe('refund', () => {
  it('refunds the payment intent for the amount in cents, keyed by the checkout', async () => {
    const { checkoutId } = await stripe.createCheckout(input());
    fake.complete(checkoutId);
    const state = await stripe.retrieveCheckout(checkoutId);
    const refund = await stripe.refund(state, 25_000);
    expect(refund).toMatchObject({ object: 'refund', amount: 25_000, payment_intent: state.paymentIntentId });

    const req = lastRequest('POST', '/v1/refunds');
    expect(Object.fromEntries(req.body)).toEqual({ payment_intent: state.paymentIntentId, amount: '25000' });
    expect(req.idempotencyKey).toBe(`refund-${checkoutId}`);

    // A retried refund replays the first one rather than refunding twice.
    const again = await stripe.refund(state, 25_000);
    expect(again).toMatchObject({ id: (refund as { id: string }).id });
    expect(fake.refunds.filter((r) => r.payment_intent === state.paymentIntentId)).toHaveLength(1);
  });

  it('throws a clear error when the checkout has no payment intent', async () => {
    const state: CheckoutState = {
      checkoutId: 'cs_test_unpaid',
      status: 'expired',
      paymentStatus: 'unpaid',
      paymentFailed: false,
      paymentIntentId: null,
      receiptUrl: null,
      raw: {},
      savedMethod: null,
      chargeRaw: null,
    };
    const before = fake.requests.length;
    await expect(stripe.refund(state, 100)).rejects.toThrow(/cs_test_unpaid.*no PaymentIntent/);
    expect(fake.requests.length).toBe(before);
  });
});

describe('verifyWebhook', () => {
  const event = (type: string, objectId = 'cs_test_webhook') =>
    JSON.stringify({
      id: `evt_${type.replaceAll('.', '_')}`,
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: { id: objectId, object: type.startsWith('checkout.') ? 'checkout.session' : 'charge' },
      },
    });
  const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? WEBHOOK_SECRET,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    });
  const verify = (payload: string, header: string | undefined) =>
    stripe.verifyWebhook!(Buffer.from(payload), header);

  it.each([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ])('accepts a signed %s and names its checkout', (type) => {
    const payload = event(type, 'cs_test_123');
    expect(verify(payload, sign(payload))).toEqual({
      id: `evt_${type.replaceAll('.', '_')}`,
      type,
      checkoutId: 'cs_test_123',
      intentId: null,
    });
  });

  it('gives checkoutId null for event types we do not act on', () => {
    const payload = event('charge.refunded', 'ch_test_1');
    expect(verify(payload, sign(payload))).toEqual({
      id: 'evt_charge_refunded',
      type: 'charge.refunded',
      checkoutId: null,
      intentId: null,
    });
  });

  it('names the PaymentIntent of an automatic payment (metadata attemptId), not a checkout’s own', () => {
    const ours = JSON.stringify({
      id: 'evt_pi_succeeded',
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'pi_auto_1', object: 'payment_intent', metadata: { attemptId: 'a-1' } } },
    });
    expect(verify(ours, sign(ours))).toEqual({
      id: 'evt_pi_succeeded',
      type: 'payment_intent.succeeded',
      checkoutId: null,
      intentId: 'pi_auto_1',
    });
    const checkouts = ours.replace('"metadata":{"attemptId":"a-1"}', '"metadata":{}');
    expect(verify(checkouts, sign(checkouts)).intentId).toBeNull();
  });

  it('accepts a signature 4 minutes old (inside the 300-second tolerance)', () => {
    const payload = event('checkout.session.completed');
    const header = sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect(verify(payload, header).checkoutId).toBe('cs_test_webhook');
  });

  it('rejects a wrong secret, a tampered body, a missing header and an old timestamp', () => {
    const payload = event('checkout.session.completed');
    const rejects = (body: string, header: string | undefined) => {
      expect(() => verify(body, header)).toThrow(WebhookSignatureError);
    };
    rejects(payload, sign(payload, { secret: 'whsec_someone_else' }));
    rejects(payload.replace('cs_test_webhook', 'cs_test_forged'), sign(payload));
    rejects(payload, undefined);
    rejects(payload, '');
    rejects(payload, 'not a signature header');
    rejects(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }));
    rejects(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
  });
});
