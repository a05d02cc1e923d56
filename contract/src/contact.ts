/**
 * Public forms: the contact form (with its schedule-a-tour variant) and the tutoring waitlist form.
 * Shapes from spec §3 "Other payload shapes"; the rules are ours (spec §5 leaves them open).
 * Used by `POST /api/Contact` and `POST /api/Contact/Waitlist`, both answering 204.
 */
import { z } from 'zod';
import { LanguageSchema } from './auth.ts';
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

export const MESSAGE_REQUIRED = 'Please tell us a little about what you are looking for';
export const CHILD_BIRTHDATE_INVALID = 'Please enter your child’s birth date (it must be in the past)';

/** spec §3 contact form: {firstName, lastName, email, phoneNumber, childName, childBirthdate, previousAttendance, referred, message}. `tour` marks the schedule-a-tour variant (`/contact?tour=true`). */
export const ContactFormSchema = z.object({
  firstName: nameSchema('Please specify your first name'),
  lastName: nameSchema('Please specify your last name'),
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
    .max(4000, 'Please keep your message under 4000 characters'),
  tour: z.boolean().default(false),
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
    .string({ error: 'Please tell us your name' })
    .trim()
    .min(2, 'Please tell us your name')
    .max(100, 'Please keep the name under 100 characters'),
  studentName: z
    .string({ error: 'Please tell us your child’s name' })
    .trim()
    .min(2, 'Please tell us your child’s name')
    .max(100, 'Please keep the name under 100 characters'),
  grade: z.enum(TUTORING_GRADES, { error: 'Please choose your child’s grade (K to 6)' }),
  emailAddress: EmailSchema,
  phoneNumber: PhoneSchema,
  subjectMatter: z.enum(TUTORING_SUBJECTS, { error: 'Please choose a subject' }),
  message: optionalText(4000),
  /** The page's language (issue 14): the center's reply is written around the staff's words in it. */
  language: LanguageSchema.default('en'),
});
export type TutoringWaitlistFormInput = z.input<typeof TutoringWaitlistFormSchema>;
export type TutoringWaitlistForm = z.output<typeof TutoringWaitlistFormSchema>;

/** A stored tutoring waitlist submission (spec §3). `submitted` is an ISO timestamp. */
export type TutoringWaitlistSubmission = TutoringWaitlistForm & { id: string; submitted: string };
