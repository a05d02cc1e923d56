/**
 * The staff back office's API shapes (issue 10; docs/architecture.md "Staff back office"). Lists are paginated,
 * filtered and sorted by query parameters the page keeps in its URL; a CSV export takes the same parameters,
 * so the file holds exactly what the screen shows. Money is integer cents; calendar dates are "YYYY-MM-DD";
 * instants are ISO date-times.
 */
import { z } from 'zod';
import { RosterRestrictionSchema } from './custody.ts';
import { PAYMENT_STATUSES } from './enrollment.ts';
import { fieldMessage } from './field-message.ts';
import { EmailSchema, formatPhone } from './fields.ts';
import { dateTimeFormat } from './intl.ts';
import { PlaceAccountSchema, placeStatusText } from './ledger.ts';
import { pageNumber, pageSizeField } from './paging.ts';

/**
 * Which sessions a list shows, by the center's calendar today: not ended yet (running or upcoming, the
 * default), running, not started yet, ended, or all.
 */
export const STAFF_SESSION_PERIODS = ['active', 'current', 'upcoming', 'past', 'all'] as const;
export type StaffSessionPeriod = (typeof STAFF_SESSION_PERIODS)[number];

export const STAFF_SESSION_SORTS = ['start', 'name', 'seats', 'waitlist', 'revenue'] as const;
export type StaffSessionSort = (typeof STAFF_SESSION_SORTS)[number];

/** `GET /api/staff/sessions` query. Unknown values answer 400 with a sentence per field. */
export const StaffSessionListQuerySchema = z.object({
  period: z
    .enum(STAFF_SESSION_PERIODS, { error: fieldMessage('fields.staff.chooseActiveCurrentUpcomingPast') })
    .default('active'),
  q: z.string().trim().max(100, fieldMessage('fields.staff.searchAtMost100Characters')).optional(),
  sort: z
    .enum(STAFF_SESSION_SORTS, { error: fieldMessage('fields.staff.sortByStartNameSeats') })
    .default('start'),
  dir: z.enum(['asc', 'desc'], { error: fieldMessage('fields.staff.sortAscDesc') }).default('asc'),
  page: pageNumber.default(1),
  pageSize: pageSizeField('sessions', 25),
});
export type StaffSessionListQuery = z.output<typeof StaffSessionListQuerySchema>;

export const StaffMemberSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
export type StaffMember = z.infer<typeof StaffMemberSchema>;
/** `PUT /api/staff/sessions/{classSessionId}/teachers`: who teaches the session now. */
export const StaffMemberListSchema = z.array(StaffMemberSchema);

/** One session in the staff list. `revenue` (cents paid) is null for a teacher: money is the director's. */
export const StaffSessionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  programName: z.string().nullable(),
  sessionStartDate: z.string(),
  sessionEndDate: z.string(),
  daySchedule: z.string(),
  isActive: z.boolean(),
  rosterSize: z.number().int(),
  /** Enrolled children plus seats held by an open checkout. */
  seatsTaken: z.number().int(),
  enrolledCount: z.number().int(),
  waitlistCount: z.number().int(),
  revenue: z.number().int().nullable(),
  teachers: z.array(StaffMemberSchema),
});
export type StaffSessionRow = z.infer<typeof StaffSessionRowSchema>;

export const StaffSessionListSchema = z.object({
  items: z.array(StaffSessionRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffSessionList = z.infer<typeof StaffSessionListSchema>;

export const RosterAdultSchema = z.object({
  name: z.string(),
  relationship: z.string(),
  /** E.164, the number to call first (cell, else home). */
  phone: z.string().nullable(),
  emailAddress: z.string().nullable(),
});
export type RosterAdult = z.infer<typeof RosterAdultSchema>;

/** A child on a session's roster, with what a teacher needs at the door and in the room. */
export const RosterChildSchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  /** Whole months of age on the session's first day (the age limits' unit). */
  ageMonthsAtStart: z.number().int(),
  allergies: z.array(z.string()),
  /** The child's parents (accounts), with phone and email. */
  parents: z.array(RosterAdultSchema),
  /** Active emergency contacts who may pick the child up. */
  pickup: z.array(RosterAdultSchema),
  /** People the child may not be released to, with the staff note (issue 24); staff only. */
  doNotRelease: z.array(RosterRestrictionSchema),
  /** When the place was taken (ISO date-time). */
  enrolledAt: z.string(),
  /** The place's payment (the director only: absent for a teacher, who never sees money). */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable().optional(),
  /** The place's account on the ledger (issue 23; the director only): its status, balance and due date. */
  account: PlaceAccountSchema.pick({
    status: true,
    balance: true,
    dueOn: true,
    nextAmount: true,
    overdue: true,
  }).optional(),
  /** For a seat held by an open checkout: when the hold ends (ISO date-time); null once enrolled. */
  holdExpiresAt: z.string().nullable(),
});
export type RosterChild = z.infer<typeof RosterChildSchema>;

export const RosterWaitlistEntrySchema = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  ageMonthsAtStart: z.number().int(),
  status: z.enum(['Waiting', 'Offered']),
  /** 1 = next in line; null for a family holding an offer. */
  position: z.number().int().nullable(),
  joinedAt: z.string(),
  offerExpires: z.string().nullable(),
  parents: z.array(RosterAdultSchema),
});
export type RosterWaitlistEntry = z.infer<typeof RosterWaitlistEntrySchema>;

/** `GET /api/staff/sessions/{classSessionId}/roster`: enrolled children, seats on hold, and the waitlist apart. */
export const RosterSchema = z.object({
  session: StaffSessionRowSchema,
  /** True for the director: the roster carries each place's payment and its table the Payment column. */
  showsMoney: z.boolean(),
  enrolled: z.array(RosterChildSchema),
  pending: z.array(RosterChildSchema),
  waitlist: z.array(RosterWaitlistEntrySchema),
});
export type Roster = z.infer<typeof RosterSchema>;

/** `PUT /api/staff/sessions/{classSessionId}/teachers` body (Admin): who teaches the session. */
export const SessionTeachersInputSchema = z.object({
  userIds: z
    .array(z.uuid({ error: fieldMessage('fields.staff.chooseTeachersFromList') }), {
      error: fieldMessage('fields.staff.chooseTeachersFromList'),
    })
    .max(20, fieldMessage('fields.staff.sessionHasAtMost20')),
});
export type SessionTeachersInput = z.infer<typeof SessionTeachersInputSchema>;

/**
 * Every column of a roster table, in order (the director's; a teacher's table and CSV leave out Payment:
 * see `rosterColumns`).
 */
export const ROSTER_CSV_COLUMNS = [
  'Child',
  'Date of birth',
  'Age at start',
  'Allergies',
  'Parents',
  'Parent phones',
  'Parent emails',
  'May pick up',
  'Enrolled on',
  'Payment',
] as const;

/** "4 yrs 7 mos" from whole months (the roster's age column). */
export function formatAgeMonths(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const y = `${years} ${years === 1 ? 'yr' : 'yrs'}`;
  return rest === 0 ? y : `${y} ${rest} ${rest === 1 ? 'mo' : 'mos'}`;
}

export type RosterColumn = (typeof ROSTER_CSV_COLUMNS)[number];

/** The columns of `roster`'s table and CSV: every column for the director, no Payment for a teacher. */
export function rosterColumns(roster: Pick<Roster, 'showsMoney'>): readonly RosterColumn[] {
  return roster.showsMoney ? ROSTER_CSV_COLUMNS : ROSTER_CSV_COLUMNS.filter((c) => c !== 'Payment');
}

const people = (adults: RosterAdult[]) => adults.map((p) => p.name).join('; ');

/**
 * The roster table's cells, one row per enrolled child, in `rosterColumns(roster)` order. The roster page and
 * the CSV export both use it, so the file is exactly the screen. Dates are the center's calendar dates in
 * `timeZone`; phones are shown as people dial them.
 */
export function rosterTableRows(roster: Roster, timeZone: string): string[][] {
  const day = dateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
  const birthday = dateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return roster.enrolled.map((child) => [
    `${child.firstName} ${child.lastName}`,
    birthday.format(new Date(`${child.dateOfBirth}T00:00:00Z`)),
    formatAgeMonths(child.ageMonthsAtStart),
    child.allergies.join('; '),
    people(child.parents),
    child.parents
      .map((p) => (p.phone ? formatPhone(p.phone) : ''))
      .filter(Boolean)
      .join('; '),
    child.parents
      .map((p) => p.emailAddress ?? '')
      .filter(Boolean)
      .join('; '),
    child.pickup.map((p) => `${p.name} (${p.relationship})`).join('; '),
    day.format(new Date(child.enrolledAt)),
    ...(roster.showsMoney
      ? [child.account ? placeStatusText(child.account) : (child.paymentStatus ?? '')]
      : []),
  ]);
}

export const STAFF_ROLES = ['Staff', 'Admin'] as const;

/** `POST /api/staff/team` body (Admin): invite someone to the staff as a teacher or a director. */
export const StaffInviteInputSchema = z.object({
  firstName: z
    .string({ error: fieldMessage('fields.staff.contactFirstName') })
    .trim()
    .min(1, fieldMessage('fields.staff.contactFirstName'))
    .max(50, fieldMessage('fields.staff.keepUnder50Characters')),
  lastName: z
    .string({ error: fieldMessage('fields.staff.contactLastName') })
    .trim()
    .min(1, fieldMessage('fields.staff.contactLastName'))
    .max(50, fieldMessage('fields.staff.keepUnder50Characters')),
  emailAddress: EmailSchema,
  role: z.enum(STAFF_ROLES, { error: fieldMessage('fields.staff.chooseTeacherDirector') }).default('Staff'),
});
export type StaffInviteInput = z.input<typeof StaffInviteInputSchema>;

/**
 * `PUT /api/staff/team/{userId}` body (Admin): a new role (`Parent` takes someone off the staff), and/or
 * whether a teacher may read and answer the inbox (directors always may).
 */
export const StaffRoleInputSchema = z
  .object({
    role: z
      .enum(['Staff', 'Admin', 'Parent'], {
        error: fieldMessage('fields.staff.chooseTeacherDirectorOffStaff'),
      })
      .optional(),
    inboxAccess: z.boolean({ error: fieldMessage('fields.staff.chooseWhetherTheyMayRead') }).optional(),
  })
  .refine((v) => v.role !== undefined || v.inboxAccess !== undefined, {
    message: fieldMessage('fields.staff.chooseTeacherDirectorOffStaff'),
    path: ['role'],
  });
export type StaffRoleInput = z.infer<typeof StaffRoleInputSchema>;

/**
 * `GET /api/staff/me`: what the signed-in staff member may read, so the staff pages ask only for that (a
 * teacher without the inbox never asks for the inbox's count).
 */
export const StaffSelfSchema = z.object({
  role: z.enum(STAFF_ROLES),
  /** The signed-in person's name, for the workspace's top bar. */
  firstName: z.string(),
  lastName: z.string(),
  /** May read and answer the inbox: the director always, a teacher the director gave it to. */
  inboxAccess: z.boolean(),
});
export type StaffSelf = z.infer<typeof StaffSelfSchema>;

/** Someone on the staff as the director's team page lists them. */
export const TeamMemberSchema = StaffMemberSchema.extend({
  role: z.enum(STAFF_ROLES),
  emailAddress: z.string(),
  /** False until an invited person has chosen their password. */
  hasSignedIn: z.boolean(),
  /** A teacher given the inbox (directors always have it). */
  inboxAccess: z.boolean(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;
/** `GET /api/staff/team`: everyone on the staff. */
export const TeamMemberListSchema = z.array(TeamMemberSchema);

/** `PUT /api/staff/team/{userId}`: the member's account id as sent (not a UUID: 404). */
export const StaffUserIdParamsSchema = z.object({ userId: z.string() });
