/**
 * The co-parent mails (issue 13, decision 014): the invitation, "a parent joined" and "a parent left or was
 * removed", each to one parent in their own language (`users.language`, issue 14); the invitation to an
 * address that may have no account yet is in the inviting parent's language.
 */
import { routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import { CENTER, namesIn } from '../../i18n/family-mail.ts';
import { familyMail } from './family-mail.ts';
import type { Member } from './members.ts';

/** How long an invitation link works, days. */
export const INVITATION_DAYS = 7;

const fullName = (member: Member) => `${member.first_name} ${member.last_name}`;

/** The invitation: who invited, what sharing means, the link (7 days, once), in the inviter's language. */
export function invitationMail(to: string, inviter: Member, childNames: string[], link: string): MailMessage {
  const language = inviter.language;
  return familyMail(language, (t) => ({
    to,
    firstName: null,
    subject: t('coParentInvitation.subject', { inviter: fullName(inviter), center: CENTER }),
    paragraphs: [
      t('coParentInvitation.body', {
        inviter: fullName(inviter),
        children: namesIn(language, childNames, t('yourChildren')),
      }),
      t('coParentInvitation.accept'),
      link,
      t('coParentInvitation.validity', { count: INVITATION_DAYS }),
    ],
    secrets: [link],
  }));
}

/** `joined` now shares the family: told to `to`, who is `joined` or one of the other parents. */
export function joinedMail(to: Member, joined: Member, childNames: string[], appUrl: string): MailMessage {
  const you = to.id === joined.id;
  return familyMail(to.language, (t) => {
    const values = {
      joined: fullName(joined),
      children: namesIn(to.language, childNames, t('yourChildren')),
    };
    return {
      to: to.email_address,
      firstName: to.first_name,
      subject: you ? t('coParentJoined.subjectYou') : t('coParentJoined.subjectOther', values),
      paragraphs: [
        you
          ? t('coParentJoined.bodyYou', { ...values, link: `${appUrl}${routes.dashboard}` })
          : t('coParentJoined.bodyOther', values),
        t('coParentJoined.leave'),
      ],
    };
  });
}

/** `leaver` left the family (or the center removed them, `byCenter`): told to `to`, the leaver or another. */
export function leftMail(to: Member, leaver: Member, byCenter: boolean, appUrl: string): MailMessage {
  const you = to.id === leaver.id;
  const values = { leaver: fullName(leaver) };
  return familyMail(to.language, (t) => ({
    to: to.email_address,
    firstName: to.first_name,
    subject: you ? t('coParentLeft.subjectYou') : t('coParentLeft.subjectOther', values),
    paragraphs: [
      byCenter
        ? you
          ? t('coParentLeft.removedYou')
          : t('coParentLeft.removedOther', values)
        : you
          ? t('coParentLeft.leftYou')
          : t('coParentLeft.leftOther', values),
      you ? t('coParentLeft.stayYou') : t('coParentLeft.stayOther', { link: `${appUrl}${routes.dashboard}` }),
      t('callIfUnexpected'),
    ],
  }));
}
