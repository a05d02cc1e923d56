/**
 * Setting up terms on the staff side (issue 10 "Sessions and programs"): duplicating a session to start next term, and the small program (spec §3 ClassSection) and policy
 * (spec §3 Policy) screens. Sessions themselves are written with spec §7 `POST`/`PUT /api/ClassSession`
 * (`ClassSessionInputSchema`, cents), which only the director (Admin) may call.
 */
import { z } from 'zod';
import { POLICY_TYPES } from './class-session.ts';
import { calendarDateSchema } from './fields.ts';

/** `POST /api/staff/sessions/{id}/duplicate`: the copy's name and first day; every other date moves with it. */
export const SessionDuplicateInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(3, 'Give the new session a name')
    .max(100, 'Keep the name under 100 characters'),
  sessionStartDate: calendarDateSchema('Use a date like 2027-01-11'),
});
export type SessionDuplicateInput = z.infer<typeof SessionDuplicateInputSchema>;

/** The duplicate's id (201). */
export const SessionDuplicateResultSchema = z.object({ id: z.number().int() });

/** A program (spec §3 ClassSection) as the staff list shows it, with how many sessions use it. */
export const ProgramRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sessionCount: z.number().int(),
});
export type ProgramRow = z.infer<typeof ProgramRowSchema>;
/** The programs list, which every program write also answers. */
export const ProgramRowListSchema = z.array(ProgramRowSchema);

/** `PUT /api/staff/programs/{id}` and `/api/staff/policies/{id}`: the id as sent (not a whole number: 404). */
export const SetupIdParamsSchema = z.object({ id: z.string() });

const optionalDate = (message: string) =>
  z
    .union([z.literal(''), z.null(), calendarDateSchema(message)])
    .optional()
    .transform((v) => v || null);

/** Create or edit a program. Dates are ISO calendar dates or empty. */
export const ProgramInputSchema = z
  .object({
    name: z.string().trim().min(2, 'Give the program a name').max(100, 'Keep the name under 100 characters'),
    isActive: z.boolean().default(true),
    startDate: optionalDate('Use a date like 2026-09-08'),
    endDate: optionalDate('Use a date like 2027-06-11'),
  })
  .superRefine((p, ctx) => {
    if (p.startDate && p.endDate && p.endDate < p.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The program must end after it starts' });
  });
export type ProgramInput = z.input<typeof ProgramInputSchema>;
export type ProgramValues = z.output<typeof ProgramInputSchema>;

/** A policy on the staff list: the policy itself and how many sessions use it. */
export const PolicyRowSchema = z.object({
  id: z.number().int(),
  policyType: z.enum(POLICY_TYPES),
  name: z.string(),
  htmlValue: z.string(),
  lastUpdated: z.string(),
  sessionCount: z.number().int(),
});
export type PolicyRow = z.infer<typeof PolicyRowSchema>;
/** The policies list, which every policy write also answers. */
export const PolicyRowListSchema = z.array(PolicyRowSchema);

/** Create or edit a policy; `htmlValue` is rich text, sanitised by the server (allow-list). */
export const PolicyInputSchema = z.object({
  policyType: z.enum(POLICY_TYPES, { error: 'Choose what kind of policy this is' }),
  name: z.string().trim().min(3, 'Give the policy a name').max(100, 'Keep the name under 100 characters'),
  htmlValue: z
    .string()
    .min(1, 'Write the policy as families should read it')
    .max(20_000, 'Keep the policy under 20,000 characters'),
});
export type PolicyInput = z.infer<typeof PolicyInputSchema>;

/** How each policy type is named on the staff screens and the session form. */
export const POLICY_TYPE_LABELS: Record<(typeof POLICY_TYPES)[number], string> = {
  Expectation: 'Expectations',
  Dismissal: 'Dismissal',
  LatePickup: 'Late pickup',
};
