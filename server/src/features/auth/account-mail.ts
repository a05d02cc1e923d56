/**
 * The account emails: welcome + confirm address, password reset link, "your password was changed".
 * A family's mails are in their language (`users.language`; texts in `i18n/locales`); staff mails English.
 * Links are built from APP_URL (config), never from a request's Host header, so a forged Host cannot
 * point a reset link at an attacker's site (OWASP Forgot Password Cheat Sheet, "URL tokens").
 */
import { routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import { type MailT, mailT } from '../../i18n/mail-i18n.ts';

const CENTER = 'Bright Oak Learning Center';
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\n— The ${CENTER} team\n`;

/** `{appUrl}/confirm-email/{token}` — the page that confirms the address. */
export const confirmEmailLink = (appUrl: string, token: string) => `${appUrl}${routes.confirmEmail(token)}`;

/** `{appUrl}/password-reset/{token}` (spec §2). */
export const passwordResetLink = (appUrl: string, token: string) =>
  `${appUrl}${routes.passwordResetToken(token)}`;

/** Paragraphs of a family's mail, signed by the center's team in `language`. */
function familyText(t: MailT, ...paragraphs: string[]): string {
  return `${paragraphs.join('\n\n')}\n\n${t('signOff', { center: CENTER })}\n`;
}

/** The welcome mail with the confirmation link, in the family's language (issue 14). */
export function welcomeMail(to: string, firstName: string, link: string, language = 'en'): MailMessage {
  const t = mailT(language);
  return {
    to,
    subject: t('welcome.subject', { center: CENTER }),
    text: familyText(
      t,
      t('greeting', { firstName }),
      t('welcome.thanks', { center: CENTER }),
      link,
      t('welcome.next'),
      t('welcome.notYou'),
    ),
    secrets: [link],
  };
}

export function confirmAgainMail(to: string, firstName: string, link: string, language = 'en'): MailMessage {
  const t = mailT(language);
  return {
    to,
    subject: t('confirmAgain.subject'),
    text: familyText(
      t,
      t('greeting', { firstName }),
      t('confirmAgain.body'),
      link,
      t('confirmAgain.validity'),
    ),
    secrets: [link],
  };
}

export function passwordResetMail(to: string, firstName: string, link: string, language = 'en'): MailMessage {
  const t = mailT(language);
  return {
    to,
    subject: t('passwordReset.subject'),
    text: familyText(
      t,
      t('greeting', { firstName }),
      t('passwordReset.body'),
      link,
      t('passwordReset.validity'),
    ),
    secrets: [link],
  };
}

export function passwordChangedMail(
  to: string,
  firstName: string,
  loginLink: string,
  language = 'en',
): MailMessage {
  const t = mailT(language);
  return {
    to,
    subject: t('passwordChanged.subject'),
    text: familyText(
      t,
      t('greeting', { firstName }),
      t('passwordChanged.body'),
      t('passwordChanged.ifYou', { loginLink }),
      t('passwordChanged.ifNotYou'),
    ),
  };
}

/** A new staff member's invitation: set a password (link valid 7 days), then sign in on /login. */
export function staffInviteMail(to: string, firstName: string, invitedBy: string, link: string): MailMessage {
  return {
    to,
    subject: `Welcome to the ${CENTER} team`,
    text: text(
      `Hi ${firstName},`,
      `${invitedBy} has added you to the ${CENTER} staff. Choose your password here to get started:`,
      link,
      'The link works once, for 7 days. Afterwards, sign in on the website with this email address and you will land on the staff pages, where you will find the rosters of the sessions you teach.',
    ),
    secrets: [link],
  };
}

/** An existing account (e.g. a parent who also teaches) was added to the staff. */
export function addedToStaffMail(
  to: string,
  firstName: string,
  invitedBy: string,
  loginLink: string,
): MailMessage {
  return {
    to,
    subject: `You are now on the ${CENTER} staff`,
    text: text(
      `Hi ${firstName},`,
      `${invitedBy} has added you to the ${CENTER} staff. Sign in with your usual password and you will land on the staff pages; your family's portal stays where it was.`,
      loginLink,
    ),
  };
}
