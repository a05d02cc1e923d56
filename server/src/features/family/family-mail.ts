/**
 * The one shape of a family's mail (issue 14, decision 015): written in the reader's language, it opens
 * "Hi {first name}," (or "Hello," to an address with no account behind it), then the mail's own paragraphs,
 * then the center's sign-off (`familyText`, i18n/family-mail.ts). A builder gives only its words:
 *
 *   familyMail(language, (t) => ({ to, firstName, subject: t('…'), paragraphs: [t('…'), …] }))
 *
 * Used by the co-parent, account-closure and pickup-pass mails.
 */
import type { MailMessage } from '../../adapters/mail.ts';
import { familyText, type MailT, mailT } from '../../i18n/family-mail.ts';

/** What one family mail says, built with the reader's `t`. */
export type FamilyMailParts = {
  to: string;
  /** The reader's first name for "Hi {firstName},"; null: "Hello," (no account, so no name to greet). */
  firstName: string | null;
  subject: string;
  /** The paragraphs between the greeting and the sign-off. */
  paragraphs: string[];
  /** The parts that open something (links, codes): kept only until delivery (adapters/mail.ts). */
  secrets?: readonly string[];
};

/** A family's mail in `language` (an unknown or missing language reads English). */
export function familyMail(
  language: string | null | undefined,
  parts: (t: MailT) => FamilyMailParts,
): MailMessage {
  const t = mailT(language);
  const { to, firstName, subject, paragraphs, secrets } = parts(t);
  const greeting = firstName === null ? t('hello') : t('greeting', { firstName });
  return {
    to,
    subject,
    text: familyText(t, greeting, ...paragraphs),
    ...(secrets ? { secrets } : {}),
  };
}
