/**
 * Apple Wallet's devices and their registrations for our passes' updates (issue 11), as Apple's "Wallet web
 * service" reference describes them
 * (https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes): a device
 * (`pass_devices`, keyed by its device library identifier, with its push token) registers for a pass
 * (`pass_registrations`), asks which of its passes changed since a tag, and unregisters. The HTTP side is
 * apple/routes.ts; pushing to the registered devices is apple/wallet.ts.
 */
import { and, eq, notExists } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { digitalPassports, passDevices, passRegistrations } from '../../../db/schema.ts';
import { notFound } from '../../../http/errors.ts';

/** A pass as the web service finds it: its id and the SHA-256 (hex) of its PassKit token, if one is kept. */
export type ApplePassRef = { id: string; tokenHash: string | null };

/** The serial numbers of a device's changed passes (sorted) and the tag of the newest change. */
export type UpdatedSerialNumbers = { serialNumbers: string[]; lastUpdated: string };

/**
 * The pass with serial number `serialNumber` and pass type `passTypeIdentifier`; 404 "That pass" when the
 * pass type is not ours (`ourPassTypeId`, config.apple) or no pass has that serial number and type.
 */
export async function findApplePass(
  db: DbOrTx,
  ourPassTypeId: string,
  passTypeIdentifier: string,
  serialNumber: string,
): Promise<ApplePassRef> {
  if (passTypeIdentifier !== ourPassTypeId) throw notFound('pass');
  const [row] = await db
    .select({ id: digitalPassports.id, tokenHash: digitalPassports.applePassAuthenticationToken })
    .from(digitalPassports)
    .where(
      and(
        eq(digitalPassports.applePassSerialNumber, serialNumber),
        eq(digitalPassports.applePassIdenitifier, passTypeIdentifier),
      ),
    );
  if (!row) throw notFound('pass');
  return row;
}

/**
 * Register the device `deviceLibraryIdentifier` for the updates of pass `passportId`, in one transaction: the
 * device is added, or its push token replaced, then the registration is added unless it exists. Answers true
 * when the registration is new (Apple's 201), false when it already was (200).
 */
export async function registerDevice(
  db: Db,
  deviceLibraryIdentifier: string,
  passportId: string,
  pushToken: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .insert(passDevices)
      .values({ deviceLibraryIdentifier, pushToken })
      .onConflictDoUpdate({ target: passDevices.deviceLibraryIdentifier, set: { pushToken } });
    const inserted = await tx
      .insert(passRegistrations)
      .values({ deviceLibraryIdentifier, passportId })
      .onConflictDoNothing()
      .returning({ passportId: passRegistrations.passportId });
    return inserted.length > 0;
  });
}

/**
 * The serial numbers of the passes of type `passTypeIdentifier` registered to the device whose `updatedAt` is
 * after `since` (milliseconds since 1970, the `lastUpdated` tag of an earlier answer; every registered pass
 * when undefined), with the newest `updatedAt` as the next tag; null when none (Apple's 204).
 */
export async function updatedSerialNumbers(
  db: DbOrTx,
  deviceLibraryIdentifier: string,
  passTypeIdentifier: string,
  since: number | undefined,
): Promise<UpdatedSerialNumbers | null> {
  const rows = await db
    .select({
      serialNumber: digitalPassports.applePassSerialNumber,
      updatedAt: digitalPassports.updatedAt,
    })
    .from(passRegistrations)
    .innerJoin(digitalPassports, eq(digitalPassports.id, passRegistrations.passportId))
    .where(
      and(
        eq(passRegistrations.deviceLibraryIdentifier, deviceLibraryIdentifier),
        eq(digitalPassports.applePassIdenitifier, passTypeIdentifier),
      ),
    );
  // Compared in milliseconds, as the tag is written: the database keeps microseconds, and a pass whose
  // extra microseconds made it "newer" than its own tag would be listed again on every call.
  const updated = rows.filter(
    (row): row is { serialNumber: string; updatedAt: Date } =>
      row.serialNumber !== null && (since === undefined || row.updatedAt.getTime() > since),
  );
  if (updated.length === 0) return null;
  const lastUpdated = Math.max(...updated.map((row) => row.updatedAt.getTime()));
  return {
    serialNumbers: updated.map((row) => row.serialNumber).sort(),
    lastUpdated: String(lastUpdated),
  };
}

/**
 * Unregister the device `deviceLibraryIdentifier` from pass `passportId` (nothing happens when it was not
 * registered), and forget the device when it holds none of our passes any more; one transaction.
 */
export async function unregisterDevice(
  db: Db,
  deviceLibraryIdentifier: string,
  passportId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(passRegistrations)
      .where(
        and(
          eq(passRegistrations.deviceLibraryIdentifier, deviceLibraryIdentifier),
          eq(passRegistrations.passportId, passportId),
        ),
      );
    await tx
      .delete(passDevices)
      .where(
        and(
          eq(passDevices.deviceLibraryIdentifier, deviceLibraryIdentifier),
          notExists(
            tx
              .select({ one: passRegistrations.passportId })
              .from(passRegistrations)
              .where(eq(passRegistrations.deviceLibraryIdentifier, deviceLibraryIdentifier)),
          ),
        ),
      );
  });
}
