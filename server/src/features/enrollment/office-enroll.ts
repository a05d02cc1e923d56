/**
 * The director enrolls a child by hand (issue 10), e.g. paid by check: an `offline` payment and an `Enrolled`
 * place under the session lock, with the office's age override (decision 018).
 */
import type { ManualEnrollInput } from '@lc/contract';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { students, waitlistSubmissions } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { postEntries } from '../billing/ledger.ts';
import { enrolledByOfficeMail } from '../billing/money-mail.ts';
import { chargeEntries, dueOnFor, insertOfficePayment, placePrice } from '../billing/office-ledger.ts';
import type { MoneyDeps } from '../billing/refunds.ts';
import { ageRefusal } from './eligibility.ts';
import { lockSession, seatChild } from './office-places.ts';
import { childOf, parentsOf, seatsChanged } from './withdraw.ts';

/**
 * Enroll a child by hand (e.g. paid by check): a `Paid` payment with provider `offline`, `amount` cents and
 * the office's note, and an `Enrolled` place, under the session lock. A child holding an offer in this
 * session brings that seat. Every parent of the family is emailed (decision 018). 404 unknown session or
 * child; 400 a child with no parent account; 409 the session full ("… is full (8 of 8 seats taken) …") or the
 * child already has a place there; 409 a child outside the session's age limits on its first day, with the
 * families' eligibility sentence (`ageRefusal`) on field `ageOverrideReason`, unless the director gave
 * `ageOverrideReason` (enroll anyway; the reason and the sentence go into the audit row, decision 018).
 */
export async function enrollByHand(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  input: ManualEnrollInput,
): Promise<{ enrollmentId: string; paymentId: string }> {
  const result = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const session = await lockSession(tx, deps, classSessionId);
    const child = await childOf(tx, input.studentId);
    if (!child)
      throw new HttpError(404, 'billing.enroll.childNotFound', {
        fields: { studentId: 'billing.enroll.childNotFound' },
      });
    const parents = await parentsOf(tx, child.id);
    const parent = parents[0];
    if (!parent)
      throw new HttpError(400, 'billing.enroll.noParent', {
        fields: { studentId: 'billing.enroll.noParent' },
      });
    const [born] = await tx
      .select({ dateOfBirth: students.dateOfBirth })
      .from(students)
      .where(eq(students.id, child.id));
    const outsideAges = ageRefusal(session, {
      id: child.id,
      firstName: child.firstName,
      lastName: child.lastName,
      dateOfBirth: born!.dateOfBirth,
      enrollmentStatus: null,
      holdExpiresAt: null,
      waitlistStatus: null,
      waitlistPosition: null,
      offerExpires: null,
    });
    if (outsideAges && !input.ageOverrideReason)
      throw new HttpError(409, 'billing.enroll.outsideAges', {
        params: { refusal: outsideAges },
        fields: { ageOverrideReason: 'billing.enroll.outsideAges' },
      });
    const [live] = await queryRows<{ id: string }>(
      tx,
      sql`select id from class_session_enrollments where class_session_id = ${classSessionId}
        and student_id = ${child.id}
        and (status = 'Enrolled' or (status = 'PendingPayment' and hold_expires_at > ${now}))`,
    );
    const alreadyPlaced = { child: child.firstName, session: session.name };
    if (live)
      throw new HttpError(409, 'billing.office.alreadyPlaced', {
        params: alreadyPlaced,
        fields: { studentId: 'billing.office.alreadyPlaced' },
      });
    const [offer] = await tx
      .select({ id: waitlistSubmissions.id })
      .from(waitlistSubmissions)
      .where(
        and(
          eq(waitlistSubmissions.classSessionId, classSessionId),
          eq(waitlistSubmissions.studentId, child.id),
          eq(waitlistSubmissions.status, 'Offered'),
          sql`${waitlistSubmissions.expires} > ${now}`,
        ),
      );
    if (session.seatsLeft === 0 && !offer)
      throw new HttpError(409, 'billing.enroll.full', {
        params: { session: session.name, taken: session.seatsTaken, count: session.row.rosterSize },
        fields: { studentId: 'billing.enroll.full' },
      });
    const payment = await insertOfficePayment(tx, {
      amount: input.amount,
      note: input.note,
      description: `${session.name} — enrolled by the office`,
      emailAddress: parent.emailAddress,
      classSessionId,
      userId: parent.id,
      now,
    });
    const enrollmentId = await seatChild(
      tx,
      { classSessionId, studentId: child.id, paymentId: payment.id, now },
      { field: 'studentId', code: 'billing.office.alreadyPlaced', params: alreadyPlaced },
    );
    // The place is charged its price and the money received is paid against it (decision 022): a deposit
    // leaves the rest due on the session's first day.
    const today = deps.clock.today(now);
    const price =
      input.charge === undefined
        ? await placePrice(tx, session.row, parent.id, child.id, { now, today })
        : { charge: input.charge, discount: 0 };
    const place = { payerUserId: parent.id, classSessionId, studentId: child.id };
    await postEntries(
      tx,
      [
        ...chargeEntries(
          price,
          { ...place, dueOn: dueOnFor(session.row, today) },
          `office-enroll:${enrollmentId}`,
        ),
        {
          ...place,
          kind: 'payment',
          amount: input.amount,
          paymentId: payment.id,
          method: input.method ?? 'other',
          reference: input.note,
          idempotencyKey: `office-enroll:${enrollmentId}:payment`,
        },
      ],
      { createdBy: actorUserId, now },
    );
    for (const to of parents)
      await enqueueMail(
        tx,
        enrolledByOfficeMail({
          to: to.emailAddress,
          parentName: to.firstName,
          childName: child.firstName,
          sessionName: session.name,
          sessionId: classSessionId,
          amount: input.amount,
          note: input.note,
          appUrl: deps.appUrl,
          language: to.language,
        }),
      );
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'enrollment.create.offline',
        entityType: 'ClassSessionEnrollment',
        entityId: enrollmentId,
        before: null,
        after: {
          classSessionId,
          studentId: child.id,
          paymentId: payment.id,
          amount: input.amount,
          charged: price.charge - price.discount,
          note: input.note,
          ...(outsideAges ? { ageOverride: { reason: input.ageOverrideReason, refusal: outsideAges } } : {}),
        },
      },
      now,
    );
    return { enrollmentId: enrollmentId, paymentId: payment.id };
  });
  seatsChanged(deps);
  return result;
}
