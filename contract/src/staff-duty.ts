/**
 * Staff on duty (issue 26, decision 038): clock-in PINs, punches and timesheets, a room's licensing ratio and
 * its history, and staff certifications. Instants are ISO date-times; days are the center's calendar days
 * ("YYYY-MM-DD", CENTER_TIMEZONE); durations are whole minutes.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { calendarDateSchema, isoInstantSchema } from './fields.ts';

/** How a punch was recorded: the door tablet, the staff app on a phone, or the director's correction. */
export const PUNCH_SOURCES = ['Tablet', 'Phone', 'Correction'] as const;
export type PunchSource = (typeof PUNCH_SOURCES)[number];

/** A room's ratio: within it, exactly at it (one more child needs another adult), or over it. */
export const RATIO_STATES = ['ok', 'atLimit', 'over'] as const;
export type RatioState = (typeof RATIO_STATES)[number];

/** Children per adult when a session has no program (and a new program's default): preschool, 1:12. */
export const DEFAULT_CHILDREN_PER_ADULT = 12;

/** The certifications a staff profile keeps. */
export const CERTIFICATION_KINDS = [
  'Cpr',
  'PediatricFirstAid',
  'BackgroundCheck',
  'TbTest',
  'MandatedReporter',
  'TrainingHours',
] as const;
export type CertificationKind = (typeof CERTIFICATION_KINDS)[number];

/** Reminders go this many days before a certification expires, once each. */
export const CERTIFICATION_REMINDER_DAYS = [30, 7] as const;

// ---------------------------------------------------------------------------------------------------
// Ratio arithmetic (pure: the server decides with it, the pages and tests read it)

/** Adults a room needs for `children` at `childrenPerAdult` children per adult: ceil(children / ratio). */
export function requiredAdults(children: number, childrenPerAdult: number): number {
  return children <= 0 ? 0 : Math.ceil(children / childrenPerAdult);
}

/**
 * The state of a room: `over` when fewer adults are on duty than needed (children with no adult at all
 * included), `atLimit` when the room is exactly full for its adults (the next child needs another adult),
 * else `ok`. An empty room is `ok`.
 */
export function ratioState(children: number, adults: number, childrenPerAdult: number): RatioState {
  if (children <= 0) return 'ok';
  if (adults < requiredAdults(children, childrenPerAdult)) return 'over';
  return children >= adults * childrenPerAdult ? 'atLimit' : 'ok';
}

// ---------------------------------------------------------------------------------------------------
// PINs

/** PINs anyone would guess first: the same digit, a run up or down, and a few well-known patterns. */
export function isWeakPin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => (d - digits[i]! + 10) % 10);
  if (steps.every((s) => s === 1) || steps.every((s) => s === 9)) return true;
  if (/^(\d\d)\1+$/.test(pin) || /^(\d\d\d)\1$/.test(pin)) return true;
  return ['2580', '0852', '1004', '2000', '1122', '112233', '123123', '696969', '1313'].includes(pin);
}

/** A clock-in PIN as the staff member chooses it: 4 to 6 digits, not an easy one. */
export const NewPinSchema = z
  .string({ error: fieldMessage('fields.duty.pinDigits') })
  .trim()
  .regex(/^\d{4,6}$/, fieldMessage('fields.duty.pinDigits'))
  .refine((pin) => !isWeakPin(pin), fieldMessage('fields.duty.pinWeak'));

/** `PUT /api/staff/duty/pin`. */
export const DutyPinInputSchema = z.object({ pin: NewPinSchema });

/** A PIN as typed at the tablet (checked against the hashes; never echoed). */
const TypedPinSchema = z
  .string({ error: fieldMessage('fields.duty.enterPin') })
  .trim()
  .min(1, fieldMessage('fields.duty.enterPin'))
  .max(12, fieldMessage('fields.duty.pinDigits'));

// ---------------------------------------------------------------------------------------------------
// Ratios

/** A staff member on duty in a room now. */
export const OnDutySchema = z.object({
  userId: z.string(),
  name: z.string(),
  since: z.string(),
});

/** A room's ratio now (today). */
export const RatioNowSchema = z.object({
  classSessionId: z.number().int(),
  name: z.string(),
  childrenPerAdult: z.number().int(),
  /** Checked in at the door and not picked up. */
  children: z.number().int(),
  /** Clocked in to this session. */
  adults: z.number().int(),
  /** ceil(children / childrenPerAdult). */
  required: z.number().int(),
  state: z.enum(RATIO_STATES),
  staff: z.array(OnDutySchema),
});
export type RatioNow = z.infer<typeof RatioNowSchema>;

/** A moment today when a room went over its ratio (the director was alerted once for it). */
export const RatioBreachSchema = z.object({
  classSessionId: z.number().int(),
  name: z.string(),
  at: z.string(),
  children: z.number().int(),
  adults: z.number().int(),
  required: z.number().int(),
  /** Whether the room is still over now. */
  ongoing: z.boolean(),
});
export type RatioBreach = z.infer<typeof RatioBreachSchema>;

/** `GET /api/staff/duty/ratios`: today's rooms the caller sees, and today's breaches in them. */
export const DutyRatiosSchema = z.object({
  date: z.string(),
  at: z.string(),
  sessions: z.array(RatioNowSchema),
  breaches: z.array(RatioBreachSchema),
});
export type DutyRatios = z.infer<typeof DutyRatiosSchema>;

/** One point of a room's ratio history. */
export const RatioPointSchema = z.object({
  at: z.string(),
  children: z.number().int(),
  adults: z.number().int(),
  required: z.number().int(),
  state: z.enum(RATIO_STATES),
});
export type RatioPoint = z.infer<typeof RatioPointSchema>;

/** `GET /api/staff/duty/ratios/:classSessionId/history?day=`: the day's points and minutes spent over. */
export const RatioHistorySchema = z.object({
  classSessionId: z.number().int(),
  name: z.string(),
  day: z.string(),
  points: z.array(RatioPointSchema),
  minutesOver: z.number().int(),
});
export type RatioHistory = z.infer<typeof RatioHistorySchema>;

export const RatioHistoryParamsSchema = z.object({ classSessionId: z.coerce.number().int() });
export const RatioHistoryQuerySchema = z.object({
  day: calendarDateSchema(fieldMessage('fields.common.dateFormat')).optional(),
});

// ---------------------------------------------------------------------------------------------------
// Clocking in and out

export const CLOCK_ACTIONS = ['in', 'out'] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];

/** A session a staff member may clock in to today. */
export const DutySessionSchema = z.object({
  classSessionId: z.number().int(),
  name: z.string(),
  /** They are assigned to it (listed first, the tablet's default). */
  assigned: z.boolean(),
  /** Clock-in from the phone is allowed for it (the director's setting). */
  phoneAllowed: z.boolean(),
});

/** A punch as its person and the director read it. */
export const PunchSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  classSessionId: z.number().int(),
  sessionName: z.string(),
  day: z.string(),
  inAt: z.string(),
  outAt: z.string().nullable(),
  source: z.enum(PUNCH_SOURCES),
  reason: z.string().nullable(),
  /** The punch this one corrected (kept in the history). */
  replacesId: z.string().nullable(),
  /** Who recorded a correction (the director's name); null for a punch at the tablet or phone. */
  correctedBy: z.string().nullish(),
  /** What the corrected punch said before (its times and source), for the director's disclosure. */
  original: z
    .object({ inAt: z.string(), outAt: z.string().nullable(), source: z.enum(PUNCH_SOURCES) })
    .nullish(),
});
export type Punch = z.infer<typeof PunchSchema>;

/** Who is at the tablet, once their PIN is right: their open punch and today's sessions. */
export const KioskDutyPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  open: PunchSchema.nullable(),
  sessions: z.array(DutySessionSchema),
});
export type KioskDutyPerson = z.infer<typeof KioskDutyPersonSchema>;

/** A staff member the tablet lists to choose from (those with a PIN). */
export const KioskStaffListSchema = z.object({
  people: z.array(z.object({ userId: z.string(), name: z.string() })),
});

/** `POST /api/kiosk/duty/identify`: yourself (or nobody: PIN only) and your PIN. */
export const KioskDutyIdentifySchema = z.object({
  userId: z.string().nullish(),
  pin: TypedPinSchema,
});

/** `POST /api/kiosk/duty/clock`. */
export const KioskDutyClockSchema = KioskDutyIdentifySchema.extend({
  classSessionId: z.number({ error: fieldMessage('fields.duty.chooseRoom') }).int(),
  action: z.enum(CLOCK_ACTIONS),
});

/** `POST /api/staff/duty/clock` (from the phone). */
export const DutyClockInputSchema = z.object({
  classSessionId: z.number({ error: fieldMessage('fields.duty.chooseRoom') }).int(),
  action: z.enum(CLOCK_ACTIONS),
});

/** What a clock-in or -out did: the punch and the room's ratio after it. */
export const DutyClockResultSchema = z.object({
  punch: PunchSchema,
  ratio: RatioNowSchema,
});
export type DutyClockResult = z.infer<typeof DutyClockResultSchema>;

/** `GET /api/staff/duty/me`: the signed-in staff member's PIN, open punch and today's sessions. */
export const DutyMeSchema = z.object({
  pinSet: z.boolean(),
  open: PunchSchema.nullable(),
  sessions: z.array(DutySessionSchema),
  today: z.array(PunchSchema),
});
export type DutyMe = z.infer<typeof DutyMeSchema>;

/** `PUT /api/staff/duty/sessions/:classSessionId/phone`, and what `GET` of it answers. */
export const DutyPhoneInputSchema = z.object({ allowed: z.boolean() });
export const DutySessionParamsSchema = z.object({ classSessionId: z.coerce.number().int() });

// ---------------------------------------------------------------------------------------------------
// Corrections and timesheets

const instant = isoInstantSchema(fieldMessage('fields.duty.useTime'), { wallTime: true });
const reason = z
  .string({ error: fieldMessage('fields.duty.giveReason') })
  .trim()
  .min(3, fieldMessage('fields.duty.giveReason'))
  .max(300, fieldMessage('fields.common.tooLong', { max: 300 }));

/** `POST /api/staff/duty/punches`: the director adds a missed punch. */
export const PunchAddSchema = z
  .object({
    userId: z
      .string({ error: fieldMessage('fields.duty.choosePerson') })
      .min(1, fieldMessage('fields.duty.choosePerson')),
    classSessionId: z.number({ error: fieldMessage('fields.duty.chooseRoom') }).int(),
    inAt: instant,
    outAt: instant.nullish().transform((v) => v || null),
    reason,
  })
  .superRefine((p, ctx) => {
    if (p.outAt && Date.parse(p.outAt) < Date.parse(p.inAt))
      ctx.addIssue({ code: 'custom', path: ['outAt'], message: fieldMessage('fields.duty.outAfterIn') });
  });
export type PunchAdd = z.output<typeof PunchAddSchema>;

/** `PATCH /api/staff/duty/punches/:punchId`: the director fixes a punch's times (the original is kept). */
export const PunchFixSchema = z
  .object({
    inAt: instant,
    outAt: instant.nullish().transform((v) => v || null),
    reason,
  })
  .superRefine((p, ctx) => {
    if (p.outAt && Date.parse(p.outAt) < Date.parse(p.inAt))
      ctx.addIssue({ code: 'custom', path: ['outAt'], message: fieldMessage('fields.duty.outAfterIn') });
  });
export type PunchFix = z.output<typeof PunchFixSchema>;
export const PunchParamsSchema = z.object({ punchId: z.string() });

/** `GET /api/staff/duty/timesheets?week=&userId=`: `week` is any day of the week (Monday–Sunday). */
export const TimesheetQuerySchema = z.object({
  week: calendarDateSchema(fieldMessage('fields.common.dateFormat')).optional(),
  userId: z.string().optional(),
});

/** One person's week: minutes per day (Monday first), the total, and whether a punch is still open. */
export const TimesheetPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  minutes: z.array(z.number().int()),
  totalMinutes: z.number().int(),
  open: z.boolean(),
  punches: z.array(PunchSchema),
});
export const TimesheetSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  people: z.array(TimesheetPersonSchema),
});
export type Timesheet = z.infer<typeof TimesheetSchema>;

/** The Monday of the week holding ISO day `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const back = (weekday + 6) % 7;
  return new Date(Date.parse(`${day}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------
// Certifications

const optionalDay = calendarDateSchema(fieldMessage('fields.duty.useDay'))
  .nullish()
  .or(z.literal(''))
  .transform((v) => v || null);

/** A certificate's scan may be a PDF, JPEG or PNG (read from its bytes) of at most this many bytes (10 MB). */
export const CERTIFICATION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A certification's document as its readers get it: `url` is a signed link (`download=1` saves it). */
export const CertificationDocumentSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  url: z.string(),
});
export type CertificationDocument = z.infer<typeof CertificationDocumentSchema>;

/**
 * A certification's state on a day: `expired` (its expiry day has passed), `expiring` (within
 * {@link CERTIFICATION_EXPIRING_DAYS} days, the first reminder's lead), else `current` (also one that does not
 * expire). `daysLeft` is {@link CertificationSchema}'s.
 */
export const CERTIFICATION_EXPIRING_DAYS = 30;
export function certificationState(daysLeft: number | null): 'current' | 'expiring' | 'expired' {
  if (daysLeft === null) return 'current';
  if (daysLeft < 0) return 'expired';
  return daysLeft <= CERTIFICATION_EXPIRING_DAYS ? 'expiring' : 'current';
}

/** `POST /api/staff/team/:userId/certifications`. */
export const CertificationInputSchema = z
  .object({
    kind: z.enum(CERTIFICATION_KINDS, { error: fieldMessage('fields.duty.chooseKind') }),
    hours: z
      .number()
      .int()
      .min(1, fieldMessage('fields.duty.hoursRange'))
      .max(1000, fieldMessage('fields.duty.hoursRange'))
      .nullish(),
    issuedOn: calendarDateSchema(fieldMessage('fields.duty.useDay')),
    expiresOn: optionalDay,
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'TrainingHours' && !c.hours)
      ctx.addIssue({ code: 'custom', path: ['hours'], message: fieldMessage('fields.duty.hoursRange') });
    if (c.kind !== 'TrainingHours' && !c.expiresOn)
      ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: fieldMessage('fields.duty.giveExpiry') });
    if (c.expiresOn && c.expiresOn < c.issuedOn)
      ctx.addIssue({
        code: 'custom',
        path: ['expiresOn'],
        message: fieldMessage('fields.duty.expiryAfterIssue'),
      });
  })
  .transform((c) => ({ ...c, hours: c.kind === 'TrainingHours' ? (c.hours ?? null) : null }));
export type CertificationInput = z.output<typeof CertificationInputSchema>;

export const CertificationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  kind: z.enum(CERTIFICATION_KINDS),
  hours: z.number().int().nullable(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  /** Days until it expires (negative: expired), null when it does not expire. */
  daysLeft: z.number().int().nullable(),
  /** The certificate's scan, opened through a signed link that works for a few hours; null without one. */
  document: CertificationDocumentSchema.nullish(),
});
export type Certification = z.infer<typeof CertificationSchema>;
export const CertificationListSchema = z.object({ certifications: z.array(CertificationSchema) });
export const StaffUserParamsSchema = z.object({ userId: z.string() });
export const CertificationParamsSchema = z.object({ certificationId: z.string() });

/** Minutes as hours and minutes, "7:05" (a timesheet's cell and its CSV). */
export function hoursText(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
