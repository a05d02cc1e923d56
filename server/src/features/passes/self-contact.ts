/**
 * A parent's own pickup contact (issue 11, issue 13), so a parent can carry a pass too: one contact of type
 * `Parent` with the account's name and address, shared with the family's other parents like any contact.
 */
import { RELATIONSHIPS } from '@lc/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { studentTrustees, trustees, userStudents, users, userTrustees } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { lockFamilyMembers, mapContactToFamily } from '../family/members.ts';

/**
 * The signed-in parent's own contact, so a parent can carry a pass too: a contact of type `Parent` named as
 * the account, allowed to pick up, for every child of the family. Made on first use, then kept (its children
 * are edited like any contact's).
 */
export async function ensureSelfContact(ctx: AppContext, userId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const parents = await lockFamilyMembers(tx, userId);
    const [me] = await tx.select().from(users).where(eq(users.id, userId));
    if (!me) throw new HttpError(401, 'access.signIn');
    // A co-parent's own contact is shared too (issue 13): this parent's is the one with their address.
    const [existing] = await tx
      .select({ id: trustees.id })
      .from(trustees)
      .innerJoin(userTrustees, eq(userTrustees.trusteeId, trustees.id))
      .where(
        and(
          eq(userTrustees.userId, userId),
          eq(trustees.type, 'Parent'),
          sql`lower(${trustees.emailAddress}) = ${me.emailAddress}`,
        ),
      )
      .limit(1);
    if (existing) return existing.id;
    const children = await tx
      .select({ id: userStudents.studentId })
      .from(userStudents)
      .where(eq(userStudents.userId, userId));
    if (children.length === 0) throw new HttpError(400, 'passes.selfContact.noChild');
    const [adult] = await tx
      .insert(trustees)
      .values({
        type: 'Parent',
        firstName: me.firstName,
        lastName: me.lastName,
        emailAddress: me.emailAddress,
        cellPhone: me.sms,
        relationship: RELATIONSHIPS[0],
        canPickup: true,
        isActive: true,
      })
      .returning({ id: trustees.id });
    await mapContactToFamily(tx, parents, adult!.id);
    await tx.insert(studentTrustees).values(children.map((c) => ({ studentId: c.id, trusteeId: adult!.id })));
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: 'trustee.create',
        entityType: 'Trustee',
        entityId: adult!.id,
        before: null,
        after: {
          name: `${me.firstName} ${me.lastName}`,
          relationship: 'Parent',
          canPickup: true,
          self: true,
        },
      },
      ctx.clock.now(),
    );
    return adult!.id;
  });
}
