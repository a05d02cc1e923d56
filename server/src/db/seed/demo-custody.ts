/**
 * The demo's custody restriction (issue 24, decision 026): one child of another family, the first the door's
 * demo enrolls (demo-door.ts), may not be released to a named relative. The director sees it on the child's
 * page with the note; the teachers of the child's room see it on the roster; the family never does. No court
 * order document is seeded (the director can add one).
 */
import { nameKey } from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { studentRestrictions, students, userStudents, users } from '../schema.ts';

/** The restricted person's name in the demo: a made-up name, like every demo family's. */
export const DEMO_RESTRICTED_NAME = 'Derek Lawson';

export async function insertDemoCustody(tx: Tx, directorEmail: string): Promise<void> {
  const [child] = await tx
    .select({ id: students.id, firstName: students.firstName })
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .innerJoin(users, eq(users.id, userStudents.userId))
    .where(sql`${users.emailAddress} like '%@families.example'`)
    .orderBy(users.emailAddress)
    .limit(1);
  if (!child) return;
  const [director] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, directorEmail));
  await tx.insert(studentRestrictions).values({
    studentId: child.id,
    fullName: DEMO_RESTRICTED_NAME,
    nameKey: nameKey(DEMO_RESTRICTED_NAME),
    description: 'Relative',
    note: `Court order on file in the office. If he comes to collect ${child.firstName}, keep ${child.firstName} in the room and call the director; please do not discuss it at the door.`,
    createdBy: director?.id ?? null,
  });
}
