/**
 * Setting up terms on the staff side (issue 10 "Sessions and programs"): duplicating a session to start next term, and the small program (spec §3 ClassSection) and policy
 * (spec §3 Policy) screens. Sessions themselves are written with spec §7 `POST`/`PUT /api/ClassSession`
 * (`ClassSessionInputSchema`, cents), which only the director (Admin) may call.
 */
import { z } from 'zod';
import { POLICY_TYPES } from './class-session.ts';
import { fieldMessage } from './field-message.ts';
import { calendarDateSchema } from './fields.ts';
import { DEFAULT_CHILDREN_PER_ADULT } from './staff-duty.ts';

/** `POST /api/staff/sessions/{id}/duplicate`: the copy's name and first day; every other date moves with it. */
export const SessionDuplicateInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(3, fieldMessage('fields.setup.giveNewSessionName'))
    .max(100, fieldMessage('fields.setup.keepNameUnder100Characters')),
  sessionStartDate: calendarDateSchema(fieldMessage('fields.setup.useDate20270111')),
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
  /** The licensing ratio: children per adult on duty (issue 26). */
  childrenPerAdult: z.number().int(),
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
    name: z
      .string()
      .trim()
      .min(2, fieldMessage('fields.setup.giveProgramName'))
      .max(100, fieldMessage('fields.setup.keepNameUnder100Characters')),
    isActive: z.boolean().default(true),
    startDate: optionalDate(fieldMessage('fields.setup.useDate20260908')),
    endDate: optionalDate(fieldMessage('fields.setup.useDate20270611')),
    /** The licensing ratio, children per adult (issue 26); a new program starts at 1:12. */
    childrenPerAdult: z
      .number({ error: fieldMessage('fields.duty.ratioRange') })
      .int(fieldMessage('fields.duty.ratioRange'))
      .min(1, fieldMessage('fields.duty.ratioRange'))
      .max(40, fieldMessage('fields.duty.ratioRange'))
      .default(DEFAULT_CHILDREN_PER_ADULT),
  })
  .superRefine((p, ctx) => {
    if (p.startDate && p.endDate && p.endDate < p.startDate)
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: fieldMessage('fields.setup.programMustEndAfterStarts'),
      });
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
  policyType: z.enum(POLICY_TYPES, { error: fieldMessage('fields.setup.chooseWhatKindPolicy') }),
  name: z
    .string()
    .trim()
    .min(3, fieldMessage('fields.setup.givePolicyName'))
    .max(100, fieldMessage('fields.setup.keepNameUnder100Characters')),
  htmlValue: z
    .string()
    .min(1, fieldMessage('fields.setup.writePolicyFamiliesShouldRead'))
    .max(20_000, fieldMessage('fields.setup.keepPolicyUnder20000')),
});
export type PolicyInput = z.infer<typeof PolicyInputSchema>;

/** How each policy type is named on the staff screens and the session form. */
export const POLICY_TYPE_LABELS: Record<(typeof POLICY_TYPES)[number], string> = {
  Expectation: 'Expectations',
  Dismissal: 'Dismissal',
  LatePickup: 'Late pickup',
};
