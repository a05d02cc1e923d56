/**
 * The messages endpoints of the API table (contract/src/endpoint.ts; docs/architecture.md, "API conventions"):
 * announcements for families (spec §7 Announcement) and on the staff side (issue 10, "Announcements"), the
 * staff inbox (issue 10, "Inbox"), the public contact and tutoring waitlist forms (spec §7 Contact), and the
 * health checks `/healthz` and `/readyz` (operational, left out of the OpenAPI document).
 */
import { z } from 'zod';
import { AnnouncementQuerySchema, AnnouncementRequestSchema, AnnouncementSchema } from '../announcements.ts';
import { ClassSessionIdParamsSchema } from '../class-session.ts';
import { ContactFormSchema, TutoringWaitlistFormSchema } from '../contact.ts';
import { endpoint } from '../endpoint.ts';
import {
  AnnouncementIdParamsSchema,
  AnnouncementListSchema,
  AnnouncementPostedSchema,
  AnnouncementReachQuerySchema,
  AnnouncementReachSchema,
  StaffAnnouncementInputSchema,
  StaffAnnouncementListQuerySchema,
  StaffAnnouncementListSchema,
  StaffAnnouncementSchema,
  StaffAnnouncementUpdateSchema,
  StaffAnnouncementWriteResultSchema,
} from '../staff-announcements.ts';
import {
  FamilyMessageInputSchema,
  FamilyMessageReachSchema,
  FamilyMessageResultSchema,
  FamilyMessageTargetsSchema,
} from '../staff-family-message.ts';
import {
  InboxItemIdParamsSchema,
  InboxItemSchema,
  InboxListQuerySchema,
  InboxListSchema,
  InboxNoteInputSchema,
  InboxReplyInputSchema,
  InboxSummarySchema,
  InboxUpdateInputSchema,
} from '../staff-inbox.ts';
import { OpenTourSlotListSchema } from '../tour-slots.ts';

/** `GET /healthz`: the process is up. */
export const HealthSchema = z.object({ status: z.literal('ok') });

/** `GET /readyz`: whether the database answers (200 `ok`, 503 `unavailable`), and which kind it is. */
export const ReadinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});

export const messagesApi = {
  /** Announcements for the signed-in family (staff: every one), most important and newest first. */
  announcements: endpoint({
    method: 'GET',
    path: '/api/Announcement',
    query: AnnouncementQuerySchema,
    status: 200,
    reply: AnnouncementListSchema,
  }),
  /** Announcements of one session: a family with a child enrolled in it, or staff. */
  sessionAnnouncements: endpoint({
    method: 'GET',
    path: '/api/Announcement/ClassSession/:classSessionId',
    params: ClassSessionIdParamsSchema,
    query: AnnouncementQuerySchema,
    status: 200,
    reply: AnnouncementListSchema,
  }),
  /** One announcement the caller may see. */
  announcement: endpoint({
    method: 'GET',
    path: '/api/Announcement/:announcementId',
    params: AnnouncementIdParamsSchema,
    status: 200,
    reply: AnnouncementSchema,
  }),
  /** Post an announcement to sessions (staff): 201 with a sentence saying what was done. */
  postAnnouncement: endpoint({
    method: 'POST',
    path: '/api/Announcement',
    body: AnnouncementRequestSchema,
    status: 201,
    reply: AnnouncementPostedSchema,
  }),

  /** One page of the announcements the staff member may see. */
  staffAnnouncements: endpoint({
    method: 'GET',
    path: '/api/staff/announcements',
    query: StaffAnnouncementListQuerySchema,
    status: 200,
    reply: StaffAnnouncementListSchema,
  }),
  /** How many families and contacts each channel reaches for the chosen sessions. */
  staffAnnouncementReach: endpoint({
    method: 'GET',
    path: '/api/staff/announcements/reach',
    query: AnnouncementReachQuerySchema,
    status: 200,
    reply: AnnouncementReachSchema,
  }),
  /** Compose an announcement for one or several sessions, now or at `sendAt`. */
  createStaffAnnouncement: endpoint({
    method: 'POST',
    path: '/api/staff/announcements',
    body: StaffAnnouncementInputSchema,
    status: 201,
    reply: StaffAnnouncementWriteResultSchema,
  }),
  /** One announcement with its delivery state. */
  staffAnnouncement: endpoint({
    method: 'GET',
    path: '/api/staff/announcements/:announcementId',
    params: AnnouncementIdParamsSchema,
    status: 200,
    reply: StaffAnnouncementSchema,
  }),
  /** Edit an announcement (after sending: the web copy only). */
  updateStaffAnnouncement: endpoint({
    method: 'PUT',
    path: '/api/staff/announcements/:announcementId',
    params: AnnouncementIdParamsSchema,
    body: StaffAnnouncementUpdateSchema,
    status: 200,
    reply: StaffAnnouncementWriteResultSchema,
  }),
  /** Cancel an announcement. */
  cancelStaffAnnouncement: endpoint({
    method: 'POST',
    path: '/api/staff/announcements/:announcementId/cancel',
    params: AnnouncementIdParamsSchema,
    status: 200,
    reply: StaffAnnouncementWriteResultSchema,
  }),

  /** Who a message to the chosen families reaches, by channel (issue 24; nothing is sent). */
  staffFamilyMessageReach: endpoint({
    method: 'POST',
    path: '/api/staff/families/message/reach',
    body: FamilyMessageTargetsSchema,
    status: 200,
    reply: FamilyMessageReachSchema,
  }),
  /** Email and/or text the chosen families (issue 24); the same idempotency key sends once. */
  staffFamilyMessage: endpoint({
    method: 'POST',
    path: '/api/staff/families/message',
    body: FamilyMessageInputSchema,
    status: 200,
    reply: FamilyMessageResultSchema,
  }),

  /** One page of the inbox with the count of New items. */
  inbox: endpoint({
    method: 'GET',
    path: '/api/staff/inbox',
    query: InboxListQuerySchema,
    status: 200,
    reply: InboxListSchema,
  }),
  /** How many inbox items are New (the staff navigation's count). */
  inboxSummary: endpoint({
    method: 'GET',
    path: '/api/staff/inbox/summary',
    status: 200,
    reply: InboxSummarySchema,
  }),
  /** One inbox item with its thread. */
  inboxItem: endpoint({
    method: 'GET',
    path: '/api/staff/inbox/:id',
    params: InboxItemIdParamsSchema,
    status: 200,
    reply: InboxItemSchema,
  }),
  /** Change an item's status or assignee. */
  updateInboxItem: endpoint({
    method: 'PATCH',
    path: '/api/staff/inbox/:id',
    params: InboxItemIdParamsSchema,
    body: InboxUpdateInputSchema,
    status: 200,
    reply: InboxItemSchema,
  }),
  /** Add a staff note to an item's thread. */
  addInboxNote: endpoint({
    method: 'POST',
    path: '/api/staff/inbox/:id/notes',
    params: InboxItemIdParamsSchema,
    body: InboxNoteInputSchema,
    status: 201,
    reply: InboxItemSchema,
  }),
  /** Reply to the family by email. */
  replyToInboxItem: endpoint({
    method: 'POST',
    path: '/api/staff/inbox/:id/replies',
    params: InboxItemIdParamsSchema,
    body: InboxReplyInputSchema,
    status: 201,
    reply: InboxItemSchema,
  }),
  /** Invite the family to create an account. */
  inviteInboxFamily: endpoint({
    method: 'POST',
    path: '/api/staff/inbox/:id/invite',
    params: InboxItemIdParamsSchema,
    status: 201,
    reply: InboxItemSchema,
  }),

  /** The contact form, or the schedule-a-tour request with `tour: true`: stored and mailed to the center. */
  contact: endpoint({
    method: 'POST',
    path: '/api/Contact',
    body: ContactFormSchema,
    status: 204,
    reply: 'empty',
  }),
  /** The free tour times the schedule-a-tour form offers (decision 028): nothing about who booked. */
  tourSlotsOpen: endpoint({
    method: 'GET',
    path: '/api/Contact/TourSlots',
    status: 200,
    reply: OpenTourSlotListSchema,
  }),
  /** Join the tutoring waitlist: stored and mailed to the center. */
  contactWaitlist: endpoint({
    method: 'POST',
    path: '/api/Contact/Waitlist',
    body: TutoringWaitlistFormSchema,
    status: 204,
    reply: 'empty',
  }),

  /** The process is up (operational; not in the OpenAPI document). */
  health: endpoint({ method: 'GET', path: '/healthz', status: 200, reply: HealthSchema }),
  /** The database answers (operational; not in the OpenAPI document; 503 when it does not). */
  readiness: endpoint({ method: 'GET', path: '/readyz', status: 200, reply: ReadinessSchema }),
} as const;
