/**
 * Plain messages for every zod check that has no message of its own (issue 12: "Field messages are always
 * sentences a person can act on"; before this a missing field answered "Invalid input: expected array,
 * received undefined"). Each is a field code of `fields.common` (field-message.ts, issue 22 item 3), written
 * as a sentence in the reader's language where it is shown.
 *
 * Installed once, globally, with `z.config({ customError })` when the contract is imported, so the browser's
 * forms and the server's 400 `fields` say the same words. zod gives a schema's own message precedence over
 * this one, so every message written in the contract (including the spec's exact texts) is unchanged; this
 * only replaces zod's English defaults.
 */
import { z } from 'zod';
import { fieldMessage } from './field-message.ts';

/** The message for a value that is missing (undefined or null) where one is needed. */
export const FIELD_REQUIRED = fieldMessage('fields.common.fieldRequired');

/** What to say for a value of the wrong type, by the type zod expected. */
function wrongType(expected: string): string {
  switch (expected) {
    case 'string':
      return fieldMessage('fields.common.enterText');
    case 'number':
    case 'bigint':
      return fieldMessage('fields.common.enterNumber');
    case 'int':
      return fieldMessage('fields.common.enterWholeNumber');
    case 'boolean':
      return fieldMessage('fields.common.answerYesNo');
    case 'array':
      return fieldMessage('fields.common.chooseItems');
    case 'date':
      return fieldMessage('fields.common.enterDate');
    default:
      return fieldMessage('fields.common.fillIn');
  }
}

/** What to say for a string that is not in the expected format, by zod's format name. */
function wrongFormat(format: string): string {
  switch (format) {
    case 'email':
      return fieldMessage('fields.common.emailInvalid');
    case 'uuid':
    case 'guid':
      return fieldMessage('fields.common.chooseItem');
    case 'date':
      return fieldMessage('fields.common.enterDate');
    case 'datetime':
      return fieldMessage('fields.common.enterDateTime');
    case 'time':
      return fieldMessage('fields.common.enterTime');
    case 'url':
      return fieldMessage('fields.common.enterUrl');
    default:
      return fieldMessage('fields.common.checkFormat');
  }
}

/**
 * zod 4 `customError`: the message (a code of `fields.common`, field-message.ts) for an issue zod would
 * otherwise describe in its own terms, or undefined to keep zod's message (never the case for the codes zod
 * defines today). Exported for tests.
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? FIELD_REQUIRED : wrongType(issue.expected);
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string')
        return n <= 1 ? FIELD_REQUIRED : fieldMessage('fields.common.atLeastCharacters', { count: n });
      if (issue.origin === 'array' || issue.origin === 'set')
        return n <= 1
          ? fieldMessage('fields.common.chooseAtLeastOne')
          : fieldMessage('fields.common.chooseAtLeast', { count: n });
      return issue.inclusive === false
        ? fieldMessage('fields.common.numberAbove', { n })
        : fieldMessage('fields.common.numberAtLeast', { n });
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return fieldMessage('fields.common.atMostCharacters', { count: n });
      if (issue.origin === 'array' || issue.origin === 'set')
        return fieldMessage('fields.common.chooseAtMost', { count: n });
      return issue.inclusive === false
        ? fieldMessage('fields.common.numberBelow', { n })
        : fieldMessage('fields.common.numberAtMost', { n });
    }
    case 'invalid_format':
      return wrongFormat(issue.format);
    case 'not_multiple_of':
      return fieldMessage('fields.common.multipleOf', { n: Number(issue.divisor) });
    case 'unrecognized_keys':
      return fieldMessage('fields.common.unknownFields', {
        count: issue.keys.length,
        keys: issue.keys.join(', '),
      });
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null) return FIELD_REQUIRED;
      return issue.values.length === 1
        ? fieldMessage('fields.common.useValue', { value: JSON.stringify(issue.values[0]) })
        : fieldMessage('fields.common.chooseOneOf', {
            values: issue.values.map((v) => String(v)).join(', '),
          });
    case 'invalid_union':
      return issue.input === undefined || issue.input === null
        ? FIELD_REQUIRED
        : fieldMessage('fields.common.valueNotAccepted');
    case 'invalid_key':
    case 'invalid_element':
      return fieldMessage('fields.common.checkEntries');
    case 'custom':
      return fieldMessage('fields.common.checkField');
    default:
      return undefined;
  }
}

// jitless: zod would otherwise probe `new Function('')` to compile object parsers, which the site's CSP
// (script-src 'self', no 'unsafe-eval') refuses and the browser reports as a violation on every page using a schema.
z.config({ customError: plainMessage, jitless: true });
