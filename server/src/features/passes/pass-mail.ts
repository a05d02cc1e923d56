/**
 * The emails of pickup passes and the door (issue 11): an adult's new pass, and a parent told at drop-off
 * and pickup which adult brought or took their child.
 */
import { routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';

const CENTER = 'Bright Oak Learning Center';
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\n— The ${CENTER} team\n`;

/** A new pass for `holderName`: the link opens it (the code rides in the URL fragment, never sent to us). */
export function passIssuedMail(args: {
  to: string;
  holderName: string;
  parentName: string;
  children: string;
  code: string;
  credential: string;
  expires: string;
  appUrl: string;
  /** The parent issued the pass to themselves. */
  own?: boolean;
}): MailMessage {
  return {
    to: args.to,
    subject: `Your pickup pass for ${args.children} at ${CENTER}`,
    text: text(
      `Hi ${args.holderName},`,
      args.own
        ? `Here is your own pickup pass for ${args.children} at ${CENTER}.`
        : `${args.parentName} has given you a pickup pass for ${args.children} at ${CENTER}.`,
      `Open your pass here, add it to your phone’s wallet or print it: ${args.appUrl}${routes.pass}#${args.credential}`,
      args.own
        ? 'At the door, show the QR code to the tablet. When you collect a child, you will also be asked for the PIN you chose (we never send it by email).'
        : 'At the door, show the QR code to the tablet. When you collect a child, you will also be asked for the PIN the family chose with you — they will tell you what it is; we never send it by email.',
      `No phone with you? Our staff can type the code printed on the pass: ${args.code}`,
      `The pass works until ${args.expires}. Please keep it to yourself, as you would a key: anyone holding it can drop children off, and the family can turn it off at any time.`,
    ),
  };
}

/** A parent told that `childName` was checked in or out, and by whom. */
export function doorEventMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
  kind: 'CheckIn' | 'CheckOut';
  adultName: string;
  at: string;
  appUrl: string;
}): MailMessage {
  const arrived = args.kind === 'CheckIn';
  return {
    to: args.to,
    subject: arrived
      ? `${args.childName} has arrived at ${args.sessionName}`
      : `${args.childName} has been picked up from ${args.sessionName}`,
    text: text(
      `Hi ${args.parentName},`,
      arrived
        ? `${args.childName} was checked in to ${args.sessionName} at ${args.at} by ${args.adultName}.`
        : `${args.childName} was picked up from ${args.sessionName} at ${args.at} by ${args.adultName}.`,
      `You can see every drop-off and pickup in the portal: ${args.appUrl}${routes.attendance}`,
      'If this is not what you expected, please call us right away at (650) 555-0148.',
    ),
  };
}

/** The text message version of doorEventMail (one segment where possible). */
export function doorEventText(args: {
  childName: string;
  kind: 'CheckIn' | 'CheckOut';
  adultName: string;
  at: string;
}): string {
  return args.kind === 'CheckIn'
    ? `Bright Oak: ${args.childName} was checked in at ${args.at} by ${args.adultName}.`
    : `Bright Oak: ${args.childName} was picked up at ${args.at} by ${args.adultName}.`;
}
