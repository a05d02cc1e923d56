/**
 * The inbox's mails to a family (issue 10): a staff member's reply and "Invite to register". Both have one
 * shape (`staffMail`): "Hi {first name}," in the family's language (left out when the staff member typed a
 * greeting), the staff member's words as written, their signature, Reply-To the center's address. Around the
 * staff's words everything is in the language the family wrote in (issue 14: `inboxReply` in
 * `server/src/i18n/locales`); the staff member writes the words themselves.
 */
import { dateTimeFormat, registerPrefillQuery, routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { CENTER, type MailT, mailLocale, mailT } from '../../i18n/family-mail.ts';
import { type ItemRowSql, names } from './inbox-items.ts';

/** Where the inbox's mails come from: the center's address (Reply-To) and zone (dates in the quote). */
type MailDeps = { centerEmail: string; timeZone: string };

/**
 * A staff member's mail to the family of `item`: the greeting (unless `greet` is false), `body`, the staff
 * member's signature, then `quoted` (empty, or the family's message quoted with its blank line before it).
 */
function staffMail(
  t: MailT,
  deps: Pick<MailDeps, 'centerEmail'>,
  item: ItemRowSql,
  actor: AuthUser,
  mail: { subject: string; body: string; greet: boolean; quoted: string },
): MailMessage {
  const greeting = mail.greet ? `${t('inboxReply.greeting', { name: names(item).firstName })}\n\n` : '';
  const signature = t('inboxReply.signature', {
    name: `${actor.firstName} ${actor.lastName}`,
    center: CENTER,
  });
  return {
    to: item.email,
    replyTo: deps.centerEmail,
    subject: mail.subject,
    text: `${greeting}${mail.body}\n\n${signature}${mail.quoted}\n`,
  };
}

/**
 * The family's reply mail: a greeting (unless the staff member typed one: `opensWithGreeting`), the staff
 * member's words, a warm signature, their message quoted.
 */
export function replyMail(deps: MailDeps, item: ItemRowSql, actor: AuthUser, body: string): MailMessage {
  const t = mailT(item.language);
  const day = dateTimeFormat(mailLocale(item.language), {
    month: 'long',
    day: 'numeric',
    timeZone: deps.timeZone,
  });
  const quoted = item.message?.trim()
    ? `\n\n${t('inboxReply.youWrote', { day: day.format(new Date(item.submitted)) })}\n${item.message
        .trim()
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`
    : '';
  const subject =
    item.kind === 'tour'
      ? t('inboxReply.tourSubject', { center: CENTER })
      : item.kind === 'tutoring'
        ? t('inboxReply.tutoringSubject', {
            child: item.child_name ?? t('inboxReply.yourChild'),
            center: CENTER,
          })
        : t('inboxReply.messageSubject', { center: CENTER });
  return staffMail(t, deps, item, actor, { subject, body, greet: !opensWithGreeting(body), quoted });
}

/**
 * A first line that greets ("Hi Maya,", "Hello!", "Dear Mr. Lee", "Good morning Maya", "Hola Maya,",
 * "Buenos días", "Estimada Sra. Ruiz"), in English or Spanish.
 */
const GREETING =
  /^(hi|hello|hey|dear|greetings|good (morning|afternoon|evening)|hola|buen(os|as) (días|dias|tardes|noches)|estimad[oa]s?|querid[oa]s?|saludos)\b/iu;

/**
 * Whether a reply the staff member typed already opens with a greeting: then the mail starts with their
 * words and adds none, so the family never reads "Hi Maya," twice (issue 21 item 14, decision 018). Otherwise
 * the mail opens with "Hi {first name}," in the family's language.
 */
export function opensWithGreeting(body: string): boolean {
  const first = body.trimStart().split('\n', 1)[0] ?? '';
  return GREETING.test(first);
}

/**
 * `{appUrl}/register#firstName=…&lastName=…&email=…`: the sign-up form, filled in with what they told us. A
 * fragment, not a query, so the family's name and email never reach a server log (OWASP Logging Cheat Sheet).
 */
export const registerInviteLink = (
  appUrl: string,
  prefill: { firstName: string; lastName: string; email: string },
) => `${appUrl}${routes.register}#${registerPrefillQuery(prefill)}`;

/**
 * "Invite to register": the words (kept in the thread as what the family received) and the mail, in the
 * language they wrote in; the link opens the sign-up page, which follows their browser.
 */
export function inviteMail(
  deps: Pick<MailDeps, 'centerEmail'> & { appUrl: string },
  item: ItemRowSql,
  actor: AuthUser,
): { body: string; mail: MailMessage } {
  const link = registerInviteLink(deps.appUrl, { ...names(item), email: item.email });
  const t = mailT(item.language);
  const body = [
    item.child_name
      ? t('inboxReply.inviteForChild', { center: CENTER, child: item.child_name })
      : t('inboxReply.invite', { center: CENTER }),
    link,
    t('inboxReply.invitePortal'),
  ].join('\n\n');
  const subject = t('inboxReply.inviteSubject', { center: CENTER });
  return { body, mail: staffMail(t, deps, item, actor, { subject, body, greet: true, quoted: '' }) };
}
