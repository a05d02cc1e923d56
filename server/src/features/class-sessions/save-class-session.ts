/**
 * The director creates and updates sessions (spec §7 `POST /api/ClassSession`, `PUT /api/ClassSession/{id}`;
 * issue 10: Admin only, a teacher reads their own sessions but does not change them). Money is integer
 * cents; window bounds are instants; the body is `ClassSessionInputSchema` (contract), which already checks
 * the dates are in order. A roster that would drop below the seats already taken is refused, so nobody's
 * seat disappears; a bigger roster frees seats that the next background round offers to the waitlist.
 * Each write and its audit row (`session.create`, `session.update`, before and after) commit together.
 */
import type { ClassSessionInput } from '@lc/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { classSections, classSessions, policies } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { invalidateCatalog } from './catalog.ts';
import { seatsTakenSql } from './find-class-sessions.ts';
import { lockClassSession } from './session-lock.ts';

/** The row `input` describes (instants as Dates, absent references as null). */
export function toSessionRow(input: ClassSessionInput) {
  const instant = (v: string | null | undefined) => (v ? new Date(v) : null);
  return {
    ...input,
    priorityRegistrationStartDate: instant(input.priorityRegistrationStartDate),
    priorityRegistrationEndDate: instant(input.priorityRegistrationEndDate),
    registrationStartDate: instant(input.registrationStartDate),
    registrationEndDate: instant(input.registrationEndDate),
    classSectionId: input.classSectionId ?? null,
    expectationPolicyId: input.expectationPolicyId ?? null,
    dismissalPolicyId: input.dismissalPolicyId ?? null,
    latePickupPolicyId: input.latePickupPolicyId ?? null,
  };
}

/** A session row as the audit trail keeps it (the stored columns, instants as ISO strings). */
export function auditedSession(row: object) {
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/**
 * 400 naming the field when a referenced program does not exist, or a policy does not exist or is of
 * another type (an expectations policy cannot stand in as the dismissal policy).
 */
async function checkReferences(db: DbOrTx, input: ClassSessionInput) {
  if (input.classSectionId) {
    const [found] = await db
      .select({ id: classSections.id })
      .from(classSections)
      .where(eq(classSections.id, input.classSectionId));
    if (!found)
      throw new HttpError(400, 'sessions.program.missing', {
        fields: { classSectionId: 'sessions.program.chooseExisting' },
      });
  }
  const policyFields = [
    ['expectationPolicyId', 'Expectation'],
    ['dismissalPolicyId', 'Dismissal'],
    ['latePickupPolicyId', 'LatePickup'],
  ] as const;
  const wanted = policyFields.map(([f]) => input[f]).filter((id): id is number => typeof id === 'number');
  if (wanted.length === 0) return;
  const found = new Map(
    (
      await db
        .select({ id: policies.id, policyType: policies.policyType })
        .from(policies)
        .where(inArray(policies.id, wanted))
    ).map((p) => [p.id, p.policyType]),
  );
  for (const [field, type] of policyFields) {
    const id = input[field];
    if (typeof id !== 'number') continue;
    if (!found.has(id))
      throw new HttpError(400, 'sessions.policy.missing', {
        fields: { [field]: 'sessions.policy.chooseExisting' },
      });
    if (found.get(id) !== type)
      throw new HttpError(400, 'sessions.policy.otherKind', {
        fields: { [field]: 'sessions.policy.chooseKind' },
      });
  }
}

/** Create a session as `actorUserId`; answers its id. */
export async function createClassSession(
  db: Db,
  input: ClassSessionInput,
  actorUserId: string | null,
  now: Date,
): Promise<number> {
  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const values = toSessionRow(input);
    const [row] = await tx.insert(classSessions).values(values).returning({ id: classSessions.id });
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'session.create',
        entityType: 'ClassSession',
        entityId: row!.id,
        before: null,
        after: auditedSession(values),
      },
      now,
    );
    return row!.id;
  });
  invalidateCatalog(db);
  return id;
}

/** Update a session. 404 unknown id; 409 on `rosterSize` when it is below the seats already taken. */
export async function updateClassSession(
  db: Db,
  id: number,
  input: ClassSessionInput,
  actorUserId: string | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockClassSession(tx, id);
    if (!locked) throw notFound('session');
    await checkReferences(tx, input);
    const [counts] = await tx
      .select({ taken: seatsTakenSql(now) })
      .from(classSessions)
      .where(eq(classSessions.id, id));
    const taken = counts?.taken ?? 0;
    if (input.rosterSize < taken) {
      throw new HttpError(409, 'sessions.rosterBelowTaken', {
        params: { count: taken },
        fields: { rosterSize: 'sessions.rosterBelowTaken' },
      });
    }
    const values = toSessionRow(input);
    await tx
      .update(classSessions)
      .set({ ...values, lastUpdated: now })
      .where(eq(classSessions.id, id));
    const { lastUpdated: _before, ...before } = locked;
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'session.update',
        entityType: 'ClassSession',
        entityId: id,
        before: auditedSession(before),
        after: auditedSession(values),
      },
      now,
    );
  });
  invalidateCatalog(db);
}
