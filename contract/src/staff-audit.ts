/**
 * The audit trail on the staff side (issue 10 "Audit trail"; issue 24 "Records staff can keep"): the director
 * reads, filters (by who, child, family, kind and days) and exports every recorded change — a sentence of what
 * happened, who, when, and the raw values before and after. Rows are append-only (migration 0004); nothing
 * here edits them. The sentences are written by audit-sentences.ts (a separate entry, `@lc/contract/audit-sentences`,
 * so their message files load only with the audit page).
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { dayFilter, listSortFields, pageNumber, pageSizeField } from './paging.ts';

/** The kinds of record the trail holds changes to, with the names the filter shows. */
export const AUDIT_ENTITY_TYPES = {
  ClassSession: 'Sessions',
  ClassSection: 'Programs',
  Policy: 'Policies',
  DigitalResource: 'Files and links',
  ClassSessionEnrollment: 'Enrollments',
  WaitlistSubmission: 'Waitlist places',
  Payment: 'Payments and refunds',
  Student: 'Children',
  Trustee: 'Emergency contacts and pickup',
  Family: 'Shared families (co-parents)',
  User: 'Staff accounts',
  Announcement: 'Announcements',
  ContactSubmission: 'Inbox: contact and tour',
  TutoringWaitlistSubmission: 'Inbox: tutoring',
  DigitalPassport: 'Pickup passes at the door',
  Kiosk: 'Door tablets',
  LedgerEntry: 'Family accounts: charges, credits and write-offs',
  closure: 'Closures and early dismissals',
  TourSlot: 'Tour times',
} as const;

/**
 * Every action the server records, by the kind the page filters on (the kinds' names are `kind.<kind>` in
 * the message files). A new `recordAudit` action must be added here: `audit-sentences.test.ts` scans
 * server/src and fails otherwise.
 */
export const AUDIT_KINDS = {
  enrollments: [
    'enrollment.create.offline',
    'enrollment.move',
    'enrollment.withdraw',
    'waitlist.offer',
    'waitlist.skip',
    'waitlist.remove',
  ],
  money: [
    'payment.refund.requested',
    'payment.refund',
    'payment.refund.failed',
    'payment.record.offline',
    'ledger.charge',
    'ledger.late_fee',
    'ledger.credit',
    'ledger.write_off',
  ],
  sessions: [
    'session.create',
    'session.update',
    'session.duplicate',
    'session.teachers.set',
    'session.thumbnail.set',
    'resource.create',
    'resource.update',
    'resource.reorder',
    'program.create',
    'program.update',
    'policy.create',
    'policy.update',
  ],
  calendar: ['closure.add', 'closure.remove', 'tour.publish', 'tour.remove'],
  staff: ['staff.invite', 'staff.add', 'staff.role', 'staff.remove', 'staff.inbox'],
  duty: [
    'duty.pin.set',
    'duty.pin.change',
    'duty.phone.set',
    'duty.punch.add',
    'duty.punch.fix',
    'duty.certification.add',
    'duty.certification.remove',
    'duty.certification.document',
  ],
  children: [
    'student.allergy.add',
    'student.allergy.remove',
    'student.correct',
    'student.restriction.add',
    'student.restriction.remove',
    'incident.report',
    'incident.correct',
    'incident.acknowledge',
    'incident.review',
    'incident.follow_up',
    'medication.give',
    'medication.correct',
    'medication.void',
  ],
  pickup: [
    'trustee.create',
    'trustee.update',
    'trustee.delete',
    'trustee.correct',
    'pass.issue',
    'pass.reissue',
    'pass.revoke',
    'pass.photo',
  ],
  door: ['door.refused', 'custody.alert', 'kiosk.enroll', 'kiosk.rename', 'kiosk.revoke'],
  families: [
    'family.invite',
    'family.invite.withdraw',
    'family.join',
    'family.leave',
    'family.remove',
    'family.close',
    'family.export',
  ],
  announcements: [
    'announcement.schedule',
    'announcement.send',
    'announcement.sent',
    'announcement.update',
    'announcement.update_web',
    'announcement.cancel',
    'family.message',
  ],
  inbox: [
    'inbox.update',
    'inbox.note',
    'inbox.reply',
    'inbox.invite',
    'inbox.toured',
    'inbox.enrolled',
    'tour.reminded',
    'conversation.update',
    'message.edit',
    'message.delete',
    'day_post.edit',
    'day_post.delete',
  ],
  forms: ['form.create', 'form.update', 'form.publish', 'form.archive', 'form.sign'],
  health: [
    'health.profile.update',
    'health.physical.update',
    'health.dose.add',
    'health.dose.remove',
    'health.document.add',
    'health.document.remove',
    'health.check',
    'health.uncheck',
    'program.health_requirements',
  ],
} as const satisfies Record<string, readonly string[]>;

export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_NAMES = Object.keys(AUDIT_KINDS) as AuditKind[];
/** Every recorded action, in the kinds' order. */
export const AUDIT_ACTIONS: readonly string[] = Object.values(AUDIT_KINDS).flat();

/** The kind an action belongs to, or null for one this list does not know (an older or newer server's). */
export function auditKindOf(action: string): AuditKind | null {
  for (const kind of AUDIT_KIND_NAMES)
    if ((AUDIT_KINDS[kind] as readonly string[]).includes(action)) return kind;
  return null;
}

/** One part of a sentence, written in the reader's language by {@link auditSentenceText}. */
export const AuditParamSchema = z.union([
  z.string(),
  z.number(),
  /** A phrase of the message files, with its own parts (e.g. "the {{name}} family"). */
  z.object({ t: z.string(), params: z.record(z.string(), z.string()).optional() }),
  /** Money in cents, written as dollars. */
  z.object({ cents: z.number() }),
  /** A calendar day ("YYYY-MM-DD"), or the first and last of a range. */
  z.object({ days: z.tuple([z.string(), z.string()]) }),
  /** An instant (ISO), written as a day and time on the center's clock. */
  z.object({ at: z.string() }),
  /** Names, written "A, B and C". */
  z.object({ list: z.array(z.string()) }),
]);
export type AuditParam = z.infer<typeof AuditParamSchema>;

/** A sentence as the API sends it: a key of `locales/audit/audit.*.json` and its parts. */
export const AuditSentenceSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), AuditParamSchema),
});
export type AuditSentence = z.infer<typeof AuditSentenceSchema>;

/** An id filter of the trail: a UUID, else nothing matches (answered 400 with the field's sentence). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idFilter = z
  .string()
  .trim()
  .refine((v) => v === '' || UUID.test(v), fieldMessage('fields.staff.choosePersonFromList'))
  .transform((v) => v || undefined)
  .optional();

/**
 * The audit table's sortable columns (decision 030): when the change was made (`when`) and who made it (`who`:
 * their last and first name; the system's own changes last).
 */
export const AUDIT_SORTS = ['when', 'who'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/**
 * `GET /api/staff/audit` (and `.csv`) query, in `sort`/`dir` order (newest first by default); the page keeps it
 * in its URL.
 */
export const AuditQuerySchema = z
  .object({
    /** Words in the action (e.g. "refund") or the record's id. */
    q: z.string().trim().max(100, fieldMessage('fields.staff.searchAtMost100Characters')).optional(),
    entityType: z.string().trim().max(40, fieldMessage('fields.staff.chooseKindRecordFromList')).optional(),
    entityId: z.string().trim().max(100, fieldMessage('fields.staff.useRecordIdAtMost')).optional(),
    /** A kind of change (issue 24): one of {@link AUDIT_KINDS}' names. */
    kind: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || Object.hasOwn(AUDIT_KINDS, v),
        fieldMessage('fields.staff.chooseKindRecordFromList'),
      )
      .transform((v) => (v || undefined) as AuditKind | undefined)
      .optional(),
    /** Who made the changes: a user's id. */
    actorUserId: idFilter,
    /** Changes about one child: a student's id. */
    studentId: idFilter,
    /** Changes about one family: the id of a parent account of it (any of its parents). */
    familyUserId: idFilter,
    /** First and last calendar day (center's time zone), both included. */
    from: dayFilter.optional(),
    to: dayFilter.optional(),
    page: pageNumber.default(1),
    pageSize: pageSizeField('changes', 50),
    ...listSortFields(AUDIT_SORTS, 'when', 'desc'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: fieldMessage('fields.staff.endDateMustAfterStart'),
  });
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEventSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  at: z.string(),
  /** Who made the change: a name, or null for the system (the sweep, a payment provider). */
  actorName: z.string().nullable(),
  actorUserId: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** What happened, as a sentence to write in the reader's language (audit-sentences.ts). */
  sentence: AuditSentenceSchema,
  /** The child the change was about, for "only this child" (null when none, or gone). */
  studentId: z.string().nullable(),
  /** A parent account of the family the change was about, for "only this family" (null when none). */
  familyUserId: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEventSchema),
  /** The names of the people the filters chose (the actor, the child, the family's parent), or null. */
  filterNames: z.object({
    actor: z.string().nullable(),
    child: z.string().nullable(),
    family: z.string().nullable(),
  }),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The CSV columns of an audit export, in order (the sentence in the asker's language, then the raw facts). */
export const AUDIT_CSV_COLUMNS = ['When', 'Who', 'What happened', 'Action', 'Record', 'Changes'] as const;

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
};

/**
 * The changed fields of one event as "field: before → after" phrases (only what differs; a created record
 * lists its values, a removed one what it had).
 */
export function auditChanges(before: unknown, after: unknown): string[] {
  const record = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  const b = record(before);
  const a = record(after);
  if (!b && !a) return before === after ? [] : [`${show(before)} → ${show(after)}`];
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((k) => JSON.stringify(b?.[k]) !== JSON.stringify(a?.[k]))
    .map((k) => (b && a ? `${k}: ${show(b[k])} → ${show(a[k])}` : `${k}: ${show((a ?? b)?.[k])}`));
}
