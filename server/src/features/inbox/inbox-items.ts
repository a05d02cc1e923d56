/**
 * Reading the staff inbox (issue 10): contact messages, tour requests and tutoring waitlist submissions as
 * one relation (`items`), the list page with its filters, one item with its thread, and the staff an item
 * may be given to. The writes are inbox.ts; the mails to the family inbox-mail.ts.
 */
import {
  INBOX_STATUSES,
  type InboxEntry,
  type InboxItem,
  type InboxItemSummary,
  type InboxKind,
  type InboxList,
  type InboxListQuery,
  type InboxStatus,
  type StaffMember,
  statusesFor,
} from '@lc/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, orderBy, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';

/** Contact (and tour) and tutoring submissions as one relation, with the columns either may have. */
const itemsCte = sql`items as (
  select c.id, case when c.tour then 'tour' else 'contact' end as kind, c.status,
    c.first_name, c.last_name, c.first_name || ' ' || c.last_name as family_name, c.email,
    c.phone_number as phone, c.child_name, c.child_birthdate::text as child_birthdate,
    null::text as grade, null::text as subject_matter, c.previous_attendance, c.referred,
    c.message, c.submitted, c.updated, c.assignee_id, c.language,
    (select count(*)::int from inbox_entries e where e.contact_submission_id = c.id) as entry_count,
    c.tour_slot_id, s.starts_at as tour_starts_at, s.minutes as tour_minutes, c.tour_reminder_sent_at
  from contact_submissions c left join tour_slots s on s.id = c.tour_slot_id
  union all
  select t.id, 'tutoring', t.status,
    null::text, null::text, t.parent_name, t.email_address,
    t.phone_number, t.student_name, null::text,
    t.grade, t.subject_matter, null::boolean, null::text,
    t.message, t.submitted, t.updated, t.assignee_id, t.language,
    (select count(*)::int from inbox_entries e where e.tutoring_submission_id = t.id),
    null::uuid, null::timestamptz, null::int, null::timestamptz
  from tutoring_waitlist_submissions t
)`;

/**
 * The list's relation: the items above and the families' conversations with a message (issue 25; decision 032),
 * named by their first parent, previewed by the family's last message, counted by their messages. A
 * conversation is opened on its own page; the item routes (`findItem`) do not know it.
 */
const listItemsCte = sql`${itemsCte}, listed as (
  select * from items
  union all
  select c.id, 'message', c.status,
    u.first_name, u.last_name, u.first_name || ' ' || u.last_name, u.email_address,
    u.sms, (select string_agg(st.first_name, ', ' order by st.first_name) from user_students us
      join students st on st.id = us.student_id where us.user_id = c.family_user_id),
    null::text, null::text, null::text, null::boolean, null::text,
    (select fm.body from conversation_messages fm where fm.conversation_id = c.id and fm.side = 'Family'
      and fm.deleted_at is null order by fm.created desc, fm.id desc limit 1),
    c.last_message_at, c.updated, c.assignee_id, u.language,
    (select count(*)::int from conversation_messages cm where cm.conversation_id = c.id),
    null::uuid, null::timestamptz, null::int, null::timestamptz
  from conversations c join users u on u.id = c.family_user_id
  where c.last_message_at is not null
)`;

/** One inbox item as the `items` relation reads it (raw row: timestamps arrive as strings or Dates). */
export type ItemRowSql = {
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
  /** A booked tour (decision 028): the slot, its start and length, when the reminder went. */
  tour_slot_id: string | null;
  tour_starts_at: Date | string | null;
  tour_minutes: number | null;
  tour_reminder_sent_at: Date | string | null;
  total?: number | string;
};

const itemSelect = sql`select items.*, u.first_name as assignee_first_name, u.last_name as assignee_last_name
  from items left join users u on u.id = items.assignee_id`;
/** The same over the list's relation (`listed`, conversations included), still called `items`. */
const listSelect = sql`select items.*, u.first_name as assignee_first_name, u.last_name as assignee_last_name
  from listed items left join users u on u.id = items.assignee_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A tutoring form has one name field: "Maya Chen" → Maya, Chen (a single word is the first name). */
function splitName(full: string): { firstName: string; lastName: string } {
  const parts = full.trim().split(/\s+/);
  return { firstName: parts[0] ?? full, lastName: parts.slice(1).join(' ') };
}

/** The family's first and last name (a tutoring form's one name field split). */
export function names(row: ItemRowSql) {
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

/** How many items are New in the whole inbox, conversations waiting for an answer included (the staff navigation's count). */
export async function countNew(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select ((select count(*) from contact_submissions where status = 'New')
      + (select count(*) from tutoring_waitlist_submissions where status = 'New')
      + (select count(*) from conversations where status = 'New' and last_message_at is not null))::int as n`,
  );
  return row?.n ?? 0;
}

/**
 * The inbox list's orders (decision 030), read on the `page` relation. Ties fall back to the newest first and
 * then the item's id, so paging is stable in either direction. `status` runs in the statuses' own order (New
 * first, Closed last), `kind` in the kinds' names as the table shows them (question, tour request, tutoring).
 */
const inboxOrder: Record<InboxListQuery['sort'], SQL[]> = {
  received: [sql`page.submitted`],
  from: [sql`lower(page.family_name)`],
  kind: [sql`case page.kind when 'contact' then 0 when 'tour' then 1 when 'tutoring' then 2 else 3 end`],
  status: [sql`array_position(${`{${INBOX_STATUSES.join(',')}}`}::text[], page.status::text)`],
};

/**
 * One page of the inbox for `user` (who must have inbox access), in `query.sort` order (by default New
 * first, the newest first within each status; see `inboxOrder`).
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
    sql`with ${listItemsCte}
      select page.*, count(*) over () as total from (${listSelect} where ${sql.join(where, sql` and `)}) page
      order by ${orderBy(inboxOrder[query.sort], query.dir)}, page.submitted desc, page.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.page > 1) {
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`with ${listItemsCte} select count(*)::int as n from (${listSelect} where ${sql.join(where, sql` and `)}) page`,
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
export async function findItem(db: DbOrTx, id: string, lock = false): Promise<ItemRowSql | null> {
  if (!isUuid(id)) return null;
  if (lock) {
    // Lock the submission row itself: two staff answering at once change the status one after the other.
    await queryRows(db, sql`select id from contact_submissions where id = ${id} for update`);
    await queryRows(db, sql`select id from tutoring_waitlist_submissions where id = ${id} for update`);
  }
  const [row] = await queryRows<ItemRowSql>(db, sql`with ${itemsCte} ${itemSelect} where items.id = ${id}`);
  return row ?? null;
}

/** The item's thread (notes and replies), oldest first. */
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

/** The item as the staff page shows it: summary, details, thread, assignees, whether an account exists. */
export async function toItem(db: DbOrTx, row: ItemRowSql): Promise<InboxItem> {
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
    tour:
      row.tour_slot_id && row.tour_starts_at !== null
        ? {
            slotId: row.tour_slot_id,
            startsAt: iso(row.tour_starts_at),
            minutes: row.tour_minutes ?? 0,
            reminderSentAt: row.tour_reminder_sent_at === null ? null : iso(row.tour_reminder_sent_at),
          }
        : null,
  };
}

/** Item `id` with its thread; 404 when there is none (or the id is not a uuid). */
export async function readInboxItem(db: Db, id: string): Promise<InboxItem> {
  const row = await findItem(db, id);
  if (!row) throw notFound('message');
  return toItem(db, row);
}
