/**
 * Payment plans and what falls due when (issue 23, "Payment plans and autopay"; decision 022, "Plans").
 *
 * A session may offer one plan besides paying in full: a deposit per child at enrollment, the plan's fee per
 * child (paid with the deposit), and the rest of each child's price in instalments on the dates the director
 * sets. The rules, all in integer cents and ISO calendar dates in the center's time zone:
 * - **The price on a plan is the price paid in full:** registration and supply fee, less the sibling discount
 *   exactly as at a checkout (`checkoutLineItems`), plus the plan's fee.
 * - **The deposit never exceeds the child's price** (a deposit larger than a discounted price is cut to it).
 * - **The sibling discount comes off the instalments, not the deposit:** the deposit is what the director set,
 *   and the discounted rest is divided between the instalments.
 * - **The remainder cent goes to the last instalment** (`instalmentAmounts`): $1,500.01 in three is $500.00,
 *   $500.00 and $500.01.
 * - **A plan is offered until its first instalment's date** (`planOpen`): after that, a family pays in full.
 *
 * What is due (`placeDues`): a place's charges each fall due on a date; payments pay the earliest date
 * first, and a credit (a withdrawal's unpaid rest, a move, the office's credit or write-off) takes from the
 * latest first, so cancelling a plan's rest cancels its last instalments. A place is overdue when a date
 * before today still has money owing on it.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';

/** A session's plan as families see it (cents per child; ISO dates, ascending), or null: pay in full only. */
export const PaymentPlanSchema = z.object({
  /** Paid at enrollment, per child. */
  deposit: z.number().int(),
  /** The plan's fee per child, paid with the deposit (0: none). */
  fee: z.number().int(),
  /** The instalments' due dates, ascending. */
  dueDates: z.array(z.string()),
  /**
   * Cents added once to an instalment still unpaid `lateFeeDays` days after its date (the session's late fee
   * policy, issue 23); missing or 0: none.
   */
  lateFee: z.number().int().optional(),
  lateFeeDays: z.number().int().optional(),
});
export type PaymentPlan = z.infer<typeof PaymentPlanSchema>;

/** At most this many instalments in a plan (a school year paid monthly). */
export const MAX_INSTALMENTS = 12;

/** The session form's plan fields (issue 23): no deposit means the session offers no plan. */
export const paymentPlanInputFields = {
  planDeposit: z
    .number({ error: fieldMessage('fields.billing.planDepositWholeCents') })
    .int(fieldMessage('fields.billing.planDepositWholeCents'))
    .min(0, fieldMessage('fields.billing.planDepositWholeCents'))
    .max(10_000_000, fieldMessage('fields.billing.planDepositWholeCents'))
    .nullish()
    .transform((v) => v ?? null),
  planFee: z
    .number({ error: fieldMessage('fields.billing.planFeeWholeCents') })
    .int(fieldMessage('fields.billing.planFeeWholeCents'))
    .min(0, fieldMessage('fields.billing.planFeeWholeCents'))
    .max(1_000_000, fieldMessage('fields.billing.planFeeWholeCents'))
    .default(0),
  planDueDates: z
    .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, fieldMessage('fields.billing.planDatesAscending')))
    .max(MAX_INSTALMENTS, fieldMessage('fields.billing.planAtMostInstalments', { max: MAX_INSTALMENTS }))
    .default([]),
  /** Cents, up to $500.00; 0 for no late fee. */
  planLateFee: z
    .number({ error: fieldMessage('fields.billing.lateFeeWholeCents') })
    .int(fieldMessage('fields.billing.lateFeeWholeCents'))
    .min(0, fieldMessage('fields.billing.lateFeeWholeCents'))
    .max(50_000, fieldMessage('fields.billing.lateFeeWholeCents'))
    .default(0),
  /** Whole days after an instalment's date, 1 to 60. */
  planLateFeeDays: z
    .number({ error: fieldMessage('fields.billing.lateFeeDays') })
    .int(fieldMessage('fields.billing.lateFeeDays'))
    .min(1, fieldMessage('fields.billing.lateFeeDays'))
    .max(60, fieldMessage('fields.billing.lateFeeDays'))
    .default(7),
};

/**
 * The plan fields' cross-field refusal, or null: a plan needs 1–12 instalment dates, each a real date, in
 * ascending order, none after the session's last day. Answers the field and the message code.
 */
export function paymentPlanError(s: {
  planDeposit: number | null;
  planDueDates: string[];
  sessionEndDate: string;
}): { path: 'planDueDates'; message: string } | null {
  if (s.planDeposit === null) return null;
  if (s.planDueDates.length === 0)
    return { path: 'planDueDates', message: fieldMessage('fields.billing.planNeedsDates') };
  const real = s.planDueDates.every((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  });
  const ascending = s.planDueDates.every((d, i) => i === 0 || s.planDueDates[i - 1]! < d);
  if (!real || !ascending)
    return { path: 'planDueDates', message: fieldMessage('fields.billing.planDatesAscending') };
  if (s.planDueDates.some((d) => d > s.sessionEndDate))
    return { path: 'planDueDates', message: fieldMessage('fields.billing.planDatesInSession') };
  return null;
}

/** The session's plan from its columns (null when it offers none). */
export function planOf(row: {
  planDeposit: number | null;
  planFee: number;
  planDueDates: string[];
  planLateFee?: number;
  planLateFeeDays?: number;
}): PaymentPlan | null {
  if (row.planDeposit === null || row.planDueDates.length === 0) return null;
  const plan: PaymentPlan = { deposit: row.planDeposit, fee: row.planFee, dueDates: [...row.planDueDates] };
  if (row.planLateFee) return { ...plan, lateFee: row.planLateFee, lateFeeDays: row.planLateFeeDays ?? 7 };
  return plan;
}

/** Whether families may still choose `plan` on the center's date `today`: until its first instalment's date. */
export function planOpen(plan: PaymentPlan | null, today: string): plan is PaymentPlan {
  return plan !== null && plan.dueDates.length > 0 && today < plan.dueDates[0]!;
}

/**
 * `total` cents in `parts` instalments: each `total / parts` rounded down, the remainder cents on the last
 * (issue 23: "the remainder cent goes to the last instalment"). Throws on a negative or fractional total or
 * fewer than one part.
 */
export function instalmentAmounts(total: number, parts: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`cannot divide ${total} cents`);
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`cannot divide into ${parts} instalments`);
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => (i === parts - 1 ? total - base * (parts - 1) : base));
}

/** One instalment of a child's plan: its date and amount (cents), and the sibling discount inside it. */
export type Instalment = { dueOn: string; amount: number; discount: number };

/** A child's plan: what is paid today and each instalment after it (cents). */
export type ChildPlan = {
  /** The child's price paid in full: registration and supply fee less the sibling discount (no plan fee). */
  price: number;
  deposit: number;
  fee: number;
  /** deposit + fee: charged at the checkout. */
  today: number;
  instalments: Instalment[];
};

/**
 * One child's schedule on `plan`: `gross` is the child's registration and supply fee, `discount` the sibling
 * discount their place gets (cents). The deposit is the plan's, cut to the discounted price; the rest is
 * divided between the instalments, remainder to the last; the discount is divided the same way, so each
 * instalment's `discount` is the part of the discount it carries (what the ledger posts beside its charge).
 * Throws on a discount larger than the price.
 */
export function childPlan(plan: PaymentPlan, gross: number, discount: number): ChildPlan {
  if (discount > gross) throw new RangeError(`a discount of ${discount} exceeds the price ${gross}`);
  const price = gross - discount;
  const deposit = Math.min(plan.deposit, price);
  const rest = instalmentAmounts(price - deposit, plan.dueDates.length);
  // With nothing left to pay in instalments the discount stays with the deposit (see `postPlanEntries`).
  const discounts =
    price - deposit === 0 ? plan.dueDates.map(() => 0) : instalmentAmounts(discount, plan.dueDates.length);
  return {
    price,
    deposit,
    fee: plan.fee,
    today: deposit + plan.fee,
    instalments: plan.dueDates.map((dueOn, i) => ({ dueOn, amount: rest[i]!, discount: discounts[i]! })),
  };
}

/** A family's schedule on a plan: today's total and each date's total over its children (cents). */
export function familyPlanSchedule(children: ChildPlan[]): {
  today: number;
  instalments: { dueOn: string; amount: number }[];
  total: number;
} {
  const today = children.reduce((n, c) => n + c.today, 0);
  const byDate = new Map<string, number>();
  for (const c of children)
    for (const i of c.instalments) byDate.set(i.dueOn, (byDate.get(i.dueOn) ?? 0) + i.amount);
  const instalments = [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([dueOn, amount]) => ({ dueOn, amount }));
  return { today, instalments, total: today + instalments.reduce((n, i) => n + i.amount, 0) };
}

/** Cents charged on a place that fall due on `dueOn` (net of the discount dated with them). */
export type DueBucket = { dueOn: string; amount: number };

/** A date's charge and what of it is still owed (cents). */
export type DueLine = DueBucket & { owing: number };

/** What a place owes when (`placeDues`). */
export type PlaceDues = {
  /** Every date, ascending, with what is still owed on it. */
  schedule: DueLine[];
  /** The earliest date with money owing, or null. */
  dueOn: string | null;
  /** What is owed on that date. */
  nextAmount: number;
  /** What is owed on dates before `today`. */
  overdue: number;
};

/**
 * What a place owes on each date (see the module comment): `buckets` are the place's charges by due date,
 * net of the discounts dated with them; `reductions` the credits, write-offs and undated discounts (cents,
 * ≥ 0), taken from the latest date first; `paid` the money applied to the place (net of refunds), taken from
 * the earliest first. `today` is the center's date.
 */
export function placeDues(
  buckets: ReadonlyArray<DueBucket>,
  reductions: number,
  paid: number,
  today: string,
): PlaceDues {
  const sorted = [...buckets].sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  const left = sorted.map((b) => Math.max(0, b.amount));
  let credit = Math.max(0, reductions);
  for (let i = left.length - 1; i >= 0 && credit > 0; i--) {
    const take = Math.min(left[i]!, credit);
    left[i] = left[i]! - take;
    credit -= take;
  }
  let money = Math.max(0, paid);
  for (let i = 0; i < left.length && money > 0; i++) {
    const take = Math.min(left[i]!, money);
    left[i] = left[i]! - take;
    money -= take;
  }
  const schedule = sorted.map((b, i) => ({ dueOn: b.dueOn, amount: b.amount, owing: left[i]! }));
  const next = schedule.find((l) => l.owing > 0) ?? null;
  return {
    schedule,
    dueOn: next?.dueOn ?? null,
    nextAmount: next?.owing ?? 0,
    overdue: schedule.filter((l) => l.dueOn < today).reduce((n, l) => n + l.owing, 0),
  };
}

/**
 * A checkout's plan as stored on its payment (`payments.plan`): the session's plan when the family chose it
 * and each child's price parts (cents), so fulfillment posts exactly the schedule the family saw.
 */
export type StoredPlan = PaymentPlan & {
  children: { studentId: string; gross: number; discount: number }[];
};

/** Each child's plan of a stored plan, in the order stored (student id order). */
export const childPlansOf = (stored: StoredPlan): (ChildPlan & { studentId: string })[] =>
  stored.children.map((c) => ({ studentId: c.studentId, ...childPlan(stored, c.gross, c.discount) }));

/** A checkout's schedule as the family reads it (cents): today, then each date's total over its children. */
export const PlanScheduleSchema = z.object({
  deposit: z.number().int(),
  fee: z.number().int(),
  /** Deposits and fees, charged at the checkout. */
  today: z.number().int(),
  instalments: z.array(z.object({ dueOn: z.string(), amount: z.number().int() })),
  /** Everything the plan costs: today plus every instalment. */
  total: z.number().int(),
});
export type PlanSchedule = z.infer<typeof PlanScheduleSchema>;

/** The family's schedule of a stored plan. */
export function planScheduleOf(stored: StoredPlan): PlanSchedule {
  const children = childPlansOf(stored);
  return { deposit: stored.deposit, fee: stored.fee, ...familyPlanSchedule(children) };
}

/**
 * The plan of a checkout for children with these price parts: `gross` per child (registration and supply
 * fee) and the checkout's sibling `discount` in cents, divided between the children in student id order (the
 * first `discount % n` a cent more, as the ledger divides it). Answers the stored plan and today's charge.
 */
export function planForCheckout(
  plan: PaymentPlan,
  studentIds: string[],
  gross: number,
  discount: number,
): { stored: StoredPlan; today: number } {
  const ids = [...studentIds].sort();
  const n = ids.length;
  const base = Math.floor(discount / n);
  const children = ids.map((studentId, i) => ({
    studentId,
    gross,
    discount: base + (i < discount % n ? 1 : 0),
  }));
  const stored: StoredPlan = { ...plan, dueDates: [...plan.dueDates], children };
  return { stored, today: childPlansOf(stored).reduce((sum, c) => sum + c.today, 0) };
}
