/**
 * Public forms: the contact form (with its schedule-a-tour variant) and the tutoring waitlist form.
 * Shapes from spec §3 "Other payload shapes"; the rules are ours (spec §5 leaves them open).
 * Used by `POST /api/Contact` and `POST /api/Contact/Waitlist`, both answering 204.
 */
import { z } from 'zod';
import { LanguageSchema } from './auth.ts';
import { fieldMessage } from './field-message.ts';
import {
  centerCalendarDate,
  dateInRange,
  EmailSchema,
  nameSchema,
  OptionalPhoneSchema,
  optionalText,
  PhoneSchema,
  todayIsoDate,
} from './fields.ts';

export const MESSAGE_REQUIRED = fieldMessage('fields.contact.messageRequired');
export const CHILD_BIRTHDATE_INVALID = fieldMessage('fields.contact.childBirthdateInvalid');

/** spec §3 contact form: {firstName, lastName, email, phoneNumber, childName, childBirthdate, previousAttendance, referred, message}. `tour` marks the schedule-a-tour variant (`/contact?tour=true`). */
export const ContactFormSchema = z.object({
  firstName: nameSchema(fieldMessage('fields.contact.firstNameRequired')),
  lastName: nameSchema(fieldMessage('fields.contact.lastNameRequired')),
  email: EmailSchema,
  phoneNumber: OptionalPhoneSchema,
  childName: optionalText(100),
  /** A calendar date or an ISO date-time read as the center's date (issue 12); must be before today. */
  childBirthdate: z
    .string({ error: CHILD_BIRTHDATE_INVALID })
    .trim()
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const date = centerCalendarDate(value);
      if (date === null || date >= todayIsoDate() || !dateInRange(date)) {
        ctx.addIssue({ code: 'custom', message: CHILD_BIRTHDATE_INVALID });
        return z.NEVER;
      }
      return date;
    }),
  previousAttendance: z.boolean().default(false),
  referred: optionalText(200),
  message: z
    .string({ error: MESSAGE_REQUIRED })
    .trim()
    .min(1, MESSAGE_REQUIRED)
    .max(4000, fieldMessage('fields.contact.messageTooLong')),
  tour: z.boolean().default(false),
  /**
   * A schedule-a-tour request's chosen time (decision 028): a published slot's id, or null for "none of these
   * times work — we will call you". Booked with the request in one transaction; a slot just taken is a 409.
   */
  tourSlotId: z
    .uuid({ error: fieldMessage('fields.contact.chooseTourTime') })
    .nullish()
    .transform((v) => v ?? null),
  /** The page's language (issue 14): the center's reply is written around the staff's words in it. */
  language: LanguageSchema.default('en'),
});
/** What the form holds before parsing (strings as typed). */
export type ContactFormInput = z.input<typeof ContactFormSchema>;
/** What the server stores after parsing (trimmed, email lower-cased, phone in E.164). */
export type ContactForm = z.output<typeof ContactFormSchema>;

/** Grades the tutoring program serves (spec §9: K–6). */
export const TUTORING_GRADES = ['K', '1', '2', '3', '4', '5', '6'] as const;
export const TUTORING_SUBJECTS = [
  'Reading & phonics',
  'Writing',
  'Math',
  'Science',
  'Homework support',
  'Other',
] as const;

/** spec §3 tutoring waitlist submission, minus the server-assigned `id` and `submitted`. */
export const TutoringWaitlistFormSchema = z.object({
  parentName: z
    .string({ error: fieldMessage('fields.contact.tellUsYourName') })
    .trim()
    .min(2, fieldMessage('fields.contact.tellUsYourName'))
    .max(100, fieldMessage('fields.contact.nameUnder100')),
  studentName: z
    .string({ error: fieldMessage('fields.contact.tellUsChildName') })
    .trim()
    .min(2, fieldMessage('fields.contact.tellUsChildName'))
    .max(100, fieldMessage('fields.contact.nameUnder100')),
  grade: z.enum(TUTORING_GRADES, { error: fieldMessage('fields.contact.chooseGrade') }),
  emailAddress: EmailSchema,
  phoneNumber: PhoneSchema,
  subjectMatter: z.enum(TUTORING_SUBJECTS, { error: fieldMessage('fields.contact.chooseSubject') }),
  message: optionalText(4000),
  /** The page's language (issue 14): the center's reply is written around the staff's words in it. */
  language: LanguageSchema.default('en'),
});
export type TutoringWaitlistFormInput = z.input<typeof TutoringWaitlistFormSchema>;
export type TutoringWaitlistForm = z.output<typeof TutoringWaitlistFormSchema>;

/** A stored tutoring waitlist submission (spec §3). `submitted` is an ISO timestamp. */
export type TutoringWaitlistSubmission = TutoringWaitlistForm & { id: string; submitted: string };
