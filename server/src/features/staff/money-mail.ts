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
