/**
 * Issuing and revoking pickup passes (issue 11). A parent issues a pass to one of the family's adults who
 * may pick up (a Trustee with `canPickup`, or the parent through their own contact, see `ensureSelfContact`)
 * with a 4–6 digit PIN; the adult is emailed a link to it. One adult has at most one working pass: issuing
 * again revokes the old one, whose credential then dies at the door. Everything is reached through
 * `user_trustees`, so another family's contact answers 404.
 */
import { type PassCard, type PassState, type PickupPass, RELATIONSHIPS } from '@lc/contract';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import {
  digitalPassports,
  studentTrustees,
  trusteePassports,
  trustees,
  userStudents,
  users,
  userTrustees,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { enqueueMail, limitMailTo } from '../../jobs/mail-outbox.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { hashPassword } from '../auth/passwords.ts';
import { familySender, lockFamilyMembers, mapContactToFamily } from '../family/members.ts';
import { loadPassContent } from './pass-content.ts';
import {
  groupCredential,
  hashCredential,
  hashToken,
  newNonce,
  normalizeCredential,
  passKeys,
} from './pass-keys.ts';
import { passIssuedMail } from './pass-mail.ts';
import { passStatus } from './pass-status.ts';

type PassRow = typeof digitalPassports.$inferSelect;
type AdultRow = typeof trustees.$inferSelect;

const contactNotFound = () => notFound('That contact');

function toPickupPass(pass: PassRow, adult: AdultRow, now: Date, timeZone: string): PickupPass {
  const { status, reason } = passStatus(pass, adult, now, timeZone);
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

/** The contact `trusteeId` of the family of `userId` (404 when not theirs). */
async function ownedAdult(db: DbOrTx, userId: string, trusteeId: string): Promise<AdultRow> {
  if (!isUuid(trusteeId)) throw contactNotFound();
  const [row] = await db
    .select({ adult: trustees })
    .from(trustees)
    .innerJoin(userTrustees, eq(userTrustees.trusteeId, trustees.id))
    .where(and(eq(userTrustees.userId, userId), eq(trustees.id, trusteeId)));
  if (!row) throw contactNotFound();
  return row.adult;
}

/** The newest pass of an adult that has not been revoked (it may have expired), or null. */
async function currentPass(db: DbOrTx, trusteeId: string): Promise<PassRow | null> {
  const [row] = await db
    .select({ pass: digitalPassports })
    .from(digitalPassports)
    .innerJoin(trusteePassports, eq(trusteePassports.passportId, digitalPassports.id))
    .where(and(eq(trusteePassports.trusteeId, trusteeId), isNull(digitalPassports.revokedAt)))
    .orderBy(desc(digitalPassports.created))
    .limit(1);
  return row?.pass ?? null;
}

/** Why this adult cannot get a pass now, or null. */
function cannotIssue(adult: AdultRow): string | null {
  if (!adult.isActive) return 'Turn this contact back on before issuing a pass.';
  if (!adult.canPickup) return 'Tick “Can pick up” for this contact before issuing a pickup pass.';
  return null;
}

/** `GET /api/Student/Trustees/{trusteeId}/Pass`: the adult's current pass and what can be done. */
export async function getPassState(ctx: AppContext, userId: string, trusteeId: string): Promise<PassState> {
  const adult = await ownedAdult(ctx.db, userId, trusteeId);
  const pass = await currentPass(ctx.db, trusteeId);
  return {
    pass: pass ? toPickupPass(pass, adult, ctx.clock.now(), ctx.clock.timeZone) : null,
    cannotIssue: cannotIssue(adult),
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
  return toPickupPass(pass, adult, now, ctx.clock.timeZone);
}

/**
 * Revoke the adult's current pass (404 when there is none). It stops working at the door at once, and its
 * photo file is deleted after the commit (issue 21: only a working pass holds a photo).
 */
export async function revokePass(ctx: AppContext, userId: string, trusteeId: string): Promise<PickupPass> {
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const adult = await ownedAdult(tx, userId, trusteeId);
    // The same lock as issuing and the photo upload: none of them reads a photo another is letting go of.
    await tx.execute(sql`select id from trustees where id = ${trusteeId} for update`);
    const pass = await currentPass(tx, trusteeId);
    if (!pass) throw notFound('That pass');
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
  return toPickupPass(result.pass, result.adult, now, ctx.clock.timeZone);
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

/**
 * After passes changed (revoked, re-issued, their adult edited): tell the wallets in the background — an
 * empty APNs push to each registered device, and the Google object's state. Best-effort; the door does not
 * depend on it.
 */
export function passesChanged(ctx: AppContext, passportIds: string[]): void {
  const { apple, google } = ctx.wallets;
  if (passportIds.length === 0 || (!apple && !google)) return;
  ctx.work.defer('update wallet passes', async () => {
    if (apple) await apple.notify(passportIds);
    if (google) {
      for (const id of passportIds) {
        const content = await loadPassContent(ctx.db, ctx.config, ctx.passPhotos, id, ctx.clock.now());
        if (content) await google.sync(content);
      }
    }
  });
}

/**
 * An adult was edited (name, children, "can pick up", active) or is about to be removed: their passes show the
 * change (PassKit `Last-Modified` moves) and the wallets are told. Call inside the edit's transaction;
 * returns the pass ids to hand to `passesChanged` after the commit.
 */
export async function touchPassesOf(tx: DbOrTx, trusteeId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .update(digitalPassports)
    .set({ updatedAt: now })
    .where(
      inArray(
        digitalPassports.id,
        tx
          .select({ id: trusteePassports.passportId })
          .from(trusteePassports)
          .where(eq(trusteePassports.trusteeId, trusteeId)),
      ),
    )
    .returning({ id: digitalPassports.id, revokedAt: digitalPassports.revokedAt });
  return rows.filter((r) => !r.revokedAt).map((r) => r.id);
}

/**
 * The adult is being deleted (inside the caller's transaction): revoke their working passes and forget the
 * photos on every pass of theirs. Answers the revoked pass ids (for `passesChanged`) and the photo files to
 * delete from the storage after the commit.
 */
export async function revokePassesOf(
  tx: DbOrTx,
  trusteeId: string,
  now: Date,
): Promise<{ revoked: string[]; photos: string[] }> {
  const theirs = tx
    .select({ id: trusteePassports.passportId })
    .from(trusteePassports)
    .where(eq(trusteePassports.trusteeId, trusteeId));
  const withPhotos = await tx
    .select({ imageUrl: digitalPassports.imageUrl })
    .from(digitalPassports)
    .where(and(inArray(digitalPassports.id, theirs), isNotNull(digitalPassports.imageUrl)));
  await tx
    .update(digitalPassports)
    .set({ imageUrl: null })
    .where(and(inArray(digitalPassports.id, theirs), isNotNull(digitalPassports.imageUrl)));
  const rows = await tx
    .update(digitalPassports)
    .set({ revokedAt: now, isActive: false, updatedAt: now })
    .where(and(isNull(digitalPassports.revokedAt), inArray(digitalPassports.id, theirs)))
    .returning({ id: digitalPassports.id });
  return {
    revoked: rows.map((r) => r.id),
    photos: [...new Set(withPhotos.map((r) => r.imageUrl!))],
  };
}

/** The QR code of a credential as an SVG document (error correction M, as the kiosk camera reads it well). */
export function qrSvg(credential: string): Promise<string> {
  return QRCode.toString(credential, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The printable card of the pass `passportId` (which the caller is entitled to). */
async function cardOf(ctx: AppContext, pass: PassRow, adult: AdultRow): Promise<PassCard> {
  const now = ctx.clock.now();
  const content = await loadPassContent(ctx.db, ctx.config, ctx.passPhotos, pass.id, now);
  if (!content) throw notFound('That pass');
  const { status, reason } = passStatus(pass, adult, now, ctx.clock.timeZone);
  const works = status === 'Active';
  return {
    holderName: content.holderName,
    relationship: content.relationship,
    children: content.children.map((c) => c.firstName),
    status,
    statusReason: reason,
    expiresAt: pass.expiresAt.toISOString(),
    code: groupCredential(content.credential),
    qrSvg: await qrSvg(content.credential),
    appleWalletUrl:
      works && ctx.wallets.apple ? await ctx.wallets.apple.downloadLink(content.serialNumber, now) : null,
    googleWalletUrl: works && ctx.wallets.google ? await ctx.wallets.google.saveUrl(content) : null,
  };
}

/** `GET /api/Student/Trustees/{trusteeId}/Pass/Card`: the family's view of the adult's current pass. */
export async function familyPassCard(ctx: AppContext, userId: string, trusteeId: string): Promise<PassCard> {
  const adult = await ownedAdult(ctx.db, userId, trusteeId);
  const pass = await currentPass(ctx.db, trusteeId);
  if (!pass) throw notFound('That pass');
  return cardOf(ctx, pass, adult);
}

/** A pass and its adult found by the code a QR carried or a person typed; null when no pass has it. */
export async function findPassByCode(
  db: DbOrTx,
  code: string,
  lock = false,
): Promise<{ pass: PassRow; adult: AdultRow } | null> {
  const credential = normalizeCredential(code);
  if (!credential) return null;
  const query = db
    .select({ pass: digitalPassports, adult: trustees })
    .from(digitalPassports)
    .innerJoin(trusteePassports, eq(trusteePassports.passportId, digitalPassports.id))
    .innerJoin(trustees, eq(trustees.id, trusteePassports.trusteeId))
    .where(eq(digitalPassports.credentialHash, hashCredential(credential)));
  const [row] = lock ? await query.for('update', { of: digitalPassports }) : await query;
  return row ?? null;
}

/** `POST /api/passes/card`: the holder opens their own pass with its code (from the email link). */
export async function holderPassCard(ctx: AppContext, code: string): Promise<PassCard> {
  const found = await findPassByCode(ctx.db, code);
  if (!found) {
    throw new HttpError(
      404,
      'We could not find a pass with that code. Please open the link in your email again.',
      {
        code: 'We could not find a pass with that code',
      },
    );
  }
  return cardOf(ctx, found.pass, found.adult);
}

/**
 * The signed-in parent's own contact, so a parent can carry a pass too: a contact of type `Parent` named as
 * the account, allowed to pick up, for every child of the family. Made on first use, then kept (its children
 * are edited like any contact's).
 */
export async function ensureSelfContact(ctx: AppContext, userId: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const parents = await lockFamilyMembers(tx, userId);
    const [me] = await tx.select().from(users).where(eq(users.id, userId));
    if (!me) throw new HttpError(401, 'Please log in to continue.');
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
    if (children.length === 0) throw new HttpError(400, 'Add your child first, then your own pass.');
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
