/**
 * Rules for every request's input that no single route should have to remember (issue 12):
 * - text PostgreSQL cannot store is refused with 400 before validation, instead of failing in SQL as a 500;
 * - calendar-date fields read a date-time in the center's zone (the contract's setting, from CENTER_TIMEZONE).
 */
import { type ApiErrorCode, apiErrorSentence, setCenterTimeZone } from '@lc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { errorBody } from './errors.ts';

/**
 * A NUL character (PostgreSQL text cannot hold U+0000: "invalid byte sequence for encoding UTF8: 0x00") or
 * a lone UTF-16 surrogate (not a character at all; the driver would store U+FFFD instead of what was sent).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is this pattern's purpose.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character PostgreSQL cannot store (see {@link UNSTORABLE}). */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** True when `value` (parsed JSON, query or params: strings, arrays, objects) holds such text, in a key or a value. */
function containsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasUnstorableText(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsUnstorable(item, depth + 1));
  // A Buffer (the raw webhook body) is bytes, not text. The query's object has a prototype of its own.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return Object.entries(value).some(
    ([key, item]) => hasUnstorableText(key) || containsUnstorable(item, depth + 1),
  );
}

/** The codes of the refusals (contract/src/locales/api-errors/sessions.*.json, `sessions.unstorableText.*`). */
const UNSTORABLE_CODES = {
  field: 'sessions.unstorableText.field',
  body: 'sessions.unstorableText.body',
  address: 'sessions.unstorableText.address',
} as const satisfies Record<string, ApiErrorCode>;

/** The English sentences of those refusals (logs and tests; the body is written in the caller's language). */
export const UNSTORABLE_FIELD = apiErrorSentence(UNSTORABLE_CODES.field, undefined, 'en');
export const UNSTORABLE_BODY = apiErrorSentence(UNSTORABLE_CODES.body, undefined, 'en');
export const UNSTORABLE_URL = apiErrorSentence(UNSTORABLE_CODES.address, undefined, 'en');

/** The body fields (top-level keys, as in the error body's `fields`) that hold unstorable text, each with its code. */
function unstorableFields(body: unknown): Record<string, string> | null {
  if (!containsUnstorable(body)) return null;
  const fields: Record<string, string> = {};
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, item] of Object.entries(body))
      if (hasUnstorableText(key) || containsUnstorable(item))
        fields[hasUnstorableText(key) ? '_' : key] = UNSTORABLE_CODES.field;
  } else fields._ = UNSTORABLE_CODES.field;
  return fields;
}

/**
 * Install the rules on `app` (before its routes): a `preValidation` hook that answers 400 when the path
 * parameters or query (message only) or the JSON body (message plus `fields`) hold unstorable text, and the
 * contract's center time zone from `config.timeZone`.
 */
export function registerInputRules(app: FastifyInstance, config: Pick<Config, 'timeZone'>): void {
  setCenterTimeZone(config.timeZone);
  app.addHook('preValidation', async (request: FastifyRequest, reply) => {
    if (containsUnstorable(request.params) || containsUnstorable(request.query))
      return reply.status(400).send(errorBody(request, 400, UNSTORABLE_CODES.address));
    const fields = unstorableFields(request.body);
    if (fields) return reply.status(400).send(errorBody(request, 400, UNSTORABLE_CODES.body, fields));
  });
}
