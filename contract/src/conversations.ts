/**
 * Messages between a family and the center (issue 25, "Messages"; decision 032). A family (every parent of
 * it) has one conversation with the center: the office (the director and staff given the inbox) and the
 * teachers of the family's enrolled children. Who may read it is computed from today's facts (family
 * membership, a teacher's current sessions), never stored on the messages (docs/architecture.md "Messages").
 *
 * Shapes of the API: instants are ISO date-times; times of day are the reader's wall clock "HH:MM" (24 h,
 * the center's time zone); sizes are bytes. A message's author may edit or delete it for
 * {@link MESSAGE_EDIT_MINUTES} minutes; a deleted message keeps its place in the conversation with no text.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { OptionalPhoneSchema } from './fields.ts';
import { LANGUAGES } from './language.ts';
import { pageNumber, pageSizeField } from './paging.ts';
import { StaffMemberSchema } from './staff.ts';

/** How long after sending its author may edit or delete a message, in minutes. */
export const MESSAGE_EDIT_MINUTES = 15;
/** The longest message, in characters. */
export const MESSAGE_MAX_CHARACTERS = 4000;
/** How many files one message may carry. */
export const MESSAGE_MAX_ATTACHMENTS = 4;
/** The largest file a message may carry, in bytes (a phone photo, a signed PDF). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The longest side of a photo once stored, in pixels (it is resized down, never up). */
export const ATTACHMENT_PHOTO_MAX_PIXELS = 2048;
/**
 * What a message may carry, by the content its bytes show (never its name): photos as JPEG, PNG or WebP (a
 * phone's browser hands an iPhone's HEIC photo over as JPEG) and PDF documents. Maps the content type to the
 * stored extension.
 */
export const ATTACHMENT_KINDS: ReadonlyMap<string, string> = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['application/pdf', 'pdf'],
]);

/** Which side of the conversation wrote a message. */
export const MESSAGE_SIDES = ['Family', 'Center'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/**
 * Where the center is with a family's conversation in the staff inbox (the inbox's own words): `New` when
 * the family wrote last and nobody on the center's side answered, `Replied` once someone did, `Closed` when
 * staff closed it (a new message from the family opens it again as `New`).
 */
export const CONVERSATION_STATUSES = ['New', 'Replied', 'Closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** What a person is on the center's side of a conversation, as the family reads it. */
export const CENTER_ROLES = ['Director', 'Office', 'Teacher'] as const;
export type CenterRole = (typeof CENTER_ROLES)[number];

const BODY_TOO_LONG = fieldMessage('fields.conversations.bodyTooLong', { max: MESSAGE_MAX_CHARACTERS });
const WRITE_SOMETHING = fieldMessage('fields.conversations.writeSomething');

/** A file on a message. `url` is a signed link that works for a few hours (decision 032). */
export const MessageAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
  /** A photo's size once stored, in pixels; null for a PDF. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

/** Who wrote a message: a parent of the family, or someone at the center with their role. */
export const MessageAuthorSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Null for a parent. */
  role: z.enum(CENTER_ROLES).nullable(),
});
export type MessageAuthor = z.infer<typeof MessageAuthorSchema>;

/** One message. A deleted one has an empty `body`, no attachments and `deletedAt`. */
export const MessageSchema = z.object({
  id: z.string(),
  side: z.enum(MESSAGE_SIDES),
  /** Null when the account is gone. */
  author: MessageAuthorSchema.nullable(),
  body: z.string(),
  attachments: z.array(MessageAttachmentSchema),
  created: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /** True when the reader wrote it. */
  mine: z.boolean(),
  /** Until when the reader may still edit or delete it; null when they may not. */
  editableUntil: z.string().nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/**
 * How far a person has read (the read receipts, both ways): everything sent at or before `readAt`. The family
 * sees the center's readers and the other parent; staff see the parents and their colleagues.
 */
export const MessageReaderSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  side: z.enum(MESSAGE_SIDES),
  readAt: z.string(),
});
export type MessageReader = z.infer<typeof MessageReaderSchema>;

/**
 * `GET /api/Messages` and `GET /api/staff/conversations/{id}` query: `before` (a message id) reads the page
 * of older messages before it; `q` searches the conversation's text (case-insensitive, taken literally) and
 * answers only the messages that contain it.
 */
export const ConversationQuerySchema = z.object({
  before: z.string().optional(),
  q: z.string().trim().max(100, fieldMessage('fields.conversations.searchTooLong')).optional(),
});
export type ConversationQuery = z.output<typeof ConversationQuerySchema>;

/** How many messages a page of a conversation holds (the newest first page, then older pages). */
export const CONVERSATION_PAGE_SIZE = 50;

/** The center's hours for messages, as the family reads them: "the center replies from 8 am". */
export const CenterHoursSchema = z.object({
  /** When the center starts answering ("08:00") and stops ("18:00"), the center's wall clock. */
  from: z.string(),
  until: z.string(),
  /** True when it is outside those hours now: the page says when the center replies. */
  closedNow: z.boolean(),
});
export type CenterHours = z.infer<typeof CenterHoursSchema>;

/** A person on the center's side who reads the family's conversation, as the family sees it. */
export const CenterReaderSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(CENTER_ROLES),
  /** A teacher's rooms with the family's children in them ("Bluebird Room"). */
  sessions: z.array(z.string()),
});
export type CenterReader = z.infer<typeof CenterReaderSchema>;

/**
 * `GET /api/Messages`: the family's conversation (oldest first within the page; `hasOlder` when more came
 * before). `id` is null until the first message. `unread` counts the center's messages the reader has not
 * read; `centerReaders` are the people who read it on the center's side today.
 */
export const FamilyConversationSchema = z.object({
  id: z.string().nullable(),
  messages: z.array(MessageSchema),
  hasOlder: z.boolean(),
  readers: z.array(MessageReaderSchema),
  unread: z.number().int(),
  centerReaders: z.array(CenterReaderSchema),
  centerHours: CenterHoursSchema,
});
export type FamilyConversation = z.infer<typeof FamilyConversationSchema>;

/** `GET /api/Messages/Unread`: the navigation's count of unread messages from the center. */
export const UnreadMessagesSchema = z.object({ unread: z.number().int() });
export type UnreadMessages = z.infer<typeof UnreadMessagesSchema>;

/**
 * `POST /api/Messages` and `POST /api/staff/conversations/{id}/messages`: text, files uploaded first
 * (`POST /api/MessageAttachments`), or both. `clientKey` (a UUID the page makes once per message) makes a
 * retried send post once.
 */
export const MessageInputSchema = z
  .object({
    body: z.string().trim().max(MESSAGE_MAX_CHARACTERS, BODY_TOO_LONG).default(''),
    attachmentIds: z
      .array(z.string())
      .max(
        MESSAGE_MAX_ATTACHMENTS,
        fieldMessage('fields.conversations.tooManyFiles', { max: MESSAGE_MAX_ATTACHMENTS }),
      )
      .default([]),
    clientKey: z.uuid({ error: fieldMessage('fields.conversations.clientKey') }).optional(),
  })
  .refine((v) => v.body.length > 0 || v.attachmentIds.length > 0, {
    message: WRITE_SOMETHING,
    path: ['body'],
  });
export type MessageInput = z.output<typeof MessageInputSchema>;
export type MessageFormInput = z.input<typeof MessageInputSchema>;

/** `PATCH /api/Messages/{messageId}` (and the staff's): the message's new text. */
export const MessageEditSchema = z.object({
  body: z
    .string({ error: WRITE_SOMETHING })
    .trim()
    .min(1, WRITE_SOMETHING)
    .max(MESSAGE_MAX_CHARACTERS, BODY_TOO_LONG),
});
export type MessageEdit = z.infer<typeof MessageEditSchema>;

/** `/api/Messages/{messageId}` and `/api/staff/messages/{messageId}` (not a UUID answers 404). */
export const MessageIdParamsSchema = z.object({ messageId: z.string() });
/** `/api/staff/conversations/{conversationId}…` (not a UUID answers 404). */
export const ConversationIdParamsSchema = z.object({ conversationId: z.string() });
/** `/api/MessageAttachments/{attachmentId}`. */
export const AttachmentIdParamsSchema = z.object({ attachmentId: z.string() });
/** The signed part of a file's link (`expires`: unix seconds; `download=1` asks for a download). */
export const AttachmentLinkQuerySchema = z.object({
  expires: z.string().optional(),
  signature: z.string().optional(),
  download: z.string().optional(),
});

/** `POST /api/Messages/Read` (and the staff's): the reader has seen everything up to this message. */
export const MessageReadSchema = z.object({
  lastMessageId: z.string({ error: fieldMessage('fields.conversations.lastMessage') }),
});
export type MessageRead = z.infer<typeof MessageReadSchema>;

/** `POST /api/MessageAttachments`: the stored file, ready to be sent with a message within the hour. */
export const UploadedAttachmentSchema = MessageAttachmentSchema;

/** The family of a conversation as the staff see it. */
export const ConversationFamilySchema = z.object({
  /** The family's first parent account (the staff's family page). */
  userId: z.string(),
  parents: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
  children: z.array(z.object({ studentId: z.string(), firstName: z.string(), lastName: z.string() })),
  /** The language the family reads (their first parent's). */
  language: z.enum(LANGUAGES),
});
export type ConversationFamily = z.infer<typeof ConversationFamilySchema>;

/** The staff's list's filters: where it is, who has it, only unread ones, or words in a message or a name. */
export const StaffConversationListQuerySchema = z.object({
  status: z
    .enum(CONVERSATION_STATUSES, { error: fieldMessage('fields.conversations.chooseStatus') })
    .optional(),
  unread: z
    .enum(['true', 'false'], { error: fieldMessage('fields.conversations.unreadTrueFalse') })
    .optional(),
  q: z.string().trim().max(100, fieldMessage('fields.conversations.searchTooLong')).optional(),
  page: pageNumber.default(1),
  pageSize: pageSizeField('conversations', 25),
});
export type StaffConversationListQuery = z.output<typeof StaffConversationListQuerySchema>;

/** One conversation in the staff's list: the family, the last message, and the reader's unread count. */
export const StaffConversationRowSchema = z.object({
  id: z.string(),
  family: ConversationFamilySchema,
  status: z.enum(CONVERSATION_STATUSES),
  assignee: StaffMemberSchema.nullable(),
  lastMessage: z.object({
    preview: z.string(),
    side: z.enum(MESSAGE_SIDES),
    created: z.string(),
  }),
  unread: z.number().int(),
});
export type StaffConversationRow = z.infer<typeof StaffConversationRowSchema>;

export const StaffConversationListSchema = z.object({
  items: z.array(StaffConversationRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffConversationList = z.infer<typeof StaffConversationListSchema>;

/** `GET /api/staff/conversations/summary`: conversations with a message the reader has not read. */
export const StaffConversationSummarySchema = z.object({ unreadConversations: z.number().int() });
export type StaffConversationSummary = z.infer<typeof StaffConversationSummarySchema>;

/**
 * `GET /api/staff/conversations/{id}`: the family, the page of messages, the readers, and — for the office —
 * the status, assignee and who may be given it. `canManage` is false for a teacher without the inbox.
 */
export const StaffConversationSchema = z.object({
  id: z.string(),
  family: ConversationFamilySchema,
  status: z.enum(CONVERSATION_STATUSES),
  assignee: StaffMemberSchema.nullable(),
  assignees: z.array(StaffMemberSchema),
  canManage: z.boolean(),
  messages: z.array(MessageSchema),
  hasOlder: z.boolean(),
  readers: z.array(MessageReaderSchema),
});
export type StaffConversation = z.infer<typeof StaffConversationSchema>;

/** `PATCH /api/staff/conversations/{id}`: a new status, a new assignee (null: nobody), or both. */
export const ConversationUpdateSchema = z
  .object({
    status: z
      .enum(CONVERSATION_STATUSES, { error: fieldMessage('fields.conversations.chooseStatus') })
      .optional(),
    assigneeId: z
      .uuid({ error: fieldMessage('fields.conversations.chooseAssignee') })
      .nullable()
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.assigneeId !== undefined, {
    message: fieldMessage('fields.conversations.chooseStatus'),
    path: ['status'],
  });
export type ConversationUpdate = z.infer<typeof ConversationUpdateSchema>;

/** `POST /api/staff/families/{userId}/conversation`: the family's conversation, opened if it had none. */
export const OpenedConversationSchema = z.object({ id: z.string() });

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDay = z
  .string({ error: fieldMessage('fields.conversations.timeFormat') })
  .trim()
  .regex(TIME_OF_DAY, fieldMessage('fields.conversations.timeFormat'));

/**
 * How a person hears about new messages (`GET`/`PUT /api/Account/Notifications`): by email, by text message
 * (to their mobile number, given here or on file), or neither; never during their quiet hours (the
 * center's wall clock; `quietFrom` after `quietUntil` spans midnight, e.g. 20:00 to 07:00). Several messages
 * arriving together make one notification.
 */
export const NotificationSettingsSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  quietFrom: timeOfDay,
  quietUntil: timeOfDay,
  /**
   * The mobile number texts go to (the account's `sms`, also used for the center's text announcements), as
   * people type it; empty removes it; left out, it stays as it is.
   */
  smsNumber: OptionalPhoneSchema.optional(),
});
export type NotificationSettings = z.output<typeof NotificationSettingsSchema>;
export type NotificationSettingsInput = z.input<typeof NotificationSettingsSchema>;

/** The settings with what the page needs to explain them: the mobile number texts go to, if any. */
export const NotificationSettingsViewSchema = NotificationSettingsSchema.extend({
  smsNumber: z.string().nullable(),
});
export type NotificationSettingsView = z.infer<typeof NotificationSettingsViewSchema>;

/** Minutes since midnight of a "HH:MM" time. */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * True when `minute` (minutes since midnight on the center's clock) falls in the quiet hours from `from` to
 * `until` ("HH:MM"): `from` included, `until` not; a span past midnight when `from` is later than `until`;
 * never when they are equal (no quiet hours).
 */
export function inQuietHours(minute: number, from: string, until: string): boolean {
  const start = minutesOfDay(from);
  const end = minutesOfDay(until);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * Minutes from `minute` until the quiet hours `from`–`until` end (0 when not in them): when a held
 * notification may go.
 */
export function minutesUntilQuietEnds(minute: number, from: string, until: string): number {
  if (!inQuietHours(minute, from, until)) return 0;
  const end = minutesOfDay(until);
  return (end - minute + 24 * 60) % (24 * 60);
}
