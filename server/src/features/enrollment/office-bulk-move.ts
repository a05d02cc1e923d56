/**
 * The director moves several children of a roster to another session at once (issue 24: "for the director
 * move … several children with one confirmation that lists each consequence"). The preview answers, child by
 * child, what the single move would do (`quoteMove`: the price there and the family's balance after it) or
 * why the child cannot go; the move runs the single move's own steps (`moveInTx`) for every child in one
 * transaction, so when one child cannot go — the session is full by then, the child already has a place
 * there, or is no longer enrolled here — nothing changes and the answer names that child. Each child's move is
 * audited (`enrollment.move`) and mailed to the family exactly as a single move is. Money is integer cents.
 */
import type { BulkMoveInput, BulkMovePreview, BulkMovePreviewInput, BulkMoveResult } from '@lc/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { classSessionEnrollments, classSessions, students } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { quoteMove } from '../billing/office-ledger.ts';
import type { MoneyDeps } from '../billing/refunds.ts';
import { moveInTx } from './office-move.ts';
import { readSession } from './seats.ts';
import { offerFreedSeats } from './waitlist.ts';
import { parentsOf, seatsChanged } from './withdraw.ts';

type Child = { id: string; firstName: string; lastName: string };

/** The chosen children enrolled in `fromId`, in the order given; a child not enrolled there answers 404. */
async function enrolledChildren(deps: MoneyDeps, fromId: number, ids: string[]): Promise<Child[]> {
  const rows = await deps.db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(classSessionEnrollments)
    .innerJoin(students, eq(students.id, classSessionEnrollments.studentId))
    .where(
      and(
        eq(classSessionEnrollments.classSessionId, fromId),
        inArray(classSessionEnrollments.studentId, ids),
        eq(classSessionEnrollments.status, 'Enrolled'),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) {
    const [child] = await deps.db.select().from(students).where(eq(students.id, missing));
    if (!child)
      throw new HttpError(404, 'billing.office.notEnrolled', {
        fields: { studentIds: 'billing.office.notEnrolled' },
      });
    throw new HttpError(409, 'billing.bulkMove.notEnrolled', {
      params: { child: `${child.firstName} ${child.lastName}` },
    });
  }
  return ids.map((id) => byId.get(id)!);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * `POST /api/staff/sessions/{fromId}/bulk-move/preview`: per child, the single move's quote in session
 * `toClassSessionId` (price and balance after, cents) and a sentence when the child cannot go there — the
 * same session, a place already there, or no seat left once the children before them in the list have taken
 * theirs. Changes nothing. 404 an unknown session or a child not enrolled in `fromId`.
 */
export async function previewBulkMove(
  deps: MoneyDeps,
  fromId: number,
  input: BulkMovePreviewInput,
): Promise<BulkMovePreview> {
  const now = deps.clock.now();
  const today = deps.clock.today(now);
  const from = await readSession(deps.db, fromId, now, today);
  if (!from) throw notFound('session');
  const to = await readSession(deps.db, input.toClassSessionId, now, today);
  if (!to) throw new HttpError(404, 'notFound.session', { fields: { toClassSessionId: 'notFound.session' } });
  const children = await enrolledChildren(deps, fromId, input.studentIds);
  const placed = await queryRows<{ student_id: string }>(
    deps.db,
    sql`select student_id::text from class_session_enrollments
      where class_session_id = ${to.row.id} and student_id in (${sql.join(
        children.map((c) => sql`${c.id}::uuid`),
        sql`, `,
      )})
        and (status = 'Enrolled' or (status = 'PendingPayment' and hold_expires_at > ${now}))`,
  );
  const alreadyThere = new Set(placed.map((p) => p.student_id));
  let seatsLeft = to.seatsLeft;
  const rows: BulkMovePreview['children'] = [];
  for (const child of children) {
    const name = `${child.firstName} ${child.lastName}`;
    const [parent] = await parentsOf(deps.db, child.id);
    const quote = await quoteMove(deps.db, {
      from: from.row,
      to: to.row,
      studentId: child.id,
      fallbackPayer: parent?.id ?? '00000000-0000-0000-0000-000000000000',
      now,
      today,
    });
    let problem: string | null = null;
    if (to.row.id === fromId) problem = `${child.firstName} is already in ${to.name}.`;
    else if (alreadyThere.has(child.id)) problem = `${child.firstName} already has a place in ${to.name}.`;
    else if (seatsLeft <= 0)
      problem =
        to.seatsLeft === 0
          ? `${to.name} is full (${to.seatsTaken} of ${to.row.rosterSize} seats taken), so ${child.firstName} cannot go there.`
          : `${to.name} has ${plural(to.seatsLeft, 'seat', 'seats')} left, taken by the children above, so ${child.firstName} cannot go there.`;
    else seatsLeft -= 1;
    rows.push({
      studentId: child.id,
      name,
      price: quote.price.charge - quote.price.discount,
      balanceAfter: quote.balanceAfter,
      problem,
    });
  }
  return { toSession: { id: to.row.id, name: to.name, seatsLeft: to.seatsLeft }, children: rows };
}

/**
 * `POST /api/staff/sessions/{fromId}/bulk-move`: move every child of `input.studentIds` to
 * `input.toClassSessionId` in one transaction, each by the single move's steps (`moveInTx`: withdrawn here,
 * enrolled there with the same payment, the ledger moved, the family mailed, audited), then offer the freed
 * seats here once. All or nothing: 409 naming the child when one cannot go (the session full, a place already
 * there — the single move's messages — or no longer enrolled here), 404 an unknown session or child.
 */
export async function bulkMove(
  deps: MoneyDeps,
  actorUserId: string,
  fromId: number,
  input: BulkMoveInput,
): Promise<BulkMoveResult> {
  const [session] = await deps.db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.id, fromId));
  if (!session) throw notFound('session');
  const children = await enrolledChildren(deps, fromId, input.studentIds);
  const toName = await deps.db.transaction(async (tx) => {
    for (const child of children)
      try {
        await moveInTx(tx, deps, actorUserId, fromId, {
          studentId: child.id,
          toClassSessionId: input.toClassSessionId,
          reason: input.reason,
        });
      } catch (error) {
        // Withdrawn here meanwhile: the single move's 404 names no one; the whole move is refused by name.
        if (error instanceof HttpError && error.code === 'billing.office.notEnrolled')
          throw new HttpError(409, 'billing.bulkMove.notEnrolled', {
            params: { child: `${child.firstName} ${child.lastName}` },
          });
        throw error;
      }
    await offerFreedSeats(tx, deps, fromId);
    const [to] = await tx
      .select({ name: classSessions.name })
      .from(classSessions)
      .where(eq(classSessions.id, input.toClassSessionId));
    return to!.name;
  });
  seatsChanged(deps);
  return {
    moved: children.length,
    message: `Moved ${plural(children.length, 'child', 'children')} to ${toName}. Each family has been emailed.`,
  };
}
