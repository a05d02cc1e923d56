/**
 * Session announcements (spec §3 Announcement; §7 Announcement calls; issue 5).
 * A family sees an announcement on the web when it is active, `showOnWeb`, inside its date range, and either
 * center-wide (no session) or for a session one of their children is enrolled in. Staff see every
 * announcement. Posting (staff) writes one announcement row per chosen session, all sharing one `group_id`
 * (spec §7: `{classSessionIds, announcement}` is one announcement for several sessions), so a family with
 * children in two of them sees it once in its list (`listAnnouncements`) and is emailed and texted once; in
 * the same transaction it queues its email to the enrolled families and their emergency contacts who opted
 * in to email; text
 * messages go to contacts who opted in to SMS (and parents with a mobile number), after the commit.
 * An announcement scheduled on the staff side (staff-announcements.ts) reaches families, on the web too, only
 * once it has been sent (`sent_at`).
 *
 * Languages (issue 14): the title and messages are the staff's own words and go out as written; the email's
 * sign-off is in the reader's language (`announcementMail`): a parent's own `users.language`; an
 * emergency contact (no account) reads the language of the family's first parent (the oldest account the
 * contact belongs to). An address that is both, or a contact of two families, reads the parent's language,
 * else English when the families differ. A text message is "Bright Oak: " and the staff's words, the same in
 * both languages.
 */
import { randomUUID } from 'node:crypto';
import {
  type Announcement,
  type AnnouncementInput,
  announcementEmailText,
  announcementSmsText,
  isRichText,
} from '@lc/contract';
import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { announcements, classSessions } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { familyText, type MailLanguage, mailLanguage, mailT } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';

type Viewer = { id: string; role: 'Parent' | 'Staff' | 'Admin' };

const isStaff = (viewer: Viewer) => viewer.role !== 'Parent';

/** Announcements a parent may see at `now`: live, on the web, center-wide or for a session they are in. */
function visibleTo(viewer: Viewer, now: Date): SQL | undefined {
  if (isStaff(viewer)) return undefined;
  return and(
    eq(announcements.isActive, true),
    eq(announcements.showOnWeb, true),
    isNotNull(announcements.sentAt),
    or(isNull(announcements.startDate), sql`${announcements.startDate} <= ${now}`),
    or(isNull(announcements.endDate), sql`${announcements.endDate} >= ${now}`),
    or(
      isNull(announcements.classSessionId),
      sql`${announcements.classSessionId} in (
        select e.class_session_id from class_session_enrollments e
        join user_students us on us.student_id = e.student_id
        where us.user_id = ${viewer.id} and e.status = 'Enrolled')`,
    ),
  );
}

/** `fromDate`: only announcements that start (or were sent, or created) on or after it. */
const fromFilter = (fromDate: string | undefined) =>
  fromDate
    ? sql`coalesce(${announcements.startDate}, ${announcements.sentAt}, ${announcements.dateCreated}) >= ${new Date(fromDate)}`
    : undefined;

/**
 * The announcements `viewer` may see at `now` (`visibleTo`), highest priority then newest first, at most 200;
 * `options` narrow to one session, one id, or those starting on or after `fromDate`. A family sees an
 * announcement posted to several of its sessions once (the first row of its `group_id`, by session order of
 * posting); staff see every row, one per session.
 */
export async function listAnnouncements(
  db: DbOrTx,
  viewer: Viewer,
  now: Date,
  options: { classSessionId?: number; fromDate?: string; id?: number } = {},
): Promise<Announcement[]> {
  const rows = await db
    .select({
      a: announcements,
      session: {
        id: classSessions.id,
        name: classSessions.name,
        sessionStartDate: classSessions.sessionStartDate,
        sessionEndDate: classSessions.sessionEndDate,
        daySchedule: classSessions.daySchedule,
        thumbnail: classSessions.thumbnail,
      },
    })
    .from(announcements)
    .leftJoin(classSessions, eq(classSessions.id, announcements.classSessionId))
    .where(
      and(
        visibleTo(viewer, now),
        fromFilter(options.fromDate),
        options.classSessionId === undefined
          ? undefined
          : eq(announcements.classSessionId, options.classSessionId),
        options.id === undefined ? undefined : eq(announcements.id, options.id),
      ),
    )
    .orderBy(
      desc(announcements.priority),
      desc(sql`coalesce(${announcements.startDate}, ${announcements.sentAt}, ${announcements.dateCreated})`),
      announcements.id,
    )
    .limit(200);
  // One announcement for several sessions: a family reads it once (the rows of a group are alike).
  const seen = new Set<string>();
  const shown = isStaff(viewer)
    ? rows
    : rows.filter(({ a }) => {
        if (a.groupId === null) return true;
        if (seen.has(a.groupId)) return false;
        seen.add(a.groupId);
        return true;
      });
  return shown.map(({ a, session }) => ({
    id: a.id,
    shortURL: a.shortURL,
    title: a.title,
    category: a.category,
    priority: a.priority,
    isActive: a.isActive,
    dateCreated: a.dateCreated.toISOString(),
    // A scheduled announcement without a first day starts showing when it is sent: that is its start.
    startDate: (a.startDate ?? (a.sendAt ? a.sentAt : null))?.toISOString() ?? null,
    endDate: a.endDate?.toISOString() ?? null,
    // Rich text is sanitised again as it leaves (defence in depth: the spec's POST stores what it is given).
    webMessage: a.webMessage && isRichText(a.webMessage) ? sanitizeRichText(a.webMessage) : a.webMessage,
    showOnWeb: a.showOnWeb,
    emailMessage: isStaff(viewer) ? a.emailMessage : null,
    sendEmail: a.sendEmail,
    smsMessage: isStaff(viewer) ? a.smsMessage : null,
    sendSMS: a.sendSMS,
    classSessionId: a.classSessionId,
    classSession: session?.id ? session : null,
  }));
}

export type PostResult = { created: number[]; emails: number; texts: Array<{ to: string; body: string }> };

/**
 * Post one announcement per session (none: center-wide). 400 on `classSessionIds` when a session does not
 * exist; 409 on `shortURL` when it is taken. Emails are queued in the same transaction; the texts to send
 * are answered for the caller to send after the commit.
 */
export async function postAnnouncement(
  db: Db,
  classSessionIds: number[],
  input: AnnouncementInput,
  now: Date,
): Promise<PostResult> {
  const sessionIds = [...new Set(classSessionIds)];
  if (sessionIds.length > 0) {
    const found = await db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(inArray(classSessions.id, sessionIds));
    if (found.length !== sessionIds.length) {
      const code = 'messages.announcements.unknownSession';
      throw new HttpError(400, code, { fields: { classSessionIds: code } });
    }
  }
  const targets: Array<number | null> = sessionIds.length > 0 ? sessionIds : [null];
  const groupId = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      const created: number[] = [];
      for (const classSessionId of targets) {
        const [row] = await tx
          .insert(announcements)
          .values({
            ...input,
            shortURL:
              input.shortURL && targets.length > 1 ? `${input.shortURL}-${classSessionId}` : input.shortURL,
            startDate: input.startDate ? new Date(input.startDate) : null,
            endDate: input.endDate ? new Date(input.endDate) : null,
            dateCreated: now,
            classSessionId,
            groupId,
            sentAt: now,
            updated: now,
          })
          .returning({ id: announcements.id });
        created.push(row!.id);
      }
      const { emails, phones, languages } = await recipients(tx, sessionIds, now);
      if (input.sendEmail && input.emailMessage) {
        for (const to of emails)
          await enqueueMail(tx, announcementMail(to, input.title, input.emailMessage, languages.get(to)));
      }
      const texts =
        input.sendSMS && input.smsMessage
          ? phones.map((to) => ({ to, body: announcementSmsText(input.smsMessage!) }))
          : [];
      // Delivery counts (issue 10): the families' messages are shared by the announcements posted together.
      await tx
        .update(announcements)
        .set({
          emailCount: input.sendEmail && input.emailMessage ? emails.length : 0,
          smsCount: texts.length,
        })
        .where(inArray(announcements.id, created));
      return { created, emails: input.sendEmail ? emails.length : 0, texts };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505' || /announcements_short_url_key/.test(String(error))) {
      const code = 'messages.announcements.shortLinkTaken';
      throw new HttpError(409, code, { fields: { shortURL: code } });
    }
    throw error;
  }
}

/** One way to reach someone: a parent (`userId` set, one account per family) or an emergency contact. */
export type Recipient = {
  kind: 'parent' | 'contact';
  userId: string | null;
  email: string | null;
  phone: string | null;
  wantsEmail: boolean;
  wantsSms: boolean;
  /** The language their emails are written in (see the module comment). */
  language: MailLanguage;
};

/**
 * Everyone an announcement can reach, row by row: the parents of children enrolled in the sessions (for a
 * center-wide one, in any session that has not ended) and those children's active emergency contacts, with
 * what each chose (parents: email always, texts when they gave a mobile number).
 */
export async function recipientRows(tx: DbOrTx, sessionIds: number[], now: Date): Promise<Recipient[]> {
  const sessionFilter =
    sessionIds.length > 0
      ? sql`e.class_session_id in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`e.class_session_id in (select id from class_sessions where session_end_date >= ${now.toISOString().slice(0, 10)}::date)`;
  const result = (await tx.execute(sql`
    with kids as (
      select distinct e.student_id from class_session_enrollments e where e.status = 'Enrolled' and ${sessionFilter}
    )
    select 'parent' as kind, u.id::text as user_id, lower(u.email_address) as email, u.sms as phone,
        true as wants_email, u.sms is not null as wants_sms, u.language
      from users u join user_students us on us.user_id = u.id join kids k on k.student_id = us.student_id
    union
    select 'contact', null, lower(t.email_address), t.cell_phone, t.receive_email, t.receive_sms,
        coalesce((select p.language from user_trustees ut join users p on p.id = ut.user_id
          where ut.trustee_id = t.id order by p.created, p.id limit 1), 'en')
      from trustees t join student_trustees st on st.trustee_id = t.id join kids k on k.student_id = st.student_id
      where t.is_active`)) as unknown as {
    rows: Array<{
      kind: 'parent' | 'contact';
      user_id: string | null;
      email: string | null;
      phone: string | null;
      wants_email: boolean;
      wants_sms: boolean;
      language: string;
    }>;
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    userId: r.user_id,
    email: r.email,
    phone: r.phone,
    wantsEmail: r.wants_email,
    wantsSms: r.wants_sms,
    language: mailLanguage(r.language),
  }));
}

/**
 * Who hears about an announcement (see {@link recipientRows}): the addresses and numbers of those who opted
 * in. Emails lower-cased and de-duplicated; phones E.164 and de-duplicated; both sorted. `languages`: each
 * email's language (see the module comment).
 */
export async function recipients(tx: DbOrTx, sessionIds: number[], now: Date) {
  return recipientsFrom(await recipientRows(tx, sessionIds, now));
}

/**
 * The addresses, numbers and email languages of `rows` (see {@link recipients}); also used for a message to
 * chosen families (family-message.ts), so both reach people by one rule.
 */
export function recipientsFrom(rows: Recipient[]) {
  const emails = [...new Set(rows.filter((r) => r.wantsEmail && r.email).map((r) => r.email!))].sort();
  const phones = [...new Set(rows.filter((r) => r.wantsSms && r.phone).map((r) => r.phone!))].sort();
  const languages = new Map<string, MailLanguage>();
  // A parent's own language first, then the contacts' families; English when they disagree.
  for (const kind of ['parent', 'contact'] as const) {
    const chosen = new Map<string, MailLanguage>();
    for (const r of rows) {
      if (r.kind !== kind || !r.email || languages.has(r.email)) continue;
      const seen = chosen.get(r.email);
      chosen.set(r.email, seen === undefined || seen === r.language ? r.language : 'en');
    }
    for (const [email, language] of chosen) languages.set(email, language);
  }
  return { emails, phones, languages };
}

/**
 * An announcement email to `to`: the title as its subject, the staff's message as written, then the sign-off
 * in the reader's language (English exactly as the compose page's preview shows it, `announcementEmailText`).
 */
export function announcementMail(
  to: string,
  title: string,
  message: string,
  language: string | null | undefined,
): MailMessage {
  return {
    to,
    subject: title,
    text:
      mailLanguage(language) === 'en' ? announcementEmailText(message) : familyText(mailT(language), message),
  };
}
