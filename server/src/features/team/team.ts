/**
 * The director's team (issue 10): invite someone to the staff, change their role, take them off the staff.
 * A person may be staff and parent at once: inviting an existing parent keeps their family and password.
 * Invitations are a one-time link (hashed, 7 days) to set the first password through the reset page.
 * A change of role moves the token version, so old sessions end at once. Every change is audited in its
 * own transaction; the director cannot change their own role (another director must).
 */
import type { TeamMember } from '@lc/contract';
import { routes } from '@lc/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail, limitMailTo } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { addedToStaffMail, passwordResetLink, staffInviteMail } from '../auth/account-mail.ts';
import { createOneTimeToken } from '../auth/one-time-tokens.ts';

/** A password hash no password verifies: an invited person signs in only after choosing one. */
const NOT_CHOSEN_YET = '!invited';

const teamColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  emailAddress: users.emailAddress,
  role: users.type,
  password: users.password,
  inboxAccess: users.inboxAccess,
};

type TeamRow = {
  id: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  role: string;
  password: string;
  inboxAccess: boolean;
};

const toMember = (row: TeamRow): TeamMember => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  emailAddress: row.emailAddress,
  role: row.role as TeamMember['role'],
  hasSignedIn: !row.password.startsWith('!'),
  inboxAccess: row.inboxAccess,
});

/** Everyone on the staff (User.type Staff or Admin), by last name. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db
    .select(teamColumns)
    .from(users)
    .where(inArray(users.type, ['Staff', 'Admin']))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map(toMember);
}

export type TeamDeps = { db: Db; appUrl: string; now: () => Date };

/**
 * Put `input.emailAddress` on the staff as `input.role`: a new account gets an invitation link; an existing
 * parent account is promoted and told so. 409 when the address is already on the staff; 429 past the mail
 * limits of `actor` (jobs/mail-outbox.ts `limitMailTo`, decision 017).
 */
export async function inviteToStaff(
  deps: TeamDeps,
  actor: { id: string; firstName: string; lastName: string },
  input: { firstName: string; lastName: string; emailAddress: string; role: 'Staff' | 'Admin' },
): Promise<TeamMember> {
  const now = deps.now();
  const invitedBy = `${actor.firstName} ${actor.lastName}`;
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select(teamColumns)
      .from(users)
      .where(eq(users.emailAddress, input.emailAddress))
      .for('update');
    if (existing && existing.role !== 'Parent') {
      throw new HttpError(409, 'sessions.team.alreadyStaff', {
        params: { name: `${existing.firstName} ${existing.lastName}` },
        fields: { emailAddress: 'sessions.team.alreadyStaff' },
      });
    }
    // Either way a mail goes to the address the director typed: limited (decision 017).
    await limitMailTo(tx, `staff:${actor.id}`, input.emailAddress, now);
    let member: TeamRow;
    if (existing) {
      [member] = (await tx
        .update(users)
        .set({ type: input.role, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, existing.id))
        .returning(teamColumns)) as [TeamRow];
      await enqueueMail(
        tx,
        addedToStaffMail(member.emailAddress, member.firstName, invitedBy, `${deps.appUrl}${routes.login}`),
      );
    } else {
      [member] = (await tx
        .insert(users)
        .values({
          type: input.role,
          firstName: input.firstName,
          lastName: input.lastName,
          emailAddress: input.emailAddress,
          password: NOT_CHOSEN_YET,
          created: now,
        })
        .returning(teamColumns)) as [TeamRow];
      const token = await createOneTimeToken(tx, member.id, 'StaffInvite', now);
      await enqueueMail(
        tx,
        staffInviteMail(
          member.emailAddress,
          member.firstName,
          invitedBy,
          passwordResetLink(deps.appUrl, token),
        ),
      );
    }
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: existing ? 'staff.add' : 'staff.invite',
        entityType: 'User',
        entityId: member.id,
        before: existing ? { role: 'Parent' } : null,
        after: { role: input.role, emailAddress: member.emailAddress },
      },
      now,
    );
    return toMember(member);
  });
}

/**
 * Give staff member `userId` a new role; `Parent` takes them off the staff (their family, if any, stays).
 * Old sessions end at once (token version). 404 for someone not on the staff; 409 for one's own role.
 * `change.inboxAccess` gives a teacher the staff inbox or takes it away (issue 10, "Inbox"; audited as
 * `staff.inbox`); it may come alone, and changes no token.
 */
export async function changeStaffRole(
  deps: TeamDeps,
  actorUserId: string,
  userId: string,
  change: { role?: 'Staff' | 'Admin' | 'Parent' | undefined; inboxAccess?: boolean | undefined },
): Promise<TeamMember | null> {
  const { role, inboxAccess } = change;
  if (role === undefined) {
    return setInboxAccess(deps, actorUserId, userId, inboxAccess ?? false);
  }
  if (userId === actorUserId) {
    throw new HttpError(409, 'sessions.team.ownRole', { fields: { role: 'sessions.team.ownRole' } });
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select(teamColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!before || before.role === 'Parent') throw notFound('staffMember');
    const [after] = (await tx
      .update(users)
      .set({
        type: role,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        ...(inboxAccess === undefined ? {} : { inboxAccess }),
      })
      .where(eq(users.id, userId))
      .returning(teamColumns)) as [TeamRow];
    await recordAudit(
      tx,
      {
        actorUserId,
        action: role === 'Parent' ? 'staff.remove' : 'staff.role',
        entityType: 'User',
        entityId: userId,
        before: { role: before.role, inboxAccess: before.inboxAccess },
        after: { role, inboxAccess: after.inboxAccess },
      },
      now,
    );
    return role === 'Parent' ? null : toMember(after);
  });
}

/**
 * Give staff member `userId` the inbox (`true`) or take it away (issue 10, "Inbox (Admin, and Staff when
 * given the right)"). Directors read the inbox whatever the flag says. 404 for someone not on the staff.
 * Audited (`staff.inbox`) in the same transaction.
 */
export async function setInboxAccess(
  deps: TeamDeps,
  actorUserId: string,
  userId: string,
  inboxAccess: boolean,
): Promise<TeamMember> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select(teamColumns).from(users).where(eq(users.id, userId)).for('update');
    if (!before || before.role === 'Parent') throw notFound('staffMember');
    const [after] = (await tx
      .update(users)
      .set({ inboxAccess })
      .where(eq(users.id, userId))
      .returning(teamColumns)) as [TeamRow];
    await recordAudit(
      tx,
      {
        actorUserId,
        action: 'staff.inbox',
        entityType: 'User',
        entityId: userId,
        before: { inboxAccess: before.inboxAccess },
        after: { inboxAccess },
      },
      now,
    );
    return toMember(after);
  });
}
