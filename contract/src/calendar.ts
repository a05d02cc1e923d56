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

/** The staff calendar's two views (issue 24): a week (Monday to Sunday) or a month. */
export const STAFF_CALENDAR_VIEWS = ['week', 'month'] as const;
export type StaffCalendarView = (typeof STAFF_CALENDAR_VIEWS)[number];

/**
 * `GET /api/staff/calendar`: the week or month holding `date` (the center's today when left out). A bad value
 * falls back to the defaults on the page (the URL), and answers 400 by its field from the API.
 */
export const StaffCalendarQuerySchema = z.object({
  view: z
    .enum(STAFF_CALENDAR_VIEWS, { error: fieldMessage('fields.calendar.chooseWeekOrMonth') })
    .default('week'),
  date: IsoDateSchema.optional(),
});
export type StaffCalendarQuery = z.output<typeof StaffCalendarQuerySchema>;

/** A session meeting on a day of the staff calendar, with what the center's calendar says of that day. */
export const StaffCalendarSessionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The session's hours as its day schedule gives them, the center's clock "HH:MM"; null when it gives none. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Children holding a place (enrolled) in the session. */
  enrolled: z.number().int(),
  /** The closure or early dismissal that applies that day (the session's or the whole center's), if any. */
  closure: ClosureSchema.pick({ id: true, kind: true, dismissAt: true, reason: true }).nullable(),
});
export type StaffCalendarSession = z.infer<typeof StaffCalendarSessionSchema>;

/** One day of the staff calendar: the sessions meeting (by start time) and the closures touching it. */
export const StaffCalendarDaySchema = z.object({
  date: z.string(),
  sessions: z.array(StaffCalendarSessionSchema),
  /** The whole center's closures and those of sessions the caller may see. */
  closures: z.array(ClosureSchema),
});
export type StaffCalendarDay = z.infer<typeof StaffCalendarDaySchema>;

export const StaffCalendarSchema = z.object({
  view: z.enum(STAFF_CALENDAR_VIEWS),
  /** First and last day shown (a Monday and a Sunday for a week; the 1st and the last of a month). */
  from: z.string(),
  to: z.string(),
  /** The center's today. */
  today: z.string(),
  days: z.array(StaffCalendarDaySchema),
});
export type StaffCalendar = z.infer<typeof StaffCalendarSchema>;

/**
 * The days a staff calendar view shows for `date` ("YYYY-MM-DD"): its week, Monday to Sunday, or its month.
 * Pure; the server answers these and the page moves by them (the previous and next period start at
 * `from` − 1 day and `to` + 1 day).
 */
export function staffCalendarRange(view: StaffCalendarView, date: string): { from: string; to: string } {
  if (view === 'week') {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const from = addDays(date, -((weekday + 6) % 7));
    return { from, to: addDays(from, 6) };
  }
  const from = `${date.slice(0, 8)}01`;
  const next = new Date(`${from}T12:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
}
