/**
 * How many children and emergency contacts one family may have (issue 12: one family could add 1,080
 * children). The count and the insert happen in one transaction that first locks the user's row
 * (`SELECT … FOR UPDATE`), so two adds at once at 19 wait for each other and the second sees 20; without
 * the lock both would count 19 and the family would end with 21 (PostgreSQL; PGlite has one connection).
 */
import {
  FAMILY_CHILDREN_FULL,
  FAMILY_CONTACTS_FULL,
  MAX_CHILDREN_PER_FAMILY,
  MAX_CONTACTS_PER_FAMILY,
} from '@lc/contract';
import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { userStudents, userTrustees } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { lockFamilyMembers } from './co-parents.ts';

/**
 * 409 with {@link FAMILY_CHILDREN_FULL} when the family already has {@link MAX_CHILDREN_PER_FAMILY} children.
 * Locks every parent of the family first (issue 13: two parents adding at once wait for each other too) and
 * answers their ids, for mapping the new child to each.
 */
export async function assertRoomForChild(tx: Tx, userId: string): Promise<string[]> {
  const members = await lockFamilyMembers(tx, userId);
  const [row] = await tx.select({ n: count() }).from(userStudents).where(eq(userStudents.userId, userId));
  if ((row?.n ?? 0) >= MAX_CHILDREN_PER_FAMILY) throw new HttpError(409, FAMILY_CHILDREN_FULL);
  return members;
}

/** 409 with {@link FAMILY_CONTACTS_FULL} at {@link MAX_CONTACTS_PER_FAMILY} contacts; locks and answers as above. */
export async function assertRoomForContact(tx: Tx, userId: string): Promise<string[]> {
  const members = await lockFamilyMembers(tx, userId);
  const [row] = await tx.select({ n: count() }).from(userTrustees).where(eq(userTrustees.userId, userId));
  if ((row?.n ?? 0) >= MAX_CONTACTS_PER_FAMILY) throw new HttpError(409, FAMILY_CONTACTS_FULL);
  return members;
}
