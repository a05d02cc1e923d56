/**
 * A family's emergency contacts — trustees (spec §3 Trustee; §7 Student/Trustees calls; issue 4) — and
 * which of the family's children each one is for. Reached only through `user_trustees`: another family's
 * contact answers 404 like a missing one. The children named must all be the caller's (else 400).
 */
import { nameKey, type Trustee, type TrusteeValues } from '@lc/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { studentTrustees, trustees, userTrustees } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { revokePassesOf, touchPassesOf } from '../passes/pass-changes.ts';
import { assertRoomForContact } from './limits.ts';
import { mapContactToFamily } from './members.ts';
import { ownedStudentIds } from './students.ts';

const contactNotFound = () => notFound('contact');

/**
 * Called in the contact's transaction once it is saved, with the children it is (newly) for and its full
 * name: the route passes custody.ts `flagRestrictedContact` (issue 24: a restricted person listed by a
 * parent is flagged to the office, not refused).
 */
export type ContactFlag = (tx: DbOrTx, studentIds: string[], fullName: string) => Promise<void>;

async function assertOwned(db: DbOrTx, userId: string, trusteeId: string) {
  if (!isUuid(trusteeId)) throw contactNotFound();
  const [row] = await db
    .select({ id: userTrustees.trusteeId })
    .from(userTrustees)
    .where(and(eq(userTrustees.userId, userId), eq(userTrustees.trusteeId, trusteeId)));
  if (!row) throw contactNotFound();
}

/** 400 on studentIds unless every id is one of the caller's children; returns them de-duplicated. */
async function checkChildren(db: DbOrTx, userId: string, studentIds: string[]): Promise<string[]> {
  const unique = [...new Set(studentIds)];
  const owned = await ownedStudentIds(db, userId, unique);
  if (owned.length !== unique.length) {
    const code = 'family.contact.onlyYourChildren';
    throw new HttpError(400, code, { fields: { studentIds: code } });
  }
  return unique;
}

function columns(input: TrusteeValues) {
  const { studentIds: _ids, ...rest } = input;
  return rest;
}

/** The family's contacts (active first, then by name), optionally only those for one child. */
export async function listTrustees(db: DbOrTx, userId: string, studentId?: string): Promise<Trustee[]> {
  const rows = await db
    .select()
    .from(trustees)
    .innerJoin(userTrustees, eq(userTrustees.trusteeId, trustees.id))
    .where(eq(userTrustees.userId, userId))
    .orderBy(desc(trustees.isActive), asc(trustees.firstName), asc(trustees.lastName));
  const list = await withChildren(
    db,
    rows.map((r) => r.trustees),
  );
  return studentId ? list.filter((t) => t.studentIds.includes(studentId)) : list;
}

/** One contact of the family; 404 when not theirs or missing. */
export async function getTrustee(db: DbOrTx, userId: string, trusteeId: string): Promise<Trustee> {
  await assertOwned(db, userId, trusteeId);
  const [row] = await db.select().from(trustees).where(eq(trustees.id, trusteeId));
  if (!row) throw contactNotFound();
  const [trustee] = await withChildren(db, [row]);
  return trustee!;
}

/**
 * What the audit trail keeps of a contact (issue 10: pickup rights edited by anyone are recorded): who they
 * are to the family, whether they may pick up, which children, and whether they are active. Phone numbers
 * and addresses are left out of the trail.
 */
const audited = (t: Trustee | null) =>
  t && {
    name: t.fullName,
    relationship: t.relationship,
    canPickup: t.canPickup,
    isActive: t.isActive,
    studentIds: [...t.studentIds].sort(),
  };

async function auditContact(
  tx: DbOrTx,
  userId: string,
  action: string,
  trusteeId: string,
  before: Trustee | null,
  after: Trustee | null,
  now: Date,
) {
  await recordAudit(
    tx,
    {
      actorUserId: userId,
      action,
      entityType: 'Trustee',
      entityId: trusteeId,
      before: audited(before),
      after: audited(after),
    },
    now,
  );
}

/** Add a contact for some of the family's children; 409 when the family has the most contacts allowed (limits.ts). Audited. */
export async function createTrustee(
  db: Db,
  userId: string,
  input: TrusteeValues,
  now: Date,
  flag: ContactFlag = async () => {},
): Promise<Trustee> {
  return db.transaction(async (tx) => {
    const parents = await assertRoomForContact(tx, userId, now);
    const childIds = await checkChildren(tx, userId, input.studentIds);
    const [row] = await tx.insert(trustees).values(columns(input)).returning({ id: trustees.id });
    await mapContactToFamily(tx, parents, row!.id);
    await tx.insert(studentTrustees).values(childIds.map((studentId) => ({ studentId, trusteeId: row!.id })));
    const created = await getTrustee(tx, userId, row!.id);
    await auditContact(tx, userId, 'trustee.create', row!.id, null, created, now);
    await flag(tx, childIds, created.fullName);
    return created;
  });
}

/**
 * Replace a contact's details and the children it is for. Audited (pickup rights before and after). The
 * contact's pickup passes show the change at once (the door reads the contact on every scan); `passesChanged`
 * gets their ids after the commit so the wallet copies are refreshed (passes/passes.ts).
 */
export async function updateTrustee(
  db: Db,
  userId: string,
  trusteeId: string,
  input: TrusteeValues,
  now: Date,
  passesChanged: (passportIds: string[]) => void = () => {},
  flag: ContactFlag = async () => {},
): Promise<Trustee> {
  let touched: string[] = [];
  const result = await db.transaction(async (tx) => {
    const before = await getTrustee(tx, userId, trusteeId);
    const childIds = await checkChildren(tx, userId, input.studentIds);
    await tx.update(trustees).set(columns(input)).where(eq(trustees.id, trusteeId));
    await tx.delete(studentTrustees).where(eq(studentTrustees.trusteeId, trusteeId));
    await tx.insert(studentTrustees).values(childIds.map((studentId) => ({ studentId, trusteeId })));
    const after = await getTrustee(tx, userId, trusteeId);
    await auditContact(tx, userId, 'trustee.update', trusteeId, before, after, now);
    // Only what is new: the same name for the same children was flagged when first saved.
    const renamed = nameKey(before.fullName) !== nameKey(after.fullName);
    await flag(
      tx,
      childIds.filter((id) => renamed || !before.studentIds.includes(id)),
      after.fullName,
    );
    touched = await touchPassesOf(tx, trusteeId, now);
    return after;
  });
  passesChanged(touched);
  return result;
}

/**
 * Delete a contact: the contact and its links to the family and children go; the children and everything
 * else stay. Pickup records that named the contact keep the pickup, without the name. Audited.
 */
export async function deleteTrustee(
  db: Db,
  userId: string,
  trusteeId: string,
  now: Date,
  passesChanged: (passportIds: string[], photos: string[]) => void = () => {},
): Promise<void> {
  let revoked: { revoked: string[]; photos: string[] } = { revoked: [], photos: [] };
  await db.transaction(async (tx) => {
    const before = await getTrustee(tx, userId, trusteeId);
    // The contact's passes die with it: revoked (so their wallet copies are voided), their photos forgotten.
    revoked = await revokePassesOf(tx, trusteeId, now);
    await tx.delete(trustees).where(eq(trustees.id, trusteeId));
    await auditContact(tx, userId, 'trustee.delete', trusteeId, before, null, now);
  });
  passesChanged(revoked.revoked, revoked.photos);
}

type TrusteeRow = typeof trustees.$inferSelect;

async function withChildren(db: DbOrTx, rows: TrusteeRow[]): Promise<Trustee[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ studentId: studentTrustees.studentId, trusteeId: studentTrustees.trusteeId })
    .from(studentTrustees)
    .where(
      inArray(
        studentTrustees.trusteeId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    id: r.id,
    isActive: r.isActive,
    type: r.type,
    firstName: r.firstName,
    lastName: r.lastName,
    fullName: `${r.firstName} ${r.lastName}`,
    homePhone: r.homePhone,
    cellPhone: r.cellPhone,
    emailAddress: r.emailAddress,
    relationship: r.relationship,
    canPickup: r.canPickup,
    receiveSMS: r.receiveSMS,
    receiveEmail: r.receiveEmail,
    studentIds: links.filter((l) => l.trusteeId === r.id).map((l) => l.studentId),
  }));
}
