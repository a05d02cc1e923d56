/**
 * A family's children and their allergies (spec §3 Student, Allergy; §7 Student calls; issue 4).
 * Every function takes the caller's user id and reaches a child only through `user_students`, so another
 * family's child answers exactly like a missing one: 404 (docs/architecture.md, Identity and access).
 */
import {
  type Allergy,
  DOB_IN_FUTURE,
  dateOfBirthProblem,
  type Student,
  type StudentValues,
} from '@lc/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  allergies,
  classSessionEnrollments,
  students,
  studentTrustees,
  trustees,
  userStudents,
  userTrustees,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { touchPassesOf } from '../passes/pass-changes.ts';
import { assertRoom, assertRoomForChild } from './limits.ts';
import { mapChildToFamily } from './members.ts';

const childNotFound = () => notFound('child');

/** 400 on dateOfBirth when the child is not an age the center serves on `today` (spec §9). */
export function checkDateOfBirth(dateOfBirth: string, today: string) {
  const problem = dateOfBirthProblem(dateOfBirth, today);
  if (!problem) return;
  const code = problem === DOB_IN_FUTURE ? 'family.child.dobInFuture' : 'family.child.dobOutOfRange';
  throw new HttpError(400, code, { fields: { dateOfBirth: code } });
}

/** The ids of `studentIds` that belong to the user (any others are someone else's or do not exist). */
export async function ownedStudentIds(db: DbOrTx, userId: string, studentIds: string[]): Promise<string[]> {
  const valid = studentIds.filter(isUuid);
  if (valid.length === 0) return [];
  const rows = await db
    .select({ id: userStudents.studentId })
    .from(userStudents)
    .where(and(eq(userStudents.userId, userId), inArray(userStudents.studentId, valid)));
  return rows.map((r) => r.id);
}

async function assertOwned(db: DbOrTx, userId: string, studentId: string) {
  if ((await ownedStudentIds(db, userId, [studentId])).length === 0) throw childNotFound();
}

/** The user's children, youngest first is not helpful on a form; oldest first, by date of birth. */
export async function listStudents(db: Db, userId: string): Promise<Student[]> {
  const rows = await db
    .select()
    .from(students)
    .innerJoin(userStudents, eq(userStudents.studentId, students.id))
    .where(eq(userStudents.userId, userId))
    .orderBy(asc(students.dateOfBirth), asc(students.firstName));
  return withDetails(
    db,
    rows.map((r) => r.students),
  );
}

/** A child without the home address: what a teacher may read (staff-visibility.ts, "Who sees what"). */
export function withoutAddress(student: Student): Student {
  return { ...student, address1: null, address2: null, city: null, state: null, zipCode: null };
}

/** One child of the user; 404 when it is not theirs or does not exist. */
export async function getStudent(db: DbOrTx, userId: string, studentId: string): Promise<Student> {
  await assertOwned(db, userId, studentId);
  const [row] = await db.select().from(students).where(eq(students.id, studentId));
  if (!row) throw childNotFound();
  const [student] = await withDetails(db, [row]);
  return student!;
}

/**
 * Add a child to the user's family. 400 on dateOfBirth outside the ages served; 409 when the family already
 * has the most children allowed (limits.ts).
 */
export async function createStudent(
  db: Db,
  userId: string,
  input: StudentValues,
  today: string,
  now: Date = new Date(),
  passesChanged: (passportIds: string[]) => void = () => {},
) {
  checkDateOfBirth(input.dateOfBirth, today);
  const touched: string[] = [];
  const student = await db.transaction(async (tx) => {
    const parents = await assertRoomForChild(tx, userId, now);
    const [row] = await tx.insert(students).values(input).returning({ id: students.id });
    await mapChildToFamily(tx, parents, row!.id);
    // The parent's own pickup contact (issue 11) is for all their children, the new one too.
    const own = await tx
      .select({ id: trustees.id })
      .from(trustees)
      .innerJoin(userTrustees, eq(userTrustees.trusteeId, trustees.id))
      .where(and(eq(userTrustees.userId, userId), eq(trustees.type, 'Parent')));
    if (own.length > 0) {
      await tx.insert(studentTrustees).values(own.map((o) => ({ studentId: row!.id, trusteeId: o.id })));
      for (const o of own) touched.push(...(await touchPassesOf(tx, o.id, now)));
    }
    return getStudent(tx, userId, row!.id);
  });
  passesChanged(touched);
  return student;
}

/** Change a child's details (the whole record, as the form sends it). 404 when not the user's. */
export async function updateStudent(
  db: Db,
  userId: string,
  studentId: string,
  input: StudentValues,
  today: string,
): Promise<Student> {
  await assertOwned(db, userId, studentId);
  checkDateOfBirth(input.dateOfBirth, today);
  await db.update(students).set(input).where(eq(students.id, studentId));
  return getStudent(db, userId, studentId);
}

/**
 * Remove a child from the family. Refused with 409 when the child has enrollments (and so payments):
 * that history is the center's record and is kept. Their allergies, contact links and waitlist places go.
 */
export async function deleteStudent(db: Db, userId: string, studentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertOwned(tx, userId, studentId);
    const [row] = await tx
      .select({ n: count() })
      .from(classSessionEnrollments)
      .where(eq(classSessionEnrollments.studentId, studentId));
    if ((row?.n ?? 0) > 0) {
      throw new HttpError(409, 'family.child.hasHistory');
    }
    await tx.delete(students).where(eq(students.id, studentId));
  });
}

/**
 * Add an allergy to the user's child. 409 (field name) when the child already has it, in any case, or has
 * MAX_ALLERGIES_PER_CHILD (limits.ts). Recorded
 * in the audit trail with the change (issue 10: allergies edited by anyone, parents included).
 */
export async function addAllergy(
  db: Db,
  userId: string,
  studentId: string,
  name: string,
  now: Date,
): Promise<Allergy> {
  return db.transaction(async (tx) => {
    await assertOwned(tx, userId, studentId);
    await assertRoom(tx, 'allergies', studentId, 1, { now });
    const [row] = await tx
      .insert(allergies)
      .values({ studentId, name })
      .onConflictDoNothing()
      .returning({ id: allergies.id, name: allergies.name, studentId: allergies.studentId });
    if (!row)
      throw new HttpError(409, 'family.allergy.duplicate', { fields: { name: 'family.allergy.duplicate' } });
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: 'student.allergy.add',
        entityType: 'Student',
        entityId: studentId,
        before: null,
        after: { allergy: row.name },
      },
      now,
    );
    return row;
  });
}

/** Remove one allergy of the user's child; 404 when the child or the allergy is not theirs. Audited. */
export async function deleteAllergy(db: Db, userId: string, studentId: string, allergyId: string, now: Date) {
  await db.transaction(async (tx) => {
    await assertOwned(tx, userId, studentId);
    if (!isUuid(allergyId)) throw notFound('allergy');
    const deleted = await tx
      .delete(allergies)
      .where(and(eq(allergies.id, allergyId), eq(allergies.studentId, studentId)))
      .returning({ id: allergies.id, name: allergies.name });
    if (deleted.length === 0) throw notFound('allergy');
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: 'student.allergy.remove',
        entityType: 'Student',
        entityId: studentId,
        before: { allergy: deleted[0]!.name },
        after: null,
      },
      now,
    );
  });
}

type StudentRow = typeof students.$inferSelect;

/** Attach allergies (alphabetical) and contact ids to student rows, in two queries. */
async function withDetails(db: DbOrTx, rows: StudentRow[]): Promise<Student[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const allergyRows = await db
    .select({ id: allergies.id, name: allergies.name, studentId: allergies.studentId })
    .from(allergies)
    .where(inArray(allergies.studentId, ids))
    .orderBy(sql`lower(${allergies.name})`);
  const links = await db
    .select({ studentId: studentTrustees.studentId, trusteeId: studentTrustees.trusteeId })
    .from(studentTrustees)
    .where(inArray(studentTrustees.studentId, ids));
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    fullName: `${r.firstName} ${r.lastName}`,
    dateOfBirth: r.dateOfBirth,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    state: r.state,
    zipCode: r.zipCode,
    country: r.country,
    allergies: allergyRows.filter((a) => a.studentId === r.id),
    trusteeIds: links.filter((l) => l.studentId === r.id).map((l) => l.trusteeId),
  }));
}
