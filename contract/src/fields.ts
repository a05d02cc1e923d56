/**
 * Field schemas shared by forms (web/) and handlers (server/), defined once so the browser and the API
 * always agree on what is valid and say it in the same words.
 *
 * Messages marked "spec §5" are exact texts from the product spec and must not change.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/** spec §5: 'Please enter a valid email address' / 'Email is required.' */
export const EMAIL_INVALID = 'Please enter a valid email address';
export const EMAIL_REQUIRED = 'Email is required.';
/** spec §5: names are trimmed and 2 to 50 characters. */
export const NAME_INVALID = 'Please enter a valid name';

/**
 * An email address: trimmed and lower-cased, because people type addresses in any case but an inbox is
 * case-insensitive in practice; storing one form lets us compare and keep them unique.
 */
export const EmailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, EMAIL_INVALID)
  .pipe(z.email({ error: EMAIL_INVALID }))
  .transform((value) => value.toLowerCase());

/** A person's first or last name: trimmed, 2 to 50 characters (spec §9). */
export function nameSchema(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .min(2, NAME_INVALID)
    .max(50, NAME_INVALID);
}

export const PHONE_INVALID = 'Please enter a valid US phone number, like (415) 555-0132';

/**
 * A phone number as people type it, e.g. "(415) 555-0132" or "+1 415 555 0132", parsed with
 * libphonenumber-js (US by default) and normalised to E.164 ("+14155550132").
 */
export const PhoneSchema = z
  .string({ error: PHONE_INVALID })
  .trim()
  .min(1, PHONE_INVALID)
  .transform((value, ctx) => {
    const parsed = parsePhoneNumberFromString(value, 'US');
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return parsed.number;
  });

/** Same as {@link PhoneSchema} but an empty string or a missing value means "not given" (null). */
export const OptionalPhoneSchema = z
  .string({ error: PHONE_INVALID })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const parsed = parsePhoneNumberFromString(value, 'US');
    if (!parsed?.isValid()) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return parsed.number;
  });

/** Format an E.164 US number for people: "+14155550132" → "(415) 555-0132". */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, 'US');
  return parsed ? parsed.formatNational() : e164;
}

/** An ISO calendar date "YYYY-MM-DD" that exists on the calendar. */
export const IsoDateSchema = z.iso.date({ error: 'Please enter a date as YYYY-MM-DD' });

/** Optional free text: trimmed; empty becomes null. */
export function optionalText(max: number, message = `Please keep this under ${max} characters`) {
  return z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Today's date as "YYYY-MM-DD" in the server's or browser's local time zone. */
export function todayIsoDate(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
