/**
 * The family account (issue 23, decision 022): the ledger's shapes and the pure rules every reader shares.
 *
 * Units: every amount is integer cents. A balance is what the family owes: above 0 a balance due, below 0 a
 * credit on account. Calendar dates are "YYYY-MM-DD" in the center's time zone; instants are ISO date-times.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';

/** Ledger entry kinds; the sign each carries is in `SIGN_OF_KIND` (and the database view `ledger_signed`). */
export const LEDGER_KINDS = [
  'charge',
  'plan_fee',
  'late_fee',
  'discount',
  'credit',
  'write_off',
  'payment',
  'refund',
  'transfer_in',
  'transfer_out',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * +1: the entry adds to what the payer owes (a charge, a fee, money given back, applied money moved away);
 * −1: it takes from it (a discount, a credit, a write-off, a payment, applied money moved in).
 */
export const SIGN_OF_KIND: Record<LedgerKind, 1 | -1> = {
  charge: 1,
  plan_fee: 1,
  late_fee: 1,
  refund: 1,
  transfer_out: 1,
  discount: -1,
  credit: -1,
  write_off: -1,
  payment: -1,
  transfer_in: -1,
};

/** How money moved: a card or a bank debit through the provider, or the office's cash, check or agency. */
export const PAYMENT_METHODS = ['card', 'bank_debit', 'cash', 'check', 'subsidy', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The methods the office records by hand. */
export const OFFICE_METHODS = ['cash', 'check', 'subsidy', 'other'] as const;

/**
 * What is true of a place's (or a family's) money, in the order the rule below decides it:
 * - `credit`: paid more than charged (a balance below 0);
 * - `refunded`: money was paid and all of it went back;
 * - `noCharge`: nothing charged and nothing paid (a free session, or a place credited in full);
 * - `paid`: a balance of 0;
 * - `overdue`: a balance above 0 and its due date has passed;
 * - `partlyPaid`: a balance above 0 and something paid;
 * - `due`: a balance above 0, nothing paid, due on a date still ahead (or none given).
 */
export const ACCOUNT_STATUSES = [
  'paid',
  'partlyPaid',
  'due',
  'overdue',
  'refunded',
  'credit',
  'noCharge',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The sums a status is read from (cents): `charged` net of discounts and credits, `paid` net of refunds. */
export type AccountSums = {
  charged: number;
  paid: number;
  /** Cents given back (refund entries), ≥ 0. */
  refunded: number;
  /** The earliest due date of a charge, or null. */
  dueOn: string | null;
};

/** A place's or a family's status (see `ACCOUNT_STATUSES`); `today` is the center's date. */
export function accountStatus(sums: AccountSums, today: string): AccountStatus {
  const balance = sums.charged - sums.paid;
  if (balance < 0) return 'credit';
  if (sums.refunded > 0 && sums.paid <= 0) return 'refunded';
  if (balance === 0) return sums.charged === 0 && sums.paid === 0 ? 'noCharge' : 'paid';
  if (sums.dueOn !== null && sums.dueOn < today) return 'overdue';
  return sums.paid > 0 ? 'partlyPaid' : 'due';
}

/**
 * Divide `total` cents into `parts` shares that add up to it exactly (the largest-remainder rule for equal
 * weights): every share is `total / parts` rounded down, and the first `total % parts` shares get one cent
 * more. Throws on a negative or fractional total or fewer than one part.
 */
export function splitCents(total: number, parts: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`cannot split ${total} cents`);
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`cannot split into ${parts} parts`);
  const base = Math.floor(total / parts);
  const extra = total % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

const cents = z.number().int();

/** One place's money: a child's session, summed over the family's entries for it. */
export const PlaceAccountSchema = z.object({
  classSessionId: z.number().int(),
  sessionName: z.string(),
  studentId: z.string().nullable(),
  childName: z.string().nullable(),
  /** Charged net of discounts, credits and write-offs. */
  charged: cents,
  /** Paid net of refunds (and of money moved to another session). */
  paid: cents,
  refunded: cents,
  /** charged − paid: above 0 due, below 0 a credit. */
  balance: cents,
  status: z.enum(ACCOUNT_STATUSES),
  /** The earliest date with money still owing (`placeDues`), else the earliest charge's date, or null. */
  dueOn: z.string().nullable(),
  /** Cents owing on `dueOn` (a plan's next instalment; the whole balance when everything falls due at once). */
  nextAmount: cents,
  /** Cents owing on dates already passed. */
  overdue: cents,
  /** Each date the place's charges fall due, with what is still owed on it (a plan's schedule). */
  schedule: z.array(z.object({ dueOn: z.string(), amount: cents, owing: cents })),
});
export type PlaceAccount = z.infer<typeof PlaceAccountSchema>;

/** One statement line: a ledger entry with its signed amount and the balance after it. */
export const StatementEntrySchema = z.object({
  id: z.string(),
  created: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed cents: + adds to what is owed, − takes from it. */
  amount: cents,
  sessionName: z.string().nullable(),
  childName: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string().nullable(),
  payerName: z.string(),
  dueOn: z.string().nullable(),
  /** The family's balance after this entry (cents). */
  balanceAfter: cents,
});
export type StatementEntry = z.infer<typeof StatementEntrySchema>;

/** The month ("YYYY-MM") an instant (ISO) falls in, in the IANA time zone `timeZone`. */
export function monthIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
    .format(new Date(iso))
    .slice(0, 7);
}

/**
 * One month of a family's statement (issue 23, the monthly PDF): `entries` oldest first with the running
 * balance after each (cents), `month` "YYYY-MM" in the center's time zone `timeZone`. The opening balance is the
 * balance after the last entry before the month (0 without one); `entries` are the month's own; the closing
 * balance is the balance after the month's last entry, or the opening when the month has none.
 */
export function statementMonth<E extends { created: string; balanceAfter: number }>(
  entries: readonly E[],
  month: string,
  timeZone: string,
): { opening: number; entries: E[]; closing: number } {
  const before = entries.filter((e) => monthIn(e.created, timeZone) < month);
  const within = entries.filter((e) => monthIn(e.created, timeZone) === month);
  const opening = before.at(-1)?.balanceAfter ?? 0;
  return { opening, entries: within, closing: within.at(-1)?.balanceAfter ?? opening };
}

/** `GET /api/Billing/Account` (and the staff family page): the family's account. */
export const FamilyAccountSchema = z.object({
  /** Cents: above 0 owed, below 0 a credit on account. */
  balance: cents,
  status: z.enum(ACCOUNT_STATUSES),
  /**
   * The earliest date with money owing and what is owed on it over every place (the sessions' names joined),
   * or null when nothing is due.
   */
  nextDue: z.object({ amount: cents, dueOn: z.string().nullable(), sessionName: z.string() }).nullable(),
  /** Cents owing on dates already passed, over every place. */
  overdue: cents,
  places: z.array(PlaceAccountSchema),
  /** Oldest first, each with the running balance. */
  entries: z.array(StatementEntrySchema),
});
export type FamilyAccount = z.infer<typeof FamilyAccountSchema>;

const usd = (cents: number) =>
  `${cents < 0 ? '−' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A place's money in the office's words (the roster's Payment column and its CSV, the staff screens, which
 * are in English): "Paid", "Partly paid: $355.00 due Dec 15, 2026", "Due: $455.00 on Dec 15, 2026",
 * "Overdue: $355.00 since Dec 1, 2026", "Refunded", "Credit: $50.00", "No charge".
 */
export function placeStatusText(
  place: Pick<PlaceAccount, 'status' | 'balance' | 'dueOn'> &
    Partial<Pick<PlaceAccount, 'nextAmount' | 'overdue'>>,
): string {
  const due = place.dueOn ? shortDate(place.dueOn) : null;
  // On a plan, what falls due on the next date (or has passed) is only part of the balance.
  const next = place.nextAmount ?? place.balance;
  const late = place.overdue ?? place.balance;
  const inAll = ` (${usd(place.balance)} in all)`;
  switch (place.status) {
    case 'paid':
      return 'Paid';
    case 'partlyPaid':
      if (due && next > 0 && next < place.balance)
        return `Partly paid: ${usd(place.balance)} left, next ${usd(next)} due ${due}`;
      return `Partly paid: ${usd(place.balance)} due${due ? ` ${due}` : ''}`;
    case 'due':
      if (due && next > 0 && next < place.balance) return `Due: ${usd(next)} on ${due}${inAll}`;
      return `Due: ${usd(place.balance)}${due ? ` on ${due}` : ''}`;
    case 'overdue':
      if (due && late > 0 && late < place.balance) return `Overdue: ${usd(late)} since ${due}${inAll}`;
      return `Overdue: ${usd(place.balance)}${due ? ` since ${due}` : ''}`;
    case 'refunded':
      return 'Refunded';
    case 'credit':
      return `Credit: ${usd(-place.balance)}`;
    case 'noCharge':
      return 'No charge';
  }
}

/** `POST /api/Billing/Pay` body: cents to pay toward the family's balance ("pay now"). */
export const PayBalanceInputSchema = z.object({
  amount: z
    .number({ error: fieldMessage('fields.billing.enterAmountToPay') })
    .int(fieldMessage('fields.billing.enterAmountToPay'))
    .min(100, fieldMessage('fields.billing.enterAmountToPay'))
    .max(10_000_000, fieldMessage('fields.billing.enterAmountToPay')),
});
export type PayBalanceInput = z.infer<typeof PayBalanceInputSchema>;

/** The checkout to send the browser to. */
export const PayBalanceResultSchema = z.object({ paymentId: z.string(), checkoutUrl: z.string() });
export type PayBalanceResult = z.infer<typeof PayBalanceResultSchema>;
