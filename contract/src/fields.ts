/**
 * Field schemas shared by forms (web/) and handlers (server/), defined once so the browser and the API
 * always agree on what is valid and say it in the same words.
 *
 * Messages marked "spec §5" are exact texts from the product spec and must not change.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';
import { dateTimeFormat } from './intl.ts';
// Plain-sentence defaults for every zod message the contract does not write itself (issue 12).
import './messages.ts';

/** spec §5: 'Please enter a valid email address' / 'Email is required.' */
export const EMAIL_INVALID = fieldMessage('fields.common.emailInvalid');
export const EMAIL_REQUIRED = fieldMessage('fields.common.emailRequired');
/** spec §5: names are trimmed and 2 to 50 characters. */
export const NAME_INVALID = fieldMessage('fields.common.nameInvalid');

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

export const PHONE_INVALID = fieldMessage('fields.common.phoneInvalid');

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

/**
 * The center's time zone, in which a date-time sent for a calendar-date field is read (issue 12).
 *
 * Why a module setting and not a schema argument: the contract's schemas are constants shared by the
 * browser's forms and the server's routes, and zod 4 has no per-parse context to carry a zone into a
 * transform. The zone is a fact of the deployment (one center per server process, `CENTER_TIMEZONE`), like
 * the zod configuration itself, so the server sets it once at start ({@link setCenterTimeZone}, called by
 * `server/src/http/input-rules.ts`) and the browser keeps the default, the center's zone
 * (web `CENTER_TIME_ZONE`). Normalising in the contract means every date field, its refinements (e.g. "ends
 * after it starts") and the stored value all see the same "YYYY-MM-DD".
 */
export const DEFAULT_CENTER_TIME_ZONE = 'America/Los_Angeles';
let centerTimeZone = DEFAULT_CENTER_TIME_ZONE;

/** Set the IANA zone (e.g. "Europe/Berlin") date-times are read in; throws RangeError for an unknown zone. */
export function setCenterTimeZone(timeZone: string): void {
  new Intl.DateTimeFormat('en-CA', { timeZone });
  centerTimeZone = timeZone;
}

/** The zone set by {@link setCenterTimeZone} (default America/Los_Angeles). */
export function getCenterTimeZone(): string {
  return centerTimeZone;
}

const calendarDate = z.iso.date();
const dateTime = z.iso.datetime({ offset: true, local: true });
const hasZone = /(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * The calendar date ("YYYY-MM-DD") a date field means, or null when `value` is neither an ISO 8601 calendar
 * date ("2026-12-12") nor an ISO 8601 date-time. A date-time with a zone ("2026-12-12T08:00:00.000Z",
 * "2026-12-12T10:00+02:00") names an instant and is read as the date on the center's calendar at that
 * instant, in `timeZone` (default: the center's zone); one without a zone ("2026-12-12T08:00") is already the
 * center's wall clock, so its date part is the date. A JavaScript client sending `new Date(2026, 11, 12)` from
 * the center's zone thus means 2026-12-12 (spec §3: dates travel as ISO strings; issue 12).
 */
export function centerCalendarDate(value: string, timeZone: string = centerTimeZone): string | null {
  if (calendarDate.safeParse(value).success) return value;
  if (!dateTime.safeParse(value).success) return null;
  if (!hasZone.test(value)) return value.slice(0, 10);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * The sane range of every date the product takes, inclusive: a birth date, a session day, a filter or a
 * schedule. Outside it a date is a typo or a probe (year 0000 is not even a PostgreSQL date), never a
 * record a center keeps (issue 21 item 21).
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';
/** The field message for a real calendar date outside {@link EARLIEST_DATE}–{@link LATEST_DATE}. */
export const DATE_OUT_OF_RANGE = fieldMessage('fields.common.dateOutOfRange');

/** Whether the calendar date "YYYY-MM-DD" lies in the sane range. */
export function dateInRange(date: string): boolean {
  return date >= EARLIEST_DATE && date <= LATEST_DATE;
}

/**
 * A calendar-date field: accepts "YYYY-MM-DD" or an ISO 8601 date-time and outputs the center's calendar date
 * "YYYY-MM-DD" (see {@link centerCalendarDate}). A value that is no real date (month 13, February 30) fails
 * with `message`; a real date outside 1900–2199 fails with {@link DATE_OUT_OF_RANGE}. The one date field of
 * the contract: every date in a path, query or body goes through it or {@link isoInstantSchema}.
 */
export function calendarDateSchema(message: string) {
  return (
    z
      .string({ error: message })
      .trim()
      // `format: date` in the API's document (server/src/http/openapi.ts): what a caller sends; a date-time is read too.
      .meta({
        description: 'An ISO calendar date ("2026-01-12") or date-time, read as the center’s calendar date',
        format: 'date',
      })
      .transform((value, ctx) => {
        const date = centerCalendarDate(value);
        if (date === null) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        if (!dateInRange(date)) {
          ctx.addIssue({ code: 'custom', message: DATE_OUT_OF_RANGE });
          return z.NEVER;
        }
        return date;
      })
  );
}

/**
 * An instant: an ISO 8601 date-time with a zone ("2026-12-01T17:00:00Z", "…-08:00"), kept as sent, or, with
 * `wallTime`, also the center's wall clock "YYYY-MM-DD" + "T" + "HH:MM" (a form's date-time field). A value
 * that is no real date-time fails with `message`; one whose date lies outside 1900–2199 with
 * {@link DATE_OUT_OF_RANGE}.
 */
export function isoInstantSchema(message: string, { wallTime = false, dateOnly = false } = {}) {
  const wall = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
  const schema = z
    .string({ error: message })
    .trim()
    .superRefine((value, ctx) => {
      const ok = dateTime.safeParse(value).success && (hasZone.test(value) || (wallTime && wall.test(value)));
      const date = value.slice(0, 10);
      const real =
        (ok && calendarDate.safeParse(date).success) || (dateOnly && calendarDate.safeParse(value).success);
      if (!real || Number.isNaN(Date.parse(value))) ctx.addIssue({ code: 'custom', message });
      else if (!dateInRange(date)) ctx.addIssue({ code: 'custom', message: DATE_OUT_OF_RANGE });
    });
  // Only an instant with its zone is an RFC 3339 `date-time` (the API's document, server/src/http/openapi.ts).
  return wallTime || dateOnly ? schema : schema.meta({ format: 'date-time' });
}

/** An ISO calendar date "YYYY-MM-DD" that exists on the calendar, or a date-time read in the center's zone. */
export const IsoDateSchema = calendarDateSchema(fieldMessage('fields.common.dateFormat'));

/** Optional free text: trimmed; empty becomes null. */
export function optionalText(max: number, message = fieldMessage('fields.common.tooLong', { max })) {
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
