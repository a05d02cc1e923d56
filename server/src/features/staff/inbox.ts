/**
 * The staff inbox (issue 10, "Inbox (Admin, and Staff when given the right)"): contact messages,
 * schedule-a-tour requests and tutoring waitlist submissions read as one list, new first; each item has a
 * status, an assignee and a thread (`inbox_entries`) of staff notes and the messages mailed to the family.
 *
 * Who: the director (Admin) always; a teacher (Staff) only with `users.inbox_access` (403 otherwise, before
 * anything is read). Item ids are the submission's uuid; anything else, or an unknown id, is 404.
 * Every write runs in one transaction with its audit row (decision 010) and, for a reply or an invitation,
 * the queued mail (decision 002): a failed step leaves nothing behind.
 */
import {
  dateTimeFormat,
  type InboxEntry,
  type InboxItem,
  type InboxItemSummary,
  type InboxKind,
  type InboxList,
  type InboxListQuery,
  type InboxStatus,
  type InboxUpdateInput,
  registerPrefillQuery,
  routes,
  type StaffMember,
  statusesFor,
} from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { MailMessage } from '../../adapters/mail.ts';
import { type Db, type DbOrTx, queryRows, type Tx } from '../../db/client.ts';
import { contactSubmissions, inboxEntries, tutoringWaitlistSubmissions, users } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { mailLocale, mailT } from '../../i18n/family-mail.ts';
import { enqueueMail, limitMailTo } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';

const CENTER = 'Bright Oak Learning Center';
const NOT_ALLOWED = 'The inbox is open to the director and to teachers they give it to. Ask your director.';

export type InboxDeps = {
  db: Db;
  /** The center's address (CENTER_EMAIL): replies to the family carry it as Reply-To. */
  centerEmail: string;
  /** Links in mail are built from APP_URL, never from a request's Host header. */
  appUrl: string;
  /** The center's IANA zone, for dates written in mail. */
  timeZone: string;
  now: () => Date;
};

/**
 * 403 unless `user` may read and answer the inbox: an Admin always, a Staff user when the director gave them
 * `inbox_access`. Read from the database on every call, so a right taken away applies to the next request.
 */
export async function requireInboxAccess(db: DbOrTx, user: AuthUser): Promise<void> {
  if (user.role === 'Admin') return;
  if (user.role === 'Staff') {
    const [row] = await db
      .select({ inboxAccess: users.inboxAccess })
      .from(users)
      .where(eq(users.id, user.id));
    if (row?.inboxAccess) return;
  }
  throw new HttpError(403, NOT_ALLOWED);
}

/** Contact (and tour) and tutoring submissions as one relation, with the columns either may have. */
const itemsCte = sql`items as (
  select c.id, case when c.tour then 'tour' else 'contact' end as kind, c.status,
    c.first_name, c.last_name, c.first_name || ' ' || c.last_name as family_name, c.email,
    c.phone_number as phone, c.child_name, c.child_birthdate::text as child_birthdate,
    null::text as grade, null::text as subject_matter, c.previous_attendance, c.referred,
    c.message, c.submitted, c.updated, c.assignee_id, c.language,
    (select count(*)::int from inbox_entries e where e.contact_submission_id = c.id) as entry_count
  from contact_submissions c
  union all
  select t.id, 'tutoring', t.status,
    null::text, null::text, t.parent_name, t.email_address,
    t.phone_number, t.student_name, null::text,
    t.grade, t.subject_matter, null::boolean, null::text,
    t.message, t.submitted, t.updated, t.assignee_id, t.language,
    (select count(*)::int from inbox_entries e where e.tutoring_submission_id = t.id)
  from tutoring_waitlist_submissions t
)`;

type ItemRowSql = {
  id: string;
  kind: InboxKind;
  status: InboxStatus;
  first_name: string | null;
  last_name: string | null;
  family_name: string;
  email: string;
  phone: string | null;
  child_name: string | null;
  child_birthdate: string | null;
  grade: string | null;
  subject_matter: string | null;
  previous_attendance: boolean | null;
  referred: string | null;
  message: string | null;
  submitted: Date | string;
  updated: Date | string;
  assignee_id: string | null;
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  language: 'en' | 'es';
  entry_count: number;
  total?: number | string;
};

const itemSelect = sql`select items.*, u.first_name as assignee_first_name, u.last_name as assignee_last_name
  from items left join users u on u.id = items.assignee_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A tutoring form has one name field: "Maya Chen" → Maya, Chen (a single word is the first name). */
function splitName(full: string): { firstName: string; lastName: string } {
  const parts = full.trim().split(/\s+/);
  return { firstName: parts[0] ?? full, lastName: parts.slice(1).join(' ') };
}

function names(row: ItemRowSql) {
  return row.first_name !== null && row.last_name !== null
    ? { firstName: row.first_name, lastName: row.last_name }
    : splitName(row.family_name);
}

function preview(row: ItemRowSql): string {
  const text = (row.message ?? '').replace(/\s+/g, ' ').trim();
  if (!text) {
    return row.kind === 'tutoring' && row.subject_matter
      ? `${row.subject_matter}, ${row.grade === 'K' ? 'kindergarten' : `grade ${row.grade}`}`
      : '';
  }
  return text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text;
}

function toSummary(row: ItemRowSql): InboxItemSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    familyName: row.family_name,
    email: row.email,
    childName: row.child_name,
    preview: preview(row),
    submitted: iso(row.submitted),
    assignee:
      row.assignee_id && row.assignee_first_name !== null
        ? { id: row.assignee_id, firstName: row.assignee_first_name, lastName: row.assignee_last_name ?? '' }
        : null,
    entryCount: row.entry_count,
  };
}

/** Staff who may be given an item: directors, and teachers with inbox access, by last name. */
export async function listAssignees(db: DbOrTx): Promise<StaffMember[]> {
  return queryRows<StaffMember>(
    db,
    sql`select id, first_name as "firstName", last_name as "lastName" from users
      where type = 'Admin' or (type = 'Staff' and inbox_access)
      order by last_name, first_name, id`,
  );
}

/** How many items are New in the whole inbox (the staff navigation's count). */
export async function countNew(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ((select count(*) from contact_submissions where status = 'New')
      + (select count(*) from tutoring_waitlist_submissions where status = 'New'))::int as n`,
  );
  return row?.n ?? 0;
}

/**
 * One page of the inbox for `user` (who must have inbox access): New items first, then newest first.
 * Filters: `status`, `kind`, `assignee` (`me`, `none` or a staff id), `q` (family name, email or child's
 * name, case-insensitive, taken literally). Answers the page, the filtered total and the inbox's New count.
 */
export async function listInbox(db: Db, user: AuthUser, query: InboxListQuery): Promise<InboxList> {
  const where: ReturnType<typeof sql>[] = [sql`true`];
  if (query.status) where.push(sql`items.status = ${query.status}`);
  if (query.kind) where.push(sql`items.kind = ${query.kind}`);
  if (query.assignee === 'none') where.push(sql`items.assignee_id is null`);
  else if (query.assignee) {
    where.push(sql`items.assignee_id = ${query.assignee === 'me' ? user.id : query.assignee}`);
  }
  if (query.q) {
    const q = query.q.toLowerCase();
    where.push(sql`(position(${q} in lower(items.family_name)) > 0
      or position(${q} in lower(items.email)) > 0
      or position(${q} in lower(coalesce(items.child_name, ''))) > 0)`);
  }
  const rows = await queryRows<ItemRowSql>(
    db,
    sql`with ${itemsCte}
      select page.*, count(*) over () as total from (${itemSelect} where ${sql.join(where, sql` and `)}) page
      order by (page.status = 'New') desc, page.submitted desc, page.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`with ${itemsCte} select count(*)::int as n from (${itemSelect} where ${sql.join(where, sql` and `)}) page`,
    );
    total = count?.n ?? 0;
  }
  const [newCount, assignees] = await Promise.all([countNew(db), listAssignees(db)]);
  return {
    items: rows.map(toSummary),
    total,
    page: query.page,
    pageSize: query.pageSize,
    newCount,
    assignees,
  };
}

/** The item `id` (locked for update inside a write's transaction), or null when there is none. */
async function findItem(db: DbOrTx, id: string, lock = false): Promise<ItemRowSql | null> {
  if (!isUuid(id)) return null;
  if (lock) {
    // Lock the submission row itself: two staff answering at once change the status one after the other.
    await queryRows(db, sql`select id from contact_submissions where id = ${id} for update`);
    await queryRows(db, sql`select id from tutoring_waitlist_submissions where id = ${id} for update`);
  }
  const [row] = await queryRows<ItemRowSql>(db, sql`with ${itemsCte} ${itemSelect} where items.id = ${id}`);
  return row ?? null;
}

async function readEntries(db: DbOrTx, item: ItemRowSql): Promise<InboxEntry[]> {
  const column = item.kind === 'tutoring' ? sql`e.tutoring_submission_id` : sql`e.contact_submission_id`;
  const rows = await queryRows<{
    id: string;
    kind: 'Note' | 'Reply';
    body: string;
    created: Date | string;
    author_id: string | null;
    author_first_name: string | null;
    author_last_name: string | null;
  }>(
    db,
    sql`select e.id, e.kind, e.body, e.created, u.id as author_id, u.first_name as author_first_name,
        u.last_name as author_last_name
      from inbox_entries e left join users u on u.id = e.author_id
      where ${column} = ${item.id}
      order by e.created, e.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    body: r.body,
    created: iso(r.created),
    author: r.author_id
      ? { id: r.author_id, firstName: r.author_first_name ?? '', lastName: r.author_last_name ?? '' }
      : null,
  }));
}

async function toItem(db: DbOrTx, row: ItemRowSql): Promise<InboxItem> {
  const [entries, assignees, account] = await Promise.all([
    readEntries(db, row),
    listAssignees(db),
    queryRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from users where email_address = lower(${row.email})) as found`,
    ),
  ]);
  return {
    ...toSummary(row),
    ...names(row),
    phone: row.phone,
    message: row.message,
    childBirthdate: row.child_birthdate,
    grade: row.grade,
    subjectMatter: row.subject_matter,
    previousAttendance: row.previous_attendance,
    referred: row.referred,
    updated: iso(row.updated),
    statuses: [...statusesFor(row.kind)],
    hasAccount: account[0]?.found === true,
    language: row.language === 'es' ? 'es' : 'en',
    entries,
    assignees,
  };
}

/** Item `id` with its thread; 404 when there is none (or the id is not a uuid). */
export async function readInboxItem(db: Db, id: string): Promise<InboxItem> {
  const row = await findItem(db, id);
  if (!row) throw notFound('That message');
  return toItem(db, row);
}

const entityType = (kind: InboxKind) =>
  kind === 'tutoring' ? 'TutoringWaitlistSubmission' : 'ContactSubmission';
const table = (kind: InboxKind) => (kind === 'tutoring' ? tutoringWaitlistSubmissions : contactSubmissions);

/** The status an item moves to once the family has been written to: New → Replied (tutoring: Contacted). */
const answered = (item: ItemRowSql): InboxStatus =>
  item.status !== 'New' ? item.status : item.kind === 'tutoring' ? 'Contacted' : 'Replied';

async function setStatusAndAssignee(
  tx: Tx,
  item: ItemRowSql,
  change: { status: InboxStatus; assigneeId: string | null },
  now: Date,
) {
  const t = table(item.kind);
  await tx
    .update(t)
    .set({ status: change.status, assigneeId: change.assigneeId, updated: now })
    .where(eq(t.id, item.id));
}

/** Run `write` on item `id` in one transaction (404 when there is none), then answer the item as stored. */
async function writeItem(
  deps: InboxDeps,
  id: string,
  write: (tx: Tx, item: ItemRowSql, now: Date) => Promise<void>,
): Promise<InboxItem> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const item = await findItem(tx, id, true);
    if (!item) throw notFound('That message');
    await write(tx, item, now);
    return toItem(tx, (await findItem(tx, id))!);
  });
}

/**
 * Change item `id`'s status and/or assignee. The status must be one of its kind's (400 by `status`); the
 * assignee a director or a teacher with inbox access (400 by `assigneeId`); null means nobody. Audited as
 * `inbox.update` with before and after, only when something changed.
 */
export async function updateInboxItem(
  deps: InboxDeps,
  actor: AuthUser,
  id: string,
  input: InboxUpdateInput,
): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    const status = input.status ?? item.status;
    if (!statusesFor(item.kind).includes(status)) {
      const message = `Choose ${statusesFor(item.kind)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}.`;
      throw new HttpError(400, message, { status: message });
    }
    const assigneeId = input.assigneeId === undefined ? item.assignee_id : input.assigneeId;
    if (assigneeId !== null && assigneeId !== item.assignee_id) {
      const allowed = await listAssignees(tx);
      if (!allowed.some((m) => m.id === assigneeId)) {
        const message = 'Choose the director or a teacher who has the inbox.';
        throw new HttpError(400, message, { assigneeId: message });
      }
    }
    if (status === item.status && assigneeId === item.assignee_id) return;
    await setStatusAndAssignee(tx, item, { status, assigneeId }, now);
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'inbox.update',
        entityType: entityType(item.kind),
        entityId: item.id,
        before: { status: item.status, assigneeId: item.assignee_id },
        after: { status, assigneeId },
      },
      now,
    );
  });
}

async function addEntry(
  tx: Tx,
  item: ItemRowSql,
  kind: 'Note' | 'Reply',
  body: string,
  actor: AuthUser,
  now: Date,
) {
  const [entry] = await tx
    .insert(inboxEntries)
    .values({
      ...(item.kind === 'tutoring' ? { tutoringSubmissionId: item.id } : { contactSubmissionId: item.id }),
      kind,
      body,
      authorId: actor.id,
      created: now,
    })
    .returning({ id: inboxEntries.id });
  return entry!.id;
}

/** Add a staff note (never mailed) to item `id`'s thread. Audited as `inbox.note`. */
export async function addInboxNote(
  deps: InboxDeps,
  actor: AuthUser,
  id: string,
  body: string,
): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    const entryId = await addEntry(tx, item, 'Note', body, actor, now);
    const t = table(item.kind);
    await tx.update(t).set({ updated: now }).where(eq(t.id, item.id));
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'inbox.note',
        entityType: entityType(item.kind),
        entityId: item.id,
        before: null,
        after: { entryId, body },
      },
      now,
    );
  });
}

/**
 * The family's reply mail: a greeting (unless the staff member typed one: `opensWithGreeting`), the staff
 * member's words, a warm signature, their message quoted, with everything around the staff's words in the
 * language of the page they wrote from (issue 14: `inboxReply` in `server/src/i18n/locales`). The staff
 * member writes the words themselves; the inbox tells them the family wrote in Spanish.
 */
export function replyMail(
  deps: Pick<InboxDeps, 'centerEmail' | 'timeZone'>,
  item: ItemRowSql,
  actor: AuthUser,
  body: string,
): MailMessage {
  const t = mailT(item.language);
  const day = dateTimeFormat(mailLocale(item.language), {
    month: 'long',
    day: 'numeric',
    timeZone: deps.timeZone,
  });
  const quoted = item.message?.trim()
    ? `\n\n${t('inboxReply.youWrote', { day: day.format(new Date(item.submitted)) })}\n${item.message
        .trim()
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}`
    : '';
  const subject =
    item.kind === 'tour'
      ? t('inboxReply.tourSubject', { center: CENTER })
      : item.kind === 'tutoring'
        ? t('inboxReply.tutoringSubject', {
            child: item.child_name ?? t('inboxReply.yourChild'),
            center: CENTER,
          })
        : t('inboxReply.messageSubject', { center: CENTER });
  const signature = t('inboxReply.signature', {
    name: `${actor.firstName} ${actor.lastName}`,
    center: CENTER,
  });
  return {
    to: item.email,
    replyTo: deps.centerEmail,
    subject,
    text: `${opensWithGreeting(body) ? '' : `${t('inboxReply.greeting', { name: names(item).firstName })}\n\n`}${body}\n\n${signature}${quoted}\n`,
  };
}

/**
 * A first line that greets ("Hi Maya,", "Hello!", "Dear Mr. Lee", "Good morning Maya", "Hola Maya,",
 * "Buenos días", "Estimada Sra. Ruiz"), in English or Spanish.
 */
const GREETING =
  /^(hi|hello|hey|dear|greetings|good (morning|afternoon|evening)|hola|buen(os|as) (días|dias|tardes|noches)|estimad[oa]s?|querid[oa]s?|saludos)\b/iu;

/**
 * Whether a reply the staff member typed already opens with a greeting: then the mail starts with their
 * words and adds none, so the family never reads "Hi Maya," twice (issue 21 item 14, decision 018). Otherwise
 * the mail opens with "Hi {first name}," in the family's language.
 */
export function opensWithGreeting(body: string): boolean {
  const first = body.trimStart().split('\n', 1)[0] ?? '';
  return GREETING.test(first);
}

/**
 * Mail `body` to the family of item `id` (Reply-To the center's address) and keep it in the thread as a
 * `Reply`; a New item becomes Replied (tutoring: Contacted). The mail is queued in the same transaction, so
 * a stored reply is always sent and a failed step sends nothing. Audited as `inbox.reply`. 429 past the
 * actor's mail limits (jobs/mail-outbox.ts `limitMailTo`, decision 017).
 */
export async function replyToInboxItem(
  deps: InboxDeps,
  actor: AuthUser,
  id: string,
  body: string,
): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    await limitMailTo(tx, `staff:${actor.id}`, item.email, now);
    const entryId = await addEntry(tx, item, 'Reply', body, actor, now);
    const mailId = await enqueueMail(tx, replyMail(deps, item, actor, body));
    const status = answered(item);
    await setStatusAndAssignee(tx, item, { status, assigneeId: item.assignee_id }, now);
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'inbox.reply',
        entityType: entityType(item.kind),
        entityId: item.id,
        before: { status: item.status },
        after: { status, entryId, mailId, to: item.email },
      },
      now,
    );
  });
}

/**
 * `{appUrl}/register#firstName=…&lastName=…&email=…`: the sign-up form, filled in with what they told us. A
 * fragment, not a query, so the family's name and email never reach a server log (OWASP Logging Cheat Sheet).
 */
export const registerInviteLink = (
  appUrl: string,
  prefill: { firstName: string; lastName: string; email: string },
) => `${appUrl}${routes.register}#${registerPrefillQuery(prefill)}`;

/**
 * "Invite to register" (issue 10): mail the family a link to the sign-up page with their name and email
 * filled in, keep the mail in the thread (as a `Reply`, what the family received), and move a New item on
 * as a reply does. 409 (by `email`) when an account already uses the address; 429 past the actor's mail
 * limits (decision 017). Audited as `inbox.invite`.
 */
export async function inviteInboxFamily(deps: InboxDeps, actor: AuthUser, id: string): Promise<InboxItem> {
  return writeItem(deps, id, async (tx, item, now) => {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.emailAddress, item.email.toLowerCase()));
    if (account) {
      const message = `${item.email} already has an account. The family can log in with it.`;
      throw new HttpError(409, message, { email: message });
    }
    await limitMailTo(tx, `staff:${actor.id}`, item.email, now);
    const who = names(item);
    const link = registerInviteLink(deps.appUrl, { ...who, email: item.email });
    // In the language they wrote in (issue 14); the link opens the sign-up page, which follows their browser.
    const t = mailT(item.language);
    const body = [
      item.child_name
        ? t('inboxReply.inviteForChild', { center: CENTER, child: item.child_name })
        : t('inboxReply.invite', { center: CENTER }),
      link,
      t('inboxReply.invitePortal'),
    ].join('\n\n');
    const entryId = await addEntry(tx, item, 'Reply', body, actor, now);
    const mailId = await enqueueMail(tx, {
      to: item.email,
      replyTo: deps.centerEmail,
      subject: t('inboxReply.inviteSubject', { center: CENTER }),
      text: `${t('inboxReply.greeting', { name: who.firstName })}\n\n${body}\n\n${t('inboxReply.signature', { name: `${actor.firstName} ${actor.lastName}`, center: CENTER })}\n`,
    });
    const status = answered(item);
    await setStatusAndAssignee(tx, item, { status, assigneeId: item.assignee_id }, now);
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'inbox.invite',
        entityType: entityType(item.kind),
        entityId: item.id,
        before: { status: item.status },
        after: { status, entryId, mailId, to: item.email },
      },
      now,
    );
  });
}
