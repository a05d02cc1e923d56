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
  type OffSessionCharge,
  type PaymentProvider,
  type SavedMethod,
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

/** PaymentIntent events an off-session charge settles by (https://docs.stripe.com/payments/paymentintents/lifecycle). */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.requires_action',
  'payment_intent.canceled',
]);

/** The methods a family may save for automatic payments: a card or a US bank account (ACH Direct Debit). */
const SAVABLE: Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] = ['card', 'us_bank_account'];

/** What the portal shows of a saved PaymentMethod; null for a type we do not charge. */
function savedMethodOf(customer: unknown, method: unknown): SavedMethod | null {
  const customerId = typeof customer === 'string' ? customer : (customer as { id?: string } | null)?.id;
  if (!customerId || !method || typeof method !== 'object') return null;
  const pm = method as Stripe.PaymentMethod;
  if (pm.type === 'card' && pm.card)
    return {
      customerId,
      methodId: pm.id,
      kind: 'card',
      label: pm.card.brand,
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
    };
  if (pm.type === 'us_bank_account' && pm.us_bank_account)
    return {
      customerId,
      methodId: pm.id,
      kind: 'us_bank_account',
      label: pm.us_bank_account.bank_name ?? 'Bank account',
      last4: pm.us_bank_account.last4 ?? '',
      expMonth: null,
      expYear: null,
    };
  return null;
}

/** An off-session PaymentIntent as our four outcomes. */
function chargeOf(intent: Stripe.PaymentIntent): OffSessionCharge {
  const error = intent.last_payment_error;
  const status: OffSessionCharge['status'] =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'processing'
        ? 'processing'
        : intent.status === 'requires_action' || error?.code === 'authentication_required'
          ? 'action_required'
          : intent.status === 'requires_payment_method' || intent.status === 'canceled'
            ? 'failed'
            : 'processing';
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    status,
    intentId: intent.id,
    failureCode:
      status === 'failed' || status === 'action_required'
        ? (error?.decline_code ?? error?.code ?? null)
        : null,
    failureMessage: status === 'failed' || status === 'action_required' ? (error?.message ?? null) : null,
    receiptUrl: charge?.receipt_url ?? null,
    raw: intent,
  };
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
    stripe.checkout.sessions.retrieve(checkoutId, {
      expand: ['payment_intent.latest_charge', 'payment_intent.payment_method'],
    });

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
          payment_intent_data: {
            metadata,
            // Save the card or bank account for the plan's instalments (issue 23).
            ...(input.saveMethod ? { setup_future_usage: 'off_session' as const } : {}),
          },
          ...(input.saveMethod
            ? { customer_creation: 'always' as const, allowed_payment_method_types: SAVABLE }
            : {}),
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
        savedMethod:
          session.status === 'complete' && intent?.setup_future_usage === 'off_session'
            ? savedMethodOf(session.customer, intent.payment_method)
            : null,
      };
    },

    /**
     * A Checkout Session in `setup` mode (https://docs.stripe.com/payments/save-and-reuse?payment-ui=checkout):
     * the parent's Customer (made first, once per setup, when they have none) saves a card or US bank account.
     */
    async createSetup(input) {
      const customer =
        input.customerId ??
        (
          await stripe.customers.create(
            { email: input.customerEmail },
            { idempotencyKey: `customer-${input.setupId}` },
          )
        ).id;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'setup',
          currency: 'usd',
          customer,
          allowed_payment_method_types: SAVABLE,
          locale: input.language ?? 'en',
          client_reference_id: input.setupId,
          metadata: { setupId: input.setupId },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `setup-${input.setupId}` },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
      return { checkoutId: session.id, checkoutUrl: session.url, raw: session };
    },

    async retrieveSetup(checkoutId) {
      const session = await stripe.checkout.sessions.retrieve(checkoutId, {
        expand: ['setup_intent.payment_method'],
      });
      const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
      return {
        checkoutId: session.id,
        status: mapStatus(session.status),
        savedMethod:
          session.status === 'complete' && intent?.status === 'succeeded'
            ? savedMethodOf(session.customer, intent.payment_method)
            : null,
        raw: session,
      };
    },

    /**
     * An off-session PaymentIntent confirmed at once (https://docs.stripe.com/payments/save-during-payment#charge-saved-payment-method),
     * with the attempt's idempotency key. A decline comes back as a `StripeCardError` whose `payment_intent`
     * says why; it is answered as `failed` (or `action_required` for `authentication_required`).
     */
    async chargeSaved(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: 'usd',
            customer: input.method.customerId,
            payment_method: input.method.methodId,
            allowed_payment_method_types: [input.method.kind],
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: input.metadata,
            expand: ['latest_charge'],
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return chargeOf(intent);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          const intent = (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
          if (intent) return chargeOf(intent);
          return {
            status: err.code === 'authentication_required' ? 'action_required' : 'failed',
            intentId: null,
            failureCode: err.decline_code ?? err.code ?? null,
            failureMessage: err.message,
            receiptUrl: null,
            raw: err.raw,
          };
        }
        throw err;
      }
    },

    async retrieveCharge(intentId) {
      return chargeOf(await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] }));
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
      const object = event.data?.object as { id?: unknown; metadata?: { attemptId?: unknown } } | undefined;
      const checkoutId = CHECKOUT_EVENTS.has(event.type) && typeof object?.id === 'string' ? object.id : null;
      // Only our off-session charges carry an attemptId; a checkout's own PaymentIntent is settled by its session.
      const intentId =
        INTENT_EVENTS.has(event.type) &&
        typeof object?.id === 'string' &&
        typeof object.metadata?.attemptId === 'string'
          ? object.id
          : null;
      return { id: event.id, type: event.type, checkoutId, intentId };
    },
  };
}
