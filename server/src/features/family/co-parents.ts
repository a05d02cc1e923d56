/**
 * Co-parents (issue 13, spec §3 "user mappings"; decision 014): a family shared by more than one parent
 * account.
 *
 * The model: `family_members` groups accounts, and every member is mapped (`user_students`,
 * `user_trustees`) to every child and contact of the family. So every family query in the app keeps reading
 * only the caller's own mappings (deny by default, nothing to forget), and this module keeps the mappings in
 * step: joining maps both ways, a new child or contact is mapped to every member (`familyMemberIds` at the
 * insert), leaving or being removed deletes the leaver's mappings to the family's children and contacts.
 *
 * - Invitation: a parent invites an email address, who accepts with a single-use link
 *   (co-parent-invitations.ts).
 * - Leaving: a parent may leave; removing another parent is done by the center's Admin (custody disputes are
 *   not settled by whoever clicks first). A leaver keeps their own payments; waitlist places they joined
 *   for the family's children pass to a remaining parent, so offers still reach the family.
 * - Every change is audited (entity `Family`) and mailed to every parent concerned, each in their own language
 *   (`users.language`, issue 14). The invited address may have no account yet: the invitation is written in
 *   the inviting parent's language.
 */
import type { CoParentFamily } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { createStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows, type Tx, uuidList } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { conversationStaysWithFamily } from '../conversations/family-changes.ts';
import { passesChanged, revokePassesOf } from '../passes/pass-changes.ts';
import { leftMail } from './co-parent-mail.ts';
import {
  childNamesOf,
  familyIdOf,
  familyMemberIds,
  lockFamilyMembers,
  type Member,
  membersOf,
} from './members.ts';

/** The parents, open invitations and children's first names of `userId`'s family (`GET /api/Family`). */
export async function readFamily(db: DbOrTx, userId: string, now: Date): Promise<CoParentFamily> {
  const ids = await familyMemberIds(db, userId);
  const [parents, invitations, children] = await Promise.all([
    queryRows<Omit<Member, 'language'> & { joined_at: Date | string | null }>(
      db,
      sql`select u.id, u.first_name, u.last_name, u.email_address, m.joined_at from users u
        left join family_members m on m.user_id = u.id
        where u.id in ${uuidList(ids)} order by m.joined_at nulls first, u.created`,
    ),
    queryRows<{
      id: string;
      email_address: string;
      expires_at: Date | string;
      created: Date | string;
      first_name: string;
    }>(
      db,
      sql`select i.id, i.email_address, i.expires_at, i.created, u.first_name from family_invitations i
        join users u on u.id = i.invited_by
        where i.invited_by in ${uuidList(ids)} and i.accepted_at is null and i.withdrawn_at is null and i.expires_at > ${now}
        order by i.created desc`,
    ),
    childNamesOf(db, userId),
  ]);
  return {
    parents: parents.map((p) => ({
      id: p.id,
      firstName: p.first_name,
      lastName: p.last_name,
      emailAddress: p.email_address,
      joinedAt: p.joined_at ? new Date(p.joined_at).toISOString() : null,
      isYou: p.id === userId,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      emailAddress: i.email_address,
      invitedBy: i.first_name,
      created: new Date(i.created).toISOString(),
      expiresAt: new Date(i.expires_at).toISOString(),
    })),
    childNames: children,
  };
}

/** What leaving changed: the remaining parents, and the leaver's pickup passes revoked (ids, photo keys). */
export type LeftFamily = { others: string[]; revoked: string[]; photos: string[] };

/**
 * Take `userId` out of their shared family, inside `tx`: their mappings to the family's children and
 * contacts go, their waitlist places for those children pass to the first remaining parent, and a family
 * left with one parent ends. The leaver's own pickup contact (type `Parent`, their address) leaves with them:
 * it is no longer the family's nor linked to the children, and its passes are revoked, so a parent who left
 * or was removed cannot collect the children at the door. Answers the remaining parents (empty when `userId`
 * shared no family) and the revoked passes; the caller tells the wallets and deletes the photos after commit.
 */
export async function leaveFamilyInTx(tx: Tx, userId: string, now: Date): Promise<LeftFamily> {
  const members = await lockFamilyMembers(tx, userId);
  const others = members.filter((id) => id !== userId);
  if (others.length === 0) return { others: [], revoked: [], photos: [] };
  const list = uuidList(others);
  const own = await queryRows<{ id: string }>(
    tx,
    sql`select t.id from trustees t join user_trustees ut on ut.trustee_id = t.id
      where ut.user_id = ${userId} and t.type = 'Parent'
        and lower(t.email_address) = (select email_address from users where id = ${userId})`,
  );
  const revoked: string[] = [];
  const photos: string[] = [];
  for (const { id } of own) {
    await tx.execute(sql`delete from user_trustees where trustee_id = ${id} and user_id <> ${userId}`);
    await tx.execute(sql`delete from student_trustees where trustee_id = ${id}
      and student_id in (select student_id from user_students where user_id in ${list})`);
    const gone = await revokePassesOf(tx, id, now);
    revoked.push(...gone.revoked);
    photos.push(...gone.photos);
  }
  await tx.execute(sql`update waitlist_submissions set user_id = ${others[0]!}
    where user_id = ${userId} and student_id in (select student_id from user_students where user_id in ${list})`);
  await tx.execute(sql`delete from user_students where user_id = ${userId}
    and student_id in (select student_id from user_students where user_id in ${list})`);
  await tx.execute(sql`delete from user_trustees where user_id = ${userId}
    and trustee_id in (select trustee_id from user_trustees where user_id in ${list})`);
  // The family's conversation with the center stays with the family (issue 25, decision 032).
  await conversationStaysWithFamily(tx, userId, others);
  const familyId = await familyIdOf(tx, userId);
  await tx.execute(sql`delete from family_members where user_id = ${userId}`);
  if (others.length === 1) await tx.execute(sql`delete from families where id = ${familyId}`);
  return { others, revoked, photos };
}

/**
 * `actorUserId` (the parent themselves, or an Admin) takes `userId` out of their family. Both sides are
 * mailed and the change audited. 404 when `userId` shares no family.
 */
export async function removeFromFamily(
  ctx: AppContext,
  actorUserId: string,
  userId: string,
  byCenter: boolean,
): Promise<void> {
  if (!isUuid(userId)) throw notFound('family');
  const now = ctx.clock.now();
  const left = await ctx.db.transaction(async (tx) => {
    const before = await membersOf(tx, userId);
    const familyId = await familyIdOf(tx, userId);
    const left = await leaveFamilyInTx(tx, userId, now);
    const others = left.others;
    if (others.length === 0 || !familyId) throw notFound('family');
    const leaver = before.find((m) => m.id === userId)!;
    await recordAudit(
      tx,
      {
        actorUserId,
        action: byCenter ? 'family.remove' : 'family.leave',
        entityType: 'Family',
        entityId: familyId,
        before: { parents: before.map((m) => m.id) },
        after: { parents: others, left: userId, passesRevoked: left.revoked.length },
      },
      now,
    );
    for (const member of before) await enqueueMail(tx, leftMail(member, leaver, byCenter, ctx.config.appUrl));
    return left;
  });
  afterLeaving(ctx, left);
}

/** After commit: the wallets learn the leaver's passes are void, and their photos are deleted. */
export function afterLeaving(ctx: AppContext, left: LeftFamily): void {
  passesChanged(ctx, left.revoked);
  const storage = createStorage(ctx.config);
  for (const key of left.photos) void storage.delete(key).catch(() => {});
}
