/**
 * Staff create and update sessions (spec §7 `POST /api/ClassSession`, `PUT /api/ClassSession/{id}`).
 * Money is integer cents; window bounds are instants; the body is `ClassSessionInputSchema` (contract), which
 * already checks the dates are in order. A roster that would drop below the seats already taken is refused,
 * so nobody's seat disappears; a bigger roster frees seats that the next background round offers to the
 * waitlist.
 */
import type { ClassSessionInput } from '@lc/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { classSections, classSessions, policies } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { invalidateCatalog } from './catalog.ts';
import { seatsTakenSql } from './find-class-sessions.ts';

function toRow(input: ClassSessionInput) {
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

/** 400 naming the field when a referenced section or policy does not exist. */
async function checkReferences(db: Db, input: ClassSessionInput) {
  if (input.classSectionId) {
    const [found] = await db
      .select({ id: classSections.id })
      .from(classSections)
      .where(eq(classSections.id, input.classSectionId));
    if (!found)
      throw new HttpError(400, 'That program section does not exist.', {
        classSectionId: 'Choose an existing section',
      });
  }
  const policyFields = ['expectationPolicyId', 'dismissalPolicyId', 'latePickupPolicyId'] as const;
  const wanted = policyFields.map((f) => input[f]).filter((id): id is number => typeof id === 'number');
  if (wanted.length === 0) return;
  const found = new Set(
    (await db.select({ id: policies.id }).from(policies).where(inArray(policies.id, wanted))).map(
      (p) => p.id,
    ),
  );
  for (const field of policyFields) {
    const id = input[field];
    if (typeof id === 'number' && !found.has(id))
      throw new HttpError(400, 'That policy does not exist.', { [field]: 'Choose an existing policy' });
  }
}

/** Create a session; answers its id. */
export async function createClassSession(db: Db, input: ClassSessionInput): Promise<number> {
  await checkReferences(db, input);
  const [row] = await db.insert(classSessions).values(toRow(input)).returning({ id: classSessions.id });
  invalidateCatalog(db);
  return row!.id;
}

/** Update a session. 404 unknown id; 409 on `rosterSize` when it is below the seats already taken. */
export async function updateClassSession(
  db: Db,
  id: number,
  input: ClassSessionInput,
  now: Date,
): Promise<void> {
  await checkReferences(db, input);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(eq(classSessions.id, id))
      .for('update');
    if (!locked) throw notFound('That session');
    const [counts] = await tx
      .select({ taken: seatsTakenSql(now) })
      .from(classSessions)
      .where(eq(classSessions.id, id));
    const taken = counts?.taken ?? 0;
    if (input.rosterSize < taken) {
      const message = `${taken} seats are already taken or held, so the roster cannot be smaller than ${taken}.`;
      throw new HttpError(409, message, { rosterSize: message });
    }
    await tx
      .update(classSessions)
      .set({ ...toRow(input), lastUpdated: now })
      .where(eq(classSessions.id, id));
  });
  invalidateCatalog(db);
}
