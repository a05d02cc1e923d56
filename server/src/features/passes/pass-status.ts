/**
 * Whether a pickup pass works at the door now, and if not why, in plain words (issue 11). The one rule the
 * door, the family's pages and the wallet copies (`voided`) all read.
 */
import type { PassStatus } from '@lc/contract';
import type { digitalPassports, trustees } from '../../db/schema.ts';

type PassRow = typeof digitalPassports.$inferSelect;
type AdultRow = typeof trustees.$inferSelect;

/** "August 31, 2027" in the center's zone. */
export const dateFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The door's view of a pass: Active, or why not (revoked, expired, its adult inactive or no longer allowed
 * to pick up).
 */
export function passStatus(
  pass: Pick<PassRow, 'isActive' | 'revokedAt' | 'expiresAt'>,
  adult: Pick<AdultRow, 'isActive' | 'canPickup' | 'firstName'>,
  now: Date,
  timeZone: string,
): { status: PassStatus; reason: string | null } {
  if (pass.revokedAt || !pass.isActive) {
    return { status: 'Revoked', reason: 'This pass has been turned off by the family.' };
  }
  if (pass.expiresAt <= now) {
    return {
      status: 'Expired',
      reason: `This pass expired on ${dateFormat(timeZone).format(pass.expiresAt)}. The family can issue a new one in the portal.`,
    };
  }
  if (!adult.isActive) {
    return {
      status: 'Paused',
      reason: `${adult.firstName} is not an active contact of the family right now.`,
    };
  }
  if (!adult.canPickup) {
    return { status: 'Paused', reason: `${adult.firstName} is not allowed to pick up children right now.` };
  }
  return { status: 'Active', reason: null };
}
