/**
 * Whether a pickup pass works at the door now, and if not why, in plain words (issue 11). The one rule the
 * door, the family's pages and the wallet copies (`voided`) all read.
 */
import {
  type ApiErrorCode,
  type ApiErrorParams,
  apiErrorSentence,
  type Language,
  type PassStatus,
} from '@lc/contract';
import type { digitalPassports, trustees } from '../../db/schema.ts';

type PassRow = typeof digitalPassports.$inferSelect;
type AdultRow = typeof trustees.$inferSelect;

/** "August 31, 2027" ("31 de agosto de 2027") in the center's zone. */
export const dateFormat = (timeZone: string, language: Language = 'en') =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    timeZone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** Why a pass does not work: a code of the message files (passes.status.*) and its parts. */
export type PassRefusal = { code: ApiErrorCode; params?: ApiErrorParams };

/** The answer of {@link passStatus}: `reason` is the refusal's sentence in the language asked for (English by default: the door, the log). */
type PassStatusAnswer = { status: PassStatus; reason: string | null; refusal: PassRefusal | null };

function refused(status: PassStatus, refusal: PassRefusal, language: Language): PassStatusAnswer {
  return { status, reason: apiErrorSentence(refusal.code, refusal.params, language), refusal };
}

/**
 * The door's view of a pass: Active, or why not (revoked, expired, its adult inactive or no longer allowed
 * to pick up), as a code with its parts and as the English sentence.
 */
export function passStatus(
  pass: Pick<PassRow, 'isActive' | 'revokedAt' | 'expiresAt'>,
  adult: Pick<AdultRow, 'isActive' | 'canPickup' | 'firstName'>,
  now: Date,
  timeZone: string,
  language: Language = 'en',
): PassStatusAnswer {
  if (pass.revokedAt || !pass.isActive)
    return refused('Revoked', { code: 'passes.status.revoked' }, language);
  if (pass.expiresAt <= now) {
    const date = dateFormat(timeZone, language).format(pass.expiresAt);
    return refused('Expired', { code: 'passes.status.expired', params: { date } }, language);
  }
  if (!adult.isActive) {
    return refused('Paused', { code: 'passes.status.inactive', params: { name: adult.firstName } }, language);
  }
  if (!adult.canPickup) {
    return refused(
      'Paused',
      { code: 'passes.status.cannotPickUp', params: { name: adult.firstName } },
      language,
    );
  }
  return { status: 'Active', reason: null, refusal: null };
}
