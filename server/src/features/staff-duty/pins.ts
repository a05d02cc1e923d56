/**
 * Staff clock-in PINs (issue 26, decision 038): 4–6 digits, easy ones refused (contract `NewPinSchema`),
 * kept only as an argon2id hash like passwords (auth/passwords.ts, decision 016) and never logged or
 * audited in clear (the audit row says only that the PIN was set). At the door tablet every try counts in
 * `auth_throttle` per tablet and per person: more than {@link PIN_TRIES} in {@link PIN_WINDOW_MINUTES}
 * answers 429 until the window ends; a right PIN gives its try back.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffPins, users } from '../../db/schema.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { clockTimeIn } from '../../i18n/family-mail.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/record.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { giveBack, hit } from '../auth/throttle.ts';

/** Wrong-or-right tries allowed per tablet, and per person, in one window. */
export const PIN_TRIES = 8;
export const PIN_WINDOW_MINUTES = 15;

const tabletKey = (kioskId: string) => `duty-pin-tablet:${kioskId}`;
const personKey = (userId: string) => `duty-pin-person:${userId}`;

/** Set (or change) `userId`'s PIN: its hash replaces the old one; audited without the PIN. */
export async function setPin(db: DbOrTx, userId: string, pin: string, now: Date): Promise<void> {
  const pinHash = await hashPassword(pin);
  await db.transaction(async (tx) => {
    const [had] = await tx
      .select({ userId: staffPins.userId })
      .from(staffPins)
      .where(eq(staffPins.userId, userId));
    await tx
      .insert(staffPins)
      .values({ userId, pinHash, setAt: now })
      .onConflictDoUpdate({ target: staffPins.userId, set: { pinHash, setAt: now } });
    await recordAudit(
      tx,
      {
        actorUserId: userId,
        action: had ? 'duty.pin.change' : 'duty.pin.set',
        entityType: 'User',
        entityId: userId,
        before: null,
        after: null,
      },
      now,
    );
  });
}

/** Whether `userId` has a PIN. */
export async function hasPin(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: staffPins.userId })
    .from(staffPins)
    .where(eq(staffPins.userId, userId));
  return Boolean(row);
}

/** The staff members (teachers and directors, accounts open) who have a PIN, by name: the tablet's list. */
export async function staffWithPins(db: DbOrTx) {
  const rows = await db
    .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(staffPins)
    .innerJoin(users, eq(users.id, staffPins.userId))
    .where(and(inArray(users.type, ['Staff', 'Admin']), isNull(users.closedAt)))
    .orderBy(users.firstName, users.lastName);
  return rows.map((r) => ({ userId: r.userId, name: `${r.firstName} ${r.lastName}` }));
}

export type PinPerson = { userId: string; firstName: string; lastName: string; role: 'Staff' | 'Admin' };

/**
 * The staff member whose PIN `pin` is: the chosen `userId`'s, or with no one chosen, whoever's matches (PIN
 * only). Counts the try against the tablet (and the person chosen) first: 429 `duty.pinPaused` over the
 * limit; 403 `duty.wrongPin` for a wrong PIN or a person with none. `timeZone` writes the paused-until time.
 */
export async function personByPin(
  db: DbOrTx,
  kioskId: string,
  userId: string | null | undefined,
  pin: string,
  now: Date,
  timeZone: string,
): Promise<PinPerson> {
  const chosen = userId && isUuid(userId) ? userId : null;
  const keys = [tabletKey(kioskId), ...(chosen ? [personKey(chosen)] : [])];
  const limit = { max: PIN_TRIES, windowMinutes: PIN_WINDOW_MINUTES };
  const wait = await hit(
    db,
    keys.map((key) => ({ key, limit })),
    now,
  );
  if (wait > 0) {
    throw new HttpError(429, 'duty.pinPaused', {
      params: { time: clockTimeIn(new Date(now.getTime() + wait * 1000), timeZone, 'en') },
      fields: { pin: 'duty.wrongPin' },
    });
  }
  if (userId && !chosen) throw notFound('staffMember');
  const candidates = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.type,
      pinHash: staffPins.pinHash,
    })
    .from(staffPins)
    .innerJoin(users, eq(users.id, staffPins.userId))
    .where(
      and(
        inArray(users.type, ['Staff', 'Admin']),
        isNull(users.closedAt),
        chosen ? eq(users.id, chosen) : sql`true`,
      ),
    );
  const digits = /^\d{4,6}$/.test(pin);
  for (const candidate of candidates) {
    if (digits && (await verifyPassword(candidate.pinHash, pin))) {
      for (const key of keys) await giveBack(db, key, now);
      return {
        userId: candidate.userId,
        firstName: candidate.firstName,
        lastName: candidate.lastName,
        role: candidate.role as 'Staff' | 'Admin',
      };
    }
  }
  throw new HttpError(403, 'duty.wrongPin', { fields: { pin: 'duty.wrongPin' } });
}
