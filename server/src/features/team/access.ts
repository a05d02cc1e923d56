/**
 * The staff's role and permission checks: only the director (requireAdmin), the inbox right (mayReadInbox),
 * and who on the staff sees which session (issue 10, docs/architecture.md "Staff back office"): an Admin (the
 * director) sees every session; a Staff user (a teacher) only the sessions they are assigned to in
 * `session_staff`. A session outside that scope answers 404, exactly like an unknown one, so a teacher cannot
 * even learn that it exists (as another family's child answers 404 for a parent).
 *
 * It lives with the team (features/team/), not in http/: the checks read the team's own data (a member's
 * role, their `session_staff` assignments) and are called by the staff features' use cases and routes, while
 * http/ stays the transport layer below every feature (.dependency-cruiser.cjs `server-http-below-features`).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';

/** Money, staff accounts and settings are the director's (403 for a teacher). */
export function requireAdmin(user: AuthUser): void {
  if (user.role !== 'Admin') throw new HttpError(403, 'sessions.team.directorOnly');
}

/** A condition on `class_sessions` that keeps the sessions `user` may see (everything for an Admin). */
export function visibleSessions(user: AuthUser): SQL {
  if (user.role === 'Admin') return sql`true`;
  return sql`exists (select 1 from session_staff ss
    where ss.class_session_id = class_sessions.id and ss.user_id = ${user.id})`;
}

/**
 * May `user` read the inbox (and a family's inbox history): the director always, a teacher given the inbox
 * (`users.inbox_access`, read fresh each time; the rule of inbox/inbox.ts `requireInboxAccess`).
 */
export async function mayReadInbox(db: DbOrTx, user: AuthUser): Promise<boolean> {
  if (user.role === 'Admin') return true;
  const [row] = await queryRows<{ inbox_access: boolean }>(
    db,
    sql`select inbox_access from users where id = ${user.id} and type = 'Staff'`,
  );
  return row?.inbox_access === true;
}
