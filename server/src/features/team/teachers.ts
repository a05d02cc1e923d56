/**
 * Who teaches a session (issue 10): the director sets it; a teacher then sees that session's roster.
 * The change and its audit row commit together (docs/architecture.md "Staff back office").
 */
import type { StaffMember } from '@lc/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessionStaff, users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { lockClassSession } from '../class-sessions/session-lock.ts';

/**
 * Replace the teachers of session `classSessionId` with `userIds` (each a Staff or Admin user, else 400 and
 * nothing changes). 404 for an unknown session. Records `session.teachers.set` with the ids before and after.
 */
export async function setSessionTeachers(
  db: Db,
  actorUserId: string,
  classSessionId: number,
  userIds: string[],
  now: Date,
): Promise<StaffMember[]> {
  const wanted = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    const session = await lockClassSession(tx, classSessionId);
    if (!session) throw notFound('session');
    const staff =
      wanted.length === 0
        ? []
        : await tx
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(and(inArray(users.id, wanted), inArray(users.type, ['Staff', 'Admin'])))
            .orderBy(asc(users.lastName), asc(users.firstName));
    if (staff.length !== wanted.length) {
      throw new HttpError(400, 'sessions.teachers.notStaff', {
        fields: { userIds: 'sessions.teachers.notStaff' },
      });
    }
    const before = await tx
      .select({ userId: sessionStaff.userId })
      .from(sessionStaff)
      .where(eq(sessionStaff.classSessionId, classSessionId));
    await tx.delete(sessionStaff).where(eq(sessionStaff.classSessionId, classSessionId));
    if (wanted.length > 0)
      await tx
        .insert(sessionStaff)
        .values(wanted.map((userId) => ({ classSessionId, userId, created: now })));
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'session.teachers.set',
        entityType: 'ClassSession',
        entityId: classSessionId,
        before: { teacherIds: before.map((b) => b.userId).sort() },
        after: { teacherIds: [...wanted].sort() },
      },
      now,
    );
    return staff;
  });
}
