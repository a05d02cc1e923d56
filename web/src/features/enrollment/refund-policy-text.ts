/**
 * A session's money rules in the family's language (issue 14): the refund policy sentences, the policy dates
 * and the sibling discount. The contract's `describeRefundPolicy`, `formatPolicyDate` and
 * `describeSiblingDiscount` (`family-money.ts`) say them in English for the API and its emails; these build
 * the same sentences from the same inputs with the messages under `enroll.refundPolicy` / `enroll.sibling`,
 * word for word the contract's in English (`refund-policy-text.test.ts` compares them).
 */
import {
  formatCents,
  formatPolicyDate,
  fullRefundUntil,
  type Language,
  type RefundPolicy,
  type SiblingDiscount,
} from '@lc/contract';
import { i18n } from '../../i18n/i18n.ts';

/** The language to speak: the one given, or the one shown now. */
export function languageOf(language?: Language): Language {
  return language ?? (i18n.language === 'es' ? 'es' : 'en');
}

/** The `Intl` locale of a language (as `intlLocale()`). */
export const localeOf = (language: Language) => (language === 'es' ? 'es-US' : 'en-US');

/** "Friday, January 2, 2026" / "viernes, 2 de enero de 2026" for an ISO date (contract `formatPolicyDate`). */
export function formatPolicyDay(date: string, language?: Language): string {
  return formatPolicyDate(date, localeOf(languageOf(language)));
}

/**
 * The refund policy in plain words, one sentence per rule (contract `describeRefundPolicy`). `supplyFee` is
 * cents; `null` means the session has a supply fee whose amount is not known here (the withdraw dialog's
 * quote does not carry it), said without the amount.
 */
export function refundPolicySentences(
  policy: RefundPolicy,
  session: { sessionStartDate: string; supplyFee: number | null },
  language?: Language,
): string[] {
  const lng = languageOf(language);
  const t = i18n.getFixedT(lng);
  const until = fullRefundUntil(policy, session.sessionStartDate);
  const count = policy.refundFullDaysBefore;
  const lines = [
    count === 0
      ? t('enroll.refundPolicy.fullByFirstDay', { date: formatPolicyDay(session.sessionStartDate, lng) })
      : t('enroll.refundPolicy.fullBy', { date: formatPolicyDay(until, lng), count }),
    policy.refundPercentAfter === 0
      ? t('enroll.refundPolicy.afterNothing')
      : policy.refundPercentAfter === 100
        ? t('enroll.refundPolicy.afterWhole')
        : t('enroll.refundPolicy.afterPercent', { percent: policy.refundPercentAfter }),
  ];
  const fee = session.supplyFee;
  if (fee === null || fee > 0) {
    const laterDate = policy.supplyFeeRefundUntil && policy.supplyFeeRefundUntil > until;
    const date =
      laterDate && policy.supplyFeeRefundUntil ? formatPolicyDay(policy.supplyFeeRefundUntil, lng) : '';
    if (fee === null)
      lines.push(
        laterDate
          ? t('enroll.refundPolicy.supplyFeeUntilNoAmount', { date })
          : t('enroll.refundPolicy.supplyFeeFullPeriodNoAmount'),
      );
    else {
      const amount = formatCents(fee, localeOf(lng));
      lines.push(
        laterDate
          ? t('enroll.refundPolicy.supplyFeeUntil', { fee: amount, date })
          : t('enroll.refundPolicy.supplyFeeFullPeriod', { fee: amount }),
      );
    }
  }
  return lines;
}

/**
 * What one additional child gets off, without the word "off": "10%" or "$25.00" (the contract's
 * `describeSiblingDiscount` says "10% off"), or null without a discount.
 */
export function siblingDiscountAmount(discount: SiblingDiscount, language?: Language): string | null {
  if (discount.siblingDiscountType === 'Percent') return `${discount.siblingDiscountValue}%`;
  if (discount.siblingDiscountType === 'Amount')
    return formatCents(discount.siblingDiscountValue, localeOf(languageOf(language)));
  return null;
}
