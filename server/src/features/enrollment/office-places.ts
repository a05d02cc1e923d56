/**
 * The director's changes to who holds a seat (issue 10, "Enrollments, waitlists and money"): withdraw a
 * child (optionally refunding), move a child to another session, enroll a child by hand (e.g. paid by check:
 * a payment recorded with provider `offline` and a note), and act on a session's waitlist.
 *
 * Every change takes the session row lock like every other writer of seats (`readSession(…, { lock: true })`,
 * seats.ts; lock order: payment row, then session rows in id order), writes its audit row and the family's
 * email in the same transaction, and a freed seat is offered to the waitlist by the same code a lapsed hold
 * uses (`offerFreedSeats`). After commit the catalog's counts and the seat gate are refreshed.
 */
import type {
  ManualEnrollInput,
  MoveInput,
  MoveTarget,
  StaffChildMatch,
  StaffEnrollment,
  WaitlistAction,
  WithdrawInput,
  WithdrawPreview,
  WithdrawPreviewInput,
} from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import {
  classSessionEnrollments,
  classSessions,
  payments,
  students,
  waitlistSubmissions,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { seatsTakenSql } from '../class-sessions/find-class-sessions.ts';
import { ageRefusal } from '../enrollment/eligibility.ts';
import { seatOfferedMail } from '../enrollment/registration-mail.ts';
import { type LockedSession, readSession } from '../enrollment/seats.ts';
import { acceptWaitlistPlaces, offerFreedSeats } from '../enrollment/waitlist.ts';
import {
  childOf,
  parentsOf,
  quoteForOffice,
  seatsChanged,
  withdrawEnrollment,
} from '../enrollment/withdraw.ts';
import { familyRecipients } from '../family/mail-recipients.ts';
import { enrolledByOfficeMail, movedMail, waitlistRemovedMail, withdrawnMail } from './money-mail.ts';
import { type MoneyDeps, newRefundKey } from './refunds.ts';

const UNIQUE_VIOLATION = '23505';

async function lockSession(tx: Tx, deps: MoneyDeps, classSessionId: number): Promise<LockedSession> {
  const now = deps.clock.now();
  const session = await readSession(tx, classSessionId, now, deps.clock.today(now), { lock: true });
  if (!session) throw notFound('That session');
  return session;
}

const notEnrolled = () => {
  const message = 'That child is not enrolled in this session.';
  return new HttpError(404, message, { studentId: message });
};

/**
 * Withdraw an enrolled child from session `classSessionId` with a reason (`withdrawEnrollment`, shared with
 * the parent's withdrawal in the portal): the enrollment becomes `Withdrawn` (`withdrawn_reason`,
 * `withdrawn_at`), the family is emailed, the freed seat is offered to the next waiting family. With
 * `refundAmount` > 0 (cents) a refund of the child's payment is reserved in the same transaction and made
 * after commit. 404 session or enrolled child; 409 a place withdrawn meanwhile (a parent got there first);
 * 400 (field `refundAmount`) a refund the payment cannot give; 502 when the provider refuses the refund (the
 * child stays withdrawn; nothing counts as refunded, and the message says so).
 */
export async function withdrawChild(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  input: WithdrawInput & { refundAmount: number },
): Promise<{ refundId: string | null; offered: number }> {
  const enrollment = await enrolledPlace(deps, classSessionId, input.studentId);
  let outcome: Awaited<ReturnType<typeof withdrawEnrollment>>;
  try {
    outcome = await withdrawEnrollment(deps, {
      actor: { kind: 'staff', userId: actorUserId },
      enrollmentId: enrollment.id,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey ?? null,
      refundKey: input.idempotencyKey ?? newRefundKey(),
      decide: (_tx, place) => {
        if (input.refundAmount > 0 && !place.payment) {
          const message = 'This place has no payment on record, so there is nothing to refund. Enter 0.';
          throw new HttpError(400, message, { refundAmount: message });
        }
        return {
          amount: input.refundAmount,
          reason: `Withdrawn: ${input.reason}`,
          // The internal note is the row's `reason`; what the family was told is kept beside it.
          audit: { familyMessage: input.familyMessage?.trim() || null },
        };
      },
      mails: (place) =>
        withdrawalMails(place.parents, place.child.firstName, place.session.name, input.familyMessage),
    });
  } catch (error) {
    // The dialog's refund field is `refundAmount`.
    if (error instanceof HttpError && error.fields?.amount)
      throw new HttpError(error.statusCode, error.message, { refundAmount: error.fields.amount });
    throw error;
  }
  if (outcome.refundStatus === 'Failed')
    throw new HttpError(
      502,
      `The child is withdrawn and the seat was offered on, but the refund did not go through: ${outcome.refundError} You can refund it from Payments.`,
    );
  return { refundId: outcome.refundId, offered: outcome.offered };
}

/** The id of the child's `Enrolled` place in the session; 404 an unknown session or a child not enrolled. */
async function enrolledPlace(deps: MoneyDeps, classSessionId: number, studentId: string) {
  const [enrollment] = await deps.db
    .select({ id: classSessionEnrollments.id })
    .from(classSessionEnrollments)
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, classSessionId),
        eq(classSessionEnrollments.studentId, studentId),
        eq(classSessionEnrollments.status, 'Enrolled'),
      ),
    );
  if (enrollment) return enrollment;
  const [session] = await deps.db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.id, classSessionId));
  if (!session) throw notFound('That session');
  throw notEnrolled();
}

/**
 * The office's withdrawal mail to each parent who gets the family's mail (decision 018), each in their
 * language, with the director's message to the family (never the internal note). The withdrawal and its
 * preview both build it here, so the preview is the mail.
 */
function withdrawalMails(
  parents: { emailAddress: string; firstName: string; language: string }[],
  childName: string,
  sessionName: string,
  familyMessage: string | undefined,
) {
  return parents.map((parent) =>
    withdrawnMail({
      to: parent.emailAddress,
      parentName: parent.firstName,
      childName,
      sessionName,
      familyMessage,
      language: parent.language,
    }),
  );
}

/**
 * What withdrawing the child from session `classSessionId` would do, changing nothing: the refund the
 * session's policy gives today (the parent's withdrawal quote, `quoteForOffice`; the dialog starts its refund
 * there) and the exact mails the family would get with `familyMessage`. 404 unknown session or a child not
 * enrolled in it.
 */
export async function previewWithdrawal(
  deps: MoneyDeps,
  classSessionId: number,
  input: WithdrawPreviewInput,
): Promise<WithdrawPreview> {
  const enrollment = await enrolledPlace(deps, classSessionId, input.studentId);
  const quote = await quoteForOffice(deps, enrollment.id);
  const parents = await parentsOf(deps.db, input.studentId);
  const mails = withdrawalMails(parents, quote.child.firstName, quote.classSession.name, input.familyMessage);
  return { quote, mails: mails.map(({ to, subject, text }) => ({ to, subject, text })) };
}

/**
 * The sessions the child enrolled in `fromId` can move to (the move dialog's list): shown to families
 * (`is_active`; a hidden session is not offered), not ended on the center's today, not `fromId`, with a seat
 * left, and where the child holds no place (enrolled, or a seat held for a checkout). By name. 404 an unknown
 * session or a child not enrolled in it.
 */
export async function moveTargets(deps: MoneyDeps, fromId: number, studentId: string): Promise<MoveTarget[]> {
  await enrolledPlace(deps, fromId, studentId);
  const now = deps.clock.now();
  const today = deps.clock.today(now);
  const rows = await queryRows<{
    id: number;
    name: string;
    session_start_date: string;
    roster_size: number;
    seats_taken: number;
  }>(
    deps.db,
    sql`select * from (
        select class_sessions.id, class_sessions.name,
          class_sessions.session_start_date::text as session_start_date, class_sessions.roster_size,
          ${seatsTakenSql(now)} as seats_taken
        from class_sessions
        where class_sessions.is_active and class_sessions.session_end_date >= ${today}
          and class_sessions.id <> ${fromId}
          and not exists (select 1 from class_session_enrollments e
            where e.class_session_id = class_sessions.id and e.student_id = ${studentId}
              and (e.status = 'Enrolled' or (e.status = 'PendingPayment' and e.hold_expires_at > ${now})))
      ) t
      where t.seats_taken < t.roster_size
      order by lower(t.name), t.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    sessionStartDate: r.session_start_date,
    rosterSize: r.roster_size,
    seatsTaken: r.seats_taken,
  }));
}

/**
 * Move an enrolled child from session `fromId` to `input.toClassSessionId` in one transaction: withdrawn
 * from the first (its seat offered to that waitlist), enrolled in the second with the same payment. 404 an
 * unknown session or a child not enrolled; 409 the same session, the second session full, or the child
 * already there. Both sessions are locked in id order (no deadlock with another move the other way).
 */
export async function moveChild(
  deps: MoneyDeps,
  actorUserId: string,
  fromId: number,
  input: MoveInput,
): Promise<{ enrollmentId: string }> {
  const toId = input.toClassSessionId;
  if (toId === fromId) {
    const message = 'Choose a different session to move to.';
    throw new HttpError(409, message, { toClassSessionId: message });
  }
  const result = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const locked = new Map<number, LockedSession>();
    for (const id of [fromId, toId].sort((x, y) => x - y)) {
      const session = await readSession(tx, id, now, deps.clock.today(now), { lock: true });
      if (!session) {
        const message = 'That session was not found.';
        throw new HttpError(404, message, id === toId ? { toClassSessionId: message } : undefined);
      }
      locked.set(id, session);
    }
    const from = locked.get(fromId)!;
    const to = locked.get(toId)!;
    const [enrollment] = await tx
      .select()
      .from(classSessionEnrollments)
      .where(
        and(
          eq(classSessionEnrollments.classSessionId, fromId),
          eq(classSessionEnrollments.studentId, input.studentId),
          eq(classSessionEnrollments.status, 'Enrolled'),
        ),
      );
    if (!enrollment) throw notEnrolled();
    const child = (await childOf(tx, input.studentId))!;
    if (to.seatsLeft === 0) {
      const message = `${to.name} is full (${to.seatsTaken} of ${to.row.rosterSize} seats taken), so ${child.firstName} cannot move there. Withdraw a child there or raise its roster size first.`;
      throw new HttpError(409, message, { toClassSessionId: message });
    }
    await tx
      .update(classSessionEnrollments)
      .set({
        status: 'Withdrawn',
        withdrawnReason: `Moved to ${to.name}: ${input.reason}`,
        withdrawnAt: now,
        updated: now,
      })
      .where(eq(classSessionEnrollments.id, enrollment.id));
    const movedId = await seatChild(
      tx,
      { classSessionId: toId, studentId: input.studentId, paymentId: enrollment.paymentId, now },
      { field: 'toClassSessionId', message: `${child.firstName} already has a place in ${to.name}.` },
    );
    for (const parent of await parentsOf(tx, input.studentId))
      await enqueueMail(
        tx,
        movedMail({
          to: parent.emailAddress,
          parentName: parent.firstName,
          childName: child.firstName,
          fromName: from.name,
          toName: to.name,
          toId,
          appUrl: deps.appUrl,
          language: parent.language,
        }),
      );
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'enrollment.move',
        entityType: 'ClassSessionEnrollment',
        entityId: enrollment.id,
        before: { classSessionId: fromId, enrollmentId: enrollment.id, status: 'Enrolled' },
        after: {
          classSessionId: toId,
          enrollmentId: movedId,
          paymentId: enrollment.paymentId,
          reason: input.reason,
        },
      },
      now,
    );
    await offerFreedSeats(tx, deps, fromId);
    return { enrollmentId: movedId };
  });
  seatsChanged(deps);
  return result;
}

function codeOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/**
 * Gives the child an `Enrolled` place in session `classSessionId` paid by `paymentId`, and marks done
 * (`Accepted`) any waitlist place the child held there. The caller holds the session lock and has checked
 * the seats. A place the child already has there (the unique index) → 409 with `conflict.message` on field
 * `conflict.field`. Answers the new enrollment's id.
 */
async function seatChild(
  tx: Tx,
  place: {
    classSessionId: number;
    studentId: string;
    paymentId: typeof classSessionEnrollments.$inferInsert.paymentId;
    now: Date;
  },
  conflict: { field: string; message: string },
): Promise<string> {
  const { classSessionId, studentId, paymentId, now } = place;
  let enrollment: { id: string } | undefined;
  try {
    [enrollment] = await tx
      .insert(classSessionEnrollments)
      .values({ classSessionId, studentId, status: 'Enrolled', paymentId, created: now, updated: now })
      .returning({ id: classSessionEnrollments.id });
  } catch (error) {
    if (codeOf(error) === UNIQUE_VIOLATION)
      throw new HttpError(409, conflict.message, { [conflict.field]: conflict.message });
    throw error;
  }
  await acceptWaitlistPlaces(tx, classSessionId, [studentId]);
  return enrollment!.id;
}

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
    if (!child) {
      const message = 'That child was not found. Search again and choose from the list.';
      throw new HttpError(404, message, { studentId: message });
    }
    const parents = await parentsOf(tx, child.id);
    const parent = parents[0];
    if (!parent) {
      const message = 'This child has no parent account to send the receipt to.';
      throw new HttpError(400, message, { studentId: message });
    }
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
      throw new HttpError(409, outsideAges, { ageOverrideReason: outsideAges });
    const [live] = await queryRows<{ id: string }>(
      tx,
      sql`select id from class_session_enrollments where class_session_id = ${classSessionId}
        and student_id = ${child.id}
        and (status = 'Enrolled' or (status = 'PendingPayment' and hold_expires_at > ${now}))`,
    );
    if (live) {
      const message = `${child.firstName} already has a place in ${session.name}.`;
      throw new HttpError(409, message, { studentId: message });
    }
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
    if (session.seatsLeft === 0 && !offer) {
      const message = `${session.name} is full (${session.seatsTaken} of ${session.row.rosterSize} seats taken). Withdraw a child or raise the roster size first.`;
      throw new HttpError(409, message, { studentId: message });
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        status: 'Paid',
        originalAmount: input.amount,
        finalAmount: input.amount,
        provider: 'offline',
        note: input.note,
        lineItems: [
          {
            description: `${session.name} — enrolled by the office`,
            unitAmount: input.amount,
            quantity: 1,
            amount: input.amount,
          },
        ],
        emailAddress: parent.emailAddress,
        classSessionId,
        userId: parent.id,
        created: now,
      })
      .returning({ id: payments.id });
    const enrollmentId = await seatChild(
      tx,
      { classSessionId, studentId: child.id, paymentId: payment!.id, now },
      { field: 'studentId', message: `${child.firstName} already has a place in ${session.name}.` },
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
          paymentId: payment!.id,
          amount: input.amount,
          note: input.note,
          ...(outsideAges ? { ageOverride: { reason: input.ageOverrideReason, refusal: outsideAges } } : {}),
        },
      },
      now,
    );
    return { enrollmentId: enrollmentId, paymentId: payment!.id };
  });
  seatsChanged(deps);
  return result;
}

/**
 * Act on a child's open waitlist place in session `classSessionId` (see `WAITLIST_ACTIONS`):
 * - `offer`: a `Waiting` child is offered a free seat now, for WAITLIST_OFFER_HOURS, with the usual email;
 *   409 when no seat is free (an offer holds a seat; the center never offers one it does not have);
 * - `skip`: the child keeps waiting, at the end of the line; a seat they were offered goes to the next family;
 * - `remove`: the place ends (`Withdrawn`), the family is emailed, a seat they were offered goes on.
 * 404 unknown session or no open place for the child.
 */
export async function actOnWaitlist(
  deps: MoneyDeps,
  actorUserId: string,
  classSessionId: number,
  studentId: string,
  action: WaitlistAction,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const session = await lockSession(tx, deps, classSessionId);
    const [place] = await tx
      .select()
      .from(waitlistSubmissions)
      .where(
        and(
          eq(waitlistSubmissions.classSessionId, classSessionId),
          eq(waitlistSubmissions.studentId, studentId),
          inArray(waitlistSubmissions.status, ['Waiting', 'Offered']),
        ),
      );
    if (!place) throw notFound('That waitlist place');
    const child = (await childOf(tx, studentId))!;
    // The family of the parent who joined the line (decision 018).
    const parents = await familyRecipients(tx, { userId: place.userId });
    let after: Record<string, unknown>;
    if (action === 'offer') {
      if (place.status === 'Offered') throw new HttpError(409, `${child.firstName} already has an offer.`);
      if (session.seatsLeft === 0)
        throw new HttpError(
          409,
          `${session.name} has no free seat to offer (${session.seatsTaken} of ${session.row.rosterSize} taken). Withdraw a child or raise the roster size first.`,
        );
      const expires = new Date(now.getTime() + deps.waitlistOfferHours * 3_600_000);
      await tx
        .update(waitlistSubmissions)
        .set({ status: 'Offered', expires })
        .where(eq(waitlistSubmissions.id, place.id));
      for (const parent of parents)
        await enqueueMail(
          tx,
          seatOfferedMail({
            to: parent.emailAddress,
            parentName: parent.firstName,
            childName: child.firstName,
            sessionName: session.name,
            sessionId: classSessionId,
            expires,
            timeZone: deps.timeZone,
            appUrl: deps.appUrl,
            language: parent.language,
          }),
        );
      after = { status: 'Offered', expires: expires.toISOString() };
    } else if (action === 'skip') {
      await tx
        .update(waitlistSubmissions)
        .set({ status: 'Waiting', expires: null, created: now })
        .where(eq(waitlistSubmissions.id, place.id));
      after = { status: 'Waiting', joinedAt: now.toISOString(), movedToEnd: true };
    } else {
      await tx
        .update(waitlistSubmissions)
        .set({ status: 'Withdrawn' })
        .where(eq(waitlistSubmissions.id, place.id));
      for (const parent of parents)
        await enqueueMail(
          tx,
          waitlistRemovedMail({
            to: parent.emailAddress,
            parentName: parent.firstName,
            childName: child.firstName,
            sessionName: session.name,
            language: parent.language,
          }),
        );
      after = { status: 'Withdrawn' };
    }
    await recordAudit(
      tx,
      {
        actorUserId,
        action: `waitlist.${action}`,
        entityType: 'WaitlistSubmission',
        entityId: place.id,
        before: { status: place.status, joinedAt: place.created.toISOString(), classSessionId, studentId },
        after,
      },
      now,
    );
    // A seat that an offer held (skip, remove) goes to the next child in line.
    if (action !== 'offer' && place.status === 'Offered') await offerFreedSeats(tx, deps, classSessionId);
  });
  seatsChanged(deps);
}

/** The enrolled children of a session with their payment's money (cents), for the roster's actions. */
export async function sessionEnrollments(
  deps: MoneyDeps,
  classSessionId: number,
): Promise<StaffEnrollment[]> {
  const rows = await queryRows<{
    enrollment_id: string;
    student_id: string;
    first_name: string;
    last_name: string;
    payment_id: string | null;
    provider: string | null;
    payment_status: string | null;
    final_amount: number | null;
    refunded_amount: number | null;
    pending: number | null;
  }>(
    deps.db,
    sql`select e.id as enrollment_id, s.id as student_id, s.first_name, s.last_name, p.id as payment_id,
        p.provider, p.status as payment_status, p.final_amount, p.refunded_amount,
        (select coalesce(sum(r.amount), 0)::int from refunds r
          where r.payment_id = p.id and r.status = 'Pending') as pending
      from class_session_enrollments e
      join students s on s.id = e.student_id
      left join payments p on p.id = e.payment_id
      where e.class_session_id = ${classSessionId} and e.status = 'Enrolled'
      order by lower(s.last_name), lower(s.first_name), s.id`,
  );
  return rows.map((r) => ({
    enrollmentId: r.enrollment_id,
    studentId: r.student_id,
    firstName: r.first_name,
    lastName: r.last_name,
    paymentId: r.payment_id,
    provider: r.provider,
    paymentStatus: r.payment_status as StaffEnrollment['paymentStatus'],
    finalAmount: r.final_amount ?? 0,
    refundedAmount: r.refunded_amount ?? 0,
    refundable:
      r.payment_status === 'Paid'
        ? Math.max(0, (r.final_amount ?? 0) - (r.refunded_amount ?? 0) - (r.pending ?? 0))
        : 0,
  }));
}

/**
 * Children to enroll by hand: those whose first or last name, or a parent's name or email, contains `q`
 * (case-insensitive), at most 20, with their parents.
 */
export async function searchChildren(deps: MoneyDeps, q: string): Promise<StaffChildMatch[]> {
  const rows = await queryRows<{
    student_id: string;
    first_name: string;
    last_name: string;
    date_of_birth: string;
    parents: { name: string; emailAddress: string }[] | string;
  }>(
    deps.db,
    sql`select s.id as student_id, s.first_name, s.last_name, s.date_of_birth::text as date_of_birth,
        (select coalesce(json_agg(json_build_object('name', u.first_name || ' ' || u.last_name,
            'emailAddress', u.email_address) order by u.last_name, u.first_name), '[]'::json)
          from user_students us join users u on u.id = us.user_id where us.student_id = s.id) as parents
      from students s
      where position(lower(${q}) in lower(s.first_name || ' ' || s.last_name)) > 0
        or exists (select 1 from user_students us join users u on u.id = us.user_id
          where us.student_id = s.id
            and (position(lower(${q}) in lower(u.first_name || ' ' || u.last_name)) > 0
              or position(lower(${q}) in lower(u.email_address)) > 0))
      order by lower(s.last_name), lower(s.first_name), s.id
      limit 20`,
  );
  return rows.map((r) => ({
    studentId: r.student_id,
    firstName: r.first_name,
    lastName: r.last_name,
    dateOfBirth: r.date_of_birth,
    parents: typeof r.parents === 'string' ? JSON.parse(r.parents) : r.parents,
  }));
}
