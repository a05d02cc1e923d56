/**
 * Announcements as the API speaks them to families and as staff post them (spec §3 Announcement, §7
 * `GET /api/Announcement`, `POST /api/Announcement`). Dates are ISO calendar dates or instants; the messages
 * are trimmed text (the web message is sanitised HTML on the server).
 */
import { z } from 'zod';
import { SessionSummarySchema } from './enrollment.ts';
import { fieldMessage } from './field-message.ts';
import { isoInstantSchema } from './fields.ts';

/** `fromDate` (ISO date or instant) limits announcements to those starting on or after it. */
export const AnnouncementQuerySchema = z.object({
  fromDate: isoInstantSchema(fieldMessage('fields.enrollment.useDate20260131'), {
    dateOnly: true,
  }).optional(),
});

export const AnnouncementSchema = z.object({
  id: z.number().int(),
  shortURL: z.string().nullable(),
  title: z.string(),
  category: z.string().nullable(),
  priority: z.number().int(),
  isActive: z.boolean(),
  dateCreated: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  webMessage: z.string().nullable(),
  showOnWeb: z.boolean(),
  emailMessage: z.string().nullable(),
  sendEmail: z.boolean(),
  smsMessage: z.string().nullable(),
  sendSMS: z.boolean(),
  /** null: for every family of the center. */
  classSessionId: z.number().int().nullable(),
  classSession: SessionSummarySchema.nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** The announcement fields whose length is checked, each with its own "too long" message. */
type AnnouncementLabel = 'category' | 'webMessage' | 'emailMessage' | 'smsMessage';

const optionalText = (max: number, label: AnnouncementLabel) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(`fields.enrollment.${label}TooLong`, { max }))
    .nullish()
    .transform((v) => (v ? v : null));

/** The announcement part of `POST /api/Announcement` (staff). */
export const AnnouncementInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, fieldMessage('fields.enrollment.giveAnnouncementTitle'))
      .max(120, fieldMessage('fields.enrollment.keepTitleUnder120Characters')),
    shortURL: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{3,60}$/, fieldMessage('fields.enrollment.slugFormat'))
      .nullish()
      .transform((v) => (v ? v : null)),
    category: optionalText(40, 'category'),
    priority: z.coerce.number().int().min(0).max(10).default(0),
    isActive: z.boolean().default(true),
    startDate: isoInstantSchema(fieldMessage('fields.enrollment.useIsoDateTime')).nullish(),
    endDate: isoInstantSchema(fieldMessage('fields.enrollment.useIsoDateTime')).nullish(),
    webMessage: optionalText(4000, 'webMessage'),
    showOnWeb: z.boolean().default(true),
    emailMessage: optionalText(10_000, 'emailMessage'),
    sendEmail: z.boolean().default(false),
    smsMessage: optionalText(320, 'smsMessage'),
    sendSMS: z.boolean().default(false),
  })
  .superRefine((a, ctx) => {
    if (a.startDate && a.endDate && Date.parse(a.endDate) < Date.parse(a.startDate))
      ctx.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: fieldMessage('fields.enrollment.endMustAfterStart'),
      });
    if (a.showOnWeb && !a.webMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['webMessage'],
        message: fieldMessage('fields.enrollment.writeMessageShowWeb'),
      });
    if (a.sendEmail && !a.emailMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['emailMessage'],
        message: fieldMessage('fields.enrollment.writeEmailSend'),
      });
    if (a.sendSMS && !a.smsMessage)
      ctx.addIssue({
        code: 'custom',
        path: ['smsMessage'],
        message: fieldMessage('fields.enrollment.writeTextMessageSend'),
      });
  });
export type AnnouncementInput = z.infer<typeof AnnouncementInputSchema>;

/** `POST /api/Announcement`: one announcement for each listed session; an empty list means center-wide. */
export const AnnouncementRequestSchema = z.object({
  classSessionIds: z.array(z.number().int().positive()).max(50).default([]),
  announcement: AnnouncementInputSchema,
});
