/**
 * Reading the medication log (issue 26; decision 040): a session's log for the staff (every entry kept,
 * corrected ones marked superseded) with each child's authorization, a family's log of its own child (404 for
 * another family's), the doses a family export holds, and {@link sessionDosesByDay}, one range query the
 * inspector's records read (decision 039).
 */
import type {
  FamilyMedication,
  FamilyMedicationDose,
  InspectionDose,
  MedicationLogQuery,
  SessionMedication,
  StaffMedicationDose,
} from '@lc/contract';
import { addDays, instantToDate, instantToWallTime } from '@lc/contract/zoned-time';
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  classSessionEnrollments,
  classSessions,
  healthProfiles,
  medicationDoses,
  students,
  userStudents,
} from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { visibleSessions } from '../team/access.ts';
import { medicationAuthorizations } from './authorization.ts';

/** A dose's row. */
export type DoseRow = typeof medicationDoses.$inferSelect;

/** 404 for an entry, session or child the caller may not reach (or that does not exist). */
export const medicationNotFound = () => new HttpError(404, 'medication.notFound');

/** The refusal's sentence for a child without an authorization to give under (staff pages: English). */
export function refusalOf(status: 'NeedsSignature' | 'NeedsResign', firstName: string) {
  return new HttpError(
    400,
    status === 'NeedsResign' ? 'medication.resignNeeded' : 'medication.noAuthorization',
    {
      params: { child: firstName },
      fields: {
        studentId: status === 'NeedsResign' ? 'medication.resignNeeded' : 'medication.noAuthorization',
      },
    },
  );
}

/** The session `id` if `user` (staff) may reach it: the director, or a teacher assigned to it; 404 otherwise. */
export async function staffSession(db: DbOrTx, user: AuthUser, id: number, lock = false) {
  const query = db
    .select({ id: classSessions.id, name: classSessions.name })
    .from(classSessions)
    .where(and(eq(classSessions.id, id), visibleSessions(user)));
  const [row] = lock ? await query.for('update', { of: classSessions }) : await query;
  if (!row) throw medicationNotFound();
  return row;
}

/** May `user` correct or void `row`: the one who gave it or the director, while it stands. */
export const mayChange = (row: DoseRow, user: AuthUser) =>
  row.supersededAt === null && row.voidedAt === null && (user.role === 'Admin' || row.givenBy === user.id);

/** A dose as the staff see it. */
export function staffDoseView(row: DoseRow, user: AuthUser, timeZone: string): StaffMedicationDose {
  return {
    id: row.id,
    classSessionId: row.classSessionId,
    studentId: row.studentId,
    childName: row.childName,
    medication: row.medication,
    dose: row.dose,
    givenAt: row.givenAt.toISOString(),
    givenAtWall: instantToWallTime(row.givenAt.toISOString(), timeZone),
    day: row.day,
    givenBy: row.givenByName,
    note: row.note,
    authorization: {
      title: row.authorizationTitle,
      version: row.authorizationVersion,
      signedBy: row.authorizedBy,
      signedAt: row.authorizedAt.toISOString(),
    },
    replacesId: row.replacesId,
    reason: row.reason,
    supersededAt: row.supersededAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    correctable: mayChange(row, user),
  };
}

/**
 * Session `classSessionId`'s children (Enrolled) with the authorization each would be given under and the
 * medicines on their health record, and its log in the range of days (default: the last seven days to today),
 * newest first. 404 when the caller does not teach it.
 */
export async function sessionMedication(
  db: DbOrTx,
  user: AuthUser,
  classSessionId: number,
  query: MedicationLogQuery,
  now: Date,
  timeZone: string,
): Promise<SessionMedication> {
  const session = await staffSession(db, user, classSessionId);
  const today = instantToDate(now, timeZone);
  // The last seven days to today by default, so the page opens on the week's doses.
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -6);
  const children = await db
    .select({
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      medications: healthProfiles.medications,
    })
    .from(classSessionEnrollments)
    .innerJoin(students, eq(students.id, classSessionEnrollments.studentId))
    .leftJoin(healthProfiles, eq(healthProfiles.studentId, students.id))
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, classSessionId),
        eq(classSessionEnrollments.status, 'Enrolled'),
      ),
    )
    .orderBy(asc(students.firstName), asc(students.lastName));
  const standings = await medicationAuthorizations(
    db,
    children.map((c) => c.studentId),
  );
  const doses = await db
    .select()
    .from(medicationDoses)
    .where(
      and(
        eq(medicationDoses.classSessionId, classSessionId),
        gte(medicationDoses.day, from),
        lte(medicationDoses.day, to),
      ),
    )
    .orderBy(desc(medicationDoses.givenAt), desc(medicationDoses.created));
  return {
    classSessionId,
    sessionName: session.name,
    from,
    to,
    nowWall: instantToWallTime(now.toISOString(), timeZone),
    children: children.map((c) => {
      const standing = standings.get(c.studentId);
      const refusal =
        standing?.status !== 'Signed'
          ? refusalOf(standing?.status ?? 'NeedsSignature', c.firstName).message
          : null;
      return {
        studentId: c.studentId,
        firstName: c.firstName,
        lastName: c.lastName,
        authorization: standing?.status === 'Signed' ? standing.authorization : null,
        refusal,
        healthMedications: c.medications ?? [],
      };
    }),
    doses: doses.map((d) => staffDoseView(d, user, timeZone)),
  };
}

const familyDoseView = (row: DoseRow & { sessionName: string }): FamilyMedicationDose => ({
  id: row.id,
  sessionName: row.sessionName,
  medication: row.medication,
  dose: row.dose,
  givenAt: row.givenAt.toISOString(),
  givenBy: row.givenByName,
  note: row.note,
  authorizedBy: row.authorizedBy,
  authorizedAt: row.authorizedAt.toISOString(),
  corrected: row.replacesId !== null,
  voidedAt: row.voidedAt?.toISOString() ?? null,
  voidReason: row.voidReason,
});

/** The standing entries (not replaced by a correction) of `studentIds`, newest first, with the session's name. */
async function standingDoses(db: DbOrTx, studentIds: readonly string[]) {
  if (studentIds.length === 0) return [];
  const rows = await db
    .select({ dose: medicationDoses, sessionName: classSessions.name })
    .from(medicationDoses)
    .innerJoin(classSessions, eq(classSessions.id, medicationDoses.classSessionId))
    .where(and(inArray(medicationDoses.studentId, [...studentIds]), isNull(medicationDoses.supersededAt)))
    .orderBy(desc(medicationDoses.givenAt), desc(medicationDoses.created));
  return rows.map((r) => ({ ...r.dose, sessionName: r.sessionName }));
}

/**
 * Child `studentId`'s medication log for parent `userId` (a parent mapped to the child; 404 otherwise, like a
 * child that does not exist). Entries replaced by a correction are left out; the correction is marked.
 */
export async function familyMedication(
  db: DbOrTx,
  userId: string,
  studentId: string,
): Promise<FamilyMedication> {
  if (!isUuid(studentId)) throw medicationNotFound();
  const [child] = await db
    .select({ firstName: students.firstName })
    .from(userStudents)
    .innerJoin(students, eq(students.id, userStudents.studentId))
    .where(and(eq(userStudents.userId, userId), eq(userStudents.studentId, studentId)));
  if (!child) throw medicationNotFound();
  const doses = await standingDoses(db, [studentId]);
  return { studentId, firstName: child.firstName, doses: doses.map(familyDoseView) };
}

/** The family's doses for its export: every own child's standing entries, with the child's first name. */
export async function familyDosesForExport(db: DbOrTx, userId: string) {
  const own = await db
    .select({ id: students.id, firstName: students.firstName })
    .from(userStudents)
    .innerJoin(students, eq(students.id, userStudents.studentId))
    .where(eq(userStudents.userId, userId));
  const names = new Map(own.map((c) => [c.id, c.firstName]));
  const doses = await standingDoses(
    db,
    own.map((c) => c.id),
  );
  return doses.map((d) => ({ child: names.get(d.studentId ?? '') ?? d.childName, ...familyDoseView(d) }));
}

/**
 * Session `classSessionId`'s doses from `from` to `to` (ISO days, inclusive) by center day, in the order
 * given, for the inspector's records (decision 039): one query for the whole range. Entries replaced by a
 * correction are left out (the correction stands in their place); voided ones are listed with the reason.
 * The caller checks who may read them.
 */
export async function sessionDosesByDay(
  db: DbOrTx,
  classSessionId: number,
  from: string,
  to: string,
): Promise<Map<string, InspectionDose[]>> {
  const rows = await db
    .select()
    .from(medicationDoses)
    .where(
      and(
        eq(medicationDoses.classSessionId, classSessionId),
        gte(medicationDoses.day, from),
        lte(medicationDoses.day, to),
        isNull(medicationDoses.supersededAt),
      ),
    )
    .orderBy(asc(medicationDoses.givenAt), asc(medicationDoses.created), sql`${medicationDoses.id}`);
  const out = new Map<string, InspectionDose[]>();
  for (const r of rows) {
    const list = out.get(r.day) ?? [];
    list.push({
      childName: r.childName,
      medication: r.medication,
      dose: r.dose,
      givenAt: r.givenAt.toISOString(),
      givenBy: r.givenByName,
      note: r.note,
      authorizedBy: r.authorizedBy,
      authorizedAt: r.authorizedAt.toISOString(),
      voidReason: r.voidedAt ? r.voidReason : null,
      corrected: r.replacesId !== null,
    });
    out.set(r.day, list);
  }
  return out;
}
