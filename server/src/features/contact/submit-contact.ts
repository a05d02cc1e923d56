/**
 * Public form submissions (spec §1, §7 Contact): store the submission and queue a mail to the center's
 * staff inbox in one transaction, so a stored form is always mailed and a failed step stores nothing. A
 * schedule-a-tour request that chose a published time books it in the same transaction (book-tour.ts) and
 * mails the family a confirmation with the time (decision 028).
 */
import { type ContactForm, formatPhone, type TutoringWaitlistForm } from '@lc/contract';
import type { Db } from '../../db/client.ts';
import { contactSubmissions, tutoringWaitlistSubmissions } from '../../db/schema.ts';
import { dayAndTimeIn } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { bookTourSlot } from './book-tour.ts';
import { tourBookedMail } from './tour-mail.ts';

export type SubmitDeps = { db: Db; centerEmail: string };
/** A contact form also needs the clock (a tour's time) and the center's street address (the family's mail). */
export type ContactDeps = SubmitDeps & { clock: Clock; centerAddress: string };

/**
 * Store a contact form (or schedule-a-tour request) and queue its mail to the center. Returns the id. A tour
 * request with `tourSlotId` books that time first (409 by `tourSlotId` when it was just taken, is past or on a
 * closed day: book-tour.ts) and queues the family's confirmation; `tourSlotId` on a plain message is ignored.
 */
export async function submitContact(deps: ContactDeps, form: ContactForm): Promise<string> {
  const { db, centerEmail, clock } = deps;
  return db.transaction(async (tx) => {
    const slot = form.tour && form.tourSlotId ? await bookTourSlot(tx, clock, form.tourSlotId) : null;
    const [row] = await tx
      .insert(contactSubmissions)
      .values({ ...form, tourSlotId: slot?.id ?? null, submitted: clock.now(), updated: clock.now() })
      .returning({ id: contactSubmissions.id });
    if (slot)
      await enqueueMail(
        tx,
        tourBookedMail(
          { centerEmail, centerAddress: deps.centerAddress, timeZone: clock.timeZone },
          { ...form, startsAt: slot.startsAt, minutes: slot.minutes },
        ),
      );
    const who = `${form.firstName} ${form.lastName}`;
    await enqueueMail(tx, {
      to: centerEmail,
      replyTo: form.email,
      subject: form.tour ? `Tour request from ${who}` : `New message from ${who}`,
      text: lines([
        form.tour ? `${who} would like to schedule a tour.` : `${who} sent a message through the website.`,
        ...(form.tour
          ? [
              slot
                ? `Tour booked: ${dayAndTimeIn(slot.startsAt, clock.timeZone, 'en')} (${slot.minutes} minutes).`
                : 'None of the published tour times work for them: please call to find one.',
            ]
          : []),
        '',
        `Name: ${who}`,
        `Email: ${form.email}`,
        `Phone: ${form.phoneNumber ? formatPhone(form.phoneNumber) : 'not given'}`,
        `Child: ${form.childName ?? 'not given'}`,
        `Child's birth date: ${form.childBirthdate ?? 'not given'}`,
        `Attended before: ${form.previousAttendance ? 'yes' : 'no'}`,
        `Heard about us: ${form.referred ?? 'not given'}`,
        '',
        'Message:',
        form.message,
        '',
        `Reply to this email to answer ${form.firstName} directly.`,
      ]),
    });
    return row!.id;
  });
}

/** Store a tutoring waitlist submission and queue its mail to the center. Returns the id. */
export async function submitTutoringWaitlist(
  { db, centerEmail }: SubmitDeps,
  form: TutoringWaitlistForm,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tutoringWaitlistSubmissions)
      .values(form)
      .returning({ id: tutoringWaitlistSubmissions.id });
    const grade = form.grade === 'K' ? 'Kindergarten' : `Grade ${form.grade}`;
    await enqueueMail(tx, {
      to: centerEmail,
      replyTo: form.emailAddress,
      subject: `Tutoring waitlist: ${form.studentName} (${grade}, ${form.subjectMatter})`,
      text: lines([
        `${form.parentName} added ${form.studentName} to the tutoring waitlist.`,
        '',
        `Parent: ${form.parentName}`,
        `Email: ${form.emailAddress}`,
        `Phone: ${formatPhone(form.phoneNumber)}`,
        `Student: ${form.studentName}`,
        `Grade: ${grade}`,
        `Subject: ${form.subjectMatter}`,
        '',
        'Message:',
        form.message ?? '(none)',
      ]),
    });
    return row!.id;
  });
}

const lines = (parts: string[]) => `${parts.join('\n')}\n`;
