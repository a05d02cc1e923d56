/**
 * Writing to chosen families from a staff list (issue 24, "An app of its own": "Bulk actions from a roster or a
 * family search: email or text the selected families (with the same preview and counts as announcements)").
 * The families are named by the rows chosen: parent accounts from the families search (`familyIds`) and
 * children from a roster (`childIds`, reaching each child's parents). The email and the text go out exactly
 * as an announcement's do (`announcementEmailText`, `announcementSmsText`), to the parents and to the
 * children's emergency contacts who chose email or texts; the reach preview answers the announcements' own
 * counts (`AnnouncementReachSchema`).
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { AnnouncementReachSchema } from './staff-announcements.ts';

/** At most this many rows in one message (a page of the families search is 25; a roster rarely 40). */
export const FAMILY_MESSAGE_MAX_ROWS = 200;

const ids = z
  .array(z.string().max(64), { error: fieldMessage('fields.familyMessage.chooseFamilies') })
  .max(
    FAMILY_MESSAGE_MAX_ROWS,
    fieldMessage('fields.familyMessage.tooMany', { max: FAMILY_MESSAGE_MAX_ROWS }),
  )
  .default([]);

const targets = {
  /** Parent accounts (a families search's rows); another's or an unknown one answers 404. */
  familyIds: ids,
  /** Children (a roster's rows): their parents hear; another's or an unknown one answers 404. */
  childIds: ids,
};

const someone = (value: { familyIds: string[]; childIds: string[] }, ctx: z.RefinementCtx) => {
  if (value.familyIds.length + value.childIds.length === 0)
    ctx.addIssue({
      code: 'custom',
      path: ['familyIds'],
      message: fieldMessage('fields.familyMessage.chooseFamilies'),
    });
};

/** `POST /api/staff/families/message/reach`: who the chosen rows reach, by channel (nothing is sent). */
export const FamilyMessageTargetsSchema = z.object(targets).superRefine(someone);
export type FamilyMessageTargets = z.input<typeof FamilyMessageTargetsSchema>;

/** The reach of a message to chosen families: the announcements' counts (families, contacts, by channel). */
export const FamilyMessageReachSchema = AnnouncementReachSchema;
export type FamilyMessageReach = z.infer<typeof FamilyMessageReachSchema>;

const optionalText = (max: number, code: 'emailTooLong' | 'smsTooLong') =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(`fields.familyMessage.${code}`, { max }))
    .nullish()
    .transform((v) => (v ? v : null));

const messageFields = {
  /** The email's subject line, and the audit's name for the message. */
  subject: z
    .string({ error: fieldMessage('fields.familyMessage.giveSubject') })
    .trim()
    .min(3, fieldMessage('fields.familyMessage.giveSubject'))
    .max(120, fieldMessage('fields.familyMessage.subjectTooLong', { max: 120 })),
  /** Plain text; empty: no email. */
  emailMessage: optionalText(10_000, 'emailTooLong'),
  /** Plain text, at most 320 characters ("Bright Oak: " goes in front); empty: no text message. */
  smsMessage: optionalText(320, 'smsTooLong'),
};

const emailOrText = (
  value: { emailMessage: string | null; smsMessage: string | null },
  ctx: z.RefinementCtx,
) => {
  if (!value.emailMessage && !value.smsMessage)
    ctx.addIssue({
      code: 'custom',
      path: ['emailMessage'],
      message: fieldMessage('fields.familyMessage.writeEmailOrText'),
    });
};

/** The words of a message to chosen families, as the dialog's form checks them before sending. */
export const FamilyMessageTextSchema = z.object(messageFields).superRefine(emailOrText);

/**
 * `POST /api/staff/families/message`: the chosen rows, the words ({@link FamilyMessageTextSchema}) and the
 * idempotency key the dialog made when it opened: the same key again answers the first send and sends
 * nothing more (a double click sends once).
 */
export const FamilyMessageInputSchema = z
  .object({
    ...targets,
    ...messageFields,
    idempotencyKey: z
      .string({ error: fieldMessage('fields.familyMessage.idempotencyKey') })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, fieldMessage('fields.familyMessage.idempotencyKey')),
  })
  .superRefine((value, ctx) => {
    someone(value, ctx);
    emailOrText(value, ctx);
  });
export type FamilyMessageInput = z.input<typeof FamilyMessageInputSchema>;
export type FamilyMessageInputParsed = z.output<typeof FamilyMessageInputSchema>;

/** What a send did: families written to, emails queued, texts handed on, and a sentence for the page. */
export const FamilyMessageResultSchema = z.object({
  families: z.number().int(),
  emailCount: z.number().int(),
  smsCount: z.number().int(),
  /** True when this key had already sent: nothing more went out. */
  replayed: z.boolean(),
  message: z.string(),
});
export type FamilyMessageResult = z.infer<typeof FamilyMessageResultSchema>;
