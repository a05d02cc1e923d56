/**
 * Reading the audit trail (issue 10 "Audit trail"; the director only): newest first, filtered by the kind of
 * record, its id, words in the action and a range of the center's calendar days; paginated, and exported as
 * CSV by the same query (every matching row, up to `EXPORT_LIMIT`). Rows are never changed here.
 */
import { AUDIT_CSV_COLUMNS, type AuditEvent, type AuditQuery, auditTableRows } from '@lc/contract';
import { addDays, wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';

/** The most rows one CSV export carries (a few years of a small center's changes). */
export const EXPORT_LIMIT = 50_000;

function where(query: AuditQuery, timeZone: string): SQL | undefined {
  const dayStart = (day: string) => new Date(wallTimeToInstant(`${day}T00:00`, timeZone)!);
  const words = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
  return and(
    query.entityType ? eq(auditEvents.entityType, query.entityType) : undefined,
    query.entityId ? eq(auditEvents.entityId, query.entityId) : undefined,
    words ? or(ilike(auditEvents.action, words), ilike(auditEvents.entityId, words)) : undefined,
    query.from ? sql`${auditEvents.at} >= ${dayStart(query.from)}` : undefined,
    query.to ? sql`${auditEvents.at} < ${dayStart(addDays(query.to, 1))}` : undefined,
  );
}

async function select(db: DbOrTx, condition: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorUserId: auditEvents.actorUserId,
      firstName: users.firstName,
      lastName: users.lastName,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(condition)
    .orderBy(desc(auditEvents.at), desc(auditEvents.seq))
    .limit(limit)
    .offset(offset);
  return rows.map(
    (r): AuditEvent => ({
      id: r.id,
      at: r.at.toISOString(),
      actorUserId: r.actorUserId,
      // An actor whose account is gone is still named by the trail, as "a former account".
      actorName:
        r.actorUserId === null ? null : r.firstName ? `${r.firstName} ${r.lastName}` : 'A former account',
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
): Promise<{ items: AuditEvent[]; total: number }> {
  const condition = where(query, timeZone);
  const [items, [count]] = await Promise.all([
    select(db, condition, query.pageSize, (query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(condition),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** Every matching change (newest first, at most `EXPORT_LIMIT`) as CSV: the page's columns, formulas defused. */
export async function auditCsv(db: DbOrTx, timeZone: string, query: AuditQuery): Promise<string> {
  const items = await select(db, where(query, timeZone), EXPORT_LIMIT, 0);
  return tableCsv(AUDIT_CSV_COLUMNS, auditTableRows(items, timeZone));
}
