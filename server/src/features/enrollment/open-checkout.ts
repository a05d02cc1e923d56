/**
 * Opening the provider's checkout for seats already held (docs/architecture.md "Checkout"): after the reservation
 * has committed, never under the row lock. The payment's lines are sent in the provider's terms
 * (`providerLines`); if the provider fails, the hold is released at once and the parent is told nothing was
 * charged (decision 006).
 */
import {
  chargeLines,
  childPlansOf,
  type Language,
  type LineItem,
  routes,
  type StoredPlan,
} from '@lc/contract';
import { eq } from 'drizzle-orm';
import type { CheckoutLine, PaymentProvider } from '../../adapters/payments/types.ts';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { invalidateCatalog } from '../class-sessions/catalog.ts';
import { checkoutStatus } from './records.ts';
import { settleEnrollmentsAfterRelease } from './release.ts';
import type { ReserveDeps } from './reserve-locked.ts';
import { seatsMayHaveFreed } from './seat-gate.ts';

/**
 * The provider's lines for a payment's `lineItems` (cents): `chargeLines` folds the sibling discount into a
 * registration line at the sibling price, so no line is negative and the total is the same to the cent. The
 * session's Stripe Prices stand for the full-price registration and the supply fee; the sibling price is
 * always sent as its amount (Stripe `price_data`). Throws when the lines do not add up to `total`.
 */
export function providerLines(
  lineItems: ReadonlyArray<LineItem>,
  total: number,
  stripePrices: { registration: string | null; supplyFee: string | null },
): CheckoutLine[] {
  const lines = chargeLines(lineItems).map((line) => ({
    description: line.description,
    unitAmount: line.unitAmount,
    quantity: line.quantity,
    stripePrice:
      line.kind === 'registration'
        ? stripePrices.registration
        : line.kind === 'supplyFee'
          ? stripePrices.supplyFee
          : null,
  }));
  const charged = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (charged !== total) throw new Error(`Checkout lines add up to ${charged} cents, not ${total}`);
  return lines;
}

/**
 * The provider's lines for a checkout on a payment plan (issue 23): each child's deposit (children whose
 * deposit is the same on one line) and the plan's fee per child, in cents. Throws when they do not add up to
 * `total`.
 */
export function planProviderLines(sessionName: string, plan: StoredPlan, total: number): CheckoutLine[] {
  const children = childPlansOf(plan);
  const deposits = new Map<number, number>();
  for (const c of children) deposits.set(c.deposit, (deposits.get(c.deposit) ?? 0) + 1);
  const lines: CheckoutLine[] = [...deposits.entries()]
    .filter(([amount]) => amount > 0)
    .map(([amount, quantity]) => ({
      description: `${sessionName} — deposit (payment plan)`,
      unitAmount: amount,
      quantity,
      stripePrice: null,
    }));
  if (plan.fee > 0)
    lines.push({
      description: `${sessionName} — payment plan fee`,
      unitAmount: plan.fee,
      quantity: children.length,
      stripePrice: null,
    });
  const charged = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  if (charged !== total) throw new Error(`Plan lines add up to ${charged} cents, not ${total}`);
  return lines;
}

/** Create the provider's checkout for a new payment; on failure release the hold and answer 502. */
export async function openCheckout(
  deps: ReserveDeps,
  user: { emailAddress: string; language?: Language },
  classSessionId: number,
  outcome: {
    paymentId: string;
    lineItems: LineItem[];
    total: number;
    stripeLines: { registration: string | null; supplyFee: string | null };
    holdExpiresAt: Date;
    sessionName: string;
    plan: StoredPlan | null;
    /** Save the method paid with for the plan's instalments (autopay, issue 23). */
    saveMethod?: boolean;
  },
) {
  try {
    const created = await deps.provider.createCheckout({
      paymentId: outcome.paymentId,
      classSessionId,
      lines: outcome.plan
        ? planProviderLines(outcome.sessionName, outcome.plan, outcome.total)
        : providerLines(outcome.lineItems, outcome.total, outcome.stripeLines),
      customerEmail: user.emailAddress,
      language: user.language,
      expiresAt: outcome.holdExpiresAt,
      saveMethod: outcome.saveMethod === true,
      successUrl: `${deps.appUrl}${routes.enrollmentSuccessful(classSessionId, '{CHECKOUT_SESSION_ID}')}`,
      cancelUrl: `${deps.appUrl}${routes.enrollmentFailed(classSessionId, '{CHECKOUT_SESSION_ID}')}`,
    });
    await deps.db
      .update(payments)
      .set({ checkoutId: created.checkoutId, checkoutUrl: created.checkoutUrl, checkoutJSON: created.raw })
      .where(eq(payments.id, outcome.paymentId));
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({
          status: 'Failed',
          chargeJSON: { error: error instanceof Error ? error.message : String(error) },
        })
        .where(eq(payments.id, outcome.paymentId));
      await settleEnrollmentsAfterRelease(tx, deps, outcome.paymentId, classSessionId);
    });
    invalidateCatalog(deps.db);
    seatsMayHaveFreed(deps.db);
    throw new HttpError(502, 'enrollment.checkout.unavailable');
  }
}

/**
 * End checkout `checkoutId` at its provider while its payment is still `Pending` (the parent left through the
 * cancel link), so fulfillment then releases its seats at once. Anything else is left as it is.
 */
export async function expireOpenCheckout(
  deps: { db: DbOrTx; providers: Partial<Record<string, PaymentProvider>> },
  checkoutId: string,
): Promise<void> {
  const row = await checkoutStatus(deps.db, checkoutId);
  if (row?.status === 'Pending') await deps.providers[row.provider]?.expireCheckout(checkoutId);
}
