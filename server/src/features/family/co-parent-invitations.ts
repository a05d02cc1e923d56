/**
 * Co-parent invitations (issue 13, decision 014; the model is co-parents.ts): a parent invites an email
 * address; the mail carries a single-use link whose token is stored only as a SHA-256 hash (OWASP Forgot
 * Password cheat sheet), valid INVITATION_DAYS days, and left out of the stored mail once sent; invitations
 * count against the family's mail limits (decision 017). Only the invited address may accept it (a forwarded
 * link is refused), after registering or logging in; accepting maps both families' children and contacts to
 * every parent. Every change is audited (entity `Family`); the mails are co-parent-mail.ts.
 */
import { randomBytes } from 'node:crypto';
import { type ApiErrorCode, routes } from '@lc/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows, uuidList } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail, limitMailTo } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { hashToken } from '../auth/one-time-tokens.ts';
import { mergeFamilyConversations } from '../conversations/family-changes.ts';
import { INVITATION_DAYS, invitationMail, joinedMail } from './co-parent-mail.ts';
import { readFamily } from './co-parents.ts';
import { assertRoom } from './limits.ts';
import {
  childNamesOf,
  familyIdOf,
  familyMemberIds,
  familySender,
  lockFamilyMembers,
  lockUsers,
  membersOf,
} from './members.ts';

/** Parents in one family at most (two parents and two step-parents or guardians). */
export const MAX_FAMILY_MEMBERS = 4;

/** A refused invitation: on the `emailAddress` field for a 400. */
const inviteError = (code: ApiErrorCode) => new HttpError(400, code, { fields: { emailAddress: code } });

/**
 * Invite `emailAddress` (lower-cased by the contract) to share `userId`'s family and mail the link.
 * 400 (field `emailAddress`) for the parent's own address, a parent already in the family or a staff
 * account's address; 409 when the family has {@link MAX_FAMILY_MEMBERS} parents. Errors are `family.invite.*`
 * codes. A new invitation
 * to the same address replaces the open one (its link stops working). Audited.
 */
export async function inviteCoParent(ctx: AppContext, userId: string, emailAddress: string): Promise<void> {
  const now = ctx.clock.now();
  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const memberIds = await lockFamilyMembers(tx, userId);
    const members = await membersOf(tx, userId);
    const me = members.find((m) => m.id === userId);
    if (!me) throw new HttpError(401, 'access.signIn');
    if (members.some((m) => m.email_address === emailAddress))
      throw inviteError(
        emailAddress === me.email_address ? 'family.invite.ownAddress' : 'family.invite.alreadyShares',
      );
    if (memberIds.length >= MAX_FAMILY_MEMBERS)
      throw new HttpError(409, 'family.invite.familyFull', { params: { max: MAX_FAMILY_MEMBERS } });
    const [staff] = await queryRows<{ id: string }>(
      tx,
      sql`select id from users where email_address = ${emailAddress} and type <> 'Parent'`,
    );
    if (staff) throw inviteError('family.invite.staffAddress');
    await limitMailTo(tx, await familySender(tx, userId), emailAddress, now);
    await tx.execute(sql`update family_invitations set withdrawn_at = ${now}
      where invited_by in ${uuidList(memberIds)} and email_address = ${emailAddress} and accepted_at is null and withdrawn_at is null`);
    await assertRoom(tx, 'invitations', userId, 1, { now });
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into family_invitations (invited_by, email_address, token_hash, expires_at, created)
        values (${userId}, ${emailAddress}, ${hashToken(token)},
          ${new Date(now.getTime() + INVITATION_DAYS * 86_400_000)}, ${now}) returning id`,
    );
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: 'family.invite',
        entityType: 'Family',
        entityId: row!.id,
        before: null,
        after: { emailAddress, expiresInDays: INVITATION_DAYS },
      },
      now,
    );
    const childNames = await childNamesOf(tx, userId);
    await enqueueMail(
      tx,
      invitationMail(emailAddress, me, childNames, `${ctx.config.appUrl}${routes.joinFamily(token)}`),
    );
  });
}

/** Withdraw an open invitation of the caller's family; 404 for any other id. Audited. */
export async function withdrawInvitation(
  ctx: AppContext,
  userId: string,
  invitationId: string,
): Promise<void> {
  if (!isUuid(invitationId)) throw notFound('invitation');
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const members = await lockFamilyMembers(tx, userId);
    const [row] = await queryRows<{ id: string; email_address: string }>(
      tx,
      sql`update family_invitations set withdrawn_at = ${now}
        where id = ${invitationId} and invited_by in ${uuidList(members)} and accepted_at is null and withdrawn_at is null returning id, email_address`,
    );
    if (!row) throw notFound('invitation');
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: 'family.invite.withdraw',
        entityType: 'Family',
        entityId: row.id,
        before: { emailAddress: row.email_address },
        after: { withdrawn: true },
      },
      now,
    );
  });
}

/** Raw rows: timestamps arrive as strings or Dates depending on the driver. */
type FoundInvitation = {
  id: string;
  invited_by: string;
  email_address: string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  withdrawn_at: Date | string | null;
};

const invitationGone = () => new HttpError(410, 'family.invitation.gone');

/** The open invitation `token` names, checked for `userId` (the invited address); 410 / 403 otherwise. */
async function openInvitation(
  db: DbOrTx,
  token: string,
  user: { id: string; emailAddress: string },
  now: Date,
  lock: boolean,
): Promise<FoundInvitation> {
  const [found] = await queryRows<FoundInvitation>(
    db,
    sql`select id, invited_by, email_address, expires_at, accepted_at, withdrawn_at from family_invitations
      where token_hash = ${hashToken(token)} ${lock ? sql`for update` : sql``}`,
  );
  if (!found || found.accepted_at || found.withdrawn_at || new Date(found.expires_at) <= now)
    throw invitationGone();
  if (found.email_address !== user.emailAddress)
    throw new HttpError(403, 'family.invitation.otherAddress', {
      params: { masked: maskEmail(found.email_address), email: user.emailAddress },
    });
  return found;
}

/** "d•••@example.com": enough for the parent to recognise their address, not enough to harvest it. */
function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local!.slice(0, 1)}•••@${domain}`;
}

/** What the accept page shows before the parent accepts: who invited them and the children's names. */
export async function previewInvitation(
  ctx: AppContext,
  user: { id: string; emailAddress: string; role: string },
  token: string,
) {
  if (user.role !== 'Parent') throw staffRefused();
  const now = ctx.clock.now();
  const invitation = await openInvitation(ctx.db, token, user, now, false);
  const family = await readFamily(ctx.db, invitation.invited_by, now);
  const inviter = family.parents.find((p) => p.id === invitation.invited_by)!;
  return {
    invitedBy: `${inviter.firstName} ${inviter.lastName}`,
    childNames: family.childNames,
    parentNames: family.parents.map((p) => `${p.firstName} ${p.lastName}`),
    expiresAt: new Date(invitation.expires_at).toISOString(),
    alreadyInFamily: (await familyMemberIds(ctx.db, user.id)).length > 1,
  };
}

const staffRefused = () => new HttpError(403, 'family.invitation.staffAccount');

/**
 * Accept the invitation `token` as `user` (the invited address): the two accounts share one family from now
 * on, both ways (the invited parent's own children and contacts are shared too). 410 for a used, withdrawn or
 * expired link; 403 for another address or a staff account; 409 when the parent already shares another family
 * or the family is full. Both parents are mailed. Audited.
 */
export async function acceptInvitation(
  ctx: AppContext,
  user: { id: string; emailAddress: string; role: string },
  token: string,
): Promise<void> {
  if (user.role !== 'Parent') throw staffRefused();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, user, now, true);
    // Both families' parents, locked in one id order: two invitations accepted at once wait for each other.
    // The lists are read again under the locks (a parent may have joined or left meanwhile) until they hold.
    const locked = new Set<string>();
    let inviterMembers: string[] = [];
    let mine: string[] = [];
    for (;;) {
      inviterMembers = await familyMemberIds(tx, invitation.invited_by);
      mine = await familyMemberIds(tx, user.id);
      const missing = [...inviterMembers, ...mine].filter((id) => !locked.has(id));
      if (missing.length === 0) break;
      await lockUsers(tx, missing);
      for (const id of missing) locked.add(id);
    }
    if (inviterMembers.includes(user.id)) throw invitationGone();
    if (mine.length > 1) throw new HttpError(409, 'family.invitation.alreadyInFamily');
    if (inviterMembers.length >= MAX_FAMILY_MEMBERS)
      throw new HttpError(409, 'family.invitation.familyFull', { params: { max: MAX_FAMILY_MEMBERS } });
    let familyId = await familyIdOf(tx, invitation.invited_by);
    if (!familyId) {
      const [family] = await queryRows<{ id: string }>(
        tx,
        sql`insert into families (created) values (${now}) returning id`,
      );
      familyId = family!.id;
      await tx.execute(sql`insert into family_members (family_id, user_id, invited_by, joined_at)
        values (${familyId}, ${invitation.invited_by}, null, ${now})`);
    }
    await tx.execute(sql`insert into family_members (family_id, user_id, invited_by, joined_at)
      values (${familyId}, ${user.id}, ${invitation.invited_by}, ${new Date(now.getTime() + 1)})`);
    const all = uuidList([...inviterMembers, user.id]);
    // Every member gets every child and contact any member has.
    await tx.execute(sql`insert into user_students (user_id, student_id)
      select m.id, us.student_id from users m
      cross join (select distinct student_id from user_students where user_id in ${all}) us
      where m.id in ${all}
      on conflict do nothing`);
    await tx.execute(sql`insert into user_trustees (user_id, trustee_id)
      select m.id, ut.trustee_id from users m
      cross join (select distinct trustee_id from user_trustees where user_id in ${all}) ut
      where m.id in ${all}
      on conflict do nothing`);
    await tx.execute(sql`update family_invitations set accepted_at = ${now}, accepted_by = ${user.id}
      where id = ${invitation.id}`);
    // One conversation with the center for the joined family (issue 25, decision 032).
    await mergeFamilyConversations(tx, [...inviterMembers, user.id]);
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: 'family.join',
        entityType: 'Family',
        entityId: familyId,
        before: { parents: inviterMembers },
        after: { parents: [...inviterMembers, user.id], invitationId: invitation.id },
      },
      now,
    );
    const members = await membersOf(tx, user.id);
    const joined = members.find((m) => m.id === user.id)!;
    const childNames = await childNamesOf(tx, user.id);
    for (const member of members)
      await enqueueMail(tx, joinedMail(member, joined, childNames, ctx.config.appUrl));
  });
}
