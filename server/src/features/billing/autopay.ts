/**
 * Autopay (issue 23, decision 023): instalments charged off-session to the card or US bank account a parent
 * saved, on their due date in the center's time zone, exactly once across server processes.
 *
 * - **Saving**: a checkout the family asked to save a method with (`payments.save_method`), or a setup
 *   checkout from Billing ("Change payment method"), ends in `saveMethod`: the parent's method in use.
 * - **The sweep** (`sweepAutopay`, a background task): each instalment still owing on or after its date
 *   (`ledger_place_dues.owing`, the FIFO rule of contract `placeDues`) whose payer's family has a method with
 *   autopay on is claimed under the family's lock (so a staff payment or a parent's pay now cannot interleave),
 *   by inserting its attempt row: the unique key (place, due date, attempt number) lets one process win. The
 *   winner writes a `Pending` payment and charges it with the provider idempotency key `autopay-<attempt>`;
 *   charges run `AUTOPAY_CONCURRENCY` at a time.
 * - **Outcomes** (`applyCharge`, under the attempt's row lock, so the sweep and a webhook settle once):
 *   succeeded → the payment is `Paid` and pays the place (ledger key `autopay:<attempt>`), a receipt mail;
 *   processing (a bank debit) → nothing is posted until it settles (the sweep asks the provider again, a
 *   webhook may tell first); failed → `Failed`, the family is mailed with the next try's date (and pushed to
 *   on their devices after the commit, decision 034), and the
 *   instalment is tried again `AUTOPAY_RETRY_DAYS` after its date; authentication required (3-D Secure) → the
 *   family is mailed a link to pay it themselves on Billing, where their bank can ask them.
 * - A charge the provider did not answer (a network error) stays `charging`; after `STALE_CHARGING_MS` the
 *   sweep asks again with the same idempotency key, which answers the first charge, never a second.
 */
import { AUTOPAY_RETRY_DAYS, nextTryOn } from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { OffSessionCharge, PaymentProvider, SavedMethod } from '../../adapters/payments/types.ts';
import { type Db, type DbOrTx, queryRows } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PendingPush, PushNotifier } from '../../ports.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { lockFamilyMembers } from '../family/members.ts';
import { postEntries } from './ledger.ts';
import { autopayFailedMail, autopayFailedPush } from './money-mail.ts';
import { queuePaymentReceived } from './pay-balance.ts';

/** Charges in flight at once per server process (Stripe's default rate limit is 100 requests a second). */
export const AUTOPAY_CONCURRENCY = 8;
/** A charge with no answer for this long is asked again, with the same idempotency key. */
export const STALE_CHARGING_MS = 10 * 60_000;

export type AutopayDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  providers: Partial<Record<string, PaymentProvider>>;
  /** Pushes to the family's devices, sent after the commit. */
  push: Pick<PushNotifier, 'deliver'>;
  log: (message: string) => void;
};

/**
 * Make `saved` the parent's method in use (the one before it is marked removed; autopay stays as they had it,
 * on for a first method). In the caller's transaction. Answers the new method's id.
 */
export async function saveMethod(
  tx: DbOrTx,
  userId: string,
  provider: string,
  saved: SavedMethod,
  now: Date,
): Promise<string> {
  const [before] = await queryRows<{ id: string; autopay: boolean; provider_method_id: string }>(
    tx,
    sql`update payment_methods set removed = ${now} where user_id = ${userId} and removed is null
      returning id, autopay, provider_method_id`,
  );
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into payment_methods (user_id, provider, provider_customer_id, provider_method_id, kind, label,
        last4, exp_month, exp_year, autopay, created)
      values (${userId}, ${provider}, ${saved.customerId}, ${saved.methodId}, ${saved.kind}, ${saved.label},
        ${saved.last4}, ${saved.expMonth}, ${saved.expYear}, ${before?.autopay ?? true}, ${now})
      returning id`,
  );
  return row!.id;
}

/** An instalment the sweep may charge now, with the method it would use. */
type DueInstalment = {
  payer_user_id: string;
  class_session_id: number;
  student_id: string | null;
  due_on: string;
  tried: number;
  method_id: string;
};

/**
 * Instalments on or after their date, still owing, not in flight, whose next attempt's day has come, for
 * families with a method on autopay (the payer's own first, else another parent's of the family).
 */
async function dueInstalments(db: DbOrTx, today: string, limit: number): Promise<DueInstalment[]> {
  return queryRows<DueInstalment>(
    db,
    sql`select d.payer_user_id, d.class_session_id, nullif(d.student_key, '00000000-0000-0000-0000-000000000000'::uuid) as student_id,
        to_char(d.due_on, 'YYYY-MM-DD') as due_on, coalesce(a.attempt, 0)::int as tried, m.id as method_id
      from ledger_place_dues d
      cross join lateral (
        select pm.id from payment_methods pm
        where pm.removed is null and pm.autopay and (pm.user_id = d.payer_user_id or (pm.user_id in (
          select m2.user_id from family_members m1 join family_members m2 on m2.family_id = m1.family_id
          where m1.user_id = d.payer_user_id)
          -- Parents who split the bills each pay their own share with their own method (split.ts).
          and not exists (select 1 from billing_splits bs join family_members m3 on m3.family_id = bs.family_id
            where m3.user_id = d.payer_user_id and bs.status = 'active')))
        order by (pm.user_id = d.payer_user_id) desc, pm.created limit 1) m
      left join lateral (
        select x.attempt, x.status from autopay_attempts x
        where x.payer_user_id = d.payer_user_id and x.class_session_id = d.class_session_id
          and x.student_key = d.student_key and x.due_on = d.due_on
        order by x.attempt desc limit 1) a on true
      where d.owing > 0 and d.due_on <= ${today}::date
        and (a.attempt is null or (a.status = 'failed'
          and a.attempt < ${AUTOPAY_RETRY_DAYS.length}
          and d.due_on + (${sql.raw(`array[${AUTOPAY_RETRY_DAYS.join(',')}]`)})[a.attempt + 1] <= ${today}::date))
      order by d.due_on, d.payer_user_id, d.class_session_id, d.student_key
      limit ${limit}`,
  );
}

type Claimed = {
  attemptId: string;
  paymentId: string;
  amount: number;
  description: string;
  provider: PaymentProvider;
  method: { customerId: string; methodId: string; kind: SavedMethod['kind'] };
};

/**
 * Claim one instalment under its family's lock: re-read what it still owes (a payment may have come in since
 * the list was read), then insert the attempt (the unique key: one process wins) and its `Pending` payment.
 * Answers null when there is nothing to charge or another process claimed it.
 */
async function claim(deps: AutopayDeps, due: DueInstalment): Promise<Claimed | null> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockFamilyMembers(tx, due.payer_user_id);
    const [row] = await queryRows<{
      owing: number;
      in_flight: boolean;
      session_name: string;
      child: string | null;
      email_address: string;
      provider: string;
      provider_customer_id: string;
      provider_method_id: string;
      kind: SavedMethod['kind'];
      usable: boolean;
    }>(
      tx,
      sql`select d.owing,
          exists (select 1 from autopay_attempts x where x.payer_user_id = d.payer_user_id
            and x.class_session_id = d.class_session_id and x.student_key = d.student_key
            and x.due_on = d.due_on and x.status in ('charging', 'processing', 'succeeded')) as in_flight,
          cs.name as session_name, s.first_name as child, u.email_address,
          pm.provider, pm.provider_customer_id, pm.provider_method_id, pm.kind,
          (pm.removed is null and pm.autopay) as usable
        from ledger_place_dues d
        join class_sessions cs on cs.id = d.class_session_id
        join users u on u.id = d.payer_user_id
        join payment_methods pm on pm.id = ${due.method_id}
        left join students s on s.id = nullif(d.student_key, '00000000-0000-0000-0000-000000000000'::uuid)
        where d.payer_user_id = ${due.payer_user_id} and d.class_session_id = ${due.class_session_id}
          and d.student_key = coalesce(${due.student_id}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
          and d.due_on = ${due.due_on}::date`,
    );
    const provider = row ? deps.providers[row.provider] : undefined;
    if (!row || !provider || row.owing <= 0 || row.in_flight || !row.usable) return null;
    const [attempt] = await queryRows<{ id: string }>(
      tx,
      sql`insert into autopay_attempts (payer_user_id, class_session_id, student_id, due_on, attempt, amount,
          method_id, status, created, updated)
        values (${due.payer_user_id}, ${due.class_session_id}, ${due.student_id}, ${due.due_on}::date,
          ${due.tried + 1}, ${row.owing}, ${due.method_id}, 'charging', ${now}, ${now})
        on conflict do nothing returning id`,
    );
    if (!attempt) return null;
    const description = `${row.session_name} — instalment due ${due.due_on}${row.child ? ` (${row.child})` : ''}`;
    const [payment] = await tx
      .insert(payments)
      .values({
        status: 'Pending',
        originalAmount: row.owing,
        finalAmount: row.owing,
        provider: provider.name,
        lineItems: [{ description, unitAmount: row.owing, quantity: 1, amount: row.owing }],
        emailAddress: row.email_address,
        classSessionId: due.class_session_id,
        userId: due.payer_user_id,
        note: 'Automatic payment',
        created: now,
      })
      .returning({ id: payments.id });
    await tx.execute(sql`update autopay_attempts set payment_id = ${payment!.id} where id = ${attempt.id}`);
    return {
      attemptId: attempt.id,
      paymentId: payment!.id,
      amount: row.owing,
      description,
      provider,
      method: { customerId: row.provider_customer_id, methodId: row.provider_method_id, kind: row.kind },
    };
  });
}

/**
 * The off-session charge of an attempt, under its idempotency key `autopay-<attempt>`: the first call and any
 * later one (a charge the provider never answered, asked again) name the same charge.
 */
function chargeAttempt(
  provider: PaymentProvider,
  attempt: Omit<Claimed, 'provider'>,
): Promise<OffSessionCharge> {
  return provider.chargeSaved({
    method: attempt.method,
    amount: attempt.amount,
    description: attempt.description,
    idempotencyKey: `autopay-${attempt.attemptId}`,
    metadata: { attemptId: attempt.attemptId, paymentId: attempt.paymentId },
  });
}

/** Charge a claimed attempt; a thrown provider error leaves it `charging`, to be asked again later. */
async function charge(
  deps: AutopayDeps,
  claimed: Claimed,
): Promise<OffSessionCharge['status'] | 'unanswered'> {
  let outcome: OffSessionCharge;
  try {
    outcome = await chargeAttempt(claimed.provider, claimed);
  } catch (error) {
    deps.log(
      `autopay attempt ${claimed.attemptId} got no answer from the provider, asked again later: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 'unanswered';
  }
  await applyCharge(deps, claimed.attemptId, outcome);
  return outcome.status;
}

/**
 * Record what the provider says of an attempt's charge, once: under the attempt's row lock, an attempt already
 * settled (succeeded, failed, action required) is left as it is, so the sweep and a webhook racing settle it
 * once. Answers whether anything changed.
 */
export async function applyCharge(
  deps: AutopayDeps,
  attemptId: string,
  outcome: OffSessionCharge,
): Promise<boolean> {
  const now = deps.clock.now();
  const pushes: PendingPush[] = [];
  const changed = await deps.db.transaction(async (tx) => {
    const [attempt] = await queryRows<{
      id: string;
      payer_user_id: string;
      class_session_id: number;
      student_id: string | null;
      due_on: string;
      attempt: number;
      amount: number;
      status: string;
      payment_id: string;
      kind: SavedMethod['kind'];
      label: string;
      last4: string;
      session_name: string;
      child: string | null;
    }>(
      tx,
      sql`select a.id, a.payer_user_id, a.class_session_id, a.student_id, to_char(a.due_on, 'YYYY-MM-DD') as due_on,
          a.attempt, a.amount, a.status, a.payment_id, pm.kind, pm.label, pm.last4, cs.name as session_name,
          s.first_name as child
        from autopay_attempts a join payment_methods pm on pm.id = a.method_id
        join class_sessions cs on cs.id = a.class_session_id
        left join students s on s.id = a.student_id
        where a.id = ${attemptId} for update of a`,
    );
    if (!attempt || !['charging', 'processing'].includes(attempt.status)) return false;
    if (outcome.status === 'processing') {
      if (attempt.status === 'processing') return false;
      await tx.execute(sql`update autopay_attempts set status = 'processing', provider_intent_id = ${outcome.intentId},
        updated = ${now} where id = ${attemptId}`);
      await tx.execute(sql`update payments set payment_intent_id = coalesce(payment_intent_id, ${outcome.intentId})
        where id = ${attempt.payment_id}`);
      return true;
    }
    await tx.execute(sql`update autopay_attempts set status = ${outcome.status}, provider_intent_id = ${outcome.intentId},
      failure_code = ${outcome.failureCode}, failure_message = ${outcome.failureMessage}, updated = ${now}
      where id = ${attemptId}`);
    await tx
      .update(payments)
      .set({
        status: outcome.status === 'succeeded' ? 'Paid' : 'Failed',
        paymentIntentId: outcome.intentId,
        receiptUrl: outcome.receiptUrl,
        chargeJSON: sql`coalesce(${payments.chargeJSON}, ${JSON.stringify(outcome.raw ?? null)}::jsonb)`,
      })
      .where(eq(payments.id, attempt.payment_id));
    if (outcome.status === 'succeeded') {
      await postEntries(
        tx,
        [
          {
            payerUserId: attempt.payer_user_id,
            kind: 'payment',
            amount: attempt.amount,
            classSessionId: attempt.class_session_id,
            studentId: attempt.student_id,
            paymentId: attempt.payment_id,
            method: attempt.kind === 'card' ? 'card' : 'bank_debit',
            reference: `Automatic payment of the instalment due ${attempt.due_on}`,
            idempotencyKey: `autopay:${attemptId}`,
          },
        ],
        { createdBy: null, now },
      );
      await queuePaymentReceived(tx, deps, {
        userId: attempt.payer_user_id,
        amount: attempt.amount,
        receiptUrl: outcome.receiptUrl,
      });
      return true;
    }
    const next = outcome.status === 'failed' ? nextTryOn(attempt.due_on, attempt.attempt) : null;
    const recipients = await familyRecipients(tx, { userId: attempt.payer_user_id });
    const withDevices = await usersWithDevices(
      tx,
      recipients.map((r) => r.id),
    );
    for (const to of recipients.filter((r) => withDevices.has(r.id)))
      pushes.push({
        userId: to.id,
        payload: autopayFailedPush({
          attemptId,
          authenticate: outcome.status === 'action_required',
          language: to.language,
        }),
        // Three days: the next try is a day after the date at the earliest.
        ttlSeconds: 3 * 24 * 60 * 60,
        urgency: 'normal',
      });
    for (const to of recipients)
      await enqueueMail(
        tx,
        autopayFailedMail({
          to: to.emailAddress,
          parentName: to.firstName,
          amount: attempt.amount,
          sessionName: attempt.session_name,
          childName: attempt.child,
          dueOn: attempt.due_on,
          method: { kind: attempt.kind, label: attempt.label, last4: attempt.last4 },
          failureCode: outcome.failureCode,
          authenticate: outcome.status === 'action_required',
          nextTryOn: next,
          appUrl: deps.appUrl,
          language: to.language,
        }),
      );
    return true;
  });
  // After the commit and the family's lock: a slow push service never holds either.
  if (pushes.length > 0) await deps.push.deliver(pushes);
  return changed;
}

/** Which of `userIds` have a device for web push. */
async function usersWithDevices(tx: DbOrTx, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await queryRows<{ user_id: string }>(
    tx,
    sql`select distinct user_id from push_subscriptions where user_id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/** Settle an attempt a provider webhook names (`payment_intent.*` with our `attemptId`), asking the provider. */
export async function settleIntent(
  deps: AutopayDeps,
  providerName: string,
  intentId: string,
): Promise<boolean> {
  const [attempt] = await queryRows<{ id: string }>(
    deps.db,
    sql`select id from autopay_attempts where provider_intent_id = ${intentId}
      or payment_id = (select id from payments where payment_intent_id = ${intentId} and provider = ${providerName} limit 1)
      limit 1`,
  );
  const provider = deps.providers[providerName];
  if (!attempt || !provider) return false;
  return applyCharge(deps, attempt.id, await provider.retrieveCharge(intentId));
}

/** Run `jobs` at most `limit` at a time. */
async function pooled<T>(items: T[], limit: number, job: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await job(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export type SweepResult = {
  succeeded: number;
  processing: number;
  failed: number;
  actionRequired: number;
  /** Bank debits (or unanswered charges) settled this round. */
  settled: number;
};

/**
 * One round of autopay: settle debits still processing (and charges the provider never answered), then charge
 * every instalment due today or due for a retry, `concurrency` at a time, `batch` claimed per pass until none
 * is left. Safe to run in several processes at once (see the module comment).
 */
export async function sweepAutopay(
  deps: AutopayDeps,
  options: { concurrency?: number; batch?: number } = {},
): Promise<SweepResult> {
  const concurrency = options.concurrency ?? AUTOPAY_CONCURRENCY;
  const batch = options.batch ?? 500;
  const result: SweepResult = { succeeded: 0, processing: 0, failed: 0, actionRequired: 0, settled: 0 };
  const now = deps.clock.now();
  const open = await queryRows<{
    id: string;
    status: string;
    provider_intent_id: string | null;
    payment_id: string;
    amount: number;
    provider: string;
    provider_customer_id: string;
    provider_method_id: string;
    kind: SavedMethod['kind'];
    description: string;
  }>(
    deps.db,
    sql`select a.id, a.status, a.provider_intent_id, a.payment_id, a.amount, pm.provider, pm.provider_customer_id,
        pm.provider_method_id, pm.kind, p.line_items->0->>'description' as description
      from autopay_attempts a join payment_methods pm on pm.id = a.method_id join payments p on p.id = a.payment_id
      where a.status = 'processing'
        or (a.status = 'charging' and a.updated < ${new Date(now.getTime() - STALE_CHARGING_MS)})
      order by a.updated limit ${batch}`,
  );
  await pooled(open, concurrency, async (a) => {
    const provider = deps.providers[a.provider];
    if (!provider) return;
    try {
      const outcome =
        a.status === 'processing' && a.provider_intent_id
          ? await provider.retrieveCharge(a.provider_intent_id)
          : await chargeAttempt(provider, {
              attemptId: a.id,
              paymentId: a.payment_id,
              amount: a.amount,
              description: a.description,
              method: { customerId: a.provider_customer_id, methodId: a.provider_method_id, kind: a.kind },
            });
      if ((await applyCharge(deps, a.id, outcome)) && outcome.status !== 'processing') result.settled += 1;
    } catch (error) {
      deps.log(`autopay attempt ${a.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const today = deps.clock.today(now);
  const tally = (status: OffSessionCharge['status'] | 'unanswered') => {
    if (status === 'succeeded') result.succeeded += 1;
    else if (status === 'processing') result.processing += 1;
    else if (status === 'failed') result.failed += 1;
    else if (status === 'action_required') result.actionRequired += 1;
  };
  for (;;) {
    const due = await dueInstalments(deps.db, today, batch);
    if (due.length === 0) break;
    let claimedAny = false;
    await pooled(due, concurrency, async (instalment) => {
      const claimed = await claim(deps, instalment);
      if (!claimed) return;
      claimedAny = true;
      tally(await charge(deps, claimed));
    });
    // Everything listed was claimed elsewhere or had nothing to charge: the next list would be the same.
    if (!claimedAny || due.length < batch) break;
  }
  return result;
}
