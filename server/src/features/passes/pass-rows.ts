/**
 * Finding a pickup pass and its adult (issue 11): a family's own contact (reached through `user_trustees`, so
 * another family's contact answers 404), the adult's current pass, and the pass a code names (by the code's
 * hash: the door, the holder's own page).
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { digitalPassports, trusteePassports, trustees, userTrustees } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashCredential, normalizeCredential } from './pass-keys.ts';

/** A `digital_passports` row: one pickup pass. */
export type PassRow = typeof digitalPassports.$inferSelect;

/** A `trustees` row: the adult a pass is issued to. */
export type AdultRow = typeof trustees.$inferSelect;

/** 404 for a contact that is not the family's (or does not exist). */
export const contactNotFound = () => notFound('contact');

/** The contact `trusteeId` of the family of `userId` (404 when not theirs). */
export async function ownedAdult(db: DbOrTx, userId: string, trusteeId: string): Promise<AdultRow> {
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
export async function currentPass(db: DbOrTx, trusteeId: string): Promise<PassRow | null> {
  const [row] = await db
    .select({ pass: digitalPassports })
    .from(digitalPassports)
    .innerJoin(trusteePassports, eq(trusteePassports.passportId, digitalPassports.id))
    .where(and(eq(trusteePassports.trusteeId, trusteeId), isNull(digitalPassports.revokedAt)))
    .orderBy(desc(digitalPassports.created))
    .limit(1);
  return row?.pass ?? null;
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
