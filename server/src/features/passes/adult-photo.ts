/**
 * The family's photo of a pickup adult (issue 11, issue 21): kept with the adult's current pass, shown at the
 * door and on the wallet pass. The family reaches it only through its own contact (`user_trustees`), so
 * another family's adult answers 404 like one that does not exist (docs/architecture.md, Identity and access).
 * Storing and sweeping the files is photos.ts's; the family's quota is family/limits.ts's.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { digitalPassports, trusteePassports, userTrustees } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { assertRoom } from '../family/limits.ts';
import { lockFamilyMembers } from '../family/members.ts';
import { passesChanged } from './pass-changes.ts';
import type { PassRow } from './pass-rows.ts';
import { PHOTOS } from './photos.ts';

/** A photo as the family uploaded it: its bytes, media type (`image/jpeg`, `image/png`) and file extension. */
export type AdultPhotoUpload = { bytes: Buffer; mime: string; ext: string };

/**
 * The unrevoked pass of the family's adult `trusteeId` for the account `userId`; 404 "That pass" when the
 * adult is not the family's, the id is not a UUID, or the adult has no working pass.
 */
export async function familyCurrentPass(db: DbOrTx, userId: string, trusteeId: string): Promise<PassRow> {
  if (!isUuid(trusteeId)) throw notFound('pass');
  const [row] = await db
    .select({ pass: digitalPassports })
    .from(digitalPassports)
    .innerJoin(trusteePassports, eq(trusteePassports.passportId, digitalPassports.id))
    .innerJoin(userTrustees, eq(userTrustees.trusteeId, trusteePassports.trusteeId))
    .where(
      and(
        eq(userTrustees.userId, userId),
        eq(trusteePassports.trusteeId, trusteeId),
        isNull(digitalPassports.revokedAt),
      ),
    );
  if (!row) throw notFound('pass');
  return row.pass;
}

/**
 * Put `upload` on the current pass of the adult `trusteeId` in place of the photo it had: the file first
 * (`photos/<random>.<ext>` in `storage`), then, in one transaction, the family's lock (the quota), the adult's
 * row lock (issuing and revoking take it too), the quota check (413 from family/limits.ts, the replaced photo
 * not counted), the pass row and the audit entry `pass.photo`. A refusal deletes the new file; the replaced
 * file is deleted only after the commit (a crash in between leaves an orphan for photos.ts's sweep). The
 * wallets are told the pass changed. Throws 404 "That pass" as {@link familyCurrentPass}.
 */
export async function replaceAdultPhoto(
  ctx: AppContext,
  storage: FileStorage,
  userId: string,
  trusteeId: string,
  upload: AdultPhotoUpload,
): Promise<void> {
  const key = `${PHOTOS}/${crypto.randomUUID()}.${upload.ext}`;
  await storage.put(key, upload.bytes, upload.mime);
  const now = ctx.clock.now();
  const pass = await ctx.db
    .transaction(async (tx) => {
      await lockFamilyMembers(tx, userId);
      await tx.execute(sql`select id from trustees where id = ${trusteeId} for update`);
      const pass = await familyCurrentPass(tx, userId, trusteeId);
      await assertRoom(tx, 'photoBytes', userId, upload.bytes.length, { except: pass.id, now });
      await tx
        .update(digitalPassports)
        .set({ imageUrl: key, imageBytes: upload.bytes.length, updatedAt: now })
        .where(eq(digitalPassports.id, pass.id));
      await recordAudit(
        tx,
        {
          actorUserId: userId,
          action: 'pass.photo',
          entityType: 'Trustee',
          entityId: trusteeId,
          before: { photo: Boolean(pass.imageUrl) },
          after: { photo: true },
        },
        now,
      );
      return pass;
    })
    .catch(async (error: unknown) => {
      await ctx.passPhotos.discard([key]);
      throw error;
    });
  if (pass.imageUrl) await ctx.passPhotos.discard([pass.imageUrl]);
  passesChanged(ctx, [pass.id]);
}

/**
 * The photo on the current pass of the family's adult `trusteeId`: its bytes and media type. 404 "That pass"
 * as {@link familyCurrentPass}; 404 "That photo" when the pass has none or its file is gone.
 */
export async function adultPhoto(
  ctx: AppContext,
  userId: string,
  trusteeId: string,
): Promise<{ bytes: Buffer; mimeType: string }> {
  const pass = await familyCurrentPass(ctx.db, userId, trusteeId);
  const photo = pass.imageUrl ? await ctx.passPhotos.read(pass.imageUrl) : undefined;
  if (!photo) throw notFound('photo');
  return photo;
}
