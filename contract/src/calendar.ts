/**
 * The center's calendar (issue 24, "The center's calendar"): days the whole center or one session is closed
 * (holidays, teacher training, weather) or lets children go home early. The director enters them; the
 * attendance board, the door, Today and attendance counts honour them, and families see them. Dates are the
 * center's calendar dates ("YYYY-MM-DD", the center's time zone), both ends included; a dismissal time is the
 * center's wall clock "HH:MM" (24-hour).
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { IsoDateSchema } from './fields.ts';
import { addDays } from './zoned-time.ts';

/** Closed all day, or open and letting children go home early at `dismissAt`. */
export const CLOSURE_KINDS = ['Closed', 'EarlyDismissal'] as const;
export type ClosureKind = (typeof CLOSURE_KINDS)[number];

/** The longest closure one entry may cover (a winter break fits; a typo of a year does not). */
export const MAX_CLOSURE_DAYS = 60;

const dismissAt = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, fieldMessage('fields.calendar.dismissalTimeNeeded'));

/** `POST /api/staff/closures`: one closure or early dismissal, for the whole center or one session. */
export const ClosureInputSchema = z
  .object({
    startsOn: IsoDateSchema,
    endsOn: IsoDateSchema,
    /** Null: the whole center. */
    classSessionId: z
      .number({ error: fieldMessage('fields.calendar.chooseSession') })
      .int(fieldMessage('fields.calendar.chooseSession'))
      .positive(fieldMessage('fields.calendar.chooseSession'))
      .nullable()
      .default(null),
    kind: z.enum(CLOSURE_KINDS, { error: fieldMessage('fields.calendar.chooseClosedOrEarly') }),
    dismissAt: dismissAt.nullish().transform((v) => v ?? null),
    reason: z
      .string({ error: fieldMessage('fields.calendar.writeReason') })
      .trim()
      .min(1, fieldMessage('fields.calendar.writeReason'))
      .max(120, fieldMessage('fields.calendar.reasonUnder120')),
  })
  .superRefine((input, ctx) => {
    if (input.endsOn < input.startsOn)
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: fieldMessage('fields.calendar.lastDayOnOrAfterFirst'),
      });
    else if (input.endsOn > addDays(input.startsOn, MAX_CLOSURE_DAYS - 1))
      ctx.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: fieldMessage('fields.calendar.atMost60Days'),
      });
    if (input.kind === 'EarlyDismissal' && input.dismissAt === null)
      ctx.addIssue({
        code: 'custom',
        path: ['dismissAt'],
        message: fieldMessage('fields.calendar.dismissalTimeNeeded'),
      });
    if (input.kind === 'Closed' && input.dismissAt !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['dismissAt'],
        message: fieldMessage('fields.calendar.dismissalTimeOnlyEarly'),
      });
  });
export type ClosureInput = z.output<typeof ClosureInputSchema>;

/** A closure as the calendar lists it. */
export const ClosureSchema = z.object({
  id: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  classSessionId: z.number().int().nullable(),
  /** The session's name, or null for the whole center. */
  sessionName: z.string().nullable(),
  kind: z.enum(CLOSURE_KINDS),
  dismissAt: z.string().nullable(),
  reason: z.string(),
});
export type Closure = z.infer<typeof ClosureSchema>;

/** `GET /api/staff/closures`: the closures touching `from`–`to` (both included; the next 12 months by default). */
export const ClosureListQuerySchema = z.object({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});
export type ClosureListQuery = z.output<typeof ClosureListQuerySchema>;
export const ClosureListSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(ClosureSchema),
});
export type ClosureList = z.infer<typeof ClosureListSchema>;

/** `/api/staff/closures/{closureId}`. */
export const ClosureIdParamsSchema = z.object({ closureId: z.string() });

/**
 * What the calendar says about `day` for the session `classSessionId`: the closure that applies (one for the
 * session or for the whole center), a closed day before an early dismissal, and of two early dismissals the
 * earlier time. Null when the session meets as usual. Pure; the server and the pages share it.
 */
export function closureOn<
  C extends Pick<Closure, 'startsOn' | 'endsOn' | 'classSessionId' | 'kind' | 'dismissAt'>,
>(closures: readonly C[], day: string, classSessionId: number): C | null {
  let found: C | null = null;
  for (const c of closures) {
    if (c.startsOn > day || c.endsOn < day) continue;
    if (c.classSessionId !== null && c.classSessionId !== classSessionId) continue;
    if (c.kind === 'Closed') return c;
    if (found === null || (c.dismissAt ?? '99:99') < (found.dismissAt ?? '99:99')) found = c;
  }
  return found;
}

/** `GET /api/Family/CalendarFeed`: whether the parent has a calendar subscription address, and since when. */
export const CalendarFeedStatusSchema = z.object({ active: z.boolean(), created: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;
/**
 * `POST /api/Family/CalendarFeed`: a new secret subscription address (any earlier one stops working). The
 * address is shown this once; only its hash is kept.
 */
export const CalendarFeedSchema = z.object({ url: z.string(), created: z.string() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
/** `GET /api/calendar/{token}`: the feed's secret. */
export const CalendarFeedParamsSchema = z.object({ token: z.string().max(100) });
