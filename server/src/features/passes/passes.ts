/**
 * Issuing and revoking pickup passes (issue 11). A parent issues a pass to one of the family's adults who
 * may pick up (a Trustee with `canPickup`, or the parent through their own contact, see `ensureSelfContact`)
 * with a 4–6 digit PIN; the adult is emailed a link to it. One adult has at most one working pass: issuing
 * again revokes the old one, whose credential then dies at the door. Everything is reached through
 * `user_trustees`, so another family's contact answers 404 (pass-rows.ts). The wallets are told of changes by
 * pass-changes.ts; the printable card is pass-cards.ts; a parent's own contact self-contact.ts.
 */
import { apiErrorSentence, type Language, type PassState, type PickupPass } from '@lc/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { digitalPassports, trusteePassports, users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail, limitMailTo } from '../../jobs/mail-outbox.ts';
import { recordAudit } from '../audit/record.ts';
import { hashPassword } from '../auth/passwords.ts';
import { familySender } from '../family/members.ts';
import { passesChanged } from './pass-changes.ts';
import { groupCredential, hashCredential, hashToken, newNonce, passKeys } from './pass-keys.ts';
import { passIssuedMail } from './pass-mail.ts';
import { type AdultRow, currentPass, ownedAdult, type PassRow } from './pass-rows.ts';
import { passStatus } from './pass-status.ts';

function toPickupPass(
  pass: PassRow,
  adult: AdultRow,
  now: Date,
  timeZone: string,
  language: Language,
): PickupPass {
  const { status, reason } = passStatus(pass, adult, now, timeZone, language);
  return {
    id: pass.id,
    isActive: pass.isActive,
    imageUrl: pass.imageUrl ? `/api/Student/Trustees/${adult.id}/Pass/Photo` : null,
    data: pass.data,
    applePassUrl: pass.applePassUrl,
    applePassAuthenticationToken: null,
    applePassIdenitifier: pass.applePassIdenitifier,
    applePassSerialNumber: pass.applePassSerialNumber,
    googlePassUrl: pass.googlePassUrl,
    trusteeId: adult.id,
    holderName: `${adult.firstName} ${adult.lastName}`,
    status,
    statusReason: reason,
    created: pass.created.toISOString(),
    expiresAt: pass.expiresAt.toISOString(),
    revokedAt: pass.revokedAt?.toISOString() ?? null,
  };
}

/** Why this adult cannot get a pass now (a code of passes.issue.*), or null. */
function cannotIssue(adult: AdultRow): 'passes.issue.inactiveContact' | 'passes.issue.cannotPickUp' | null {
  if (!adult.isActive) return 'passes.issue.inactiveContact';
  if (!adult.canPickup) return 'passes.issue.cannotPickUp';
  return null;
}

/** `GET /api/Student/Trustees/{trusteeId}/Pass`: the adult's current pass and what can be done, its
 * sentences (`cannotIssue`, `statusReason`) in `language` (the request's, `Accept-Language`). */
export async function getPassState(
  ctx: AppContext,
  userId: string,
  trusteeId: string,
  language: Language,
): Promise<PassState> {
  const adult = await ownedAdult(ctx.db, userId, trusteeId);
  const pass = await currentPass(ctx.db, trusteeId);
  const refusal = cannotIssue(adult);
  return {
    pass: pass ? toPickupPass(pass, adult, ctx.clock.now(), ctx.clock.timeZone, language) : null,
    cannotIssue: refusal ? apiErrorSentence(refusal, undefined, language) : null,
    wallets: { apple: Boolean(ctx.wallets.apple), google: Boolean(ctx.wallets.google) },
  };
}

/**
 * Issue a new pass to the adult (revoking their current one) with `pin`. 400 when the adult may not pick
 * up or is inactive. The adult is emailed the pass when they have an email address, within the family's mail
 * limits (429 past them, nothing changed; decision 017). Audited; the old pass's wallet copies are voided
 * after the commit.
 */
export async function issuePass(
  ctx: AppContext,
  user: { id: string; firstName: string },
  trusteeId: string,
  pin: string,
  language: Language,
): Promise<PickupPass> {
  const now = ctx.clock.now();
  const keys = await passKeys(ctx.config);
  const pinHash = await hashPassword(pin);
  const { pass, adult, revoked } = await ctx.db.transaction(async (tx) => {
    const adult = await ownedAdult(tx, user.id, trusteeId);
    await tx.execute(sql`select id from trustees where id = ${trusteeId} for update`);
    const refusal = cannotIssue(adult);
    if (refusal) throw new HttpError(400, refusal);
    // The pass is mailed to the address the parent typed on the contact: limited (decision 017).
    if (adult.emailAddress) await limitMailTo(tx, await familySender(tx, user.id), adult.emailAddress, now);
    const previous = await currentPass(tx, trusteeId);
    const revoked: string[] = [];
    if (previous) {
      // The photo moves to the new pass (issue 21): one file per adult, however often the pass is re-issued.
      await tx
        .update(digitalPassports)
        .set({ revokedAt: now, isActive: false, updatedAt: now, imageUrl: null, imageBytes: null })
        .where(eq(digitalPassports.id, previous.id));
      revoked.push(previous.id);
    }
    const children = await childNames(tx, trusteeId);
    const nonce = newNonce();
    const serialNumber = crypto.randomUUID();
    const expiresAt = new Date(now.getTime() + ctx.config.passValidDays * 86_400_000);
    const apple = ctx.config.apple;
    const [pass] = await tx
      .insert(digitalPassports)
      .values({
        isActive: true,
        imageUrl: previous?.imageUrl ?? null,
        imageBytes: previous?.imageBytes ?? null,
        data: JSON.stringify({
          holderName: `${adult.firstName} ${adult.lastName}`,
          children,
          expires: expiresAt.toISOString(),
        }),
        credentialNonce: nonce,
        credentialHash: hashCredential(keys.credential(nonce)),
        pinHash,
        expiresAt,
        issuedByUserId: user.id,
        applePassSerialNumber: serialNumber,
        applePassIdenitifier: apple?.passTypeId ?? null,
        applePassAuthenticationToken: apple ? hashToken(keys.appleAuthenticationToken(serialNumber)) : null,
        applePassUrl: apple
          ? `${ctx.config.appUrl}/api/passes/v1/passes/${apple.passTypeId}/${serialNumber}`
          : null,
        googlePassUrl: ctx.wallets.google?.objectUrl(serialNumber) ?? null,
        updatedAt: now,
        created: now,
      })
      .returning();
    await tx.insert(trusteePassports).values({ trusteeId, passportId: pass!.id });
    await recordAudit(
      tx,
      {
        actorUserId: user.id,
        action: previous ? 'pass.reissue' : 'pass.issue',
        entityType: 'Trustee',
        entityId: trusteeId,
        before: previous ? { passId: previous.id } : null,
        after: {
          passId: pass!.id,
          holder: `${adult.firstName} ${adult.lastName}`,
          expiresAt: expiresAt.toISOString(),
        },
      },
      now,
    );
    if (adult.emailAddress) {
      const credential = keys.credential(nonce);
      // In the issuing parent's language (pass-mail.ts): the adult has no account of their own.
      const [issuer] = await tx.select({ language: users.language }).from(users).where(eq(users.id, user.id));
      await enqueueMail(
        tx,
        passIssuedMail({
          to: adult.emailAddress,
          holderName: adult.firstName,
          parentName: user.firstName,
          children,
          code: groupCredential(credential),
          credential,
          expiresAt,
          timeZone: ctx.clock.timeZone,
          appUrl: ctx.config.appUrl,
          own: adult.type === 'Parent',
          language: issuer?.language,
        }),
      );
    }
    return { pass: pass!, adult, revoked };
  });
  ctx.work.runNow();
  passesChanged(ctx, revoked);
  return toPickupPass(pass, adult, now, ctx.clock.timeZone, language);
}

/**
 * Revoke the adult's current pass (404 when there is none). It stops working at the door at once, and its
 * photo file is deleted after the commit (issue 21: only a working pass holds a photo).
 */
export async function revokePass(
  ctx: AppContext,
  userId: string,
  trusteeId: string,
  language: Language,
): Promise<PickupPass> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const adult = await ownedAdult(tx, userId, trusteeId);
    // The same lock as issuing and the photo upload: none of them reads a photo another is letting go of.
    await tx.execute(sql`select id from trustees where id = ${trusteeId} for update`);
    const pass = await currentPass(tx, trusteeId);
    if (!pass) throw notFound('pass');
    const [updated] = await tx
      .update(digitalPassports)
      .set({ revokedAt: now, isActive: false, updatedAt: now, imageUrl: null, imageBytes: null })
      .where(eq(digitalPassports.id, pass.id))
      .returning();
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: 'pass.revoke',
        entityType: 'Trustee',
        entityId: trusteeId,
        before: { passId: pass.id },
        after: null,
      },
      now,
    );
    return { pass: updated!, adult, photo: pass.imageUrl };
  });
  if (result.photo) await ctx.passPhotos.discard([result.photo]);
  passesChanged(ctx, [result.pass.id]);
  return toPickupPass(result.pass, result.adult, now, ctx.clock.timeZone, language);
}

/** First names of the children an adult may pick up, in name order. */
async function childNames(db: DbOrTx, trusteeId: string): Promise<string[]> {
  const rows = await queryRows<{ first_name: string }>(
    db,
    sql`select s.first_name from student_trustees st join students s on s.id = st.student_id
      where st.trustee_id = ${trusteeId} order by s.first_name`,
  );
  return rows.map((r) => r.first_name);
}
