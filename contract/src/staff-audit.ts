/**
 * The audit trail on the staff side (issue 10 "Audit trail"): the director reads, filters and exports every
 * recorded change — who, when, what, and the values before and after. Rows are append-only (migration 0004);
 * nothing here edits them. The page's table and the CSV export both use `auditTableRows`, so the file is
 * exactly the screen.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { dateTimeFormat } from './intl.ts';
import { dayFilter, pageNumber, pageSizeField } from './paging.ts';

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
} as const;

/** `GET /api/staff/audit` (and `.csv`) query; the page keeps it in its URL. */
export const AuditQuerySchema = z
  .object({
    /** Words in the action (e.g. "refund") or the record's id. */
    q: z.string().trim().max(100, fieldMessage('fields.staff.searchAtMost100Characters')).optional(),
    entityType: z.string().trim().max(40, fieldMessage('fields.staff.chooseKindRecordFromList')).optional(),
    entityId: z.string().trim().max(100, fieldMessage('fields.staff.useRecordIdAtMost')).optional(),
    /** First and last calendar day (center's time zone), both included. */
    from: dayFilter.optional(),
    to: dayFilter.optional(),
    page: pageNumber.default(1),
    pageSize: pageSizeField('changes', 50),
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
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The CSV columns of an audit export, in order; the page's table shows the same columns. */
export const AUDIT_CSV_COLUMNS = ['When', 'Who', 'What', 'Record', 'Changes'] as const;

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

/** The table rows of an audit page (also the CSV's rows): when (center's time), who, what, record, changes. */
export function auditTableRows(items: ReadonlyArray<AuditEvent>, timeZone: string): string[][] {
  const when = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return items.map((e) => [
    when.format(new Date(e.at)),
    e.actorName ?? 'The system',
    e.action,
    `${e.entityType} ${e.entityId}`,
    auditChanges(e.before, e.after).join('; '),
  ]);
}
