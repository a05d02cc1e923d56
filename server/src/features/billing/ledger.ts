/**
 * The family account's ledger (issue 23, decision 022): posting entries and reading balances.
 *
 * Every entry is integer cents (> 0, the sign from its kind: contract `SIGN_OF_KIND`, view `ledger_signed`),
 * names its payer (the parent account), and is posted under an idempotency key that names the event, so a
 * replayed webhook, a double click or a second server process posts nothing twice (`on conflict do nothing`
 * on the unique key). Entries are never updated or deleted (a database trigger refuses it).
 *
 * Where each amount comes from:
 * - a paid checkout (`postPaymentEntries`): per child, a `charge` (the checkout's price before discounts,
 *   divided exactly between its children, `splitCents`), a `discount` (the sibling discount) and a `payment`
 *   (what was paid). A by-hand payment of the old kind (provider `offline`, before issue 23) is charged the
 *   session's registration and supply fee per child, so a $100 deposit on a $455 session owes $355. A payment
 *   of $0 posts nothing: before the ledger, that was how the office placed a child free of charge;
 * - a refund that succeeded (`postRefundEntries`): a `refund` (the money back) and, for a child who held the
 *   place, a `credit` of the same amount (the charge given up), so a refund never makes a family owe more;
 * - the office's by-hand payments, moves and withdrawals: `office-ledger.ts`.
 *
 * Keys: `payment:<payment id>:<part>:<student id>`, `refund:<refund id>:<part>:<student id>`, and the office's
 * own (`office-ledger.ts`). The same statements run at every start (`backfillLedger`) for payments and refunds
 * that have no entries yet: the payments made before the ledger existed, which makes the migration one that a
 * second run, or a second server starting at the same moment, cannot post twice.
 */
import {
  type AccountStatus,
  accountStatus,
  childPlansOf,
  type DueBucket,
  type FamilyAccount,
  type LedgerKind,
  type PaymentMethod,
  type PlaceAccount,
  placeDues,
  type StoredPlan,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';

/** An entry to post; `amount` in cents (an amount of 0 posts nothing). */
export type NewEntry = {
  payerUserId: string;
  kind: LedgerKind;
  amount: number;
  classSessionId?: number | null;
  studentId?: string | null;
  paymentId?: string | null;
  refundId?: string | null;
  method?: PaymentMethod | null;
  reference?: string | null;
  /** ISO date in the center's time zone (charges). */
  dueOn?: string | null;
  correctsEntryId?: string | null;
  idempotencyKey: string;
};

/**
 * Post `entries` in the caller's transaction; an entry whose key was posted before is skipped (the first one
 * stands). Answers the ids of the entries posted now. Throws on an amount below 0 or not whole cents.
 */
export async function postEntries(
  tx: DbOrTx,
  entries: NewEntry[],
  by: { createdBy: string | null; now: Date },
): Promise<string[]> {
  for (const e of entries)
    if (!Number.isInteger(e.amount) || e.amount < 0)
      throw new RangeError(`a ledger amount is whole cents ≥ 0, not ${e.amount} (${e.idempotencyKey})`);
  const rows = entries.filter((e) => e.amount > 0);
  if (rows.length === 0) return [];
  const posted = await tx
    .insert(ledgerEntries)
    .values(
      rows.map((e) => ({
        payerUserId: e.payerUserId,
        kind: e.kind,
        amount: e.amount,
        classSessionId: e.classSessionId ?? null,
        studentId: e.studentId ?? null,
        paymentId: e.paymentId ?? null,
        refundId: e.refundId ?? null,
        method: e.method ?? null,
        reference: e.reference ?? null,
        dueOn: e.dueOn ?? null,
        correctsEntryId: e.correctsEntryId ?? null,
        idempotencyKey: e.idempotencyKey,
        createdBy: by.createdBy,
        created: by.now,
      })),
    )
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  return posted.map((p) => p.id);
}

/** `share(total)`: the child's exact share of `total` cents (i-th of n, the first `total % n` get a cent more). */
const share = (total: string, at = 'k') =>
  sql.raw(`((${total}) / ${at}.n + case when ${at}.i <= (${total}) % ${at}.n then 1 else 0 end)`);

/**
 * Post the entries of paid checkouts that have none yet (all of them, or `paymentId`'s): see the module
 * comment. `timeZone` dates the charges (due the day they were paid). Answers how many entries were posted.
 */
export async function postPaymentEntries(
  tx: DbOrTx,
  timeZone: string,
  paymentId: string | null,
): Promise<number> {
  const which = paymentId === null ? sql`true` : sql`p.id = ${paymentId}`;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with paid as (
        select p.id, p.user_id, p.provider, p.original_amount, p.final_amount, p.note, p.created,
          p.class_session_id, (cs.registration_price + cs.supply_fee) as list_price,
          (p.created at time zone ${timeZone})::date as paid_on, cs.session_start_date
        from payments p join class_sessions cs on cs.id = p.class_session_id
        where p.status in ('Paid', 'Refunded', 'RefundDue') and p.final_amount > 0 and ${which}
          and p.plan is null and not exists (select 1 from ledger_entries l where l.payment_id = p.id)
      ),
      places as (
        select paid.id as payment_id, e.student_id,
          bool_or(e.status in ('Enrolled', 'Withdrawn')) as held
        from paid join class_session_enrollments e
          on e.payment_id = paid.id and e.class_session_id = paid.class_session_id
        group by paid.id, e.student_id
      ),
      k as (
        select paid.*, places.student_id,
          row_number() over (partition by paid.id order by places.student_id)::int as i,
          count(*) over (partition by paid.id)::int as n,
          coalesce(bool_or(places.held) over (partition by paid.id), true) as seated
        from paid left join places on places.payment_id = paid.id
      ),
      shares as (
        select k.*,
          case when not k.seated then 0
            else ${share("case when k.provider = 'offline' then k.list_price * k.n else k.original_amount end")} end
            as charge_share,
          case when not k.seated or k.provider = 'offline' then 0
            else ${share('k.original_amount - k.final_amount')} end as discount_share
        from k
      ),
      parts as (
        -- A checkout's payment pays each child's place exactly (charge − discount), so no place is a cent
        -- over or under; the shares still add up to the payment's amount.
        select shares.*, v.part, v.kind, v.amount from shares cross join lateral (values
          ('charge', 'charge', shares.charge_share),
          ('discount', 'discount', shares.discount_share),
          ('payment', 'payment', case when shares.seated and shares.provider <> 'offline'
            then shares.charge_share - shares.discount_share else ${share('shares.final_amount', 'shares')} end)
        ) as v(part, kind, amount)
      ),
      posted as (
        insert into ledger_entries (payer_user_id, kind, amount, class_session_id, student_id, payment_id,
          method, reference, due_on, idempotency_key, created)
        select parts.user_id, parts.kind, parts.amount, parts.class_session_id, parts.student_id, parts.id,
          case when parts.kind = 'payment' then (case when parts.provider = 'offline' then 'other' else 'card' end) end,
          case when parts.kind = 'payment' and parts.provider = 'offline' then parts.note end,
          -- A checkout's charge fell due when it was paid; an office payment's, by the session's first day.
          case when parts.kind = 'charge' then (case when parts.provider = 'offline'
            then greatest(parts.session_start_date, parts.paid_on) else parts.paid_on end) end,
          'payment:' || parts.id || ':' || parts.part || ':' || coalesce(parts.student_id::text, 'none'),
          parts.created + case parts.kind when 'charge' then interval '0' when 'discount' then interval '1 microsecond'
            else interval '2 microseconds' end
        from parts where parts.amount > 0
        on conflict (idempotency_key) do nothing
        returning 1
      )
      select count(*)::int as n from posted`,
  );
  return (rows[0]?.n ?? 0) + (await postPlanEntries(tx, timeZone, which));
}

/**
 * The entries of paid checkouts on a payment plan (issue 23, contract `payment-plan.ts`) that have none yet,
 * from the plan stored on the payment, per child (`payment:<id>:<part>:<student id>`):
 * - the deposit's `charge`, due the day it was paid, and the plan's fee (`plan_fee`), due the same day;
 * - each instalment's `charge` and the sibling discount it carries (`discount`), both dated with its due date
 *   (`charge-<n>`, `discount-<n>`), so what falls due on each date is the schedule the family was shown;
 *   with nothing left for the instalments, the discount is dated with the deposit instead;
 * - the `payment` of the deposit and the fee.
 * A checkout paid after its hold lapsed (no child seated) posts each child's payment alone, as the others do.
 */
async function postPlanEntries(tx: DbOrTx, timeZone: string, which: SQL): Promise<number> {
  const paid = await queryRows<{
    id: string;
    user_id: string;
    plan: StoredPlan;
    created: Date | string;
    class_session_id: number;
    paid_on: string;
    seated: boolean;
    provider: string;
    note: string | null;
  }>(
    tx,
    sql`select p.id, p.user_id, p.plan, p.created, p.class_session_id, p.provider, p.note,
        ((p.created at time zone ${timeZone})::date)::text as paid_on,
        coalesce((select bool_or(e.status in ('Enrolled', 'Withdrawn')) from class_session_enrollments e
          where e.payment_id = p.id and e.class_session_id = p.class_session_id), true) as seated
      from payments p
      where p.status in ('Paid', 'Refunded', 'RefundDue') and p.plan is not null and ${which}
        and not exists (select 1 from ledger_entries l where l.payment_id = p.id)`,
  );
  let posted = 0;
  for (const p of paid) {
    const entries: NewEntry[] = [];
    for (const child of childPlansOf(p.plan)) {
      const place = {
        payerUserId: p.user_id,
        classSessionId: p.class_session_id,
        studentId: child.studentId,
      };
      const key = (part: string) => `payment:${p.id}:${part}:${child.studentId}`;
      const own = p.plan.children.find((c) => c.studentId === child.studentId)!;
      const noInstalments = child.price - child.deposit === 0;
      if (p.seated) {
        const depositDiscount = noInstalments ? own.discount : 0;
        entries.push(
          {
            ...place,
            kind: 'charge',
            amount: child.deposit + depositDiscount,
            dueOn: p.paid_on,
            idempotencyKey: key('charge'),
          },
          {
            ...place,
            kind: 'discount',
            amount: depositDiscount,
            dueOn: p.paid_on,
            idempotencyKey: key('discount'),
          },
          {
            ...place,
            kind: 'plan_fee',
            amount: child.fee,
            dueOn: p.paid_on,
            idempotencyKey: key('plan-fee'),
          },
        );
        child.instalments.forEach((i, n) => {
          entries.push(
            {
              ...place,
              kind: 'charge',
              amount: i.amount + i.discount,
              dueOn: i.dueOn,
              idempotencyKey: key(`charge-${n + 1}`),
            },
            {
              ...place,
              kind: 'discount',
              amount: i.discount,
              dueOn: i.dueOn,
              idempotencyKey: key(`discount-${n + 1}`),
            },
          );
        });
      }
      entries.push({
        ...place,
        kind: 'payment',
        amount: child.today,
        paymentId: p.id,
        // A plan taken at the front desk (the demo's) is the office's money, with its note.
        method: p.provider === 'offline' ? 'other' : 'card',
        reference: p.provider === 'offline' ? p.note : null,
        idempotencyKey: key('payment'),
      });
    }
    // Charges first, then discounts, then the payment: one insert keeps that order in `seq`.
    const rank = (e: NewEntry) => (e.kind === 'payment' ? 2 : e.kind === 'discount' ? 1 : 0);
    const ordered = entries.map((e) => ({ ...e, paymentId: p.id })).sort((a, b) => rank(a) - rank(b));
    posted += (await postEntries(tx, ordered, { createdBy: null, now: new Date(p.created) })).length;
  }
  return posted;
}

/**
 * Post the entries of refunds that succeeded and have none yet (all of them, one refund's, or a payment's),
 * and of a payment's automatic full refund (fulfillment's, which has no refund row: `refunded_amount` beyond
 * the refund rows). Each is divided between the payment's children, or goes to the refund's own child. A
 * child who held the place gets a `credit` beside the `refund`. Answers how many entries were posted.
 */
export async function postRefundEntries(
  tx: DbOrTx,
  filter: { refundId: string } | { paymentId: string } | null,
): Promise<number> {
  const whichRefund =
    filter === null
      ? sql`true`
      : 'refundId' in filter
        ? sql`r.id = ${filter.refundId}`
        : sql`r.payment_id = ${filter.paymentId}`;
  const whichPayment =
    filter === null ? sql`true` : 'paymentId' in filter ? sql`p.id = ${filter.paymentId}` : sql`false`;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with back as (
        select 'refund:' || r.id as key, r.id as refund_id, r.payment_id, r.amount, r.student_id as own_child,
          r.updated as created
        from refunds r
        where r.status = 'Succeeded' and ${whichRefund}
          and not exists (select 1 from ledger_entries l where l.refund_id = r.id)
        union all
        select 'payment:' || p.id || ':auto-refund', null, p.id,
          p.refunded_amount - coalesce((select sum(r.amount) from refunds r
            where r.payment_id = p.id and r.status = 'Succeeded'), 0)::int, null, p.created + interval '1 second'
        from payments p
        where p.status = 'Refunded' and ${whichPayment}
      ),
      places as (
        select back.key, e.student_id, bool_or(e.status in ('Enrolled', 'Withdrawn')) as held
        from back join payments p on p.id = back.payment_id
          join class_session_enrollments e on e.payment_id = p.id and e.class_session_id = p.class_session_id
        where back.own_child is null or e.student_id = back.own_child
        group by back.key, e.student_id
      ),
      k as (
        select back.*, p.user_id, p.class_session_id, p.provider, coalesce(places.student_id, back.own_child) as student_id,
          -- No place: a closed family's history (held), or a payment toward the balance, which held none.
          coalesce(places.held, p.class_session_id is not null) as held,
          row_number() over (partition by back.key order by places.student_id)::int as i,
          count(*) over (partition by back.key)::int as n
        from back join payments p on p.id = back.payment_id left join places on places.key = back.key
        where back.amount > 0
      ),
      parts as (
        select k.*, v.part from k cross join lateral (values ('credit'), ('refund')) as v(part)
        where v.part = 'refund' or k.held
      ),
      posted as (
        insert into ledger_entries (payer_user_id, kind, amount, class_session_id, student_id, payment_id,
          refund_id, method, idempotency_key, created)
        select parts.user_id, parts.part, ${share('parts.amount', 'parts')},
          parts.class_session_id, parts.student_id, parts.payment_id, parts.refund_id,
          case when parts.part = 'refund' then (case when parts.provider = 'offline' then 'other' else 'card' end) end,
          parts.key || ':' || parts.part || ':' || coalesce(parts.student_id::text, 'none'),
          parts.created
        from parts
        on conflict (idempotency_key) do nothing
        returning 1
      )
      select count(*)::int as n from posted`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * The ledger's catch-up at start (after the migrations, under the start-up lock): entries for every paid
 * payment and succeeded refund that has none (the money recorded before issue 23). Idempotent.
 */
export async function backfillLedger(db: DbOrTx, timeZone: string): Promise<number> {
  return (await postPaymentEntries(db, timeZone, null)) + (await postRefundEntries(db, null));
}

/** Sums of one place, or of several (cents). */
type SumsRow = {
  class_session_id: number;
  student_id: string | null;
  charged: number;
  paid: number;
  refunded: number;
  due_on: string | null;
};

const sumsColumns = sql`l.class_session_id, l.student_id,
  coalesce(sum(l.charged), 0)::int as charged, coalesce(sum(l.paid), 0)::int as paid,
  coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0)::int as refunded,
  (min(l.due_on) filter (where l.kind in ('charge', 'plan_fee', 'late_fee')))::text as due_on`;

/** The account of each place matching `where` (over `ledger_signed l`). */
async function placeSums(db: DbOrTx, where: SQL): Promise<SumsRow[]> {
  return queryRows<SumsRow>(
    db,
    sql`select ${sumsColumns} from ledger_signed l where ${where} and l.class_session_id is not null
      group by l.class_session_id, l.student_id`,
  );
}

/** A place's key in the maps below: `sessionId:studentId`. */
const placeKey = (classSessionId: number, studentId: string | null) => `${classSessionId}:${studentId ?? ''}`;

/**
 * What falls due on each date for every place matching `where` (over `ledger_place_dues d`, the per-date
 * sums a trigger keeps as entries are posted: migration 0025), keyed by `placeKey`: the charges, fees and
 * late fees by due date, net of the discounts dated with them (a plan's, contract `payment-plan.ts`).
 */
async function placeBuckets(db: DbOrTx, where: SQL): Promise<Map<string, DueBucket[]>> {
  const rows = await queryRows<{
    class_session_id: number;
    student_id: string | null;
    due_on: string;
    amount: number;
  }>(
    db,
    sql`select d.class_session_id,
        nullif(d.student_key, '00000000-0000-0000-0000-000000000000'::uuid) as student_id,
        d.due_on::text as due_on, sum(d.amount)::int as amount
      from ledger_place_dues d
      where ${where}
      group by 1, 2, 3`,
  );
  const byPlace = new Map<string, DueBucket[]>();
  for (const r of rows) {
    const key = placeKey(r.class_session_id, r.student_id);
    byPlace.set(key, [...(byPlace.get(key) ?? []), { dueOn: r.due_on, amount: r.amount }]);
  }
  return byPlace;
}

const toPlace = (
  r: SumsRow,
  today: string,
  names: { sessionName: string; childName: string | null },
  buckets: DueBucket[],
): PlaceAccount => {
  const balance = r.charged - r.paid;
  // Credits, write-offs and undated discounts: what the dated charges add up to beyond what is charged.
  const reductions = buckets.reduce((n, b) => n + b.amount, 0) - r.charged;
  const dues = placeDues(buckets, reductions, r.paid, today);
  const dueOn = balance > 0 ? (dues.dueOn ?? r.due_on) : r.due_on;
  return {
    classSessionId: r.class_session_id,
    sessionName: names.sessionName,
    studentId: r.student_id,
    childName: names.childName,
    charged: r.charged,
    paid: r.paid,
    refunded: r.refunded,
    balance,
    status: accountStatus({ charged: r.charged, paid: r.paid, refunded: r.refunded, dueOn }, today),
    dueOn,
    nextAmount: balance > 0 ? (dues.dueOn ? dues.nextAmount : balance) : 0,
    overdue: balance > 0 ? dues.overdue : 0,
    schedule: dues.schedule,
  };
};

/** Each child's account in a session (the roster), keyed by student id; `today` the center's date. */
export async function sessionPlaceAccounts(
  db: DbOrTx,
  classSessionId: number,
  today: string,
): Promise<Map<string, PlaceAccount>> {
  const [rows, buckets] = await Promise.all([
    placeSums(db, sql`l.class_session_id = ${classSessionId}`),
    placeBuckets(db, sql`d.class_session_id = ${classSessionId}`),
  ]);
  return new Map(
    rows
      .filter((r) => r.student_id !== null)
      .map((r) => [
        r.student_id!,
        toPlace(
          r,
          today,
          { sessionName: '', childName: null },
          buckets.get(placeKey(r.class_session_id, r.student_id)) ?? [],
        ),
      ]),
  );
}

/** One child's place in a session: its account (zeros and `noCharge` when nothing was ever posted). */
export async function placeAccount(
  db: DbOrTx,
  classSessionId: number,
  studentId: string,
  today: string,
): Promise<PlaceAccount> {
  const [[row], buckets] = await Promise.all([
    queryRows<SumsRow & { session_name: string; child_name: string | null }>(
      db,
      sql`select ${classSessionId}::int as class_session_id, ${studentId}::uuid as student_id,
        coalesce(sum(l.charged), 0)::int as charged, coalesce(sum(l.paid), 0)::int as paid,
        coalesce(sum(l.amount) filter (where l.kind = 'refund'), 0)::int as refunded,
        (min(l.due_on) filter (where l.kind in ('charge', 'plan_fee', 'late_fee')))::text as due_on,
        (select name from class_sessions where id = ${classSessionId}) as session_name,
        (select first_name || ' ' || last_name from students where id = ${studentId}) as child_name
      from ledger_signed l where l.class_session_id = ${classSessionId} and l.student_id = ${studentId}`,
    ),
    placeBuckets(db, sql`d.class_session_id = ${classSessionId} and d.student_key = ${studentId}::uuid`),
  ]);
  return toPlace(
    row!,
    today,
    { sessionName: row!.session_name, childName: row!.child_name },
    buckets.get(placeKey(classSessionId, studentId)) ?? [],
  );
}

/**
 * The account of the parents `payerIds` (a family: `familyMemberIds`): every place, every entry oldest first
 * with the running balance, the balance, its status and what is due next (the unpaid place due first).
 * `today` is the center's date.
 */
export async function familyAccount(db: DbOrTx, payerIds: string[], today: string): Promise<FamilyAccount> {
  if (payerIds.length === 0)
    return { balance: 0, status: 'noCharge', nextDue: null, overdue: 0, places: [], entries: [] };
  const payers = sql.join(
    payerIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [sums, entries, buckets] = await Promise.all([
    queryRows<SumsRow & { session_name: string; child_name: string | null }>(
      db,
      sql`select ${sumsColumns}, cs.name as session_name, s.first_name || ' ' || s.last_name as child_name
        from ledger_signed l join class_sessions cs on cs.id = l.class_session_id
        left join students s on s.id = l.student_id
        where l.payer_user_id in (${payers})
        group by l.class_session_id, l.student_id, cs.name, cs.session_start_date, s.first_name, s.last_name
        order by cs.session_start_date, cs.name, s.first_name`,
    ),
    queryRows<{
      id: string;
      created: Date | string;
      kind: LedgerKind;
      signed: number;
      session_name: string | null;
      child_name: string | null;
      method: PaymentMethod | null;
      reference: string | null;
      payer_name: string;
      due_on: string | null;
    }>(
      db,
      sql`select l.id, l.created, l.kind, l.signed, cs.name as session_name,
          s.first_name || ' ' || s.last_name as child_name, l.method, l.reference,
          u.first_name || ' ' || u.last_name as payer_name, l.due_on::text as due_on
        from ledger_signed l join users u on u.id = l.payer_user_id
        left join class_sessions cs on cs.id = l.class_session_id
        left join students s on s.id = l.student_id
        where l.payer_user_id in (${payers})
        order by l.created, l.seq`,
    ),
    placeBuckets(db, sql`d.payer_user_id in (${payers})`),
  ]);
  let running = 0;
  const statement = entries.map((e) => {
    running += e.signed;
    return {
      id: e.id,
      created: new Date(e.created).toISOString(),
      kind: e.kind,
      amount: e.signed,
      sessionName: e.session_name,
      childName: e.child_name,
      method: e.method,
      reference: e.reference,
      payerName: e.payer_name,
      dueOn: e.due_on,
      balanceAfter: running,
    };
  });
  const places = sums.map((r) =>
    toPlace(
      r,
      today,
      { sessionName: r.session_name, childName: r.child_name },
      buckets.get(placeKey(r.class_session_id, r.student_id)) ?? [],
    ),
  );
  const owing = places
    .filter((p) => p.balance > 0)
    .sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999'));
  const first = owing[0];
  // What falls due on the earliest date, over every place that owes on it.
  const sameDay = first ? owing.filter((p) => p.dueOn === first.dueOn) : [];
  const total = {
    charged: places.reduce((n, p) => n + p.charged, 0),
    paid: places.reduce((n, p) => n + p.paid, 0),
    refunded: places.reduce((n, p) => n + p.refunded, 0),
  };
  // The balance is the sum of every entry; money on account with no session counts as paid.
  const balance = running;
  const status: AccountStatus = accountStatus(
    { ...total, paid: total.charged - balance, dueOn: first?.dueOn ?? null },
    today,
  );
  return {
    balance,
    status,
    nextDue: first
      ? {
          amount: sameDay.reduce((n, p) => n + p.nextAmount, 0),
          dueOn: first.dueOn,
          sessionName: [...new Set(sameDay.map((p) => p.sessionName))].join(', '),
        }
      : null,
    overdue: places.reduce((n, p) => n + p.overdue, 0),
    places,
    entries: statement,
  };
}

/** The balance of the parents `payerIds` (cents; above 0 owed, below 0 a credit): one sum, no statement. */
export async function familyBalance(db: DbOrTx, payerIds: string[]): Promise<number> {
  if (payerIds.length === 0) return 0;
  const [row] = await queryRows<{ balance: number }>(
    db,
    sql`select coalesce(sum(signed), 0)::int as balance from ledger_signed
      where payer_user_id in (${sql.join(
        payerIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return row!.balance;
}

/** A session's revenue (cents): what was charged for it net of discounts, credits and write-offs. */
export const sessionRevenueSql = (sessionColumn: SQL) =>
  sql`(select coalesce(sum(l.charged), 0)::int from ledger_signed l where l.class_session_id = ${sessionColumn})`;
