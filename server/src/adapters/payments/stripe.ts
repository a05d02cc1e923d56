/**
 * The Stripe Checkout payment provider (types.ts; docs/decisions/006-registration.md). A family pays on
 * Stripe's hosted page; we never see card details. Money is integer cents (USD), as Stripe's `unit_amount`
 * and refund `amount` expect (https://docs.stripe.com/currencies#zero-decimal).
 * `host`/`port`/`protocol` point the client at a local fake in tests (test/support/stripe-fake.ts).
 */
import Stripe from 'stripe';
import {
  assertChargeableLines,
  type CheckoutState,
  type CreateCheckoutInput,
  type CreatedCheckout,
  type PaymentProvider,
  type WebhookEvent,
  WebhookSignatureError,
} from './types.ts';

export type StripeProviderOptions = {
  /** `sk_live_…` / `sk_test_…` (or a restricted `rk_…` key). */
  secretKey: string;
  /** The endpoint's signing secret, `whsec_…` (https://docs.stripe.com/webhooks#endpoint-secrets). */
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

/** The Checkout Session events fulfillment acts on (https://docs.stripe.com/checkout/fulfillment). */
const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/**
 * Session `status` (https://docs.stripe.com/api/checkout/sessions/object#checkout_session_object-status).
 * A null or unknown value (the SDK types leave the enum open) is read as `open`: not paid, not final.
 */
function mapStatus(status: string | null): CheckoutState['status'] {
  return status === 'complete' || status === 'expired' ? status : 'open';
}

/** Session `payment_status`; an unknown value is read as `unpaid`, so nothing is fulfilled on a guess. */
function mapPaymentStatus(paymentStatus: string): CheckoutState['paymentStatus'] {
  return paymentStatus === 'paid' || paymentStatus === 'no_payment_required' ? paymentStatus : 'unpaid';
}

/** Stripe's minimum checkout lifetime (30 min) plus a minute for clock skew and transit. */
const MIN_CHECKOUT_MS = 31 * 60_000;

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { secretKey, webhookSecret, host, port, protocol } = options;
  const stripe = new Stripe(secretKey, {
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
    ...(protocol ? { protocol } : {}),
  });

  const retrieveSession = (checkoutId: string) =>
    stripe.checkout.sessions.retrieve(checkoutId, { expand: ['payment_intent.latest_charge'] });

  return {
    name: 'stripe',

    /**
     * Create a hosted Checkout Session in `payment` mode (https://docs.stripe.com/api/checkout/sessions/create).
     * `expires_at` is the hold's end in Unix seconds; Stripe accepts 30 minutes to 24 hours after creation.
     * The idempotency key `checkout-<paymentId>` makes a retried create return the same session
     * (https://docs.stripe.com/api/idempotent_requests). A line with a Stripe Price id is sent as that Price;
     * any other as `price_data` with its `unit_amount` in cents (a sibling's price is always the latter).
     * Throws before calling Stripe when a line is negative or fractional (`assertChargeableLines`).
     */
    async createCheckout(input: CreateCheckoutInput): Promise<CreatedCheckout> {
      assertChargeableLines(input.lines);
      const metadata = {
        paymentId: input.paymentId,
        classSessionId: input.classSessionId === null ? '' : String(input.classSessionId),
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: input.lines.map((line) =>
            line.stripePrice
              ? { price: line.stripePrice, quantity: line.quantity }
              : {
                  price_data: {
                    currency: 'usd',
                    unit_amount: line.unitAmount,
                    product_data: { name: line.description },
                  },
                  quantity: line.quantity,
                },
          ),
          customer_email: input.customerEmail,
          // Stripe's page in the family's language (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-locale).
          locale: input.language ?? 'en',
          client_reference_id: input.paymentId,
          metadata,
          payment_intent_data: { metadata },
          // Stripe refuses an expiry under 30 minutes from creation; a hold that short gets 31 minutes here,
          // and a payment completed after its hold is re-seated or refunded by fulfillment (decision 006).
          expires_at: Math.floor(Math.max(input.expiresAt.getTime(), Date.now() + MIN_CHECKOUT_MS) / 1000),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `checkout-${input.paymentId}` },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
      return { checkoutId: session.id, checkoutUrl: session.url, raw: session };
    },

    /**
     * Where the session stands, with its PaymentIntent and latest Charge expanded
     * (https://docs.stripe.com/api/checkout/sessions/retrieve, https://docs.stripe.com/api/expanding_objects).
     * `paymentFailed`: the session completed with a delayed payment method (`complete` + `unpaid`) and its
     * PaymentIntent then failed — back to `requires_payment_method` with a `last_payment_error`, or `canceled`
     * (https://docs.stripe.com/payments/paymentintents/lifecycle). This is what `async_payment_failed` reports.
     */
    async retrieveCheckout(checkoutId: string): Promise<CheckoutState> {
      const session = await retrieveSession(checkoutId);
      const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
      const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const paymentFailed =
        session.status === 'complete' &&
        session.payment_status === 'unpaid' &&
        intent !== null &&
        ((intent.status === 'requires_payment_method' && intent.last_payment_error != null) ||
          intent.status === 'canceled');
      return {
        checkoutId: session.id,
        status: mapStatus(session.status),
        paymentStatus: mapPaymentStatus(session.payment_status),
        paymentFailed,
        paymentIntentId:
          typeof session.payment_intent === 'string' ? session.payment_intent : (intent?.id ?? null),
        receiptUrl: charge?.receipt_url ?? null,
        raw: session,
        chargeRaw: charge,
      };
    },

    /**
     * Expire an open session (https://docs.stripe.com/api/checkout/sessions/expire). Stripe answers 400
     * `invalid_request_error` when the session is not `open`; we then re-read the session and stay quiet only
     * if it is really `complete` or `expired`. Other errors (network, auth, unknown id) are rethrown.
     */
    async expireCheckout(checkoutId: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(checkoutId);
      } catch (err) {
        if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.statusCode !== 400) throw err;
        const session = await stripe.checkout.sessions.retrieve(checkoutId);
        if (session.status === 'complete' || session.status === 'expired') return;
        throw err;
      }
    },

    /**
     * Refund `amount` cents of the checkout's PaymentIntent (https://docs.stripe.com/api/refunds/create), in
     * full or in part. The idempotency key (`staff-refund-<key>` for a staff refund, else `refund-<checkoutId>`
     * for fulfillment's automatic full refund) makes a retried refund never refund twice
     * (https://docs.stripe.com/api/idempotent_requests).
     */
    async refund(state: CheckoutState, amount: number, idempotencyKey?: string): Promise<unknown> {
      if (!state.paymentIntentId) {
        throw new Error(`Cannot refund Checkout Session ${state.checkoutId}: it has no PaymentIntent`);
      }
      return stripe.refunds.create(
        { payment_intent: state.paymentIntentId, amount },
        { idempotencyKey: idempotencyKey ? `staff-refund-${idempotencyKey}` : `refund-${state.checkoutId}` },
      );
    },

    /**
     * Check the `Stripe-Signature` header over the raw body with the endpoint secret and the default
     * 300-second timestamp tolerance (https://docs.stripe.com/webhooks#verify-events). Any failure is a
     * `WebhookSignatureError`. Checkout Session events name their session; other events give `checkoutId: null`.
     */
    verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): WebhookEvent {
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(
          `Stripe webhook did not verify: ${err instanceof Error ? err.message : String(err)}`,
          { cause: err },
        );
      }
      const object = event.data?.object as { id?: unknown } | undefined;
      const checkoutId = CHECKOUT_EVENTS.has(event.type) && typeof object?.id === 'string' ? object.id : null;
      return { id: event.id, type: event.type, checkoutId };
    },
  };
}
