/**
 * The payment provider interface (docs/architecture.md "Checkout"; docs/decisions/006-registration.md).
 * Two implementations: Stripe Checkout (`stripe.ts`, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are
 * set) and the built-in test checkout (`test-checkout.ts`, no card is charged). Fulfillment never trusts a
 * caller's word about a checkout: it asks the provider with `retrieveCheckout`.
 * Money is integer cents (USD).
 */
import type { Language } from '@lc/contract';

export type CheckoutLine = {
  /** Shown on the hosted checkout, e.g. "Winter Morning Session — registration". */
  description: string;
  /** Cents per child. */
  unitAmount: number;
  quantity: number;
  /** A Stripe Price id that replaces `description`/`unitAmount` when the center manages prices in Stripe. */
  stripePrice: string | null;
};

/**
 * Throws when a line cannot be charged as it is: a unit amount that is negative or not whole cents, or a
 * quantity that is not a whole number of at least 1. Stripe Checkout refuses negative amounts, so a discount
 * reaches a provider already folded into its lines (contract `chargeLines`), never as a line of its own.
 */
export function assertChargeableLines(lines: ReadonlyArray<CheckoutLine>): void {
  for (const line of lines) {
    if (!Number.isInteger(line.unitAmount) || line.unitAmount < 0)
      throw new Error(
        `Checkout line "${line.description}" has unit amount ${line.unitAmount}: whole cents ≥ 0 only`,
      );
    if (!Number.isInteger(line.quantity) || line.quantity < 1)
      throw new Error(
        `Checkout line "${line.description}" has quantity ${line.quantity}: a whole number ≥ 1 only`,
      );
  }
}

export type CreateCheckoutInput = {
  /** Our payment row's id (Stripe: `client_reference_id` and metadata.paymentId). */
  paymentId: string;
  /** The session the checkout enrolls in; null for a payment toward the family's balance (issue 23). */
  classSessionId: number | null;
  lines: CheckoutLine[];
  customerEmail: string;
  /** The seat hold ends here; the checkout must not outlive it (Stripe `expires_at`). */
  expiresAt: Date;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider replaces with the checkout id. */
  successUrl: string;
  cancelUrl: string;
  /** The language of the page the family started from (Stripe Checkout's `locale`, issue 14). */
  language?: Language;
  /**
   * Save the card or US bank account for automatic payments (issue 23): Stripe Checkout with a Customer and
   * `setup_future_usage: off_session` (https://docs.stripe.com/payments/save-during-payment).
   */
  saveMethod?: boolean;
};

/** A card or US bank account the provider keeps for off-session charges, as the portal shows it. */
export type SavedMethod = {
  customerId: string;
  methodId: string;
  kind: 'card' | 'us_bank_account';
  /** Card brand ('visa', …) or the bank's name. */
  label: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
};

/** A checkout that only saves a method (Stripe Checkout `mode: setup`; "Change payment method"). */
export type CreateSetupInput = {
  /** Our `payment_method_setups` row. */
  setupId: string;
  customerEmail: string;
  /** The parent's customer at the provider when they saved a method before. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
  language?: Language;
};

export type SetupState = {
  checkoutId: string;
  status: 'open' | 'complete' | 'expired';
  savedMethod: SavedMethod | null;
  raw: unknown;
};

/**
 * Where an off-session charge stands (a Stripe PaymentIntent's `status`,
 * https://docs.stripe.com/payments/paymentintents/lifecycle): `processing` is a bank debit that settles in
 * days; `action_required` is a card whose bank asks the cardholder to authenticate (3-D Secure), which an
 * off-session charge cannot do; `failed` carries the decline code and a sentence a family can act on.
 */
export type OffSessionCharge = {
  status: 'succeeded' | 'processing' | 'failed' | 'action_required';
  intentId: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  receiptUrl: string | null;
  raw: unknown;
};

export type ChargeSavedInput = {
  method: Pick<SavedMethod, 'customerId' | 'methodId' | 'kind'>;
  /** Cents, > 0. */
  amount: number;
  description: string;
  /** Names this attempt at the provider: the same key again answers the same charge, never a second one. */
  idempotencyKey: string;
  /** `attemptId` and `paymentId`: how a webhook finds the attempt again. */
  metadata: { attemptId: string; paymentId: string };
};

export type CreatedCheckout = { checkoutId: string; checkoutUrl: string; raw: unknown };

/**
 * Where a checkout stands at the provider (Stripe Checkout Session `status` and `payment_status`).
 * `complete` + `paid` (or `no_payment_required`) means the family paid; `complete` + `unpaid` means an
 * asynchronous payment is still processing; `expired` means it can no longer be paid.
 */
export type CheckoutState = {
  checkoutId: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** True when an asynchronous payment for this checkout failed (Stripe `checkout.session.async_payment_failed`). */
  paymentFailed: boolean;
  paymentIntentId: string | null;
  receiptUrl: string | null;
  /** The provider's checkout object, kept as `payments.checkout_json`. */
  raw: unknown;
  /** The provider's charge object when there is one, kept as `payments.charge_json`. */
  chargeRaw: unknown;
  /** The card or bank account the checkout saved (`saveMethod`), once it is paid; else null. */
  savedMethod: SavedMethod | null;
};

/** A verified webhook event, reduced to what fulfillment needs. */
export type WebhookEvent = {
  /** Provider event id: each is applied once (`processed_webhook_events`). */
  id: string;
  type: string;
  /** The checkout the event is about, or null for events we do not act on. */
  checkoutId: string | null;
  /** An off-session charge's PaymentIntent (`payment_intent.*` events with our `attemptId`), else null. */
  intentId: string | null;
};

export type PaymentProvider = {
  name: 'stripe' | 'test';
  createCheckout: (input: CreateCheckoutInput) => Promise<CreatedCheckout>;
  retrieveCheckout: (checkoutId: string) => Promise<CheckoutState>;
  /** Make an open checkout unpayable (its hold ended). Does nothing, and does not throw, if it is already complete or expired. */
  expireCheckout: (checkoutId: string) => Promise<void>;
  /**
   * Refund `amount` cents of a paid checkout (all of it or a part). `idempotencyKey` names this refund at the
   * provider: the same key again answers the same refund instead of making a second one. Returns the
   * provider's refund object (with its `id`). Throws when the provider refuses.
   */
  refund: (state: CheckoutState, amount: number, idempotencyKey?: string) => Promise<unknown>;
  /** Open a checkout that only saves a card or bank account (Stripe Checkout `mode: setup`). */
  createSetup: (input: CreateSetupInput) => Promise<CreatedCheckout>;
  retrieveSetup: (checkoutId: string) => Promise<SetupState>;
  /**
   * Charge a saved method off-session (the family is not there): one charge per `idempotencyKey`, however
   * often it is called. Declines answer `failed`, never throw; a network or server error throws, and calling
   * again with the same key is safe.
   */
  chargeSaved: (input: ChargeSavedInput) => Promise<OffSessionCharge>;
  /** Where an off-session charge stands now (a bank debit settles days later). */
  retrieveCharge: (intentId: string) => Promise<OffSessionCharge>;
  /**
   * Verify a webhook's signature over the raw body and parse it. Throws `WebhookSignatureError` when the
   * signature or timestamp does not verify. Only Stripe has webhooks.
   */
  verifyWebhook?: (rawBody: Buffer, signatureHeader: string | undefined) => WebhookEvent;
};

export class WebhookSignatureError extends Error {}
