/**
 * The registration emails: enrollment confirmed (with the receipt), a waitlist seat offered, an offer that
 * lapsed, and a payment refunded because its seat was gone. Links are built from APP_URL (config).
 *
 * Each mail is in the family's language (`language`: the parent's `users.language`, issue 14; English when
 * missing), its words in `i18n/locales`. A receipt's lines are stored in English (the payment's line items);
 * in Spanish the lines the checkout writes ("… — registration", "… — supply fee", the sibling discount) are
 * given in Spanish, and any other line is shown as stored.
 */
import {
  type LineItem,
  type PlanSchedule,
  routes,
  SIBLING_DISCOUNT_LINE,
  siblingDiscountOf,
} from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import {
  dayAndTimeIn,
  familyText,
  longDateIn,
  type MailT,
  mailLanguage,
  mailT,
  moneyIn,
  namesIn,
} from '../../i18n/family-mail.ts';

/** "Maya", "Maya and Theo", "Maya, Theo and Ava" (in Spanish "Maya, Theo y Ava"). */
export function listNames(names: ReadonlyArray<string>, language = 'en'): string {
  return namesIn(language, names);
}

/** A stored (English) line description in the family's language, when it is one the checkout writes. */
function lineDescription(t: MailT, line: LineItem, language: string): string {
  if (mailLanguage(language) === 'en') return line.description;
  const registration = /^(.*) — registration$/.exec(line.description);
  if (registration) return t('receiptLine.registration', { session: registration[1]! });
  const supplyFee = /^(.*) — supply fee$/.exec(line.description);
  if (supplyFee) return t('receiptLine.supplyFee', { session: supplyFee[1]! });
  const sibling = new RegExp(`^${SIBLING_DISCOUNT_LINE} \\((.+) off (a|each) brother or sister\\)$`).exec(
    line.description,
  );
  if (sibling)
    return t('receiptLine.siblingDiscount', { value: sibling[1]!, count: sibling[2] === 'a' ? 1 : 2 });
  return line.description;
}

/**
 * A payment's lines as the receipt lists them (cents formatted as dollars): "  Name — registration × 2:
 * $600.00"; a discount line without its count, "  Sibling discount (10% off a brother or sister): -$30.00".
 */
export function receiptLines(lineItems: ReadonlyArray<LineItem>, language = 'en'): string[] {
  const t = mailT(language);
  return lineItems.map((l) => {
    const description = lineDescription(t, l, language);
    return l.amount < 0
      ? `  ${description}: ${moneyIn(l.amount, language)}`
      : `  ${description} × ${l.quantity}: ${moneyIn(l.amount, language)}`;
  });
}

/**
 * "You're enrolled", with the receipt: every line of the payment (the sibling discount as its own line and a
 * sentence saying what it saved) and the total paid, `total` in cents.
 */
export function enrollmentConfirmedMail(args: {
  to: string;
  parentName: string;
  sessionName: string;
  sessionId: number;
  childNames: string[];
  lineItems: LineItem[];
  total: number;
  /** A checkout on a payment plan (issue 23): what was paid today and each instalment to come. */
  plan?: PlanSchedule | null;
  receiptUrl: string | null;
  appUrl: string;
  language?: string;
}): MailMessage {
  const language = args.language ?? 'en';
  const t = mailT(language);
  const saved = siblingDiscountOf(args.lineItems);
  const plan = args.plan ?? null;
  const paid = plan
    ? [
        t(plan.fee > 0 ? 'enrollmentConfirmed.planPaid' : 'enrollmentConfirmed.planPaidNoFee', {
          amount: moneyIn(plan.today, language),
        }),
        `${t('enrollmentConfirmed.planRest')}\n${plan.instalments
          .map(
            (i) =>
              `  ${t('enrollmentConfirmed.planLine', { date: longDateIn(i.dueOn, language), amount: moneyIn(i.amount, language) })}`,
          )
          .join('\n')}\n  ${t('enrollmentConfirmed.planTotal', { amount: moneyIn(plan.total, language) })}`,
        t('enrollmentConfirmed.planHow', { link: `${args.appUrl}${routes.billing}` }),
      ]
    : [
        `${t('enrollmentConfirmed.paid')}\n${receiptLines(args.lineItems, language).join('\n')}\n  ${t('enrollmentConfirmed.total', { amount: moneyIn(args.total, language) })}`,
      ];
  return {
    to: args.to,
    subject: t('enrollmentConfirmed.subject', { session: args.sessionName }),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('enrollmentConfirmed.enrolled', {
        children: listNames(args.childNames, language),
        session: args.sessionName,
        count: args.childNames.length > 1 ? args.childNames.length : 1,
      }),
      ...paid,
      ...(saved > 0 ? [t('enrollmentConfirmed.saved', { amount: moneyIn(saved, language) })] : []),
      ...(args.receiptUrl ? [t('enrollmentConfirmed.receipt', { url: args.receiptUrl })] : []),
      t('enrollmentConfirmed.portal', { link: `${args.appUrl}${routes.mySession(args.sessionId)}` }),
      t('enrollmentConfirmed.beforeFirstDay'),
    ),
  };
}

export function seatOfferedMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
  sessionId: number;
  expires: Date;
  timeZone: string;
  appUrl: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const names = { child: args.childName, session: args.sessionName };
  return {
    to: args.to,
    subject: t('seatOffered.subject', names),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('seatOffered.body', { ...names, until: dayAndTimeIn(args.expires, args.timeZone, args.language) }),
      t('seatOffered.enroll', { link: `${args.appUrl}${routes.enroll(args.sessionId)}` }),
      t('seatOffered.noNeed'),
    ),
  };
}

export function offerLapsedMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const names = { child: args.childName, session: args.sessionName };
  return {
    to: args.to,
    subject: t('offerLapsed.subject', names),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('offerLapsed.body', names),
      t('offerLapsed.again'),
    ),
  };
}

/** `sessionName` null: the payment's session is unknown ("the session"). */
export function paymentRefundedMail(args: {
  to: string;
  parentName: string;
  sessionName: string | null;
  amount: number;
  refunded: boolean;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const session = args.sessionName ?? t('theSession');
  const amount = moneyIn(args.amount, args.language);
  return {
    to: args.to,
    subject: t('paymentRefunded.subject', { session }),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t(args.refunded ? 'paymentRefunded.refunded' : 'paymentRefunded.refunding', { session, amount }),
      t('paymentRefunded.waitlist'),
    ),
  };
}
