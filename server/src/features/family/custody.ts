/**
 * Custody and pickup restrictions (issue 24, "Records staff can keep"; decision 026): people a child may not
 * be released to. The director adds and removes them from the staff child page (audited as
 * `student.restriction.add` / `.remove` on the child); the staff who may see the child (staff-visibility.ts)
 * read them on the child page and the roster. No parent reply, export, pass or mail carries them.
 *
 * At the door (passes/door.ts, passes/door-staff.ts) a pickup by an adult whose name matches a restriction
 * ({@link nameKey}) is refused and the office alerted ({@link raiseCustodyAlert}): an audit row
 * `custody.alert` that the director's Today lists, and a mail to the center's address. A parent listing a
 * restricted person as a contact is not refused (the other parent may share the account and must not learn
 * of the order from a form): the contact is saved and the office alerted the same way.
 *
 * A court-order document (PDF, JPEG or PNG, at most 5 MB) is kept base64 in the restriction's row: it goes
 * with the restriction, or with the child when the family's account closes (the row cascades), and only the
 * director can fetch it.
 */
import {
  type COURT_ORDER_TYPES,
  type CourtOrderUpload,
  type CustodyAlert,
  MAX_COURT_ORDER_BYTES,
  nameKey,
  type Restriction,
  type RestrictionInput,
  RestrictionInputSchema,
} from '@lc/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { studentRestrictions, students } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';

export { nameKey };

const MAGIC: Record<(typeof COURT_ORDER_TYPES)[number], number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
};

/**
 * The court order's bytes, checked: its declared type is one of COURT_ORDER_TYPES and its first bytes say
 * so too, and it is at most MAX_COURT_ORDER_BYTES. 400 on the `document` field otherwise.
 */
export function checkedDocument(upload: CourtOrderUpload): Buffer {
  const bytes = Buffer.from(upload.data, 'base64');
  const magic = MAGIC[upload.mimeType];
  const fits =
    bytes.length > 0 && bytes.length <= MAX_COURT_ORDER_BYTES && magic.every((byte, i) => bytes[i] === byte);
  if (!fits) {
    throw new HttpError(400, 'family.custody.documentKind', {
      fields: { document: 'fields.custody.documentKind' },
    });
  }
  return bytes;
}

const toRestriction = (r: typeof studentRestrictions.$inferSelect): Restriction => ({
  id: r.id,
  fullName: r.fullName,
  description: r.description,
  note: r.note,
  documentName: r.documentName,
  created: r.created.toISOString(),
});

/** The child's restrictions, oldest first (the page and the roster show them all). */
export async function restrictionsOf(db: DbOrTx, studentId: string): Promise<Restriction[]> {
  const rows = await db
    .select()
    .from(studentRestrictions)
    .where(eq(studentRestrictions.studentId, studentId))
    .orderBy(asc(studentRestrictions.created), asc(studentRestrictions.id));
  return rows.map(toRestriction);
}

/** 404 "child" unless `studentId` is a child on record (the director sees every child). */
async function assertChild(db: DbOrTx, studentId: string) {
  if (!isUuid(studentId)) throw notFound('child');
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!row) throw notFound('child');
}

/** The director adds a restriction to the child (validated again here); audited without the document. */
export async function addRestriction(
  ctx: AppContext,
  director: AuthUser,
  studentId: string,
  input: RestrictionInput,
): Promise<Restriction> {
  const values = RestrictionInputSchema.parse(input);
  const document = values.document ? checkedDocument(values.document) : null;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await assertChild(tx, studentId);
    const [row] = await tx
      .insert(studentRestrictions)
      .values({
        studentId,
        fullName: values.fullName,
        nameKey: nameKey(values.fullName),
        description: values.description,
        note: values.note,
        documentName: values.document ? values.document.fileName : null,
        documentMime: values.document ? values.document.mimeType : null,
        documentData: document ? document.toString('base64') : null,
        createdBy: director.id,
        created: now,
      })
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId: director.id,
        action: 'student.restriction.add',
        entityType: 'Student',
        entityId: studentId,
        before: null,
        after: {
          restrictionId: row!.id,
          fullName: row!.fullName,
          description: row!.description,
          note: row!.note,
          document: row!.documentName,
        },
      },
      now,
    );
    return toRestriction(row!);
  });
}

/** The director lifts a restriction (its document goes with it); 404 for another child's or a missing id. */
export async function removeRestriction(
  ctx: AppContext,
  director: AuthUser,
  studentId: string,
  restrictionId: string,
): Promise<void> {
  if (!isUuid(studentId) || !isUuid(restrictionId)) throw notFound('restriction');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(studentRestrictions)
      .where(and(eq(studentRestrictions.id, restrictionId), eq(studentRestrictions.studentId, studentId)))
      .returning();
    if (!gone) throw notFound('restriction');
    await recordAudit(
      tx,
      {
        actorUserId: director.id,
        action: 'student.restriction.remove',
        entityType: 'Student',
        entityId: studentId,
        before: { restrictionId: gone.id, fullName: gone.fullName, document: gone.documentName },
        after: null,
      },
      now,
    );
  });
}

/** The court-order document of a restriction of the child; 404 when there is none. */
export async function restrictionDocument(
  db: DbOrTx,
  studentId: string,
  restrictionId: string,
): Promise<{ name: string; mime: string; bytes: Buffer }> {
  if (!isUuid(studentId) || !isUuid(restrictionId)) throw notFound('document');
  const [row] = await db
    .select()
    .from(studentRestrictions)
    .where(and(eq(studentRestrictions.id, restrictionId), eq(studentRestrictions.studentId, studentId)));
  if (!row?.documentData || !row.documentMime) throw notFound('document');
  return {
    name: row.documentName ?? 'court-order',
    mime: row.documentMime,
    bytes: Buffer.from(row.documentData, 'base64'),
  };
}

/** A restriction an adult's name matched: whose, and the name as the restriction has it. */
export type RestrictionMatch = {
  studentId: string;
  firstName: string;
  childName: string;
  personName: string;
};

/**
 * The restrictions among `studentIds` that `adultName` matches (by {@link nameKey}), with each child's
 * names. Empty when the adult may collect every one of them as far as custody goes.
 */
export async function restrictedFor(
  db: DbOrTx,
  studentIds: string[],
  adultName: string,
): Promise<RestrictionMatch[]> {
  const ids = studentIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      studentId: studentRestrictions.studentId,
      personName: studentRestrictions.fullName,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(studentRestrictions)
    .innerJoin(students, eq(students.id, studentRestrictions.studentId))
    .where(
      and(inArray(studentRestrictions.studentId, ids), eq(studentRestrictions.nameKey, nameKey(adultName))),
    );
  return rows.map((r) => ({
    studentId: r.studentId,
    firstName: r.firstName,
    childName: `${r.firstName} ${r.lastName}`,
    personName: r.personName,
  }));
}

/** Where a custody alert came from: the door refused a pickup, or a parent listed the person as a contact. */
export type AlertKind = CustodyAlert['kind'];

/**
 * Alert the office (issue 24): an audit row `custody.alert` on the child (Today lists it for the director,
 * {@link recentCustodyAlerts}) and a mail to the center's address, both written in `db` (pass the
 * transaction when there is one, so the alert stands or falls with what raised it). The mail is the office's,
 * in English, and names the place it came from (`where`: the kiosk's name, or "the parent portal").
 */
export async function raiseCustodyAlert(
  ctx: AppContext,
  db: DbOrTx,
  kind: AlertKind,
  match: RestrictionMatch,
  where: string,
  actorUserId: string | null = null,
): Promise<void> {
  const now = ctx.clock.now();
  await recordAudit(
    db,
    {
      actorUserId,
      action: 'custody.alert',
      entityType: 'Student',
      entityId: match.studentId,
      before: null,
      after: { kind, personName: match.personName, childName: match.childName, where },
    },
    now,
  );
  const childPage = `${ctx.config.appUrl}/staff/children/${match.studentId}`;
  const what =
    kind === 'doorRefused'
      ? `${match.personName} tried to collect ${match.childName} at ${where}, and the door refused: ${match.childName} is not to be released to ${match.personName}.`
      : `A parent listed ${match.personName} as an emergency contact for ${match.childName} in ${where}. ${match.childName} is not to be released to ${match.personName}; the door will refuse them, but please check the contact and speak with the family.`;
  await enqueueMail(db, {
    to: ctx.config.centerEmail,
    subject:
      kind === 'doorRefused'
        ? `Custody alert: pickup of ${match.childName} refused`
        : `Custody alert: ${match.personName} listed as a contact for ${match.childName}`,
    text: `${what}\n\nPlease make sure ${match.childName} is safe with their teacher, and follow the note on their page:\n${childPage}\n`,
  });
}

/** Custody alerts of the last seven days, newest first (at most 20): the director's Today. */
export async function recentCustodyAlerts(ctx: AppContext): Promise<CustodyAlert[]> {
  const since = new Date(ctx.clock.now().getTime() - 7 * 86_400_000).toISOString();
  const rows = await queryRows<{ id: string; at: Date | string; entity_id: string; after: string }>(
    ctx.db,
    sql`select id, at, entity_id, after::text as after from audit_events
      where action = 'custody.alert' and at >= ${since}
      order by at desc, seq desc limit 20`,
  );
  return rows.map((r) => {
    const after = JSON.parse(r.after) as { kind: AlertKind; personName: string; childName: string };
    return {
      id: r.id,
      kind: after.kind,
      at: new Date(r.at).toISOString(),
      studentId: r.entity_id,
      childName: after.childName,
      personName: after.personName,
    };
  });
}

/**
 * After a parent saves a contact for `studentIds`: alert the office for each child the contact's name is
 * restricted for (see the module comment: not refused, flagged). Runs in the contact's transaction.
 */
export async function flagRestrictedContact(
  ctx: AppContext,
  tx: DbOrTx,
  parentUserId: string,
  studentIds: string[],
  contactName: string,
): Promise<void> {
  for (const match of await restrictedFor(tx, studentIds, contactName)) {
    await raiseCustodyAlert(ctx, tx, 'contactListed', match, 'the parent portal', parentUserId);
  }
}
