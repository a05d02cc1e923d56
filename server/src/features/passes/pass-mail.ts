/**
 * The emails of pickup passes and the door (issue 11): an adult's new pass, and a parent told at drop-off
 * and pickup which adult brought or took their child (an email, or a text message for a parent who chose
 * texts).
 *
 * In the family's language (issue 14; words in `i18n/locales`, English when missing):
 * - a parent's door email or text: that parent's own `users.language`;
 * - a pass sent to an adult of the family (an emergency contact or trusted adult has no account, so no
 *   language of their own): the language of the parent who issues the pass — the parent the mail names, who
 *   arranged the pass (and its PIN) with that adult. The center does not record which parent created a
 *   contact, and the issuing parent is the one acting now. A parent's own pass is in their own language.
 */
import { routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import type { PushPayload } from '../../adapters/push.ts';
import { CENTER, calendarDateIn, clockTimeIn, mailT, namesIn } from '../../i18n/family-mail.ts';
import { familyMail } from '../family/family-mail.ts';

/** A new pass for `holderName`: the link opens it (the code rides in the URL fragment, never sent to us). */
export function passIssuedMail(args: {
  to: string;
  holderName: string;
  parentName: string;
  /** First names of the children the adult may pick up. */
  children: string[];
  code: string;
  credential: string;
  expiresAt: Date;
  timeZone: string;
  appUrl: string;
  /** The parent issued the pass to themselves. */
  own?: boolean;
  /** The issuing parent's language. */
  language?: string;
}): MailMessage {
  const link = `${args.appUrl}${routes.pass}#${args.credential}`;
  return familyMail(args.language, (t) => {
    const names = {
      children: namesIn(args.language, args.children, t('yourChildren')),
      center: CENTER,
    };
    return {
      to: args.to,
      firstName: args.holderName,
      subject: t('passIssued.subject', names),
      paragraphs: [
        args.own ? t('passIssued.own', names) : t('passIssued.given', { ...names, parent: args.parentName }),
        t('passIssued.open', { link }),
        t(args.own ? 'passIssued.doorOwn' : 'passIssued.doorGiven'),
        t('passIssued.code', { code: args.code }),
        t('passIssued.expires', { expires: calendarDateIn(args.expiresAt, args.timeZone, args.language) }),
      ],
      // The pass's link and its typed code open it at the door: gone from the stored copy once sent.
      secrets: [link, args.credential, args.code],
    };
  });
}

/** A parent told that `childName` was checked in or out, and by whom, at `at` (written in `timeZone`). */
export function doorEventMail(args: {
  to: string;
  parentName: string;
  childName: string;
  sessionName: string;
  kind: 'CheckIn' | 'CheckOut';
  adultName: string;
  at: Date;
  timeZone: string;
  appUrl: string;
  language?: string;
}): MailMessage {
  const arrived = args.kind === 'CheckIn';
  const values = {
    child: args.childName,
    session: args.sessionName,
    adult: args.adultName,
    at: clockTimeIn(args.at, args.timeZone, args.language),
  };
  return familyMail(args.language, (t) => ({
    to: args.to,
    firstName: args.parentName,
    subject: t(arrived ? 'doorEvent.subjectIn' : 'doorEvent.subjectOut', values),
    paragraphs: [
      t(arrived ? 'doorEvent.bodyIn' : 'doorEvent.bodyOut', values),
      t('doorEvent.portal', { link: `${args.appUrl}${routes.attendance}` }),
      t('doorEvent.call'),
    ],
  }));
}

/** The text message version of doorEventMail (one segment where possible). */
export function doorEventText(args: {
  childName: string;
  kind: 'CheckIn' | 'CheckOut';
  adultName: string;
  at: Date;
  timeZone: string;
  language?: string;
}): string {
  const t = mailT(args.language);
  return t(args.kind === 'CheckIn' ? 'doorEvent.textIn' : 'doorEvent.textOut', {
    child: args.childName,
    adult: args.adultName,
    at: clockTimeIn(args.at, args.timeZone, args.language),
  });
}

/**
 * The web push of a drop-off or pickup (decision 034): "Maya was dropped off" / "Maya was dropped off at
 * 8:32 AM by Grandma Rosa.", opening the family's attendance; the child's next door event replaces it.
 */
export function doorEventPush(args: {
  studentId: string;
  childName: string;
  kind: 'CheckIn' | 'CheckOut';
  adultName: string;
  at: Date;
  timeZone: string;
  language?: string;
}): PushPayload {
  const t = mailT(args.language);
  const values = {
    child: args.childName,
    adult: args.adultName,
    at: clockTimeIn(args.at, args.timeZone, args.language),
  };
  const checkIn = args.kind === 'CheckIn';
  return {
    title: t(checkIn ? 'push.checkIn' : 'push.checkOut', values),
    body: t(checkIn ? 'push.checkInBody' : 'push.checkOutBody', values),
    url: routes.attendance,
    tag: `door-${args.studentId}`,
  };
}
