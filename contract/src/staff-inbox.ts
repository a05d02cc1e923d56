/**
 * The staff inbox's API shapes (issue 10, "Inbox"): contact messages, schedule-a-tour requests and tutoring
 * waitlist submissions in one list, each with a status, an assignee and a thread of staff notes and replies
 * mailed to the family. Read and answered by the director (Admin) and by teachers given the right
 * (`users.inbox_access`). Instants are ISO date-times; calendar dates "YYYY-MM-DD"; phones E.164.
 */
import { z } from 'zod';
import { CONVERSATION_STATUSES } from './conversations.ts';
import { fieldMessage } from './field-message.ts';
import { LANGUAGES } from './language.ts';
import { listSortFields, pageNumber, pageSizeField } from './paging.ts';
import { StaffMemberSchema } from './staff.ts';

/**
 * What an item came from: the contact form, its schedule-a-tour variant, the tutoring waitlist form, or a
 * family's conversation with the center (issue 25: listed beside the others with the same status and assignee,
 * opened on its own page, `/staff/messages/{id}`).
 */
export const INBOX_KINDS = ['contact', 'tour', 'tutoring', 'message'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Where the center is with a contact or tour family (server `statuses.inquiry`). */
export const INQUIRY_STATUSES = ['New', 'Replied', 'Toured', 'Enrolled', 'Closed'] as const;
/** Where the center is with a tutoring family (server `statuses.tutoring`): no automatic offers. */
export const TUTORING_STATUSES = ['New', 'Contacted', 'Placed', 'Closed'] as const;
/** Every status an inbox item can have, in the order a filter lists them. */
export const INBOX_STATUSES = [
  'New',
  'Replied',
  'Contacted',
  'Toured',
  'Placed',
  'Enrolled',
  'Closed',
] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** The statuses an item of `kind` may take. */
export function statusesFor(kind: InboxKind): readonly InboxStatus[] {
  if (kind === 'message') return CONVERSATION_STATUSES;
  return kind === 'tutoring' ? TUTORING_STATUSES : INQUIRY_STATUSES;
}

export const inboxKindLabels: Record<InboxKind, string> = {
  contact: 'Question',
  tour: 'Tour request',
  tutoring: 'Tutoring waitlist',
  message: 'Family message',
};

/**
 * The inbox table's sortable columns (decision 030): when it came in (`received`), the family's name (`from`),
 * its kind (`kind`: question, tour request, tutoring waitlist) and where it is (`status`, in the statuses'
 * order: New first).
 */
export const INBOX_SORTS = ['received', 'from', 'kind', 'status'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

/**
 * `GET /api/staff/inbox` query. `assignee` is `me`, `none` or a staff member's id. `q` searches the family's
 * name, email and the child's name. `sort`/`dir` order the list: by default New first, and the newest first
 * within each status (what needs an answer on top). Unknown values
 * answer 400 with a sentence per field.
 */
export const InboxListQuerySchema = z.object({
  status: z.enum(INBOX_STATUSES, { error: fieldMessage('fields.inbox.chooseStatusFromList') }).optional(),
  kind: z.enum(INBOX_KINDS, { error: fieldMessage('fields.inbox.chooseContactTourTutoring') }).optional(),
  assignee: z
    .string({ error: fieldMessage('fields.inbox.chooseMeNobodySomeoneStaff') })
    .regex(
      /^(me|none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
      fieldMessage('fields.inbox.chooseMeNobodySomeoneStaff'),
    )
    .optional(),
  q: z.string().trim().max(100, fieldMessage('fields.inbox.searchAtMost100Characters')).optional(),
  page: pageNumber.default(1),
  pageSize: pageSizeField('messages', 25),
  ...listSortFields(INBOX_SORTS, 'status', 'asc'),
});
export type InboxListQuery = z.output<typeof InboxListQuerySchema>;

/** One row of the inbox list. `preview` is the start of the family's message. */
export const InboxItemSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(INBOX_KINDS),
  status: z.enum(INBOX_STATUSES),
  /** The family's name as they gave it ("Maya Chen"; the tutoring form has one name field). */
  familyName: z.string(),
  email: z.string(),
  childName: z.string().nullable(),
  preview: z.string(),
  submitted: z.string(),
  assignee: StaffMemberSchema.nullable(),
  /** Notes and replies in the thread. */
  entryCount: z.number().int(),
});
export type InboxItemSummary = z.infer<typeof InboxItemSummarySchema>;

export const InboxListSchema = z.object({
  items: z.array(InboxItemSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Items with status New in the whole inbox (not only this page or filter): the navigation's count. */
  newCount: z.number().int(),
  /** Who may be given an item: the director(s) and teachers with inbox access. */
  assignees: z.array(StaffMemberSchema),
});
export type InboxList = z.infer<typeof InboxListSchema>;

/** `GET /api/staff/inbox/summary`: the count of New items the staff navigation shows. */
export const InboxSummarySchema = z.object({ newCount: z.number().int() });
export type InboxSummary = z.infer<typeof InboxSummarySchema>;

/** `/api/staff/inbox/{id}…`: the item's id. */
export const InboxItemIdParamsSchema = z.object({ id: z.string() });

/** A staff note (`Note`) or a message mailed to the family (`Reply`, invitations to register included). */
export const InboxEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['Note', 'Reply']),
  body: z.string(),
  author: StaffMemberSchema.nullable(),
  created: z.string(),
});
export type InboxEntry = z.infer<typeof InboxEntrySchema>;

/** A booked tour as the inbox item and Today show it. */
export const BookedTourSchema = z.object({
  slotId: z.string(),
  startsAt: z.string(),
  minutes: z.number().int(),
  /** When the day-before reminder was queued, or null. */
  reminderSentAt: z.string().nullable(),
});
export type BookedTour = z.infer<typeof BookedTourSchema>;

/** `GET /api/staff/inbox/{id}`: the whole submission, its thread (oldest first) and who may be assigned. */
export const InboxItemSchema = InboxItemSummarySchema.extend({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  childBirthdate: z.string().nullable(),
  /** Tutoring only: "K" to "6", and the subject. */
  grade: z.string().nullable(),
  subjectMatter: z.string().nullable(),
  /** Contact and tour only. */
  previousAttendance: z.boolean().nullable(),
  referred: z.string().nullable(),
  updated: z.string(),
  /** The statuses this item may move to (its kind's list). */
  statuses: z.array(z.enum(INBOX_STATUSES)),
  /** True when an account already uses the family's email: "Invite to register" is not needed. */
  hasAccount: z.boolean(),
  /** The language of the page they wrote from (issue 14): the reply's greeting and signature are in it. */
  language: z.enum(LANGUAGES),
  entries: z.array(InboxEntrySchema),
  assignees: z.array(StaffMemberSchema),
  /** A tour request's booked time (decision 028), or null (none chosen, cancelled, or not a tour). */
  tour: BookedTourSchema.nullable(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;

/** `PATCH /api/staff/inbox/{id}` body: a new status, a new assignee (null: nobody), or both. */
export const InboxUpdateInputSchema = z
  .object({
    status: z.enum(INBOX_STATUSES, { error: fieldMessage('fields.inbox.chooseStatusFromList') }).optional(),
    assigneeId: z
      .uuid({ error: fieldMessage('fields.inbox.chooseSomeoneFromList') })
      .nullable()
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, {
    message: fieldMessage('fields.inbox.chooseStatusWhoLooksAfter'),
    path: ['status'],
  });
export type InboxUpdateInput = z.infer<typeof InboxUpdateInputSchema>;

export const NOTE_REQUIRED = fieldMessage('fields.inbox.writeNote');
export const REPLY_REQUIRED = fieldMessage('fields.inbox.writeReply');

/** `POST /api/staff/inbox/{id}/notes` body: a note for the staff only. */
export const InboxNoteInputSchema = z.object({
  body: z
    .string({ error: NOTE_REQUIRED })
    .trim()
    .min(1, NOTE_REQUIRED)
    .max(4000, fieldMessage('fields.inbox.keepNoteUnder4000Characters')),
});
export type InboxNoteInput = z.infer<typeof InboxNoteInputSchema>;

/** `POST /api/staff/inbox/{id}/replies` body: the reply mailed to the family (plain text). */
export const InboxReplyInputSchema = z.object({
  body: z
    .string({ error: REPLY_REQUIRED })
    .trim()
    .min(1, REPLY_REQUIRED)
    .max(8000, fieldMessage('fields.inbox.keepReplyUnder8000Characters')),
});
export type InboxReplyInput = z.infer<typeof InboxReplyInputSchema>;

/**
 * The registration page's prefill (`firstName=…&lastName=…&email=…`), as mailed by "Invite to register":
 * the family does not retype what they already told the center. The link carries it after `#`, which the
 * browser never sends, so the family's name and email stay out of server logs and Referer headers.
 */
export function registerPrefillQuery(prefill: { firstName: string; lastName: string; email: string }) {
  return (['firstName', 'lastName', 'email'] as const)
    .map((key) => `${key}=${encodeURIComponent(prefill[key])}`)
    .join('&');
}
