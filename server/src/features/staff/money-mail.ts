/**
 * The emails a family gets when the office changes their child's place or gives money back (issue 10):
 * a refund made, a child withdrawn or moved, a child enrolled by the office, a waitlist place ended.
 */
import { formatCents, routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';

const CENTER = 'Bright Oak Learning Center';
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\n— The ${CENTER} team\n`;

/** A refund went through (`amount` cents); `offline`: the office gives it back by hand, not to a card. */
export function refundMadeMail(args: {
  to: string;
  parentName: string;
  sessionName: string;
  amount: number;
  offline: boolean;
  appUrl: string;
}): MailMessage {
  return {
    to: args.to,
    subject: `We’ve refunded ${formatCents(args.amount)} for ${args.sessionName}`,
    text: text(
      `Hi ${args.parentName},`,
      args.offline
        ? `We’ve recorded a refund of ${formatCents(args.amount)} for ${args.sessionName}. Our office will give it back to you the way you paid (for a check, with a check).`
        : `We’ve refunded ${formatCents(args.amount)} for ${args.sessionName} to the card you paid with. It usually appears within 5–10 business days.`,
      `You can see it on your Billing page: ${args.appUrl}${routes.billing}`,
      'If anything looks wrong, just reply to this email and we will sort it out.',
    ),
  };
}

export function withdrawnMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
  reason: string;
}): MailMessage {
  return {
    to: args.to,
    subject: `${args.childName} has been withdrawn from ${args.sessionName}`,
    text: text(
      `Hi ${args.parentName},`,
      `As agreed, ${args.childName} is no longer enrolled in ${args.sessionName}. The note on our side says: “${args.reason}”.`,
      'If a refund is due, you will get a separate email when it goes through. If this is a surprise, please reply to this email and we will call you.',
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
}): MailMessage {
  return {
    to: args.to,
    subject: `${args.childName} has moved to ${args.toName}`,
    text: text(
      `Hi ${args.parentName},`,
      `${args.childName} has moved from ${args.fromName} to ${args.toName}. Your payment carries over; there is nothing to pay or do.`,
      `Announcements and class resources for the new session are in your Student Portal: ${args.appUrl}${routes.mySession(args.toId)}`,
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
}): MailMessage {
  return {
    to: args.to,
    subject: `You’re enrolled: ${args.sessionName}`,
    text: text(
      `Hi ${args.parentName},`,
      `${args.childName} is enrolled in ${args.sessionName}. We’re so glad you’re joining us!`,
      args.amount > 0
        ? `We’ve recorded your payment of ${formatCents(args.amount)} (${args.note}).`
        : 'There is nothing to pay.',
      `Announcements and class resources will appear in your Student Portal: ${args.appUrl}${routes.mySession(args.sessionId)}`,
      'Please make sure your child’s allergies and the people allowed to pick them up are up to date before the first day.',
    ),
  };
}

export function waitlistRemovedMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
}): MailMessage {
  return {
    to: args.to,
    subject: `${args.childName}’s waitlist place for ${args.sessionName} has ended`,
    text: text(
      `Hi ${args.parentName},`,
      `Our office has taken ${args.childName} off the waitlist for ${args.sessionName}, so we won’t hold a seat for them there.`,
      'If you’d still like a place, reply to this email and we will help you find one.',
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
  /** The center's date of the withdrawal, in words. */
  day: string;
};

function refundParagraph(w: ParentWithdrawal): string {
  if (w.refund === 0)
    return `Under ${w.sessionName}’s refund policy there is no refund for a withdrawal on ${w.day}, so nothing more will happen with your payment.`;
  const parts =
    w.registrationRefund > 0 && w.supplyFeeRefund > 0
      ? ` (${formatCents(w.registrationRefund)} of the registration and the ${formatCents(w.supplyFeeRefund)} supply fee)`
      : w.supplyFeeRefund > 0
        ? ' (the supply fee)'
        : '';
  return w.method === 'office'
    ? `We owe you ${formatCents(w.refund)}${parts}. Our office will give it back the way you paid (for a check, with a check).`
    : `We are refunding ${formatCents(w.refund)}${parts} to the card you paid with. You will get a short email when it has gone through; it usually shows on your statement within 5–10 business days.`;
}

/** To each parent of a child a parent withdrew in the portal (issue 13). */
export function parentWithdrewMail(args: { to: string; parentName: string } & ParentWithdrawal): MailMessage {
  return {
    to: args.to,
    subject: `${args.childName} is withdrawn from ${args.sessionName}`,
    text: text(
      `Hi ${args.parentName},`,
      `${args.byName} withdrew ${args.childName} from ${args.sessionName} in the Student Portal on ${args.day}. We will miss ${args.childName}, and we hope to see your family again soon.`,
      refundParagraph(args),
      'If this was a mistake, or you did not expect it, please reply to this email straight away and we will do what we can. The seat is open to other families now, so we cannot promise to hold it.',
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
      `${args.byName} (${args.byEmail}) withdrew ${args.childFullName} from ${args.sessionName} in the Student Portal on ${args.day}.`,
      args.refund > 0
        ? `Refund: ${formatCents(args.refund)} — registration ${formatCents(args.registrationRefund)}, supply fee ${formatCents(args.supplyFeeRefund)} (${args.rule}). ${args.method === 'office' ? 'The payment was recorded by the office: please give the money back the way the family paid.' : 'It goes back to the card through the payment provider; Payments shows when it has gone through.'}`
        : `No refund is due under the session’s refund policy (${args.rule}).`,
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
