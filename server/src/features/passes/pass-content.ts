/**
 * What a wallet draws for one pickup pass (issue 11): the `digital_passports` row, its adult and the adult's
 * children, read into the PassContent of ports.ts. Below the wallet adapters (apple/, google/) and the pass
 * writes (passes.ts), which all read it; it imports none of them.
 */
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { digitalPassports, students, studentTrustees, trusteePassports, trustees } from '../../db/schema.ts';
import type { PassContent, PhotoStore } from '../../ports.ts';
import { passKeys } from './pass-keys.ts';
import { passStatus } from './pass-status.ts';

export type { PassContent };

/**
 * The content of the pass `passportId` at `now`, or null when it does not exist. Reads the pass, its adult
 * and the adult's children; `photos` reads the photo bytes.
 */
export async function loadPassContent(
  db: DbOrTx,
  config: Config,
  photos: PhotoStore,
  passportId: string,
  now: Date,
): Promise<PassContent | null> {
  const [row] = await db
    .select({ pass: digitalPassports, adult: trustees })
    .from(digitalPassports)
    .leftJoin(trusteePassports, eq(trusteePassports.passportId, digitalPassports.id))
    .leftJoin(trustees, eq(trustees.id, trusteePassports.trusteeId))
    .where(eq(digitalPassports.id, passportId));
  if (!row) return null;
  const keys = await passKeys(config);
  const serialNumber = row.pass.applePassSerialNumber ?? row.pass.id;
  const common = {
    passportId: row.pass.id,
    serialNumber,
    credential: keys.credential(row.pass.credentialNonce),
    authenticationToken: keys.appleAuthenticationToken(serialNumber),
    expiresAt: row.pass.expiresAt,
    updatedAt: row.pass.updatedAt,
  };
  if (!row.adult) {
    // The adult was deleted: the pass is void, drawn from what it showed when issued (`data`).
    const shown = parseData(row.pass.data);
    return {
      ...common,
      holderName: shown.holderName,
      relationship: '',
      children: shown.children.map((firstName) => ({ firstName, lastName: '' })),
      voided: true,
      photo: undefined,
    };
  }
  const children = await db
    .select({ firstName: students.firstName, lastName: students.lastName })
    .from(studentTrustees)
    .innerJoin(students, eq(students.id, studentTrustees.studentId))
    .where(eq(studentTrustees.trusteeId, row.adult.id))
    .orderBy(students.firstName);
  return {
    ...common,
    holderName: `${row.adult.firstName} ${row.adult.lastName}`,
    relationship: row.adult.relationship,
    children,
    voided: passStatus(row.pass, row.adult, now, config.timeZone).status !== 'Active',
    photo: row.pass.imageUrl ? await photos.read(row.pass.imageUrl) : undefined,
  };
}

/** The `data` JSON of a pass (`{ holderName, children }`), tolerant of a missing or odd value. */
function parseData(data: string | null): { holderName: string; children: string[] } {
  try {
    const value = JSON.parse(data ?? '{}') as { holderName?: unknown; children?: unknown };
    return {
      holderName: typeof value.holderName === 'string' ? value.holderName : 'Pickup adult',
      children: Array.isArray(value.children)
        ? value.children.filter((c): c is string => typeof c === 'string')
        : [],
    };
  } catch {
    return { holderName: 'Pickup adult', children: [] };
  }
}
