/**
 * Plain-sentence messages for every zod check that has no message of its own (issue 12: "Field messages
 * are always sentences a person can act on"; before this a missing field answered "Invalid input:
 * expected array, received undefined").
 *
 * Installed once, globally, with `z.config({ customError })` when the contract is imported, so the browser's
 * forms and the server's 400 `fields` say the same words. zod gives a schema's own message precedence over
 * this one, so every message written in the contract (including the spec's exact texts) is unchanged; this
 * only replaces zod's English defaults.
 */
import { z } from 'zod';

/** The sentence for a value that is missing (undefined or null) where one is needed. */
export const FIELD_REQUIRED = 'This field is required.';

const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

/** What to say for a value of the wrong type, by the type zod expected. */
function wrongType(expected: string): string {
  switch (expected) {
    case 'string':
      return 'Please enter this as text.';
    case 'number':
    case 'bigint':
      return 'Please enter a number.';
    case 'int':
      return 'Please enter a whole number.';
    case 'boolean':
      return 'Please answer yes or no (true or false).';
    case 'array':
      return 'Please choose one or more items from the list.';
    case 'date':
      return 'Please enter a date like 2026-01-12.';
    default:
      return 'Please fill in this part of the form.';
  }
}

/** What to say for a string that is not in the expected format, by zod's format name. */
function wrongFormat(format: string): string {
  switch (format) {
    case 'email':
      return 'Please enter a valid email address';
    case 'uuid':
    case 'guid':
      return 'Please choose an item from the list.';
    case 'date':
      return 'Please enter a date like 2026-01-12.';
    case 'datetime':
      return 'Please enter a date and time like 2026-01-12T09:00:00Z.';
    case 'time':
      return 'Please enter a time like 09:30.';
    case 'url':
      return 'Please enter a web address starting with https://.';
    case 'starts_with':
    case 'ends_with':
    case 'includes':
    case 'regex':
      return 'Please check the format of this field.';
    default:
      return 'Please check the format of this field.';
  }
}

/**
 * zod 4 `customError`: a sentence for an issue zod would otherwise describe in its own terms, or undefined
 * to keep zod's message (never the case for the codes zod defines today). Exported for tests.
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? FIELD_REQUIRED : wrongType(issue.expected);
    case 'too_small': {
      const n = issue.minimum;
      if (issue.origin === 'string')
        return Number(n) <= 1
          ? FIELD_REQUIRED
          : `Please enter at least ${plural(n, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(n) <= 1 ? 'Please choose at least one.' : `Please choose at least ${n}.`;
      return issue.inclusive === false
        ? `Please enter a number greater than ${n}.`
        : `Please enter a number of at least ${n}.`;
    }
    case 'too_big': {
      const n = issue.maximum;
      if (issue.origin === 'string')
        return `Please keep this to at most ${plural(n, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Please choose at most ${n}.`;
      return issue.inclusive === false
        ? `Please enter a number less than ${n}.`
        : `Please enter a number no greater than ${n}.`;
    }
    case 'invalid_format':
      return wrongFormat(issue.format);
    case 'not_multiple_of':
      return `Please enter a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Please remove ${issue.keys.length === 1 ? 'this field' : 'these fields'}, which we do not use: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null) return FIELD_REQUIRED;
      return issue.values.length === 1
        ? `Please use ${JSON.stringify(issue.values[0])} here.`
        : `Please choose one of: ${issue.values.map((v) => String(v)).join(', ')}.`;
    case 'invalid_union':
      return issue.input === undefined || issue.input === null
        ? FIELD_REQUIRED
        : 'Please check this field: its value is not one we accept.';
    case 'invalid_key':
    case 'invalid_element':
      return 'Please check the entries in this field.';
    case 'custom':
      return 'Please check this field.';
    default:
      return undefined;
  }
}

// jitless: zod would otherwise probe `new Function('')` to compile object parsers, which the site's CSP
// (script-src 'self', no 'unsafe-eval') refuses and the browser reports as a violation on every page using a schema.
z.config({ customError: plainMessage, jitless: true });
