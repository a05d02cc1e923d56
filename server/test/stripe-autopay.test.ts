/**
 * Autopay through the Stripe adapter (issue 23, decision 023), end to end against the local Stripe fake: an
 * off-session PaymentIntent is created confirmed, with the attempt's idempotency key and our metadata; a decline
 * comes back as a card error whose decline code the family is told; a bank debit is processing until Stripe's
 * `payment_intent.succeeded` webhook, which races the sweep and the same webhook replayed: one payment.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { sweepAutopay } from '../src/features/billing/autopay.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';
import { type StripeFake, startStripeFake } from './support/stripe-fake.ts';

const WEBHOOK_SECRET = 'whsec_test_stripe_autopay';

describe.each(dbKinds)('autopay through Stripe on %s', (kind) => {
  let fake: StripeFake;
  let clock: MovableClock;
  let t: TestApp;
  let a: ReturnType<typeof api>;

  beforeAll(async () => {
    fake = await startStripeFake();
    clock = movableClock('2026-11-20T18:00:00Z');
    t = await createTestApp(kind, {
      clock,
      env: {
        SIGNUP_RATE_LIMIT: '10000',
        STRIPE_SECRET_KEY: 'sk_test_stripe_autopay',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${fake.port}`,
      },
    });
    a = api(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const webhook = (type: string, object: object, id = `evt_${Math.random().toString(36).slice(2)}`) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    return t.app.inject({
      method: 'POST',
      url: '/api/Billing/StripeWebhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      payload,
    });
  };

  /** A family enrolled on a plan through Stripe Checkout, with `method` saved for it (a Stripe test method). */
  const onPlan = async (name: string, method: string): Promise<Family & { session: number }> => {
    await t.ctx.work.idle();
    clock.set('2026-11-20T18:00:00Z');
    const session = await a.session({
      name: `${name} Room`,
      registrationPrice: 90_000,
      supplyFee: 0,
      sessionStartDate: '2026-12-07',
      sessionEndDate: '2027-03-19',
      rosterSize: 10,
      planDeposit: 30_000,
      planFee: 0,
      planDueDates: ['2026-12-01', '2027-01-01'],
    });
    const family = await a.family(name, 1);
    const res = await a.call(family.token, 'POST', '/api/ClassSessionEnrollment', {
      classSessionId: session,
      studentIds: family.childIds,
      paymentPlan: true,
      saveMethod: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    fake.complete(res.json().checkoutId);
    expect((await webhook('checkout.session.completed', { id: res.json().checkoutId })).statusCode).toBe(200);
    await t.database.db.execute(sql`insert into payment_methods (user_id, provider, provider_customer_id,
        provider_method_id, kind, label, last4)
      values (${family.userId}, 'stripe', ${`cus_${name}`}, ${method},
        ${method.startsWith('pm_usBank') ? 'us_bank_account' : 'card'}, 'visa', '4242')`);
    await t.ctx.work.idle();
    clock.set('2026-12-01T18:00:00Z');
    return { ...family, session };
  };
  const attemptOf = async (userId: string) =>
    (
      await queryRows<{
        id: string;
        status: string;
        failure_code: string | null;
        provider_intent_id: string | null;
      }>(
        t.database.db,
        sql`select id, status, failure_code, provider_intent_id from autopay_attempts where payer_user_id = ${userId}`,
      )
    )[0];
  const autopayEntries = async (attemptId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`autopay:${attemptId}`}`,
      )
    )[0]!.n;

  it('charges a saved card off-session, confirmed at once, under the attempt’s idempotency key', async () => {
    const family = await onPlan('Carded', 'pm_card_visa');
    await sweepAutopay(t.ctx.registration);
    const attempt = await attemptOf(family.userId);
    expect(attempt).toMatchObject({ status: 'succeeded' });
    const create = fake.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.body.get('customer') === 'cus_Carded',
    )!;
    expect(create.idempotencyKey).toBe(`autopay-${attempt!.id}`);
    expect(Object.fromEntries(create.body)).toMatchObject({
      amount: '30000',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      'metadata[attemptId]': attempt!.id,
    });
    expect(await autopayEntries(attempt!.id)).toBe(1);
  });

  it('reads a decline’s code from the card error', async () => {
    const family = await onPlan('Declined', 'pm_card_chargeDeclinedInsufficientFunds');
    expect((await sweepAutopay(t.ctx.registration)).failed).toBeGreaterThanOrEqual(1);
    expect(await attemptOf(family.userId)).toMatchObject({
      status: 'failed',
      failure_code: 'insufficient_funds',
    });
  });

  it('settles a bank debit once when its webhook races the sweep and is replayed', async () => {
    const family = await onPlan('Debited', 'pm_usBankAccount_success');
    await sweepAutopay(t.ctx.registration);
    const attempt = (await attemptOf(family.userId))!;
    expect(attempt.status).toBe('processing');
    expect(await autopayEntries(attempt.id)).toBe(0);
    fake.settleIntent(attempt.provider_intent_id!, 'succeeded');
    const event = {
      id: attempt.provider_intent_id,
      object: 'payment_intent',
      metadata: { attemptId: attempt.id },
    };
    const [first, , replay] = await Promise.all([
      webhook('payment_intent.succeeded', event, 'evt_debit_1'),
      sweepAutopay(t.ctx.registration),
      webhook('payment_intent.succeeded', event, 'evt_debit_1'),
    ]);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(await attemptOf(family.userId)).toMatchObject({ status: 'succeeded' });
    expect(await autopayEntries(attempt.id)).toBe(1);
    clock.set('2026-11-20T18:00:00Z');
  });
});
