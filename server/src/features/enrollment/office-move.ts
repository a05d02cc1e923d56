/**
 * The director moves an enrolled child to another session (issue 10): the sessions it can move to, and the
 * move itself in one transaction (withdrawn from one, enrolled in the other with the same payment).
 */
import type { MoveInput, MoveTarget } from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { classSessionEnrollments, classSessions } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { movedMail } from '../billing/money-mail.ts';
import { postMove, quoteMove } from '../billing/office-ledger.ts';
import type { MoneyDeps } from '../billing/refunds.ts';
import { seatsTakenSql } from '../class-sessions/find-class-sessions.ts';
import { enrolledPlace, notEnrolled, seatChild } from './office-places.ts';
import { type LockedSession, readSession } from './seats.ts';
import { offerFreedSeats } from './waitlist.ts';
import { childOf, parentsOf, seatsChanged } from './withdraw.ts';

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
  if (rows.length === 0) return [];
  const sessionRows = await deps.db
    .select()
    .from(classSessions)
    .where(inArray(classSessions.id, [fromId, ...rows.map((r) => r.id)]));
  const byId = new Map(sessionRows.map((r) => [r.id, r]));
  const [parent] = await parentsOf(deps.db, studentId);
  const targets: MoveTarget[] = [];
  for (const r of rows) {
    // What the move would charge there and carry over (office-ledger.ts), shown before the director confirms.
    const quote = await quoteMove(deps.db, {
      from: byId.get(fromId)!,
      to: byId.get(r.id)!,
      studentId,
      fallbackPayer: parent?.id ?? '00000000-0000-0000-0000-000000000000',
      now,
      today,
    });
    targets.push({
      id: r.id,
      name: r.name,
      sessionStartDate: r.session_start_date,
      rosterSize: r.roster_size,
      seatsTaken: r.seats_taken,
      price: quote.price.charge - quote.price.discount,
      balanceAfter: quote.balanceAfter,
    });
  }
  return targets;
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
  const result = await deps.db.transaction(async (tx) => {
    const moved = await moveInTx(tx, deps, actorUserId, fromId, input);
    await offerFreedSeats(tx, deps, fromId);
    return { enrollmentId: moved.enrollmentId };
  });
  seatsChanged(deps);
  return result;
}

/**
 * The single move's steps inside the caller's transaction `tx` (see {@link moveChild}), without offering the
 * freed seat (the caller does, once): a move of several children (office-bulk-move.ts) runs this for each in
 * one transaction, so when one cannot go nothing changes. Answers the new enrollment's id. Throws as
 * {@link moveChild}.
 */
export async function moveInTx(
  tx: Tx,
  deps: MoneyDeps,
  actorUserId: string,
  fromId: number,
  input: MoveInput,
): Promise<{ enrollmentId: string }> {
  const toId = input.toClassSessionId;
  if (toId === fromId)
    throw new HttpError(409, 'billing.move.sameSession', {
      fields: { toClassSessionId: 'billing.move.sameSession' },
    });
  const now = deps.clock.now();
  const locked = new Map<number, LockedSession>();
  for (const id of [fromId, toId].sort((x, y) => x - y)) {
    const session = await readSession(tx, id, now, deps.clock.today(now), { lock: true });
    if (!session)
      throw new HttpError(404, 'notFound.session', {
        fields: id === toId ? { toClassSessionId: 'notFound.session' } : undefined,
      });
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
  if (to.seatsLeft === 0)
    throw new HttpError(409, 'billing.move.full', {
      params: { session: to.name, taken: to.seatsTaken, count: to.row.rosterSize, child: child.firstName },
      fields: { toClassSessionId: 'billing.move.full' },
    });
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
    {
      field: 'toClassSessionId',
      code: 'billing.office.alreadyPlaced',
      params: { child: child.firstName, session: to.name },
    },
  );
  const parents = await parentsOf(tx, input.studentId);
  const balanceAfter = parents[0]
    ? await postMove(tx, {
        enrollmentId: enrollment.id,
        from: from.row,
        to: to.row,
        studentId: input.studentId,
        fallbackPayer: parents[0].id,
        actorUserId,
        now,
        today: deps.clock.today(now),
      })
    : 0;
  for (const parent of parents)
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
        balanceAfter,
      },
    },
    now,
  );
  return { enrollmentId: movedId };
}
