/**
 * The director corrects a family's records from the staff child page (issue 24, "Records staff can keep";
 * decision 026): the child's details and allergies, or one of the child's emergency contacts and their
 * pickup right. Each save carries a required reason (the contract's `CorrectionReasonSchema`) and runs in one
 * transaction: the change, the audit row (`student.correct` / `trustee.correct`, with before, after and the
 * reason) and a mail to every parent of the child (mail-recipients.ts: co-parents too), each in their own
 * language, saying what changed and why. If any step fails nothing is saved and nothing is mailed. The bodies
 * are the parent forms' own schemas (contract/src/custody.ts), so a correction obeys the parents' rules.
 * A save that changes nothing answers the page as it stands, with no audit row and no mail.
 */
import type { ChildCorrectionSchema, ContactCorrectionSchema, StaffChild } from '@lc/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { allergies, students, studentTrustees, trustees } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { namesIn } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { passesChanged, touchPassesOf } from '../passes/pass-changes.ts';
import { familyMail } from './family-mail.ts';
import { familyRecipients } from './mail-recipients.ts';
import { readChild } from './staff-families.ts';
import { checkDateOfBirth } from './students.ts';

type ChildBody = z.output<typeof ChildCorrectionSchema>;
type ContactBody = z.output<typeof ContactCorrectionSchema>;
/** A field of the record, named in the mail (`correction.field.*` in the mail's language). */
type Field =
  | 'name'
  | 'dateOfBirth'
  | 'address'
  | 'allergies'
  | 'relationship'
  | 'phones'
  | 'email'
  | 'canPickup'
  | 'active'
  | 'children'
  | 'messages';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Which of `fields` differ between `before` and `after` (each field reads its own keys). */
function changed<T>(before: T, after: T, fields: Record<Field, (v: T) => unknown>): Field[] {
  return (Object.keys(fields) as Field[]).filter((f) => !same(fields[f](before), fields[f](after)));
}

/** Mail each parent of the child what changed and why, in their language, inside `tx`. */
async function mailParents(
  tx: DbOrTx,
  studentId: string,
  what: { kind: 'child' } | { kind: 'contact'; contact: string },
  child: string,
  fields: Field[],
  reason: string,
) {
  for (const parent of await familyRecipients(tx, { studentId })) {
    await enqueueMail(
      tx,
      familyMail(parent.language, (t) => ({
        to: parent.emailAddress,
        firstName: parent.firstName,
        subject:
          what.kind === 'child'
            ? t('correction.subjectChild', { child })
            : t('correction.subjectContact', { child, contact: what.contact }),
        paragraphs: [
          what.kind === 'child'
            ? t('correction.introChild', {
                child,
                changes: namesIn(
                  parent.language,
                  fields.map((f) => t(`correction.field.${f}`)),
                ),
              })
            : t('correction.introContact', {
                child,
                contact: what.contact,
                changes: namesIn(
                  parent.language,
                  fields.map((f) => t(`correction.field.${f}`)),
                ),
              }),
          t('correction.reason', { reason }),
          t('correction.check'),
        ],
      })),
    );
  }
}

type ChildRecord = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address: Array<string | null>;
  allergies: string[];
};

async function childRecord(tx: DbOrTx, studentId: string): Promise<ChildRecord | null> {
  const [row] = await tx.select().from(students).where(eq(students.id, studentId)).for('update');
  if (!row) return null;
  const list = await tx
    .select({ name: allergies.name })
    .from(allergies)
    .where(eq(allergies.studentId, studentId));
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    address: [row.address1, row.address2, row.city, row.state, row.zipCode],
    allergies: list.map((a) => a.name).sort((a, b) => a.localeCompare(b)),
  };
}

/**
 * `PUT /api/staff/children/{studentId}/details` (the director): the child's details and allergies (allergies
 * compared without regard to case; a repeated one counts once), with the reason. 404 for an unknown child;
 * 400 on dateOfBirth outside the ages served (the parents' rule). Answers the child's page.
 */
export async function correctChild(
  ctx: AppContext,
  director: AuthUser,
  studentId: string,
  body: ChildBody,
): Promise<StaffChild> {
  if (!isUuid(studentId)) throw notFound('child');
  const now = ctx.clock.now();
  checkDateOfBirth(body.details.dateOfBirth, ctx.clock.today(now));
  const touched: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const before = await childRecord(tx, studentId);
    if (!before) throw notFound('child');
    const wanted = new Map<string, string>();
    for (const name of body.allergies) {
      if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), name);
    }
    const d = body.details;
    await tx
      .update(students)
      .set({
        firstName: d.firstName,
        lastName: d.lastName,
        dateOfBirth: d.dateOfBirth,
        address1: d.address1,
        address2: d.address2,
        city: d.city,
        state: d.state,
        zipCode: d.zipCode,
      })
      .where(eq(students.id, studentId));
    const had = new Set(before.allergies.map((a) => a.toLowerCase()));
    for (const name of before.allergies) {
      if (!wanted.has(name.toLowerCase())) {
        await tx
          .delete(allergies)
          .where(
            and(eq(allergies.studentId, studentId), sql`lower(${allergies.name}) = ${name.toLowerCase()}`),
          );
      }
    }
    for (const [lower, name] of wanted) {
      if (!had.has(lower)) await tx.insert(allergies).values({ studentId, name });
    }
    const after = (await childRecord(tx, studentId))!;
    const fields = changed(before, after, {
      name: (r) => [r.firstName, r.lastName],
      dateOfBirth: (r) => r.dateOfBirth,
      address: (r) => r.address,
      allergies: (r) => r.allergies.map((a) => a.toLowerCase()),
      relationship: () => null,
      phones: () => null,
      email: () => null,
      canPickup: () => null,
      active: () => null,
      children: () => null,
      messages: () => null,
    });
    if (fields.length === 0) return;
    await recordAudit(
      tx,
      {
        actorUserId: director.id,
        action: 'student.correct',
        entityType: 'Student',
        entityId: studentId,
        before,
        after: { ...after, reason: body.reason },
      },
      now,
    );
    await mailParents(tx, studentId, { kind: 'child' }, after.firstName, fields, body.reason);
    if (fields.includes('name')) {
      // The child's name is on the passes of the adults who collect them.
      const adults = await tx
        .select({ id: studentTrustees.trusteeId })
        .from(studentTrustees)
        .where(eq(studentTrustees.studentId, studentId));
      for (const a of adults) touched.push(...(await touchPassesOf(tx, a.id, now)));
    }
  });
  passesChanged(ctx, touched);
  ctx.work.runNow();
  return (await readChild(ctx.db, ctx.clock, director, studentId))!;
}

type ContactRecord = {
  firstName: string;
  lastName: string;
  relationship: string;
  homePhone: string | null;
  cellPhone: string | null;
  emailAddress: string | null;
  canPickup: boolean;
  isActive: boolean;
  receiveSMS: boolean;
  receiveEmail: boolean;
  studentIds: string[];
};

async function contactRecord(tx: DbOrTx, trusteeId: string): Promise<ContactRecord | null> {
  const [row] = await tx.select().from(trustees).where(eq(trustees.id, trusteeId)).for('update');
  if (!row) return null;
  const links = await tx
    .select({ id: studentTrustees.studentId })
    .from(studentTrustees)
    .where(eq(studentTrustees.trusteeId, trusteeId));
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    relationship: row.relationship,
    homePhone: row.homePhone,
    cellPhone: row.cellPhone,
    emailAddress: row.emailAddress,
    canPickup: row.canPickup,
    isActive: row.isActive,
    receiveSMS: row.receiveSMS,
    receiveEmail: row.receiveEmail,
    studentIds: links.map((l) => l.id).sort(),
  };
}

/**
 * `PUT /api/staff/children/{studentId}/contacts/{trusteeId}` (the director): one of the child's emergency
 * contacts, as the parent form has it, with the reason. 404 when the contact is not listed for this child (or
 * either id is unknown); 400 on studentIds when a child is not of the contact's family (checked after the
 * contact's own columns are written: the transaction undoes them). Answers the child's page.
 */
export async function correctContact(
  ctx: AppContext,
  director: AuthUser,
  studentId: string,
  trusteeId: string,
  body: ContactBody,
): Promise<StaffChild> {
  if (!isUuid(studentId) || !isUuid(trusteeId)) throw notFound('contact');
  const now = ctx.clock.now();
  let touched: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const [listed] = await tx
      .select({ id: studentTrustees.trusteeId })
      .from(studentTrustees)
      .where(and(eq(studentTrustees.studentId, studentId), eq(studentTrustees.trusteeId, trusteeId)));
    if (!listed) throw notFound('contact');
    const before = (await contactRecord(tx, trusteeId))!;
    const { studentIds, ...columns } = body.contact;
    await tx.update(trustees).set(columns).where(eq(trustees.id, trusteeId));
    // The children of the contact's family: those of the parent accounts that keep the contact.
    const family = await queryRows<{ id: string }>(
      tx,
      sql`select distinct us.student_id as id from user_students us
        join user_trustees ut on ut.user_id = us.user_id where ut.trustee_id = ${trusteeId}`,
    );
    const allowed = new Set(family.map((f) => f.id));
    const wanted = [...new Set(studentIds)];
    if (wanted.some((id) => !allowed.has(id))) {
      throw new HttpError(400, 'family.custody.contactOnlyThisFamily', {
        fields: { 'contact.studentIds': 'family.custody.contactOnlyThisFamily' },
      });
    }
    await tx.delete(studentTrustees).where(eq(studentTrustees.trusteeId, trusteeId));
    await tx.insert(studentTrustees).values(wanted.map((id) => ({ studentId: id, trusteeId })));
    const after = (await contactRecord(tx, trusteeId))!;
    const fields = changed(before, after, {
      name: (r) => [r.firstName, r.lastName],
      dateOfBirth: () => null,
      address: () => null,
      allergies: () => null,
      relationship: (r) => r.relationship,
      phones: (r) => [r.homePhone, r.cellPhone],
      email: (r) => r.emailAddress,
      canPickup: (r) => r.canPickup,
      active: (r) => r.isActive,
      children: (r) => r.studentIds,
      messages: (r) => [r.receiveSMS, r.receiveEmail],
    });
    if (fields.length === 0) return;
    await recordAudit(
      tx,
      {
        actorUserId: director.id,
        action: 'trustee.correct',
        entityType: 'Trustee',
        entityId: trusteeId,
        before,
        after: { ...after, reason: body.reason },
      },
      now,
    );
    const [child] = await tx
      .select({ firstName: students.firstName })
      .from(students)
      .where(eq(students.id, studentId));
    await mailParents(
      tx,
      studentId,
      { kind: 'contact', contact: `${after.firstName} ${after.lastName}` },
      child!.firstName,
      fields,
      body.reason,
    );
    touched = await touchPassesOf(tx, trusteeId, now);
  });
  passesChanged(ctx, touched);
  ctx.work.runNow();
  return (await readChild(ctx.db, ctx.clock, director, studentId))!;
}
