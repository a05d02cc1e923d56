/**
 * Reading the audit trail (issue 10 "Audit trail"; issue 24 "Records staff can keep"; the director only):
 * newest first (or oldest first, or by who made the change: `sort`/`dir`, decision 030), filtered by who made the change, the child or family it was about, its kind, the kind of
 * record and its id, words in the action and a range of the center's calendar days; paginated, and exported
 * as CSV by the same query (every matching row, up to `EXPORT_LIMIT`). Each row carries its sentence
 * (audit-names.ts). Rows are never changed here.
 *
 * A change is about a child when the row names the child (`studentId`, or `studentIds` of a contact or a
 * door refusal, or a `Student` record), or is an enrollment or a payment of the child's. A change is about a
 * family (chosen by any parent account of it) when it is about one of its children, or was made by one of
 * its parents, or its record is the family, one of its parents' accounts, invitations, contacts, payments or
 * waitlist places. Each test is an uncorrelated sub-select, so a few years of a small center's rows (tens of
 * thousands) are read in one pass.
 */
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_KINDS,
  type AuditEvent,
  type AuditPage,
  type AuditQuery,
} from '@lc/contract';
import { auditTableRows } from '@lc/contract/audit-sentences';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, orderBy } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';
import { type AuditRowWords, auditWords, filterNames } from './audit-names.ts';

const { entityType, entityId, before, after, actorUserId } = auditEvents;

/** The rows about any child of `children` (a sub-select answering student ids as text). */
function aboutChildren(children: SQL): SQL {
  return sql`(
    (${entityType} = 'Student' and ${entityId} in (${children}))
    or ${before}->>'studentId' in (${children})
    or ${after}->>'studentId' in (${children})
    or jsonb_exists_any(coalesce(${after}->'studentIds', '[]'::jsonb), array(${children}))
    or jsonb_exists_any(coalesce(${before}->'studentIds', '[]'::jsonb), array(${children}))
    or (${entityType} = 'ClassSessionEnrollment' and ${entityId} in (
      select e.id::text from class_session_enrollments e where e.student_id::text in (${children})))
    or (${entityType} = 'Payment' and ${entityId} in (
      select e.payment_id::text from class_session_enrollments e
      where e.payment_id is not null and e.student_id::text in (${children})))
  )`;
}

/** The rows about the family of parent account `userId` (every parent of it, every child of it). */
function aboutFamily(userId: string): SQL {
  const parents = sql`select ${userId}::uuid union select m2.user_id from family_members m1
    join family_members m2 on m2.family_id = m1.family_id where m1.user_id = ${userId}::uuid`;
  const parentIds = sql`select p::text from (${parents}) as f(p)`;
  const children = sql`select us.student_id::text from user_students us where us.user_id in (${parents})`;
  return sql`(
    ${actorUserId} in (${parents})
    or (${entityType} = 'User' and ${entityId} in (${parentIds}))
    or (${entityType} = 'Family' and (
      ${entityId} in (select m.family_id::text from family_members m where m.user_id in (${parents}))
      or ${entityId} in (select i.id::text from family_invitations i where i.invited_by in (${parents}))))
    or (${entityType} = 'Trustee' and ${entityId} in (
      select ut.trustee_id::text from user_trustees ut where ut.user_id in (${parents})))
    or (${entityType} = 'Payment' and ${entityId} in (
      select p.id::text from payments p where p.user_id in (${parents})))
    or (${entityType} = 'WaitlistSubmission' and ${entityId} in (
      select w.id::text from waitlist_submissions w where w.user_id in (${parents})))
    or ${aboutChildren(children)}
  )`;
}

/** The most rows one CSV export carries (a few years of a small center's changes). */
export const EXPORT_LIMIT = 50_000;

function where(query: AuditQuery, timeZone: string): SQL | undefined {
  const dayStart = (day: string) => new Date(wallTimeToInstant(`${day}T00:00`, timeZone)!);
  const words = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
  return and(
    query.entityType ? eq(auditEvents.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEvents.entityId, query.entityId) : undefined,
    query.kind ? inArray(auditEvents.action, [...AUDIT_KINDS[query.kind]]) : undefined,
    query.actorUserId ? eq(auditEvents.actorUserId, query.actorUserId) : undefined,
    query.studentId ? aboutChildren(sql`select ${query.studentId}::text`) : undefined,
    query.familyUserId ? aboutFamily(query.familyUserId) : undefined,
    words ? or(ilike(auditEvents.action, words), ilike(auditEvents.entityId, words)) : undefined,
    query.from ? sql`${auditEvents.at} >= ${dayStart(query.from)}` : undefined,
    query.to ? sql`${auditEvents.at} < ${dayStart(addDays(query.to, 1))}` : undefined,
  );
}

/**
 * The trail's orders (decision 030): `when` by the instant recorded; `who` by the person's last and first
 * name, the system's own changes (no person) and a former account's last. Ties run newest first, then by the
 * row's sequence, so paging is stable.
 */
const auditOrder: Record<AuditQuery['sort'], SQL[]> = {
  when: [sql`${auditEvents.at}`],
  who: [
    sql`(select lower(u.last_name) from users u where u.id = ${actorUserId})`,
    sql`(select lower(u.first_name) from users u where u.id = ${actorUserId})`,
  ],
};

async function select(
  db: DbOrTx,
  condition: SQL | undefined,
  order: Pick<AuditQuery, 'sort' | 'dir'>,
  limit: number,
  offset: number,
) {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorUserId: auditEvents.actorUserId,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(condition)
    .orderBy(
      orderBy(auditOrder[order.sort], order.dir),
      // Changes of one instant keep the order they were recorded in, read either way.
      ...(order.sort === 'when'
        ? [order.dir === 'asc' ? asc(auditEvents.seq) : desc(auditEvents.seq)]
        : [desc(auditEvents.at), desc(auditEvents.seq)]),
    )
    .limit(limit)
    .offset(offset);
  // The names are looked up a thousand rows at a time, so a long export stays within a query's parameters.
  const words: AuditRowWords[] = [];
  for (let i = 0; i < rows.length; i += 1000) words.push(...(await auditWords(db, rows.slice(i, i + 1000))));
  return rows.map(
    (r, i): AuditEvent => ({
      id: r.id,
      at: r.at.toISOString(),
      actorUserId: r.actorUserId,
      // An actor whose account is gone has no name here; the page says "A former account".
      ...words[i]!,
      action: r.action,
      entityType: r.entityType,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
    }),
  );
}

/** One page of the trail and how many changes match in all. */
export async function listAudit(
  db: DbOrTx,
  timeZone: string,
  query: AuditQuery,
): Promise<{ items: AuditEvent[]; total: number; filterNames: AuditPage['filterNames'] }> {
  const condition = where(query, timeZone);
  const [items, [count], names] = await Promise.all([
    select(db, condition, query, query.pageSize, (query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(condition),
    filterNames(db, query),
  ]);
  return { items, total: count?.n ?? 0, filterNames: names };
}

/**
 * Every matching change (in the page's order, newest first by default; at most `EXPORT_LIMIT`) as CSV, formulas defused: when (the center's
 * time), who, the sentence in `language` (the asker's), the action, the record and the changed fields.
 */
export async function auditCsv(
  db: DbOrTx,
  timeZone: string,
  query: AuditQuery,
  language: string,
): Promise<string> {
  const items = await select(db, where(query, timeZone), query, EXPORT_LIMIT, 0);
  return tableCsv(AUDIT_CSV_COLUMNS, auditTableRows(items, timeZone, language));
}
