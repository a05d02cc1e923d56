/**
 * Announcements on the staff side (issue 10, "Announcements"; docs/architecture.md "Staff back office").
 * - Scope: a teacher (Staff) reads and writes only announcements of sessions they are assigned to
 *   (`visibleSessions`); any other, and every center-wide one, answers 404 like an unknown one. Writing to
 *   the whole center (no session) is the director's (403 for a teacher). The director sees everything.
 * - Composing writes one announcement row per chosen session, all sharing one `group_id`: a family with
 *   children in two of them sees it once and hears it once (`deliverAnnouncements`; the sweep sends a group
 *   together). "Send now" queues the emails in the same
 *   transaction and answers the texts to send after the commit; a `sendAt` in the future leaves it to the
 *   background sweep (announcement-sweep.ts).
 * - Until it is sent everything can change; afterwards only the web copy (title, category, priority, dates,
 *   web message) — a different email, text or time answers 400 by those fields. Cancelling before sending
 *   means it never goes out; after sending it takes it off the web (`isActive` false).
 * - The web message is rich text, sanitised on every write (server/src/lib/rich-text.ts).
 * - Every write appends its audit row in the same transaction.
 * Reading is staff-announcement-list.ts; sending announcement-delivery.ts.
 */
import { randomUUID } from 'node:crypto';
import type {
  AnnouncementReach,
  ApiErrorCode,
  StaffAnnouncement,
  StaffAnnouncementInputParsed,
  StaffAnnouncementUpdateSchema,
} from '@lc/contract';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { announcements, classSessions } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text.ts';
import type { PendingPush } from '../../ports.ts';
import { recordAudit } from '../audit/record.ts';
import { visibleSessions } from '../team/access.ts';
import { announcementPushes, deliverAnnouncements, type PendingText } from './announcement-delivery.ts';
import { type Recipient, recipientRows } from './announcements.ts';
import { iso, type Row, readStaffAnnouncement, scope } from './staff-announcement-list.ts';

export type StaffAnnouncementDeps = { db: Db; timeZone: string; now: () => Date };

/**
 * The sessions `user` may write to among `ids` (de-duplicated). Empty: center-wide, the director's only
 * (403). An unknown session or one the teacher does not teach: 404, naming nothing.
 */
export async function writableSessions(db: DbOrTx, user: AuthUser, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) {
    if (user.role !== 'Admin') throw new HttpError(403, 'messages.announcements.centerWideDirectorOnly');
    return [];
  }
  const found = await db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(and(inArray(classSessions.id, wanted), visibleSessions(user)));
  if (found.length !== wanted.length) throw notFound('session');
  return wanted;
}

/** The reach preview: how many families and contacts each channel reaches for `sessionIds` (see writableSessions). */
export async function announcementReach(
  deps: StaffAnnouncementDeps,
  user: AuthUser,
  sessionIds: number[],
): Promise<AnnouncementReach> {
  const ids = await writableSessions(deps.db, user, sessionIds);
  return reachOf(await recipientRows(deps.db, ids, deps.now()));
}

/**
 * The counts of a reach preview from everyone a message can reach (`recipientRows`): families (parent
 * accounts), and by channel the families and the contacts not already reached at a parent's address or number.
 */
export function reachOf(rows: Recipient[]): AnnouncementReach {
  const parents = rows.filter((r) => r.kind === 'parent');
  const parentEmails = new Set(parents.filter((r) => r.wantsEmail && r.email).map((r) => r.email));
  const parentPhones = new Set(parents.filter((r) => r.wantsSms && r.phone).map((r) => r.phone));
  const contacts = rows.filter((r) => r.kind === 'contact');
  const contactEmails = new Set(
    contacts.filter((r) => r.wantsEmail && r.email && !parentEmails.has(r.email)).map((r) => r.email),
  );
  const contactPhones = new Set(
    contacts.filter((r) => r.wantsSms && r.phone && !parentPhones.has(r.phone)).map((r) => r.phone),
  );
  return {
    families: new Set(parents.map((r) => r.userId)).size,
    email: {
      families: new Set(parents.filter((r) => r.wantsEmail && r.email).map((r) => r.userId)).size,
      contacts: contactEmails.size,
    },
    sms: {
      families: new Set(parents.filter((r) => r.wantsSms && r.phone).map((r) => r.userId)).size,
      contacts: contactPhones.size,
    },
  };
}

/** The first instant of `day` ("YYYY-MM-DD") on the center's calendar. */
const startOfDay = (day: string, timeZone: string) => new Date(wallTimeToInstant(`${day}T00:00`, timeZone)!);

/** The last millisecond of `day` on the center's calendar (the instant before the next day starts). */
const endOfDay = (day: string, timeZone: string) =>
  new Date(startOfDay(addDays(day, 1), timeZone).getTime() - 1);

/**
 * The instant to send at for `sendAt` (null: now). A time on the center's clock is read in `timeZone`.
 * 400 on `sendAt` when it is not after `now`.
 */
function sendTime(sendAt: string | null, timeZone: string, now: Date): Date | null {
  if (!sendAt) return null;
  const instant = /Z$|[+-]\d{2}:\d{2}$/i.test(sendAt) ? sendAt : wallTimeToInstant(sendAt, timeZone);
  const at = instant ? new Date(instant) : null;
  if (!at || Number.isNaN(at.getTime())) {
    const code = 'messages.announcements.sendAtUnreadable';
    throw new HttpError(400, code, { fields: { sendAt: code } });
  }
  if (at.getTime() <= now.getTime()) {
    const code = 'messages.announcements.sendAtPast';
    throw new HttpError(400, code, { fields: { sendAt: code } });
  }
  return at;
}

/** The sanitised web message, or null when nothing visible is left (then it is not shown on the web). */
function webCopy(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeRichText(html);
  return clean === '' || isBlankRichText(clean) ? null : clean;
}

const plainCopy = (row: Row) => ({
  title: row.title,
  category: row.category,
  priority: row.priority,
  startDate: iso(row.startDate),
  endDate: iso(row.endDate),
  webMessage: row.webMessage,
  emailMessage: row.emailMessage,
  smsMessage: row.smsMessage,
  classSessionId: row.classSessionId,
  sendAt: iso(row.sendAt),
  sentAt: iso(row.sentAt),
  cancelledAt: iso(row.cancelledAt),
  isActive: row.isActive,
});

export type WriteOutcome = {
  items: StaffAnnouncement[];
  message: string;
  texts: PendingText[];
  /** Web pushes of what was sent, for after the commit (decision 034). */
  pushes: PendingPush[];
  emails: number;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function deliveryMessage(rows: Row[], texts: PendingText[]): string {
  const emails = rows.reduce((sum, r) => sum + (r.emailCount ?? 0), 0);
  return `${plural(emails, 'email', 'emails')} and ${plural(texts.length, 'text message', 'text messages')} on their way.`;
}

/**
 * `POST /api/staff/announcements`: one announcement per session in `input.classSessionIds` (none:
 * center-wide, director only), written by `user`. Sends now, or leaves it for the sweep at `sendAt`.
 * 403/404 as {@link writableSessions}; 400 by field for a time in the past. Audited per announcement.
 */
export async function createStaffAnnouncements(
  deps: StaffAnnouncementDeps,
  user: AuthUser,
  input: StaffAnnouncementInputParsed,
): Promise<WriteOutcome> {
  const now = deps.now();
  const sessionIds = await writableSessions(deps.db, user, input.classSessionIds);
  const sendAt = sendTime(input.sendAt, deps.timeZone, now);
  const webMessage = webCopy(input.webMessage);
  if (!webMessage && !input.emailMessage && !input.smsMessage) {
    const code = 'messages.announcements.nothingToSend';
    throw new HttpError(400, code, { fields: { webMessage: code } });
  }
  const targets: Array<number | null> = sessionIds.length > 0 ? sessionIds : [null];
  // The rows of one announcement for several sessions: a family in two of them sees and hears it once.
  const groupId = randomUUID();
  const { rows, texts, pushes } = await deps.db.transaction(async (tx) => {
    const rows: Row[] = [];
    for (const classSessionId of targets) {
      const [row] = await tx
        .insert(announcements)
        .values({
          title: input.title,
          category: input.category,
          priority: input.priority,
          startDate: input.startDate ? startOfDay(input.startDate, deps.timeZone) : null,
          endDate: input.endDate ? endOfDay(input.endDate, deps.timeZone) : null,
          webMessage,
          showOnWeb: webMessage !== null,
          emailMessage: input.emailMessage,
          sendEmail: input.emailMessage !== null,
          smsMessage: input.smsMessage,
          sendSMS: input.smsMessage !== null,
          classSessionId,
          groupId,
          dateCreated: now,
          updated: now,
          sendAt,
          sentAt: sendAt ? null : now,
          createdBy: user.id,
        })
        .returning();
      rows.push(row!);
    }
    const texts = sendAt ? [] : await deliverAnnouncements(tx, rows, now);
    const pushes = sendAt ? [] : await announcementPushes(tx, rows, now);
    for (const row of rows)
      await recordAudit(
        tx,
        {
          actorUserId: user.id,
          action: sendAt ? 'announcement.schedule' : 'announcement.send',
          entityType: 'Announcement',
          entityId: row.id,
          before: null,
          after: { ...plainCopy(row), emailCount: row.emailCount, smsCount: row.smsCount },
        },
        now,
      );
    return { rows, texts, pushes };
  });
  const items = await Promise.all(rows.map((r) => readStaffAnnouncement(deps.db, user, r.id)));
  const posted = plural(rows.length, 'announcement', 'announcements');
  const message = sendAt
    ? `Scheduled ${posted}. ${rows.length === 1 ? 'It goes' : 'They go'} out at the time you chose.`
    : `Sent ${posted}; ${deliveryMessage(rows, texts)}`;
  return { items, message, texts, pushes, emails: rows.reduce((sum, r) => sum + (r.emailCount ?? 0), 0) };
}

/** Lock and read announcement `id` if `user` may write it (404 otherwise). */
async function lockForWrite(tx: DbOrTx, user: AuthUser, id: number): Promise<Row> {
  const [found] = await tx
    .select({ a: announcements })
    .from(announcements)
    .leftJoin(classSessions, eq(classSessions.id, announcements.classSessionId))
    .where(and(eq(announcements.id, id), scope(user)))
    .for('update', { of: announcements });
  if (!found) throw notFound('announcement');
  return found.a;
}

const when = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);

/**
 * `PUT /api/staff/announcements/:id`: change announcement `id` (its session stays). Before it is sent:
 * everything, and `sendAt` null sends it now. After: the web copy only; a different email, text or time
 * answers 400 by those fields with a sentence saying why. 409 once cancelled; 404 outside the caller's scope.
 */
export async function updateStaffAnnouncement(
  deps: StaffAnnouncementDeps,
  user: AuthUser,
  id: number,
  input: z.output<typeof StaffAnnouncementUpdateSchema>,
): Promise<WriteOutcome> {
  const now = deps.now();
  const result = await deps.db.transaction(async (tx) => {
    const row = await lockForWrite(tx, user, id);
    if (row.cancelledAt) throw new HttpError(409, 'messages.announcements.cancelled');
    const webMessage = webCopy(input.webMessage);
    const common = {
      title: input.title,
      category: input.category ?? null,
      priority: input.priority,
      startDate: input.startDate ? startOfDay(input.startDate, deps.timeZone) : null,
      endDate: input.endDate ? endOfDay(input.endDate, deps.timeZone) : null,
      webMessage,
      showOnWeb: webMessage !== null,
      updated: now,
    };
    let texts: PendingText[] = [];
    let pushes: PendingPush[] = [];
    let message: string;
    if (row.sentAt) {
      const sent = when(row.sentAt, deps.timeZone);
      const fields: Record<string, ApiErrorCode> = {};
      const same = (a: string | null | undefined, b: string | null) => a === undefined || (a || null) === b;
      if (!same(input.emailMessage, row.emailMessage))
        fields.emailMessage = 'messages.announcements.sent.email';
      if (!same(input.smsMessage, row.smsMessage)) fields.smsMessage = 'messages.announcements.sent.sms';
      if (
        input.sendAt !== undefined &&
        input.sendAt !== null &&
        iso(sendTime(input.sendAt, deps.timeZone, new Date(0))) !== iso(row.sendAt)
      )
        fields.sendAt = 'messages.announcements.sent.sendAt';
      const first = Object.values(fields)[0];
      if (first) throw new HttpError(400, first, { params: { sent }, fields });
      await tx.update(announcements).set(common).where(eq(announcements.id, id));
      message =
        'Saved. It was already sent, so only the web copy changed; the email and text message stay as they went out.';
    } else {
      const emailMessage = input.emailMessage === undefined ? row.emailMessage : input.emailMessage || null;
      const smsMessage = input.smsMessage === undefined ? row.smsMessage : input.smsMessage || null;
      if (!webMessage && !emailMessage && !smsMessage) {
        const code = 'messages.announcements.nothingToSend';
        throw new HttpError(400, code, { fields: { webMessage: code } });
      }
      const sendAt = input.sendAt === undefined ? row.sendAt : sendTime(input.sendAt, deps.timeZone, now);
      const [updated] = await tx
        .update(announcements)
        .set({
          ...common,
          emailMessage,
          sendEmail: emailMessage !== null,
          smsMessage,
          sendSMS: smsMessage !== null,
          sendAt,
          sentAt: sendAt ? null : now,
        })
        .where(eq(announcements.id, id))
        .returning();
      if (sendAt) message = `Saved. It goes out on ${when(sendAt, deps.timeZone)}.`;
      else {
        texts = await deliverAnnouncements(tx, [updated!], now);
        pushes = await announcementPushes(tx, [updated!], now);
        message = `Saved and sent; ${deliveryMessage([updated!], texts)}`;
      }
    }
    const [after] = await tx.select().from(announcements).where(eq(announcements.id, id));
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: row.sentAt
          ? 'announcement.update_web'
          : after!.sentAt
            ? 'announcement.send'
            : 'announcement.update',
        entityType: 'Announcement',
        entityId: id,
        before: plainCopy(row),
        after: { ...plainCopy(after!), emailCount: after!.emailCount, smsCount: after!.smsCount },
      },
      now,
    );
    return { texts, pushes, message, emails: after!.sentAt && !row.sentAt ? (after!.emailCount ?? 0) : 0 };
  });
  return { ...result, items: [await readStaffAnnouncement(deps.db, user, id)] };
}

/**
 * `POST /api/staff/announcements/:id/cancel`: before sending it never goes out; after sending it leaves the
 * families' web pages (`isActive` false). 409 when already cancelled; 404 outside the caller's scope.
 */
export async function cancelStaffAnnouncement(
  deps: StaffAnnouncementDeps,
  user: AuthUser,
  id: number,
): Promise<WriteOutcome> {
  const now = deps.now();
  const message = await deps.db.transaction(async (tx) => {
    const row = await lockForWrite(tx, user, id);
    if (row.cancelledAt) throw new HttpError(409, 'messages.announcements.alreadyCancelled');
    await tx
      .update(announcements)
      .set({ cancelledAt: now, isActive: false, updated: now })
      .where(eq(announcements.id, id));
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'announcement.cancel',
        entityType: 'Announcement',
        entityId: id,
        before: plainCopy(row),
        after: { ...plainCopy(row), cancelledAt: now.toISOString(), isActive: false },
      },
      now,
    );
    return row.sentAt
      ? 'Cancelled. It had already gone out by email and text; families no longer see it on the web.'
      : 'Cancelled. It will not be sent.';
  });
  return {
    items: [await readStaffAnnouncement(deps.db, user, id)],
    message,
    texts: [],
    pushes: [],
    emails: 0,
  };
}
