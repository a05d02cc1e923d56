/**
 * The account emails: welcome + confirm address, password reset link, "your password was changed".
 * Links are built from APP_URL (config), never from a request's Host header, so a forged Host cannot
 * point a reset link at an attacker's site (OWASP Forgot Password Cheat Sheet, "URL tokens").
 */
import { routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';

const CENTER = 'Bright Oak Learning Center';
const text = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n\n— The ${CENTER} team\n`;

/** `{appUrl}/confirm-email/{token}` — the page that confirms the address. */
export const confirmEmailLink = (appUrl: string, token: string) => `${appUrl}${routes.confirmEmail(token)}`;

/** `{appUrl}/password-reset/{token}` (spec §2). */
export const passwordResetLink = (appUrl: string, token: string) =>
  `${appUrl}${routes.passwordResetToken(token)}`;

export function welcomeMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: `Welcome to ${CENTER} — please confirm your email`,
    text: text(
      `Hi ${firstName},`,
      `Thank you for creating your ${CENTER} account. Please confirm that this is your email address, so we can reach you about your children's sessions, pickups and billing:`,
      link,
      'The link works for 7 days. From your Student Portal you can add your children, their allergies and the people who may pick them up, and enroll in sessions.',
      'If you did not create this account, you can ignore this email.',
    ),
  };
}

export function confirmAgainMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Please confirm your email address',
    text: text(
      `Hi ${firstName},`,
      'Here is a fresh link to confirm your email address for your Student Portal account:',
      link,
      'The link works for 7 days. If you did not ask for it, you can ignore this email.',
    ),
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    text: text(
      `Hi ${firstName},`,
      'Someone (we hope you) asked to reset the password for your Student Portal account. Choose a new password here:',
      link,
      'The link works once, for 60 minutes. If you did not ask for it, you can ignore this email: your password stays as it is.',
    ),
  };
}

export function passwordChangedMail(to: string, firstName: string, loginLink: string): MailMessage {
  return {
    to,
    subject: 'Your password was changed',
    text: text(
      `Hi ${firstName},`,
      'The password for your Student Portal account was just changed, and every device that was signed in has been signed out.',
      `If this was you, there is nothing else to do — log in with your new password at ${loginLink}.`,
      'If it was not you, please reply to this email or call the front desk right away, and reset your password from the login page.',
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
