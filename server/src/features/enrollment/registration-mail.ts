/**
 * The registration emails: enrollment confirmed (with the receipt), a waitlist seat offered, an offer that
 * lapsed, and a payment refunded because its seat was gone. Links are built from APP_URL (config).
 */
import { dateTimeFormat, formatCents, type LineItem, routes, siblingDiscountOf } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';

const CENTER = 'Bright Oak Learning Center';
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\n— The ${CENTER} team\n`;

/** "Maya", "Maya and Theo", "Maya, Theo and Ava". */
export function listNames(names: ReadonlyArray<string>): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const when = (at: Date, timeZone: string) =>
  dateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

/**
 * A payment's lines as the receipt lists them (cents formatted as dollars): "  Name — registration × 2:
 * $600.00"; a discount line without its count, "  Sibling discount (10% off a brother or sister): -$30.00".
 */
export function receiptLines(lineItems: ReadonlyArray<LineItem>): string[] {
  return lineItems.map((l) =>
    l.amount < 0
      ? `  ${l.description}: ${formatCents(l.amount)}`
      : `  ${l.description} × ${l.quantity}: ${formatCents(l.amount)}`,
  );
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
  receiptUrl: string | null;
  appUrl: string;
}): MailMessage {
  const saved = siblingDiscountOf(args.lineItems);
  return {
    to: args.to,
    subject: `You’re enrolled: ${args.sessionName}`,
    text: text(
      `Hi ${args.parentName},`,
      `${listNames(args.childNames)} ${args.childNames.length > 1 ? 'are' : 'is'} enrolled in ${args.sessionName}. We’re so glad you’re joining us!`,
      `What you paid:\n${receiptLines(args.lineItems).join('\n')}\n  Total: ${formatCents(args.total)}`,
      ...(saved > 0 ? [`The sibling discount saved you ${formatCents(saved)}.`] : []),
      ...(args.receiptUrl ? [`Your receipt: ${args.receiptUrl}`] : []),
      `Announcements and class resources will appear in your Student Portal: ${args.appUrl}${routes.mySession(args.sessionId)}`,
      'Please make sure each child’s allergies and the people allowed to pick them up are up to date before the first day.',
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
}): MailMessage {
  return {
    to: args.to,
    subject: `A seat opened for ${args.childName} in ${args.sessionName}`,
    text: text(
      `Hi ${args.parentName},`,
      `Good news: a seat opened up in ${args.sessionName}, and ${args.childName} is next on the waitlist. We are saving it until ${when(args.expires, args.timeZone)}.`,
      `To take it, enroll and pay here: ${args.appUrl}${routes.enroll(args.sessionId)}`,
      'If your plans have changed, no need to do anything: when the time is up the seat goes to the next family.',
    ),
  };
}

export function offerLapsedMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
}): MailMessage {
  return {
    to: args.to,
    subject: `The saved seat in ${args.sessionName} has passed to the next family`,
    text: text(
      `Hi ${args.parentName},`,
      `We saved a seat in ${args.sessionName} for ${args.childName}, but it was not taken in time, so it has gone to the next family on the waitlist.`,
      'If you would still like a place, you are welcome to join the waitlist again from the session’s page, or reply to this email and we will help.',
    ),
  };
}

export function paymentRefundedMail(args: {
  to: string;
  parentName: string;
  sessionName: string;
  amount: number;
  refunded: boolean;
}): MailMessage {
  return {
    to: args.to,
    subject: `Your payment for ${args.sessionName} is being refunded`,
    text: text(
      `Hi ${args.parentName},`,
      `We’re sorry: your checkout for ${args.sessionName} was completed after its seat hold had ended, and by then the last seats had been taken. So that nobody is charged for a seat we cannot give, ${args.refunded ? `we have refunded ${formatCents(args.amount)} to your card; it usually appears within 5–10 business days` : `we are refunding ${formatCents(args.amount)} to your card, and our office will confirm when it is done`}.`,
      'You can join the waitlist from the session’s page and we will email you the moment a seat opens.',
    ),
  };
}
