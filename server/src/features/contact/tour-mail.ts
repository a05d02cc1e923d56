/**
 * The mails a family gets about a booked tour (issue 24; decision 028), in the language of the page they
 * booked from: the confirmation, the reminder the day before, and the apology when the director removes the
 * time. Times are written in the center's time zone; each mail names the center's address and is answered
 * at the center's address (Reply-To).
 */
import { routes } from '@lc/contract';
import type { MailMessage } from '../../adapters/mail.ts';
import { CENTER, dayAndTimeIn, familyText, mailT } from '../../i18n/family-mail.ts';

/** What every tour mail needs: the center's address (Reply-To), street address and zone. */
export type TourMailDeps = { centerEmail: string; centerAddress: string; timeZone: string };

/** The family and their booked time. */
export type TourMailFamily = {
  email: string;
  firstName: string;
  language: string | null;
  startsAt: Date;
  minutes: number;
};

const when = (deps: TourMailDeps, family: TourMailFamily) =>
  dayAndTimeIn(family.startsAt, deps.timeZone, family.language);

/** "Your tour of Bright Oak Learning Center: Tuesday, December 8 at 10:00 AM" with the address. */
export function tourBookedMail(deps: TourMailDeps, family: TourMailFamily): MailMessage {
  const t = mailT(family.language);
  const at = when(deps, family);
  return {
    to: family.email,
    replyTo: deps.centerEmail,
    subject: t('tour.bookedSubject', { center: CENTER, when: at }),
    text: familyText(
      t,
      t('greeting', { firstName: family.firstName }),
      t('tour.booked', { when: at, minutes: family.minutes }),
      t('tour.where', { address: deps.centerAddress }),
      t('tour.change'),
    ),
  };
}

/** The day-before reminder: tomorrow's time, how long, where. */
export function tourReminderMail(deps: TourMailDeps, family: TourMailFamily): MailMessage {
  const t = mailT(family.language);
  return {
    to: family.email,
    replyTo: deps.centerEmail,
    subject: t('tour.reminderSubject', { center: CENTER }),
    text: familyText(
      t,
      t('greeting', { firstName: family.firstName }),
      t('tour.reminder', { center: CENTER, when: when(deps, family), minutes: family.minutes }),
      t('tour.where', { address: deps.centerAddress }),
      t('tour.change'),
    ),
  };
}

/**
 * The director removed a booked time: an apology with a link to choose another time on the schedule-a-tour
 * form (`{appUrl}/contact?tour=true`). Answers the words (kept in the item's thread) and the mail.
 */
export function tourCancelledMail(
  deps: TourMailDeps & { appUrl: string },
  family: TourMailFamily,
): { body: string; mail: MailMessage } {
  const t = mailT(family.language);
  const body = [t('tour.cancelled', { when: when(deps, family) }), `${deps.appUrl}${routes.tour}`].join(
    '\n\n',
  );
  return {
    body,
    mail: {
      to: family.email,
      replyTo: deps.centerEmail,
      subject: t('tour.cancelledSubject', { center: CENTER }),
      text: familyText(t, t('greeting', { firstName: family.firstName }), body),
    },
  };
}
