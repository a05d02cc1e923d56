/**
 * Public form submissions (spec §1, §7 Contact): store the submission and queue a mail to the center's
 * staff inbox in one transaction, so a stored form is always mailed and a failed step stores nothing.
 */
import { type ContactForm, formatPhone, type TutoringWaitlistForm } from '@lc/contract';
import type { Db } from '../../db/client.ts';
import { contactSubmissions, tutoringWaitlistSubmissions } from '../../db/schema.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';

export type SubmitDeps = { db: Db; centerEmail: string };

/** Store a contact form (or schedule-a-tour request) and queue its mail to the center. Returns the id. */
export async function submitContact({ db, centerEmail }: SubmitDeps, form: ContactForm): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactSubmissions).values(form).returning({ id: contactSubmissions.id });
    const who = `${form.firstName} ${form.lastName}`;
    await enqueueMail(tx, {
      to: centerEmail,
      replyTo: form.email,
      subject: form.tour ? `Tour request from ${who}` : `New message from ${who}`,
      text: lines([
        form.tour ? `${who} would like to schedule a tour.` : `${who} sent a message through the website.`,
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
