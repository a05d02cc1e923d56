/**
 * Announcements on the staff side (issue 10, "Announcements"): a teacher writes for the sessions they teach,
 * the director for any session or the whole center. An announcement goes out now or at a chosen time
 * (`sendAt`, sent by the background sweep), can be edited until it is sent (afterwards only its web copy)
 * and cancelled. Instants are ISO date-times; calendar dates "YYYY-MM-DD" on the center's calendar; a
 * wall-clock time "YYYY-MM-DDTHH:mm" is read in the center's time zone (`CENTER_TIMEZONE`; converted with
 * `@lc/contract/zoned-time`).
 */
import { z } from 'zod';
import { AnnouncementSchema } from './announcements.ts';
import { fieldMessage } from './field-message.ts';
import { calendarDateSchema, isoInstantSchema } from './fields.ts';
import { listSortFields, pageNumber, pageSizeField } from './paging.ts';

/** Where an announcement is: waiting for its time, handed to delivery, or cancelled (before or after). */
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

export const announcementStatusLabels: Record<AnnouncementStatus, string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/**
 * Whether a web message is rich text (HTML from the staff editor, sanitised by the server) rather than the
 * plain text `POST /api/Announcement` takes: the editor's output always starts with a tag.
 */
export function isRichText(message: string): boolean {
  return /^\s*</.test(message);
}

/** The sign-off under every announcement email (server and the compose page's preview). */
export function announcementEmailText(message: string): string {
  return `${message}\n\n— The Bright Oak Learning Center team\n`;
}

/** The text message as it is sent: the center's name first, so families know who is writing. */
export function announcementSmsText(message: string): string {
  return `Bright Oak: ${message}`;
}

// GSM 03.38 basic set and extension table: anything else makes a text message UCS-2 (70 characters a part).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/**
 * How a text message is billed: its length in GSM-7 units (extension characters count twice) or UTF-16
 * units, and the number of parts (GSM-7: 160 alone, 153 a part when split; UCS-2: 70 and 67), as carriers
 * and Twilio count them (Twilio "What the Heck is a Segment?").
 */
export function smsSegments(text: string): { encoding: 'GSM-7' | 'UCS-2'; length: number; segments: number } {
  let gsmLength = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) gsmLength += 1;
    else if (GSM_EXTENDED.includes(char)) gsmLength += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const segments = gsmLength === 0 ? 0 : gsmLength <= 160 ? 1 : Math.ceil(gsmLength / 153);
    return { encoding: 'GSM-7', length: gsmLength, segments };
  }
  const length = text.length;
  return { encoding: 'UCS-2', length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}

const sessionId = z.coerce
  .number({ error: fieldMessage('fields.announcements.chooseSessionFromList') })
  .int(fieldMessage('fields.announcements.chooseSessionFromList'))
  .positive(fieldMessage('fields.announcements.chooseSessionFromList'))
  .max(2_147_483_647, fieldMessage('fields.announcements.chooseSessionFromList'));

/**
 * The announcements table's sortable columns (decision 030): when it goes or went out (`when`: sent, else
 * scheduled, else cancelled), its title (`title`) and who it is for (`audience`: the session's name; the
 * center-wide ones first).
 */
export const ANNOUNCEMENT_SORTS = ['when', 'title', 'audience'] as const;
export type AnnouncementSort = (typeof ANNOUNCEMENT_SORTS)[number];

/**
 * `GET /api/staff/announcements` query: status (default all), one session, the order (`sort`/`dir`, the
 * latest date first by default), page.
 */
export const StaffAnnouncementListQuerySchema = z.object({
  status: z
    .enum(ANNOUNCEMENT_STATUSES, { error: fieldMessage('fields.announcements.chooseScheduledSentCancelled') })
    .optional(),
  session: sessionId.optional(),
  page: pageNumber.default(1),
  pageSize: pageSizeField('announcements', 20),
  ...listSortFields(ANNOUNCEMENT_SORTS, 'when', 'desc'),
});
export type StaffAnnouncementListQuery = z.output<typeof StaffAnnouncementListQuerySchema>;

/** One announcement as the staff see it, with its delivery state and counts. */
export const StaffAnnouncementSchema = z.object({
  id: z.number().int(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  title: z.string(),
  category: z.string().nullable(),
  priority: z.number().int(),
  /** False once cancelled: families no longer see it on the web. */
  isActive: z.boolean(),
  /** Shown to families from/until these instants (null: from sending / without end). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Sanitised HTML. */
  webMessage: z.string().nullable(),
  emailMessage: z.string().nullable(),
  smsMessage: z.string().nullable(),
  showOnWeb: z.boolean(),
  sendEmail: z.boolean(),
  sendSMS: z.boolean(),
  /** null: center-wide (every family with a child in a session that has not ended). */
  classSessionId: z.number().int().nullable(),
  sessionName: z.string().nullable(),
  /** When it goes (or went) out; null for one sent when posted. */
  sendAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Emails queued and text messages handed to the SMS provider; null until sent. */
  emailCount: z.number().int().nullable(),
  smsCount: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  dateCreated: z.string(),
  updated: z.string(),
});
export type StaffAnnouncement = z.infer<typeof StaffAnnouncementSchema>;

export const StaffAnnouncementListSchema = z.object({
  items: z.array(StaffAnnouncementSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StaffAnnouncementList = z.infer<typeof StaffAnnouncementListSchema>;

/** The announcement fields whose length is checked, each with its own "too long" message. */
type TextField = 'category' | 'webMessage' | 'email' | 'smsMessage';

const text = (max: number, label: TextField) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(`fields.announcements.${label}TooLong`, { max }))
    .nullish()
    .transform((v) => (v ? v : null));

const calendarDay = calendarDateSchema(fieldMessage('fields.announcements.useDate20261201'))
  .nullish()
  .transform((v) => v ?? null);

/**
 * When to send: null (now) or a time on the center's clock ("2026-12-01T09:00") or an ISO instant with an
 * offset. The server refuses a time that has passed.
 */
const SEND_AT_MESSAGE = fieldMessage('fields.announcements.sendAtFormat');
const sendAtField = isoInstantSchema(SEND_AT_MESSAGE, { wallTime: true })
  .nullish()
  .transform((v) => v ?? null);

const fields = {
  title: z
    .string({ error: fieldMessage('fields.announcements.giveAnnouncementTitle') })
    .trim()
    .min(3, fieldMessage('fields.announcements.giveAnnouncementTitleAtLeast'))
    .max(120, fieldMessage('fields.announcements.keepTitleUnder120Characters')),
  category: text(40, 'category'),
  priority: z.coerce
    .number({ error: fieldMessage('fields.announcements.choosePriorityFrom010') })
    .int(fieldMessage('fields.announcements.choosePriorityFrom010'))
    .min(0, fieldMessage('fields.announcements.choosePriorityFrom010'))
    .max(10, fieldMessage('fields.announcements.choosePriorityFrom010'))
    .default(0),
  /** First and last day families see it on the web, on the center's calendar (inclusive). */
  startDate: calendarDay,
  endDate: calendarDay,
  /** Rich text (HTML); sanitised on the server. Empty: not shown on the web. */
  webMessage: text(20_000, 'webMessage'),
  /** Plain text. Empty: no email. */
  emailMessage: text(10_000, 'email'),
  /** Plain text, at most 320 characters (two to five parts). Empty: no text message. */
  smsMessage: text(320, 'smsMessage'),
  sendAt: sendAtField,
};

function checkDates(a: { startDate?: string | null; endDate?: string | null }, ctx: z.RefinementCtx) {
  if (a.startDate && a.endDate && a.endDate < a.startDate)
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: fieldMessage('fields.announcements.lastDayMustAfterFirst'),
    });
}

/** `POST /api/staff/announcements`: one announcement per session; no session is center-wide (director). */
export const StaffAnnouncementInputSchema = z
  .object({
    classSessionIds: z
      .array(sessionId, { error: fieldMessage('fields.announcements.chooseSessionsWrite') })
      .max(50, fieldMessage('fields.announcements.chooseAtMost50Sessions'))
      .default([]),
    ...fields,
  })
  .superRefine((a, ctx) => {
    checkDates(a, ctx);
    if (!a.webMessage && !a.emailMessage && !a.smsMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['webMessage'],
        message: fieldMessage('fields.announcements.writeWebMessageEmailText'),
      });
  });
export type StaffAnnouncementInput = z.input<typeof StaffAnnouncementInputSchema>;
export type StaffAnnouncementInputParsed = z.output<typeof StaffAnnouncementInputSchema>;

/**
 * `PUT /api/staff/announcements/:id`: the whole announcement again (its session stays). Once it is sent,
 * `emailMessage`, `smsMessage` and `sendAt` are left out (or equal to what went out): edits change the web
 * copy only.
 */
export const StaffAnnouncementUpdateSchema = z
  .object({
    title: fields.title,
    category: fields.category,
    priority: fields.priority,
    startDate: fields.startDate,
    endDate: fields.endDate,
    webMessage: fields.webMessage,
    emailMessage: z
      .string()
      .trim()
      .max(10_000, fieldMessage('fields.announcements.emailAtMost10000Characters'))
      .nullish(),
    smsMessage: z
      .string()
      .trim()
      .max(320, fieldMessage('fields.announcements.textMessageAtMost320'))
      .nullish(),
    sendAt: isoInstantSchema(SEND_AT_MESSAGE, { wallTime: true }).nullish(),
  })
  .superRefine(checkDates);
export type StaffAnnouncementUpdate = z.input<typeof StaffAnnouncementUpdateSchema>;

/** `GET /api/staff/announcements/reach?sessions=1,2`: an empty list is center-wide (director). */
export const AnnouncementReachQuerySchema = z.object({
  sessions: z
    .string()
    .trim()
    .max(600, fieldMessage('fields.announcements.chooseAtMost50Sessions'))
    .regex(/^(\d{1,10}(,\d{1,10})*)?$/, fieldMessage('fields.announcements.chooseSessionsFromList'))
    .default('')
    .transform((v) => (v ? [...new Set(v.split(',').map(Number))] : []))
    .refine((ids) => ids.length <= 50 && ids.every((id) => id > 0 && id <= 2_147_483_647), {
      message: fieldMessage('fields.announcements.chooseSessionsFromList'),
    }),
});

/** How many people each channel reaches: parents (one per family account) and emergency contacts. */
export const AnnouncementReachSchema = z.object({
  /** Family accounts with a child enrolled in the chosen sessions. */
  families: z.number().int(),
  email: z.object({ families: z.number().int(), contacts: z.number().int() }),
  sms: z.object({ families: z.number().int(), contacts: z.number().int() }),
});
export type AnnouncementReach = z.infer<typeof AnnouncementReachSchema>;

/** Answer of create, update and cancel: the announcements as they are now, and a sentence for the page. */
export const StaffAnnouncementWriteResultSchema = z.object({
  items: z.array(StaffAnnouncementSchema),
  message: z.string(),
});
export type StaffAnnouncementWriteResult = z.infer<typeof StaffAnnouncementWriteResultSchema>;

/** `/api/staff/announcements/{announcementId}` and `/api/Announcement/{announcementId}`: the announcement's id. */
export const AnnouncementIdParamsSchema = z.object({ announcementId: z.string() });

/** `GET /api/Announcement` and a session's: the announcements the caller may see, most important first. */
export const AnnouncementListSchema = z.array(AnnouncementSchema);

/** `POST /api/Announcement` (staff): a sentence saying what was posted and sent, as plain text. */
export const AnnouncementPostedSchema = z.string();
