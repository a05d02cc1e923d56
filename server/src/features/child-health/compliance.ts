/**
 * Who is missing what (issue 26 part 1; decision 035), all judged by the contract's one rule
 * (`judgeRequirements`):
 * - {@link sessionCompliance}: a session's compliance list, per child Enrolled in it, each of the program's
 *   requirements Complete, Expiring (with the day) or Missing (with the doses still needed). Exported for the
 *   staff's list and for any later reader (the inspector's page): it takes a session id and a day and does
 *   not check who asks — the caller does (team/access.ts `visibleSessions`).
 * - {@link familyHealthSummary}: the family's dashboard card, per child what is missing or expiring.
 * - {@link enrollmentHealth}: for enrolling children in a session, what its program requires and they lack,
 *   and whether that blocks (read by enrollment's eligibility).
 * Each reads a fixed number of queries whatever the number of children.
 */
import {
  type ComplianceItem,
  type HealthSummary,
  judgeRequirements,
  type SessionCompliance,
} from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { loadHealthFacts, uuidArray } from './record.ts';
import { childrenRequirements, sessionRequirements } from './requirements.ts';

type ChildRow = { id: string; first_name: string; last_name: string; date_of_birth: string };

/**
 * Session `sessionId`'s compliance list on `today` (ISO, the center's): its program and requirements, and per
 * child Enrolled in it (by last then first name) the judged items and their allergies; `incompleteOnly`
 * keeps the children with something missing or expiring. Null for an unknown session.
 */
export async function sessionCompliance(
  db: DbOrTx,
  sessionId: number,
  today: string,
  incompleteOnly = false,
): Promise<SessionCompliance | null> {
  const [session] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from class_sessions where id = ${sessionId}`,
  );
  if (!session) return null;
  const [{ programName, requirements }, children] = await Promise.all([
    sessionRequirements(db, sessionId),
    queryRows<ChildRow & { allergies: string[] | null }>(
      db,
      sql`select s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
          (select array_agg(a.name order by lower(a.name)) from allergies a where a.student_id = s.id) as allergies
        from class_session_enrollments e join students s on s.id = e.student_id
        where e.class_session_id = ${sessionId} and e.status = 'Enrolled'
        order by lower(s.last_name), lower(s.first_name), s.id`,
    ),
  ]);
  const facts = await loadHealthFacts(db, children);
  const rows = children.map((c) => {
    const items = judgeRequirements(facts.get(c.id)!, requirements, today);
    return {
      studentId: c.id,
      firstName: c.first_name,
      lastName: c.last_name,
      allergies: c.allergies ?? [],
      items,
      complete: items.every((i) => i.status === 'Complete'),
    };
  });
  return {
    classSessionId: session.id,
    sessionName: session.name,
    programName,
    requirements,
    children: incompleteOnly ? rows.filter((r) => !r.complete) : rows,
  };
}

/** The children of `userId`'s family with something missing or expiring for their programs, on `today`. */
export async function familyHealthSummary(
  db: DbOrTx,
  userId: string,
  now: Date,
  today: string,
): Promise<HealthSummary> {
  const children = await queryRows<ChildRow>(
    db,
    sql`select s.id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth from students s
      join user_students us on us.student_id = s.id and us.user_id = ${userId}
      order by s.date_of_birth, s.first_name`,
  );
  const ids = children.map((c) => c.id);
  const [reqs, facts] = await Promise.all([
    childrenRequirements(db, ids, now, today),
    loadHealthFacts(db, children),
  ]);
  return {
    children: children.flatMap((c) => {
      const items = judgeRequirements(facts.get(c.id)!, reqs.get(c.id)!.requirements, today).filter(
        (i) => i.status !== 'Complete',
      );
      return items.length > 0 ? [{ studentId: c.id, firstName: c.first_name, items }] : [];
    }),
  };
}

/** What one child lacks for a session's program: the items not complete, and whether any of them blocks. */
export type EnrollmentHealth = { blocking: ComplianceItem[]; warnings: ComplianceItem[] };

/**
 * For each of `studentIds` enrolling in session `sessionId` on `today`: the program's requirements the child
 * does not meet. A `Blocks` requirement that is Missing blocks; an Expiring one (still valid today) and any
 * `Warns` requirement only warn. Children with nothing to say are left out.
 */
export async function enrollmentHealth(
  db: DbOrTx,
  sessionId: number,
  studentIds: readonly string[],
  today: string,
): Promise<Map<string, EnrollmentHealth>> {
  const out = new Map<string, EnrollmentHealth>();
  if (studentIds.length === 0) return out;
  const { requirements } = await sessionRequirements(db, sessionId);
  if (requirements.length === 0) return out;
  const children = await queryRows<ChildRow>(
    db,
    sql`select id, first_name, last_name, date_of_birth::text as date_of_birth from students
      where id = any(${uuidArray(studentIds)})`,
  );
  const facts = await loadHealthFacts(db, children);
  for (const c of children) {
    const open = judgeRequirements(facts.get(c.id)!, requirements, today).filter(
      (i) => i.status !== 'Complete',
    );
    if (open.length === 0) continue;
    const blocks = (i: ComplianceItem) => i.mode === 'Blocks' && i.status === 'Missing';
    out.set(c.id, { blocking: open.filter(blocks), warnings: open.filter((i) => !blocks(i)) });
  }
  return out;
}
