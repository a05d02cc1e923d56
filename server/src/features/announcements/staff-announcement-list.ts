/**
 * Reading announcements on the staff side (issue 10, "Announcements"): the list with its filters and one
 * announcement, scoped as staff-announcements.ts says (a teacher: their sessions' announcements only).
 */
import type { AnnouncementStatus, StaffAnnouncement, StaffAnnouncementListQuery } from '@lc/contract';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, orderBy } from '../../db/client.ts';
import { announcements, classSessions, users } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { visibleSessions } from '../team/access.ts';

/** An `announcements` row. */
export type Row = typeof announcements.$inferSelect;

const statusOf = (row: Pick<Row, 'sentAt' | 'cancelledAt'>): AnnouncementStatus =>
  row.cancelledAt ? 'cancelled' : row.sentAt ? 'sent' : 'scheduled';

const statusFilter: Record<AnnouncementStatus, SQL> = {
  scheduled: and(isNull(announcements.sentAt), isNull(announcements.cancelledAt))!,
  sent: and(isNotNull(announcements.sentAt), isNull(announcements.cancelledAt))!,
  cancelled: isNotNull(announcements.cancelledAt),
};

/** Announcements `user` may see: all for the director; for a teacher, those of sessions they teach. */
export function scope(user: AuthUser): SQL | undefined {
  if (user.role === 'Admin') return undefined;
  return and(isNotNull(announcements.classSessionId), visibleSessions(user));
}

/** An instant as ISO 8601, or null. */
export const iso = (at: Date | null) => at?.toISOString() ?? null;

function toStaffAnnouncement(
  row: Row,
  sessionName: string | null,
  author: { firstName: string | null; lastName: string | null } | null,
): StaffAnnouncement {
  return {
    id: row.id,
    status: statusOf(row),
    title: row.title,
    category: row.category,
    priority: row.priority,
    isActive: row.isActive,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    webMessage: row.webMessage,
    emailMessage: row.emailMessage,
    smsMessage: row.smsMessage,
    showOnWeb: row.showOnWeb,
    sendEmail: row.sendEmail,
    sendSMS: row.sendSMS,
    classSessionId: row.classSessionId,
    sessionName,
    sendAt: iso(row.sendAt),
    sentAt: iso(row.sentAt),
    cancelledAt: iso(row.cancelledAt),
    emailCount: row.emailCount,
    smsCount: row.smsCount,
    createdBy: author?.firstName ? `${author.firstName} ${author.lastName ?? ''}`.trim() : null,
    dateCreated: row.dateCreated.toISOString(),
    updated: row.updated.toISOString(),
  };
}

function selectAnnouncements(db: DbOrTx) {
  return db
    .select({
      a: announcements,
      sessionName: classSessions.name,
      author: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(announcements)
    .leftJoin(classSessions, eq(classSessions.id, announcements.classSessionId))
    .leftJoin(users, eq(users.id, announcements.createdBy));
}

/**
 * The announcements list's orders (decision 030). `when` is the date the list shows: when it went out, else
 * when it is scheduled to, else when it was cancelled (or written); `audience` is the session's name, the
 * center-wide ones (no session) first. Ties fall back to the newest id, so paging is stable.
 */
const announcementOrder: Record<StaffAnnouncementListQuery['sort'], SQL[]> = {
  when: [
    sql`coalesce(${announcements.sentAt}, ${announcements.sendAt}, ${announcements.cancelledAt}, ${announcements.dateCreated})`,
  ],
  title: [sql`lower(${announcements.title})`],
  audience: [sql`lower(coalesce(${classSessions.name}, ''))`],
};

/**
 * `GET /api/staff/announcements`: the page `query.page` of the announcements `user` may see, in `query.sort`
 * order (the latest date first by default: scheduled ones furthest out, then the most recently sent); filtered
 * by status and session.
 */
export async function listStaffAnnouncements(
  db: Db,
  user: AuthUser,
  query: StaffAnnouncementListQuery,
): Promise<{ items: StaffAnnouncement[]; total: number }> {
  const where = and(
    scope(user),
    query.status ? statusFilter[query.status] : undefined,
    query.session === undefined ? undefined : eq(announcements.classSessionId, query.session),
  );
  const [rows, [count]] = await Promise.all([
    selectAnnouncements(db)
      .where(where)
      .orderBy(orderBy(announcementOrder[query.sort], query.dir), desc(announcements.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(announcements)
      .leftJoin(classSessions, eq(classSessions.id, announcements.classSessionId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => toStaffAnnouncement(r.a, r.sessionName, r.author)),
    total: Number(count?.total ?? 0),
  };
}

/** One announcement `user` may see; 404 otherwise (unknown, another teacher's session, center-wide). */
export async function readStaffAnnouncement(
  db: DbOrTx,
  user: AuthUser,
  id: number,
): Promise<StaffAnnouncement> {
  const [row] = await selectAnnouncements(db).where(and(eq(announcements.id, id), scope(user)));
  if (!row) throw notFound('announcement');
  return toStaffAnnouncement(row.a, row.sessionName, row.author);
}
