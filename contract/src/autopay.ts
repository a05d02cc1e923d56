/**
 * Autopay (issue 23, decision 023): the card or US bank account a parent saved, the instalments it will pay,
 * what each automatic payment did, and the director's list of failed payments. Amounts are integer cents;
 * dates are "YYYY-MM-DD" in the center's time zone; instants are ISO date-times.
 */
import { z } from 'zod';

const cents = z.number().int();

/** Days after an instalment's date each automatic attempt is made: on the date, then 1, 3 and 5 days later. */
export const AUTOPAY_RETRY_DAYS = [0, 1, 3, 5] as const;

/**
 * The date of the next automatic attempt at an instalment due `dueOn` ("YYYY-MM-DD") after `attempt` attempts
 * were made (1 = the first, on the date), or null when `attempt` was the last: 2026-12-01 after 1 → 2026-12-02.
 */
export function nextTryOn(dueOn: string, attempt: number): string | null {
  const days = AUTOPAY_RETRY_DAYS[attempt];
  if (days === undefined) return null;
  // Calendar arithmetic on the date alone (no time zone is involved; dayjs stays out of this entry point).
  const date = new Date(`${dueOn}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const SAVED_METHOD_KINDS = ['card', 'us_bank_account'] as const;
export const AUTOPAY_STATUSES = ['charging', 'processing', 'succeeded', 'failed', 'action_required'] as const;
export type AutopayAttemptStatus = (typeof AUTOPAY_STATUSES)[number];

/** A saved card or bank account as the portal shows it (never a number the provider keeps). */
export const SavedMethodSchema = z.object({
  kind: z.enum(SAVED_METHOD_KINDS),
  /** Card brand ('visa', 'mastercard', …) or the bank's name. */
  label: z.string(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  /** Instalments are charged to it on their dates. */
  autopay: z.boolean(),
  /** When it was saved (ISO instant). */
  saved: z.string(),
  /** The co-parent's first name when the method is theirs; null when it is the caller's own. */
  ownerName: z.string().nullable(),
});
export type SavedMethodView = z.infer<typeof SavedMethodSchema>;

/** One automatic payment attempt of an instalment. */
export const AutopayAttemptSchema = z.object({
  id: z.string(),
  dueOn: z.string(),
  amount: cents,
  sessionName: z.string(),
  childName: z.string().nullable(),
  /** 1 on the due date, 2–4 the retries. */
  attempt: z.number().int(),
  status: z.enum(AUTOPAY_STATUSES),
  /** The provider's decline code when it failed ('insufficient_funds', 'authentication_required', …). */
  failureCode: z.string().nullable(),
  /** The date the next attempt is made, when this one failed and one is left. */
  nextTryOn: z.string().nullable(),
  /** A later attempt of the same instalment was made since (this one's next try happened). */
  retried: z.boolean(),
  method: z.object({ kind: z.enum(SAVED_METHOD_KINDS), label: z.string(), last4: z.string() }),
  created: z.string(),
});
export type AutopayAttempt = z.infer<typeof AutopayAttemptSchema>;

/** `GET /api/Billing/Autopay`: the method in use, the instalments to come, the latest attempts. */
export const AutopayStatusSchema = z.object({
  method: SavedMethodSchema.nullable(),
  /** The family's instalments still owing on or after today, earliest first (at most 12). */
  upcoming: z.array(
    z.object({ dueOn: z.string(), amount: cents, sessionName: z.string(), childName: z.string().nullable() }),
  ),
  /** Newest first (at most 10). */
  attempts: z.array(AutopayAttemptSchema),
});
export type AutopayStatus = z.infer<typeof AutopayStatusSchema>;

/** `PUT /api/Billing/Autopay`: turn automatic payments on or off for the caller's saved method. */
export const AutopaySettingSchema = z.object({ enabled: z.boolean() });
export type AutopaySetting = z.infer<typeof AutopaySettingSchema>;

/** `POST /api/Billing/Autopay/Setup`: where to save a card or bank account. */
export const AutopaySetupSchema = z.object({ checkoutUrl: z.string() });

/** The return of a setup checkout (`?method=<checkout id>` on Billing). */
export const SetupCheckoutParamsSchema = z.object({ checkoutId: z.string().min(1).max(255) });

/** A row of the director's failed payments list: the latest failed attempt of an instalment still owing. */
export const FailedPaymentSchema = AutopayAttemptSchema.extend({
  familyName: z.string(),
  payerUserId: z.string(),
  /** What is still owed on the instalment now (cents). */
  owing: cents,
});
export type FailedPayment = z.infer<typeof FailedPaymentSchema>;
export const FailedPaymentListSchema = z.object({ items: z.array(FailedPaymentSchema), total: cents });
export type FailedPaymentList = z.infer<typeof FailedPaymentListSchema>;

/** `GET /api/Billing/Statements`: the months (newest first) and years a statement can be downloaded for. */
export const StatementIndexSchema = z.object({
  months: z.array(z.string()),
  years: z.array(z.number().int()),
});
export type StatementIndex = z.infer<typeof StatementIndexSchema>;
/** A calendar month, "YYYY-MM". */
export const StatementMonthParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM, like 2026-11.'),
});
/** A calendar year. */
export const StatementYearParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

/** "Visa ending 4242" / "Test Bank account ending 6789" (English; the web says it in the reader's language). */
export function methodName(method: {
  kind: 'card' | 'us_bank_account';
  label: string;
  last4: string;
}): string {
  const label = method.label.charAt(0).toUpperCase() + method.label.slice(1);
  return method.kind === 'card'
    ? `${label} ending ${method.last4}`
    : `${label} account ending ${method.last4}`;
}
