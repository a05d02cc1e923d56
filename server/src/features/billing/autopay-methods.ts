/**
 * A parent's saved card or bank account in Billing (issue 23, decision 023): what the portal shows
 * (`autopayStatus`), saving a new one through a setup checkout (`startSetup`, then `settleSetup` on the return
 * page, the test checkout's Save button or Stripe's webhook), turning autopay off and on, removing the
 * method; and the director's failed-payments list (`failedPayments`). Amounts are cents, dates ISO in the
 * center's time zone.
 */
import {
  type AutopayAttempt,
  type AutopayStatus,
  type FailedPaymentList,
  nextTryOn,
  routes,
} from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { PaymentProvider } from '../../adapters/payments/types.ts';
import { type Db, type DbOrTx, queryRows, uuidList } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { familyMemberIds } from '../family/members.ts';
import { saveMethod } from './autopay.ts';

type AttemptRow = {
  id: string;
  due_on: string;
  amount: number;
  session_name: string;
  child_name: string | null;
  attempt: number;
  status: AutopayAttempt['status'];
  failure_code: string | null;
  kind: 'card' | 'us_bank_account';
  label: string;
  last4: string;
  created: Date;
  retried: boolean;
};

const ATTEMPT_COLUMNS = sql`a.id, to_char(a.due_on, 'YYYY-MM-DD') as due_on, a.amount, cs.name as session_name,
  s.first_name as child_name, a.attempt, a.status, a.failure_code, pm.kind, pm.label, pm.last4, a.created,
  exists (select 1 from autopay_attempts later where later.payer_user_id = a.payer_user_id
    and later.class_session_id = a.class_session_id and later.student_key = a.student_key
    and later.due_on = a.due_on and later.attempt > a.attempt) as retried`;

function attemptOf(row: AttemptRow): AutopayAttempt {
  return {
    id: row.id,
    dueOn: row.due_on,
    amount: row.amount,
    sessionName: row.session_name,
    childName: row.child_name,
    attempt: row.attempt,
    status: row.status,
    failureCode: row.failure_code,
    nextTryOn: row.status === 'failed' && !row.retried ? nextTryOn(row.due_on, row.attempt) : null,
    retried: row.retried,
    method: { kind: row.kind, label: row.label, last4: row.last4 },
    created: new Date(row.created).toISOString(),
  };
}

/**
 * What Billing shows of autopay to `userId`: their own method in use, else a co-parent's (the sweep charges
 * either, the payer's own first); the family's instalments still owing from `today` on; the latest attempts.
 */
export async function autopayStatus(db: DbOrTx, userId: string, today: string): Promise<AutopayStatus> {
  const payers = await familyMemberIds(db, userId);
  const ids = uuidList(payers);
  const [method] = await queryRows<{
    user_id: string;
    first_name: string;
    kind: 'card' | 'us_bank_account';
    label: string;
    last4: string;
    exp_month: number | null;
    exp_year: number | null;
    autopay: boolean;
    created: Date;
  }>(
    db,
    sql`select pm.user_id, u.first_name, pm.kind, pm.label, pm.last4, pm.exp_month, pm.exp_year, pm.autopay, pm.created
      from payment_methods pm join users u on u.id = pm.user_id
      where pm.removed is null and pm.user_id in ${ids}
      order by (pm.user_id = ${userId}) desc, pm.created limit 1`,
  );
  const upcoming = await queryRows<{
    due_on: string;
    amount: number;
    session_name: string;
    child_name: string | null;
  }>(
    db,
    sql`select to_char(d.due_on, 'YYYY-MM-DD') as due_on, d.owing as amount, cs.name as session_name,
        s.first_name as child_name
      from ledger_place_dues d join class_sessions cs on cs.id = d.class_session_id
      left join students s on s.id = nullif(d.student_key, '00000000-0000-0000-0000-000000000000'::uuid)
      where d.payer_user_id in ${ids} and d.owing > 0 and d.due_on >= ${today}::date
      order by d.due_on, cs.name, s.first_name limit 12`,
  );
  const attempts = await queryRows<AttemptRow>(
    db,
    sql`select ${ATTEMPT_COLUMNS}
      from autopay_attempts a join payment_methods pm on pm.id = a.method_id
      join class_sessions cs on cs.id = a.class_session_id left join students s on s.id = a.student_id
      where a.payer_user_id in ${ids} order by a.created desc, a.attempt desc limit 10`,
  );
  return {
    method: method
      ? {
          kind: method.kind,
          label: method.label,
          last4: method.last4,
          expMonth: method.exp_month,
          expYear: method.exp_year,
          autopay: method.autopay,
          saved: new Date(method.created).toISOString(),
          ownerName: method.user_id === userId ? null : method.first_name,
        }
      : null,
    upcoming: upcoming.map((u) => ({
      dueOn: u.due_on,
      amount: u.amount,
      sessionName: u.session_name,
      childName: u.child_name,
    })),
    attempts: attempts.map(attemptOf),
  };
}

/** Turn autopay on or off for `userId`'s own method in use. 404 when they saved none. */
export async function setAutopay(db: Db, userId: string, enabled: boolean): Promise<void> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update payment_methods set autopay = ${enabled} where user_id = ${userId} and removed is null returning id`,
  );
  if (rows.length === 0) throw notFound('paymentMethod');
}

/** Remove `userId`'s own method in use: nothing more is charged to it. 404 when they saved none. */
export async function removeMethod(db: Db, userId: string, now: Date): Promise<void> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update payment_methods set removed = ${now} where user_id = ${userId} and removed is null returning id`,
  );
  if (rows.length === 0) throw notFound('paymentMethod');
}

export type SetupDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  provider: PaymentProvider;
  providers: Partial<Record<string, PaymentProvider>>;
};

/**
 * Open a checkout that saves a card or bank account for `user` (the provider's customer they have, if any, is
 * reused). Answers where to send the browser; it comes back to Billing with `?method=<checkout id>`.
 */
export async function startSetup(
  deps: SetupDeps,
  user: { id: string; emailAddress: string; language?: 'en' | 'es' },
): Promise<{ checkoutUrl: string }> {
  const [customer] = await queryRows<{ provider_customer_id: string }>(
    deps.db,
    sql`select provider_customer_id from payment_methods where user_id = ${user.id} and provider = ${deps.provider.name}
      order by created desc limit 1`,
  );
  const [setup] = await queryRows<{ id: string }>(
    deps.db,
    sql`insert into payment_method_setups (user_id, provider, created) values (${user.id}, ${deps.provider.name}, ${deps.clock.now()})
      returning id`,
  );
  const created = await deps.provider.createSetup({
    setupId: setup!.id,
    customerEmail: user.emailAddress,
    customerId: customer?.provider_customer_id ?? null,
    successUrl: `${deps.appUrl}${routes.billing}?method={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${deps.appUrl}${routes.billing}`,
    language: user.language,
  });
  await deps.db.execute(
    sql`update payment_method_setups set checkout_id = ${created.checkoutId}, checkout_url = ${created.checkoutUrl},
      checkout_json = ${JSON.stringify(created.raw)}::jsonb where id = ${setup!.id}`,
  );
  return { checkoutUrl: created.checkoutUrl };
}

/**
 * Settle a setup checkout, once: when the provider says it completed with a method, that method becomes the
 * parent's in use (`saveMethod`); an expired one is marked so. `userId` given: only that parent's setup (404
 * otherwise, as for any id from a request). Safe to call from the return page and a webhook at once.
 */
export async function settleSetup(
  deps: Pick<SetupDeps, 'db' | 'clock' | 'providers'>,
  checkoutId: string,
  userId?: string,
): Promise<void> {
  const [setup] = await queryRows<{ id: string; user_id: string; provider: string; status: string }>(
    deps.db,
    sql`select id, user_id, provider, status from payment_method_setups where checkout_id = ${checkoutId}`,
  );
  if (!setup || (userId !== undefined && setup.user_id !== userId)) throw notFound('paymentMethod');
  const provider = deps.providers[setup.provider];
  if (setup.status !== 'Pending' || !provider) return;
  const state = await provider.retrieveSetup(checkoutId);
  if (state.status === 'open') return;
  await deps.db.transaction(async (tx) => {
    const [locked] = await queryRows<{ status: string }>(
      tx,
      sql`select status from payment_method_setups where id = ${setup.id} for update`,
    );
    if (locked?.status !== 'Pending') return;
    const saved = state.status === 'complete' ? state.savedMethod : null;
    if (saved) await saveMethod(tx, setup.user_id, setup.provider, saved, deps.clock.now());
    await tx.execute(
      sql`update payment_method_setups set status = ${saved ? 'Saved' : 'Expired'} where id = ${setup.id}`,
    );
  });
}

/**
 * The director's failed payments (issue 23): for each instalment still owing, its latest automatic attempt when
 * that failed or waits for the family to authenticate, newest first, with what is still owed. `total`: the sum
 * still owed over the list (cents).
 */
export async function failedPayments(db: DbOrTx): Promise<FailedPaymentList> {
  const rows = await queryRows<AttemptRow & { family_name: string; payer_user_id: string; owing: number }>(
    db,
    sql`select ${ATTEMPT_COLUMNS}, a.payer_user_id, trim(u.first_name || ' ' || u.last_name) as family_name, d.owing
      from autopay_attempts a
      join payment_methods pm on pm.id = a.method_id
      join class_sessions cs on cs.id = a.class_session_id
      left join students s on s.id = a.student_id
      join users u on u.id = a.payer_user_id
      join ledger_place_dues d on d.payer_user_id = a.payer_user_id and d.class_session_id = a.class_session_id
        and d.student_key = a.student_key and d.due_on = a.due_on
      where a.status in ('failed', 'action_required') and d.owing > 0
        and not exists (select 1 from autopay_attempts later where later.payer_user_id = a.payer_user_id
          and later.class_session_id = a.class_session_id and later.student_key = a.student_key
          and later.due_on = a.due_on and later.attempt > a.attempt)
      order by a.created desc, a.id limit 500`,
  );
  const items = rows.map((row) => ({
    ...attemptOf(row),
    familyName: row.family_name,
    payerUserId: row.payer_user_id,
    owing: row.owing,
  }));
  return { items, total: items.reduce((sum, i) => sum + i.owing, 0) };
}
