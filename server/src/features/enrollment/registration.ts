/**
 * Wires the registration use cases to the app: which payment provider takes new checkouts (Stripe when
 * configured, else the built-in test checkout), the providers fulfillment may ask about older payments, and
 * the background sweep (docs/architecture.md "Background work"). The shape is ports.ts `Registration`; the use
 * cases take the parts they need (ReserveDeps, FulfillDeps, RegistrationDeps).
 */

import type { TestCheckoutProvider } from '../../adapters/payments/test-checkout.ts';
import type { PaymentProvider } from '../../adapters/payments/types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PushNotifier, Registration } from '../../ports.ts';
import { fulfillFreePayment } from './fulfill-checkout.ts';

export type { Registration };

export function createRegistration(args: {
  config: Config;
  database: Database;
  clock: Clock;
  testCheckout: TestCheckoutProvider;
  stripe: PaymentProvider | undefined;
  push: PushNotifier;
  log: (message: string) => void;
}): Registration {
  const { config, database, clock, testCheckout, stripe, push, log } = args;
  const registration: Registration = {
    db: database.db,
    database,
    clock,
    timeZone: config.timeZone,
    appUrl: config.appUrl,
    waitlistOfferHours: config.waitlistOfferHours,
    checkoutHoldMinutes: config.checkoutHoldMinutes,
    provider: stripe ?? testCheckout,
    providers: { test: testCheckout, ...(stripe ? { stripe } : {}) },
    testCheckout,
    push,
    log,
    fulfillFree: async (paymentId) => {
      await fulfillFreePayment(registration, paymentId);
    },
  };
  return registration;
}
