/**
 * Writing the medication log (issue 26; decision 040), each in one transaction with its audit row and the
 * parents' mail:
 * - {@link giveDose} (`medication.give`): a teacher of the session or the director; the child Enrolled in it;
 *   the time on the center's clock and not to come; a signed current-version MedicalAuthorization
 *   (authorization.ts), else 400 by `studentId` with the sentence the page shows. The same `clientKey` from
 *   the same writer answers the first dose and logs nothing new (a double tap, a retry after a lost answer);
 * - {@link correctDose} (`medication.correct`) and {@link voidDose} (`medication.void`): the one who gave it
 *   or the director, with a reason; the original is never edited beyond being stamped superseded or voided,
 *   like a punch's correction (decision 038).
 * The session row is locked first (`FOR UPDATE`) in every write, so a retry and its first try, or two
 * corrections of one entry, happen one at a time.
 */
import type { MedicationCorrection, MedicationDoseInput, MedicationVoid } from '@lc/contract';
import { instantToDate, wallTimeToInstant } from '@lc/contract/zoned-time';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Tx } from '../../db/client.ts';
import { classSessionEnrollments, medicationDoses, students, users } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import type { PendingPush } from '../../ports.ts';
import { recordAudit } from '../audit/record.ts';
import { medicationAuthorizations } from './authorization.ts';
import { type DoseNotice, notifyMedicationFamily } from './medication-notify.ts';
import { type DoseRow, mayChange, medicationNotFound, refusalOf, staffSession } from './medication-reads.ts';

/** What a write answers: the entry to show, and the pushes to send after the commit. */
export type Written = { row: DoseRow; pushes: PendingPush[] };

/** The dose's time as an instant and its center day; 400 by `givenAt` when not a real time that has come. */
function when(wall: string, ctx: AppContext, now: Date): { at: Date; day: string } {
  const iso = wallTimeToInstant(wall, ctx.clock.timeZone);
  if (!iso)
    throw new HttpError(400, 'request.invalidFields', { fields: { givenAt: 'fields.medication.givenAt' } });
  const at = new Date(iso);
  // A minute of grace for a phone's clock a little ahead of the server's.
  if (at.getTime() > now.getTime() + 60_000)
    throw new HttpError(400, 'medication.inTheFuture', { fields: { givenAt: 'medication.inTheFuture' } });
  return { at, day: instantToDate(at, ctx.clock.timeZone) };
}

/** What the audit keeps of an entry. */
const audited = (row: DoseRow) => ({
  classSessionId: row.classSessionId,
  studentId: row.studentId,
  day: row.day,
  givenAt: row.givenAt.toISOString(),
  medication: row.medication,
  dose: row.dose,
  note: row.note,
  formSignatureId: row.formSignatureId,
});

async function tell(ctx: AppContext, tx: Tx, row: DoseRow, sessionName: string, notice: DoseNotice) {
  if (!row.studentId) return [];
  const [child] = await tx
    .select({ firstName: students.firstName })
    .from(students)
    .where(eq(students.id, row.studentId));
  return notifyMedicationFamily(
    ctx,
    tx,
    {
      studentId: row.studentId,
      childFirstName: child?.firstName ?? row.childName,
      sessionName,
      medication: row.medication,
      dose: row.dose,
      givenAt: row.givenAt,
      day: row.day,
      giver: row.givenByName,
      note: row.note,
      authorizedBy: row.authorizedBy,
    },
    notice,
  );
}

/**
 * Log a dose given as `user` (a teacher of the session or the director: 404 otherwise). 400 by `studentId`
 * for a child not Enrolled in the session or without a signed current authorization, by `givenAt` for a time
 * to come. The child's parents are told in the same transaction.
 */
export async function giveDose(
  ctx: AppContext,
  user: AuthUser,
  input: MedicationDoseInput,
  now: Date,
): Promise<Written & { replay: boolean }> {
  const { at, day } = when(input.givenAt, ctx, now);
  return ctx.db.transaction(async (tx) => {
    const session = await staffSession(tx, user, input.classSessionId, true);
    if (input.clientKey) {
      const [earlier] = await tx
        .select()
        .from(medicationDoses)
        .where(and(eq(medicationDoses.givenBy, user.id), eq(medicationDoses.clientKey, input.clientKey)));
      if (earlier) return { row: earlier, pushes: [], replay: true };
    }
    const notInSession = () =>
      new HttpError(400, 'medication.notInSession', { fields: { studentId: 'medication.notInSession' } });
    if (!isUuid(input.studentId)) throw notInSession();
    const [child] = await tx
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
      .from(students)
      .innerJoin(
        classSessionEnrollments,
        and(
          eq(classSessionEnrollments.studentId, students.id),
          eq(classSessionEnrollments.classSessionId, session.id),
          eq(classSessionEnrollments.status, 'Enrolled'),
        ),
      )
      .where(eq(students.id, input.studentId));
    if (!child) throw notInSession();
    const standing = (await medicationAuthorizations(tx, [child.id])).get(child.id);
    if (standing?.status !== 'Signed') throw refusalOf(standing?.status ?? 'NeedsSignature', child.firstName);
    const auth = standing.authorization;
    const [me] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, user.id));
    const [row] = await tx
      .insert(medicationDoses)
      .values({
        studentId: child.id,
        childName: `${child.firstName} ${child.lastName}`,
        classSessionId: session.id,
        medication: input.medication,
        dose: input.dose,
        givenAt: at,
        day,
        givenBy: user.id,
        givenByName: `${me!.firstName} ${me!.lastName}`,
        note: input.note,
        formSignatureId: auth.signatureId,
        authorizationTitle: auth.title,
        authorizationVersion: auth.version,
        authorizedBy: auth.signedBy,
        authorizedAt: new Date(auth.signedAt),
        clientKey: input.clientKey ?? null,
        created: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'medication.give',
        entityType: 'MedicationDose',
        entityId: row!.id,
        before: null,
        after: audited(row!),
      },
      now,
    );
    const pushes = await tell(ctx, tx, row!, session.name, { kind: 'given' });
    return { row: row!, pushes, replay: false };
  });
}

/** Entry `id` locked for a change by `user`: 404 outside their sessions, 403 when not theirs, 409 when gone. */
async function entryToChange(tx: Tx, user: AuthUser, id: string) {
  if (!isUuid(id)) throw medicationNotFound();
  const [found] = await tx
    .select({ classSessionId: medicationDoses.classSessionId })
    .from(medicationDoses)
    .where(eq(medicationDoses.id, id));
  if (!found) throw medicationNotFound();
  const session = await staffSession(tx, user, found.classSessionId, true);
  const [row] = await tx.select().from(medicationDoses).where(eq(medicationDoses.id, id)).for('update');
  if (row!.supersededAt || row!.voidedAt) throw new HttpError(409, 'medication.alreadyChanged');
  if (!mayChange(row!, user)) throw new HttpError(403, 'medication.notYours');
  return { row: row!, session };
}

/**
 * Correct entry `id` as the one who gave it or the director: the original is stamped `superseded_at` and kept;
 * the corrected entry (same child, session and authorization) replaces it with the reason. The parents are told.
 */
export async function correctDose(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  input: MedicationCorrection,
  now: Date,
): Promise<Written> {
  const { at, day } = when(input.givenAt, ctx, now);
  return ctx.db.transaction(async (tx) => {
    const { row: original, session } = await entryToChange(tx, user, id);
    await tx.update(medicationDoses).set({ supersededAt: now }).where(eq(medicationDoses.id, id));
    const { id: _id, created: _c, clientKey: _k, supersededAt: _s, ...kept } = original;
    const [row] = await tx
      .insert(medicationDoses)
      .values({
        ...kept,
        medication: input.medication,
        dose: input.dose,
        givenAt: at,
        day,
        note: input.note,
        replacesId: id,
        reason: input.reason,
        created: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'medication.correct',
        entityType: 'MedicationDose',
        entityId: row!.id,
        before: audited(original),
        after: { ...audited(row!), reason: input.reason, replacesId: id },
      },
      now,
    );
    const pushes = await tell(ctx, tx, row!, session.name, { kind: 'corrected', reason: input.reason });
    return { row: row!, pushes };
  });
}

/** Void entry `id` (no dose was given) as the one who logged it or the director, with the reason; kept. */
export async function voidDose(
  ctx: AppContext,
  user: AuthUser,
  id: string,
  input: MedicationVoid,
  now: Date,
): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const { row: original, session } = await entryToChange(tx, user, id);
    const [row] = await tx
      .update(medicationDoses)
      .set({ voidedAt: now, voidedBy: user.id, voidReason: input.reason })
      .where(eq(medicationDoses.id, id))
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'medication.void',
        entityType: 'MedicationDose',
        entityId: id,
        before: audited(original),
        after: { ...audited(row!), voided: true, reason: input.reason },
      },
      now,
    );
    const pushes = await tell(ctx, tx, row!, session.name, { kind: 'voided', reason: input.reason });
    return { row: row!, pushes };
  });
}
