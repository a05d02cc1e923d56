/**
 * A family's changes to a child's health record and the staff's checks (issue 26 part 1; decision 035). Each
 * change is one transaction with its audit row; a family's change to a part staff had checked (the
 * immunizations, the profile, the physical, a document) clears that check in the same transaction, so a
 * check always means "staff saw this version".
 */
import { randomBytes } from 'node:crypto';
import type {
  HealthCheckInput,
  HealthDocumentKind,
  HealthProfileInput,
  HealthRecord,
  ImmunizationDoseInput,
} from '@lc/contract';
import { and, eq } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import type { DbOrTx } from '../../db/client.ts';
import { healthChecks, healthDocuments, healthProfiles, immunizationDoses } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { type HealthChild, healthNotFound } from './access.ts';

/** The storage folder of health documents. */
export const HEALTH_FILES = 'health';

/** The kinds of file a health document may be, read from its bytes, and their extensions. */
export const HEALTH_FILE_KINDS: ReadonlyArray<readonly [string, string]> = [
  ['application/pdf', 'pdf'],
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
];

const audit = (
  tx: DbOrTx,
  actorId: string,
  child: HealthChild,
  { action, before, after }: { action: string; before: unknown; after: unknown },
  now: Date,
) =>
  recordAudit(
    tx,
    { actorUserId: actorId, action, entityType: 'Student', entityId: child.id, before, after },
    now,
  );

const clearCheck = (tx: DbOrTx, studentId: string, record: HealthRecord) =>
  tx.delete(healthChecks).where(and(eq(healthChecks.studentId, studentId), eq(healthChecks.record, record)));

/** 400 on `field` with `code` (a date the record cannot hold). */
const badDate = (
  field: string,
  code: 'health.doseInFuture' | 'health.examInFuture' | 'health.bornAfterDose',
  name?: string,
) => new HttpError(400, code, { params: name ? { name } : undefined, fields: { [field]: code } });

/** A dose or exam day must fall between the child's birth and `today`. */
function checkDay(
  child: HealthChild,
  day: string,
  today: string,
  field: string,
  future: 'health.doseInFuture' | 'health.examInFuture',
) {
  if (day > today) throw badDate(field, future);
  if (day < child.date_of_birth) throw badDate(field, 'health.bornAfterDose', child.first_name);
}

/** Save the profile (physician, insurance, dietary needs, medications) as given; clears its check. */
export async function saveProfile(
  db: DbOrTx,
  actorId: string,
  child: HealthChild,
  input: HealthProfileInput,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(healthProfiles)
      .where(eq(healthProfiles.studentId, child.id))
      .for('update');
    const values = {
      physicianName: input.physicianName,
      physicianPhone: input.physicianPhone,
      insuranceCarrier: input.insuranceCarrier,
      insuranceMemberId: input.insuranceMemberId,
      dietaryNeeds: input.dietaryNeeds,
      medications: input.medications,
      updatedBy: actorId,
      updated: now,
    };
    await tx
      .insert(healthProfiles)
      .values({ studentId: child.id, ...values })
      .onConflictDoUpdate({ target: healthProfiles.studentId, set: values });
    await clearCheck(tx, child.id, 'Profile');
    const facts = (p?: typeof before) =>
      p
        ? {
            physicianName: p.physicianName,
            insuranceCarrier: p.insuranceCarrier,
            dietaryNeeds: p.dietaryNeeds,
            medications: p.medications,
          }
        : null;
    await audit(
      tx,
      actorId,
      child,
      {
        action: 'health.profile.update',
        before: facts(before),
        after: {
          physicianName: input.physicianName,
          insuranceCarrier: input.insuranceCarrier,
          dietaryNeeds: input.dietaryNeeds,
          medications: input.medications,
        },
      },
      now,
    );
  });
}

/** Save the last physical exam's day (null clears it), judged on `today`; clears its check. */
export async function savePhysical(
  db: DbOrTx,
  actorId: string,
  child: HealthChild,
  examOn: string | null,
  today: string,
  now: Date,
) {
  if (examOn) checkDay(child, examOn, today, 'examOn', 'health.examInFuture');
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(healthProfiles)
      .where(eq(healthProfiles.studentId, child.id))
      .for('update');
    await tx
      .insert(healthProfiles)
      .values({ studentId: child.id, physicalOn: examOn, updatedBy: actorId, updated: now })
      .onConflictDoUpdate({
        target: healthProfiles.studentId,
        set: { physicalOn: examOn, updatedBy: actorId, updated: now },
      });
    await clearCheck(tx, child.id, 'Physical');
    await audit(
      tx,
      actorId,
      child,
      {
        action: 'health.physical.update',
        before: { physicalOn: before?.physicalOn ?? null },
        after: { physicalOn: examOn },
      },
      now,
    );
  });
}

/** Add one dose, judged on `today`; clears the immunizations' check. */
export async function addDose(
  db: DbOrTx,
  actorId: string,
  child: HealthChild,
  input: ImmunizationDoseInput,
  today: string,
  now: Date,
) {
  checkDay(child, input.givenOn, today, 'givenOn', 'health.doseInFuture');
  await db.transaction(async (tx) => {
    await tx.insert(immunizationDoses).values({
      studentId: child.id,
      vaccine: input.vaccine,
      givenOn: input.givenOn,
      createdBy: actorId,
      created: now,
    });
    await clearCheck(tx, child.id, 'Immunizations');
    await audit(
      tx,
      actorId,
      child,
      { action: 'health.dose.add', before: null, after: { vaccine: input.vaccine, givenOn: input.givenOn } },
      now,
    );
  });
}

/** Remove dose `doseId` of `child` (404 when it is not theirs); clears the immunizations' check. */
export async function removeDose(db: DbOrTx, actorId: string, child: HealthChild, doseId: string, now: Date) {
  if (!isUuid(doseId)) throw healthNotFound();
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(immunizationDoses)
      .where(and(eq(immunizationDoses.id, doseId), eq(immunizationDoses.studentId, child.id)))
      .returning();
    if (!gone) throw healthNotFound();
    await clearCheck(tx, child.id, 'Immunizations');
    await audit(
      tx,
      actorId,
      child,
      { action: 'health.dose.remove', before: { vaccine: gone.vaccine, givenOn: gone.givenOn }, after: null },
      now,
    );
  });
}

/**
 * Store an upload (already checked: `mime` read from its bytes, a clean `fileName`) as `child`'s document of
 * `kind`, running out on `expiresOn` (null: never). The file goes to the storage first; a failed insert
 * removes it again. Answers the new row's id.
 */
export async function storeDocument(
  deps: { db: DbOrTx; storage: FileStorage },
  actorId: string,
  child: HealthChild,
  upload: { bytes: Buffer; mime: string; ext: string; fileName: string },
  kind: HealthDocumentKind,
  expiresOn: string | null,
  now: Date,
): Promise<string> {
  const key = `${HEALTH_FILES}/${randomBytes(16).toString('hex')}.${upload.ext}`;
  await deps.storage.put(key, upload.bytes, upload.mime);
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(healthDocuments)
        .values({
          studentId: child.id,
          kind,
          storageKey: key,
          fileName: upload.fileName,
          contentType: upload.mime,
          bytes: upload.bytes.length,
          expiresOn,
          uploadedBy: actorId,
          created: now,
        })
        .returning({ id: healthDocuments.id });
      await audit(
        tx,
        actorId,
        child,
        {
          action: 'health.document.add',
          before: null,
          after: { kind, fileName: upload.fileName, expiresOn },
        },
        now,
      );
      return row!.id;
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

/** Remove document `documentId` of `child` (404 when it is not theirs): the row, then the file. */
export async function removeDocument(
  deps: { db: DbOrTx; storage: FileStorage },
  actorId: string,
  child: HealthChild,
  documentId: string,
  now: Date,
) {
  if (!isUuid(documentId)) throw healthNotFound();
  const key = await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(healthDocuments)
      .where(and(eq(healthDocuments.id, documentId), eq(healthDocuments.studentId, child.id)))
      .returning();
    if (!gone) throw healthNotFound();
    await audit(
      tx,
      actorId,
      child,
      { action: 'health.document.remove', before: { kind: gone.kind, fileName: gone.fileName }, after: null },
      now,
    );
    return gone.storageKey;
  });
  await deps.storage.delete(key).catch(() => {});
}

/**
 * A staff member checks (or takes back the check of) a part of `child`'s record or one of their documents;
 * audited. 400 without the document's id for a document; 404 for another child's document.
 */
export async function setCheck(
  db: DbOrTx,
  actorId: string,
  child: HealthChild,
  input: HealthCheckInput,
  now: Date,
) {
  await db.transaction(async (tx) => {
    if (input.record === 'Document') {
      if (!input.documentId)
        throw new HttpError(400, 'health.chooseDocument', {
          fields: { documentId: 'health.chooseDocument' },
        });
      const [row] = await tx
        .update(healthDocuments)
        .set(input.checked ? { checkedBy: actorId, checkedAt: now } : { checkedBy: null, checkedAt: null })
        .where(and(eq(healthDocuments.id, input.documentId), eq(healthDocuments.studentId, child.id)))
        .returning({ id: healthDocuments.id });
      if (!row) throw healthNotFound();
    } else if (input.checked) {
      await tx
        .insert(healthChecks)
        .values({ studentId: child.id, record: input.record, checkedBy: actorId, checkedAt: now })
        .onConflictDoUpdate({
          target: [healthChecks.studentId, healthChecks.record],
          set: { checkedBy: actorId, checkedAt: now },
        });
    } else await clearCheck(tx, child.id, input.record);
    const part = { record: input.record, documentId: input.documentId ?? null };
    await audit(
      tx,
      actorId,
      child,
      {
        action: input.checked ? 'health.check' : 'health.uncheck',
        before: input.checked ? null : part,
        after: input.checked ? part : null,
      },
      now,
    );
  });
}
