/**
 * The emails a family gets when the office changes their child's place or gives money back (issue 10):
 * a refund made, a child withdrawn or moved, a child enrolled by the office, a waitlist place ended; and a
 * parent's withdrawal in the portal (issue 13), to each parent and to the center.
 *
 * A family's mail is in the parent's language (`language`: their `users.language`, issue 14; English when
 * missing; words in `i18n/locales`). What the office typed for the family (a withdrawal's message to the
 * family, a payment's note) is quoted as written; a withdrawal's internal note is never mailed (decision 018).
 * Each mail is built for one parent; the callers send it to every parent of the family who gets mail
 * (`familyRecipients`, decision 018). The center's mails stay in English.
 */
import { formatCents, formatPolicyDate, routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import type { PushPayload } from '../../adapters/push.ts';
import { familyText, longDateIn, mailT, moneyIn } from '../../i18n/family-mail.ts';

const CENTER = 'Bright Oak Learning Center';
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\n— The ${CENTER} team\n`;

/**
 * A refund went through (`amount` cents); `offline`: the office gives it back by hand, not to a card.
 * `sessionName` null: a payment without a session ("your payment").
 */
export function refundMadeMail(args: {
  to: string;
  parentName: string;
  sessionName: string | null;
  amount: number;
  offline: boolean;
  appUrl: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const values = {
    amount: moneyIn(args.amount, args.language),
    session: args.sessionName ?? t('yourPayment'),
  };
  return {
    to: args.to,
    subject: t('refundMade.subject', values),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t(args.offline ? 'refundMade.offline' : 'refundMade.card', values),
      t('refundMade.billing', { link: `${args.appUrl}${routes.billing}` }),
      t('refundMade.wrong'),
    ),
  };
}

/**
 * Money came in toward the family's account (issue 23): pay now by card, or a payment the office recorded.
 * `balance`: the family's balance after it (cents; above 0 still owed, below 0 a credit); `receiptUrl`: the
 * provider's receipt, when there is one.
 */
export function paymentReceivedMail(args: {
  to: string;
  parentName: string;
  amount: number;
  balance: number;
  receiptUrl: string | null;
  appUrl: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const amount = moneyIn(args.amount, args.language);
  const standing =
    args.balance > 0
      ? t('paymentReceived.owing', { balance: moneyIn(args.balance, args.language) })
      : args.balance < 0
        ? t('paymentReceived.credit', { credit: moneyIn(-args.balance, args.language) })
        : t('paymentReceived.settled');
  return {
    to: args.to,
    subject: t('paymentReceived.subject', { amount }),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      `${t('paymentReceived.body', { amount })} ${standing}`,
      ...(args.receiptUrl ? [t('paymentReceived.receipt', { link: args.receiptUrl })] : []),
      t('paymentReceived.billing', { link: `${args.appUrl}${routes.billing}` }),
    ),
  };
}

/** Decline codes an autopay mail explains in the family's words; any other reads `autopayFailed.reasons.other`. */
const DECLINE_REASONS = [
  'insufficient_funds',
  'expired_card',
  'card_declined',
  'authentication_required',
  'account_closed',
] as const;

/**
 * An automatic payment of an instalment did not go through (issue 23, autopay.ts): declined (`nextTryOn` the
 * ISO date it is tried again, or null after the last try) or waiting for the cardholder to authenticate
 * (`authenticate`: 3-D Secure; the family pays it on Billing, where their bank can ask them). `failureCode`:
 * the provider's decline code, explained in the family's language.
 */
export function autopayFailedMail(args: {
  to: string;
  parentName: string;
  amount: number;
  sessionName: string;
  childName: string | null;
  dueOn: string;
  method: { kind: 'card' | 'us_bank_account'; label: string; last4: string };
  failureCode: string | null;
  authenticate: boolean;
  nextTryOn: string | null;
  appUrl: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const brand = args.method.label.charAt(0).toUpperCase() + args.method.label.slice(1);
  const values = {
    amount: moneyIn(args.amount, args.language),
    session: args.sessionName,
    child: args.childName ?? t('yourChildren'),
    date: longDateIn(args.dueOn, args.language),
    method:
      args.method.kind === 'card'
        ? t('autopayFailed.card', { brand, last4: args.method.last4 })
        : t('autopayFailed.bank', { last4: args.method.last4 }),
    link: `${args.appUrl}${routes.billing}`,
  };
  const code = DECLINE_REASONS.find((c) => c === args.failureCode) ?? 'other';
  if (args.authenticate)
    return {
      to: args.to,
      subject: t('autopayFailed.authenticateSubject', values),
      text: familyText(
        t,
        t('greeting', { firstName: args.parentName }),
        t('autopayFailed.authenticate', values),
        t('autopayFailed.payLink', values),
      ),
    };
  return {
    to: args.to,
    subject: t('autopayFailed.subject', values),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      `${t('autopayFailed.body', values)} ${t(`autopayFailed.reasons.${code}`)}`,
      args.nextTryOn
        ? t('autopayFailed.retry', { ...values, next: longDateIn(args.nextTryOn, args.language) })
        : t('autopayFailed.last', values),
      t('autopayFailed.payLink', values),
    ),
  };
}

/**
 * A late fee was added (issue 23, late-fees.ts): the instalment due `dueOn` (`owing` cents still unpaid) is
 * `days` days late, so the session's `fee` (cents) was added.
 */
export function lateFeeMail(args: {
  to: string;
  parentName: string;
  fee: number;
  owing: number;
  days: number;
  sessionName: string;
  childName: string | null;
  dueOn: string;
  appUrl: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const values = {
    fee: moneyIn(args.fee, args.language),
    owing: moneyIn(args.owing, args.language),
    days: String(args.days),
    session: args.sessionName,
    child: args.childName ?? t('yourChildren'),
    date: longDateIn(args.dueOn, args.language),
    link: `${args.appUrl}${routes.billing}`,
  };
  return {
    to: args.to,
    subject: t('lateFee.subject', values),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('lateFee.body', values),
      t('lateFee.pay', values),
    ),
  };
}

/** A split of the bills (split.ts), in words for the reader: their share and the other parent's. */
export type SplitWords = { kind: 'percent' | 'child' | 'none'; yours: string; theirs: string };

/**
 * Mail about sharing the bills (issue 23, split.ts): the other parent `proposed` a split, the reader's proposal
 * was `declined`, or both agreed (`accepted`, `stopped`).
 */
export function splitMail(
  event: 'proposed' | 'accepted' | 'declined' | 'stopped',
  args: {
    to: string;
    parentName: string;
    otherName: string;
    rule: SplitWords;
    appUrl: string;
    language?: string;
  },
): MailMessage {
  const t = mailT(args.language);
  const values = {
    other: args.otherName,
    yours: args.rule.yours || t('split.nobody'),
    theirs: args.rule.theirs || t('split.nobody'),
    link: `${args.appUrl}${routes.billing}`,
  };
  const rule = t(`split.rule.${args.rule.kind}`, values);
  const paragraphs =
    event === 'proposed'
      ? [t('split.proposed.body', { ...values, rule }), t('split.proposed.action', values)]
      : event === 'declined'
        ? [t('split.declined.body', values)]
        : event === 'accepted'
          ? [t('split.accepted.body', { ...values, rule }), t('split.accepted.own', values)]
          : [t('split.stopped.body', values)];
  return {
    to: args.to,
    subject: t(`split.${event}.subject`, values),
    text: familyText(t, t('greeting', { firstName: args.parentName }), ...paragraphs),
  };
}

/**
 * The office withdrew the child. `familyMessage`: what the director wrote to the family (quoted as typed;
 * empty or missing: no message paragraph). The office's internal note is not an argument: it cannot reach
 * the mail.
 */
export function withdrawnMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
  familyMessage?: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const names = { child: args.childName, session: args.sessionName };
  const message = args.familyMessage?.trim();
  return {
    to: args.to,
    subject: t('withdrawn.subject', names),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('withdrawn.body', names),
      ...(message ? [t('withdrawn.message', { message })] : []),
      t('withdrawn.refund'),
    ),
  };
}

export function movedMail(args: {
  to: string;
  parentName: string;
  childName: string;
  fromName: string;
  toName: string;
  toId: number;
  appUrl: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  const names = { child: args.childName, from: args.fromName, to: args.toName };
  return {
    to: args.to,
    subject: t('moved.subject', names),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('moved.body', names),
      t('moved.portal', { link: `${args.appUrl}${routes.mySession(args.toId)}` }),
    ),
  };
}

export function enrolledByOfficeMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
  sessionId: number;
  amount: number;
  note: string;
  appUrl: string;
  language?: string;
}): MailMessage {
  const t = mailT(args.language);
  return {
    to: args.to,
    subject: t('enrollmentConfirmed.subject', { session: args.sessionName }),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('enrollmentConfirmed.enrolled', { children: args.childName, session: args.sessionName, count: 1 }),
      args.amount > 0
        ? t('enrolledByOffice.paid', { amount: moneyIn(args.amount, args.language), note: args.note })
        : t('enrolledByOffice.free'),
      t('enrollmentConfirmed.portal', { link: `${args.appUrl}${routes.mySession(args.sessionId)}` }),
      t('enrolledByOffice.beforeFirstDay'),
    ),
  };
}

export function waitlistRemovedMail(args: {
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
    subject: t('waitlistRemoved.subject', names),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('waitlistRemoved.body', names),
      t('waitlistRemoved.help'),
    ),
  };
}

/** A parent's withdrawal in the portal (issue 13), as the withdraw dialog showed it. Cents. */
export type ParentWithdrawal = {
  childName: string;
  childFullName: string;
  sessionName: string;
  /** The parent who withdrew the child. */
  byName: string;
  byEmail: string;
  /** Cents refunded in all, and its two parts. */
  refund: number;
  registrationRefund: number;
  supplyFeeRefund: number;
  /** How the money goes back. */
  method: 'card' | 'office' | 'none';
  /** Which rule of the session's refund policy applied, in words ("the full refund", "50% of the registration"). */
  rule: string;
  /** The center's date of the withdrawal (ISO); the families' mails write it in their language. */
  date: string;
  /** A payment plan's cents that stay owed by the refund policy (issue 23); 0 when none. */
  planOwed?: number;
};

function refundParagraph(w: ParentWithdrawal, language: string | undefined): string {
  const t = mailT(language);
  const day = longDateIn(w.date, language);
  if (w.refund === 0) return t('parentWithdrew.noRefund', { session: w.sessionName, day });
  const parts =
    w.registrationRefund > 0 && w.supplyFeeRefund > 0
      ? ` ${t('parentWithdrew.partsBoth', {
          registration: moneyIn(w.registrationRefund, language),
          supplyFee: moneyIn(w.supplyFeeRefund, language),
        })}`
      : w.supplyFeeRefund > 0
        ? ` ${t('parentWithdrew.partsSupplyFee')}`
        : '';
  return t(w.method === 'office' ? 'parentWithdrew.office' : 'parentWithdrew.card', {
    amount: moneyIn(w.refund, language),
    parts,
  });
}

/** To each parent of a child a parent withdrew in the portal (issue 13), in that parent's language. */
export function parentWithdrewMail(
  args: { to: string; parentName: string; language?: string; billingUrl?: string } & ParentWithdrawal,
): MailMessage {
  const t = mailT(args.language);
  const names = { child: args.childName, session: args.sessionName };
  return {
    to: args.to,
    subject: t('parentWithdrew.subject', names),
    text: familyText(
      t,
      t('greeting', { firstName: args.parentName }),
      t('parentWithdrew.body', { ...names, by: args.byName, day: longDateIn(args.date, args.language) }),
      refundParagraph(args, args.language),
      ...((args.planOwed ?? 0) > 0
        ? [
            t('parentWithdrew.planOwed', {
              amount: moneyIn(args.planOwed!, args.language),
              link: args.billingUrl ?? '',
            }),
          ]
        : []),
      t('parentWithdrew.mistake'),
    ),
  };
}

/** To the center (CENTER_EMAIL) when a parent withdraws a child in the portal (issue 13). */
export function centerWithdrawalMail(args: { to: string; offered: number } & ParentWithdrawal): MailMessage {
  return {
    to: args.to,
    replyTo: args.byEmail,
    subject: `Withdrawal: ${args.childFullName} from ${args.sessionName}`,
    text: text(
      `${args.byName} (${args.byEmail}) withdrew ${args.childFullName} from ${args.sessionName} in the Student Portal on ${formatPolicyDate(args.date)}.`,
      args.refund > 0
        ? `Refund: ${formatCents(args.refund)} — registration ${formatCents(args.registrationRefund)}, supply fee ${formatCents(args.supplyFeeRefund)} (${args.rule}). ${args.method === 'office' ? 'The payment was recorded by the office: please give the money back the way the family paid.' : 'It goes back to the card through the payment provider; Payments shows when it has gone through.'}`
        : `No refund is due under the session’s refund policy (${args.rule}).`,
      ...((args.planOwed ?? 0) > 0
        ? [
            `The family was on the payment plan: ${formatCents(args.planOwed!)} of it stays owed by the refund policy, on the plan's dates; the other instalments are cancelled. Balances shows it.`,
          ]
        : []),
      args.offered > 0
        ? `The seat was offered to the next family on the waitlist (${args.offered === 1 ? 'one offer' : `${args.offered} offers`}).`
        : 'Nobody was waiting for the seat, so it is open for families to enroll.',
    ),
  };
}

/** To the center when the provider refused a parent's withdrawal refund (`amount` cents): it is owed by hand. */
export function withdrawalRefundFailedMail(args: {
  to: string;
  childFullName: string;
  sessionName: string;
  familyName: string;
  amount: number;
  appUrl: string;
}): MailMessage {
  return {
    to: args.to,
    subject: `Refund not made: ${formatCents(args.amount)} for ${args.childFullName}`,
    text: text(
      `${args.familyName} withdrew ${args.childFullName} from ${args.sessionName}, and the payment provider did not accept the refund of ${formatCents(args.amount)}, so nothing was refunded yet.`,
      `Please refund it from Payments: ${args.appUrl}${routes.staffPayments}`,
    ),
  };
}

/**
 * The web push of an automatic payment that did not go through (issue 25 "On the phone", decision 034):
 * no amount, card or child in it (a lock screen is not private), only that it failed, or that the bank
 * asks the parent to confirm it (`authenticate`), opening Billing. The attempt's mail has the details.
 */
export function autopayFailedPush(args: {
  attemptId: string;
  authenticate: boolean;
  language: string | null | undefined;
}): PushPayload {
  const t = mailT(args.language);
  return {
    title: t(args.authenticate ? 'push.autopayConfirm' : 'push.autopayFailed'),
    body: t(args.authenticate ? 'push.autopayConfirmBody' : 'push.autopayFailedBody'),
    url: routes.billing,
    tag: `autopay-${args.attemptId}`,
  };
}
