/**
 * The words of a message notification (issue 25; decision 032), in the recipient's language (`users.language`,
 * issue 14): one email listing every message still unread (author, time on the center's clock, the text, how
 * many files), with the link that opens the conversation after signing in; or one short text saying how many
 * and from whom, with the same link and none of the words (a text is not a private place); or a web push
 * (decision 034) saying who wrote or how many, none of the words either (a lock screen is not private).
 */
import { routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import type { PushPayload } from '../../adapters/push.ts';
import { CENTER, dayAndTimeIn, familyText, mailT } from '../../i18n/family-mail.ts';

/** An unread message as the notification shows it. */
export type AlertMessage = { author: string | null; body: string; created: Date; files: number };

/** Who is told: their first name and language, and, for staff, the family's name (null for a parent). */
export type AlertRecipient = { firstName: string; language: string; familyName: string | null };

/** The notification email (without `to`): subject, greeting, each message, the link, the sign-off. */
export function messageAlertMail(
  recipient: AlertRecipient,
  messages: AlertMessage[],
  link: string,
  timeZone: string,
): Omit<MailMessage, 'to'> {
  const t = mailT(recipient.language);
  const count = messages.length;
  const staff = recipient.familyName !== null;
  const family = recipient.familyName ?? '';
  const subject = staff
    ? t('messageAlert.subjectFromFamily', { count, family })
    : t('messageAlert.subjectFromCenter', { count, center: CENTER });
  const intro = staff
    ? t('messageAlert.introStaff', { count, family })
    : t('messageAlert.intro', { count, center: CENTER });
  const quoted = messages.map((m) => {
    const lines = [
      t('messageAlert.wrote', {
        author: m.author ?? t('messageAlert.someone'),
        when: dayAndTimeIn(m.created, timeZone, recipient.language),
      }),
    ];
    if (m.body.trim())
      lines.push(
        ...m.body
          .trim()
          .split('\n')
          .map((line) => `> ${line}`),
      );
    if (m.files > 0) lines.push(t('messageAlert.files', { count: m.files }));
    return lines.join('\n');
  });
  return {
    subject,
    text: familyText(
      t,
      t('greeting', { firstName: recipient.firstName }),
      intro,
      ...quoted,
      `${t('messageAlert.reply')}\n${link}`,
      t('messageAlert.noReplyByEmail'),
      t('messageAlert.settings'),
    ),
  };
}

/** The notification text message: how many, from whom, the link; never the messages' words. */
export function messageAlertText(recipient: AlertRecipient, count: number, link: string): string {
  const t = mailT(recipient.language);
  return t('messageAlert.text', {
    count,
    center: CENTER,
    from: recipient.familyName ?? t('messageAlert.theCenter'),
    link,
  });
}

/**
 * The notification's push: "Maya Chen wrote" for one message, "3 new messages from the center" (a parent) or
 * "… from Maya and Daniel Chen" (staff) for several; it opens the conversation, and a newer push about the
 * same conversation replaces it on the device (`tag`).
 */
export function messageAlertPush(
  recipient: AlertRecipient,
  messages: AlertMessage[],
  conversationId: string,
): PushPayload {
  const t = mailT(recipient.language);
  const staff = recipient.familyName !== null;
  const family = recipient.familyName ?? '';
  const url = staff ? routes.staffConversation(conversationId) : routes.messages;
  const tag = `messages-${conversationId}`;
  if (messages.length === 1) {
    const author = messages[0]!.author ?? t('push.someone');
    return {
      title: t('push.messageFrom', { author }),
      body: staff ? t('push.messageBodyStaff', { family }) : t('push.messageBody', { center: CENTER }),
      url,
      tag,
    };
  }
  return {
    title: t('push.messages', { count: messages.length, from: staff ? family : t('push.theCenter') }),
    body: t('push.messagesBody'),
    url,
    tag,
  };
}
