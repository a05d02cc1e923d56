/**
 * The demo's filled seats (docs/architecture.md, Layers: the storage layer's seed): the demo families'
 * children enrolled in last fall's class, the Winter session, Little Scientists (nearly full) and Pre-K
 * Readiness (full, with three families on its waitlist), each place paid at the front desk a few weeks ago.
 */
import { checkoutLineItems, lineItemsTotal, planForCheckout, planOf } from '@lc/contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  classSessionEnrollments,
  classSessions,
  paymentMethods,
  payments,
  waitlistSubmissions,
} from '../schema.ts';
import { DAY } from './demo-dates.ts';
import { insertDemoFamilies } from './demo-families.ts';

/** The catalog sessions whose seats the demo families fill, by id. */
export type DemoPlaceSessions = { fall: number; winter: number; scientists: number; preK: number };

/** Insert the demo families, their paid places and Pre-K Readiness's waitlist. */
export async function insertDemoPlaces(tx: Tx, today: string, sessions: DemoPlaceSessions): Promise<void> {
  const { fall, winter, scientists, preK } = sessions;
  // Families whose children fill seats: 9 in Winter, 8 of 10 in Little Scientists (nearly full),
  // all 8 in Pre-K Readiness (full) with 3 on its waitlist, and last fall's class.
  const families = await insertDemoFamilies(tx, today, 14);
  const enroll = (sessionId: number, from: number, n: number, status: 'Enrolled' = 'Enrolled') =>
    families
      .slice(from, from + n)
      .map((f) => ({ classSessionId: sessionId, studentId: f.studentId, status }));
  const places = [
    ...enroll(fall, 0, 12),
    ...enroll(winter, 0, 9),
    ...enroll(scientists, 2, 8),
    ...enroll(preK, 3, 8),
  ];
  // Each place was paid at the front desk a few weeks ago, so the rosters, revenue and the payments list
  // show what a running center has (and the director can try a refund on a demo payment).
  const prices = new Map(
    (
      await tx
        .select({
          id: classSessions.id,
          name: classSessions.name,
          registrationPrice: classSessions.registrationPrice,
          supplyFee: classSessions.supplyFee,
          planDeposit: classSessions.planDeposit,
          planFee: classSessions.planFee,
          planDueDates: classSessions.planDueDates,
        })
        .from(classSessions)
        .where(inArray(classSessions.id, [fall, winter, scientists, preK]))
    ).map((r) => [r.id, r]),
  );
  const parentOf = new Map(families.map((f) => [f.studentId, f.userId]));
  const paid = await tx
    .insert(payments)
    .values(
      places.map((place, i) => {
        const session = prices.get(place.classSessionId)!;
        const lineItems = checkoutLineItems(session, 1);
        const amount = lineItemsTotal(lineItems);
        // Two Winter families took the payment plan (issue 23): the deposit and fee paid, three instalments to come.
        const plan = planOf(session);
        const onPlan =
          plan && place.classSessionId === winter && (i - 12 === 2 || i - 12 === 5)
            ? planForCheckout(plan, [place.studentId], session.registrationPrice + session.supplyFee, 0)
            : null;
        return {
          status: 'Paid',
          originalAmount: amount,
          finalAmount: onPlan ? onPlan.today : amount,
          plan: onPlan ? onPlan.stored : null,
          provider: 'offline',
          note: onPlan
            ? 'Deposit and plan fee, card at the front desk'
            : i % 3 === 0
              ? 'Check at the front desk'
              : 'Card at the front desk',
          lineItems,
          classSessionId: place.classSessionId,
          userId: parentOf.get(place.studentId)!,
          created: new Date(Date.parse(`${today}T18:00:00Z`) - (20 + (i % 9)) * DAY),
        };
      }),
    )
    .returning({ id: payments.id });
  await tx
    .insert(classSessionEnrollments)
    .values(places.map((place, i) => ({ ...place, paymentId: paid[i]!.id })));
  // The plan families pay their instalments automatically (autopay, issue 23): one with a saved test card,
  // one with a test bank account, as the built-in test checkout saves them.
  const planParents = places
    .map((place, i) => (place.classSessionId === winter && (i - 12 === 2 || i - 12 === 5) ? place : null))
    .filter((place) => place !== null)
    .map((place) => parentOf.get(place.studentId)!);
  const savedMethods = [
    { kind: 'card', label: 'visa', last4: '4242', expMonth: 12, expYear: 2030, id: 'test_pm_visa' },
    {
      kind: 'us_bank_account',
      label: 'Test Bank',
      last4: '6789',
      expMonth: null,
      expYear: null,
      id: 'test_pm_bank',
    },
  ] as const;
  if (planParents.length > 0)
    await tx.insert(paymentMethods).values(
      planParents.slice(0, savedMethods.length).map((userId, i) => {
        const m = savedMethods[i]!;
        return {
          userId,
          provider: 'test',
          providerCustomerId: `test_cus_demo_${i + 1}`,
          providerMethodId: m.id,
          kind: m.kind,
          label: m.label,
          last4: m.last4,
          expMonth: m.expMonth,
          expYear: m.expYear,
          created: new Date(Date.parse(`${today}T18:00:00Z`) - 20 * DAY),
        };
      }),
    );
  await tx.insert(waitlistSubmissions).values(
    families.slice(11, 14).map((f, i) => ({
      classSessionId: preK,
      studentId: f.studentId,
      userId: f.userId,
      status: 'Waiting',
      created: new Date(Date.parse(`${today}T17:00:00Z`) - (3 - i) * DAY),
    })),
  );
}
