/**
 * Field messages as codes (issue 22, item 3; docs/architecture.md, "API conventions"). A schema of the contract
 * says what is wrong with a field as a code of the message files (`locales/api-errors/fields.{en,es}.json`),
 * e.g. `fields.family.zipInvalid`, with parameters where the sentence has parts (`fields.common.tooLong` with
 * `{ max: 60 }`). zod carries a message as one string, so a code with parameters travels as
 * `code|{"max":60}` ({@link fieldMessage}); {@link readFieldMessage} takes it apart again. The server writes
 * the sentence into a 400's `fields` in the caller's language and the browser's forms write it in the page's,
 * both through `messageSentence` (api-errors.ts) from the same files.
 *
 * This module reads the codes' types only (not api-errors.ts), so every schema module can use it without an
 * import circle.
 */
import type fields from './locales/api-errors/fields.en.json';
import type { Leaves, MessageParams, PluralBase } from './message-keys.ts';

/** A code of the `fields` message files, e.g. `fields.family.zipInvalid`. */
export type FieldMessageCode = PluralBase<Leaves<typeof fields, 'fields.'>>;

/** The separator between a code and its JSON parameters in one zod message. */
const PARAMS = '|';

/**
 * The message string for `code` with `params`: the code itself, or `code|{json}` when it has parameters.
 * Pure; the code's sentence is looked up only when it is shown.
 */
export function fieldMessage(code: FieldMessageCode, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${code}${PARAMS}${JSON.stringify(params)}` : code;
}

/**
 * `text` taken apart into its code and parameters, or undefined when it is not a field message (a sentence
 * from elsewhere, or a code whose parameters do not read as a JSON object).
 */
export function readFieldMessage(text: string): { code: string; params?: MessageParams } | undefined {
  if (!text.startsWith('fields.')) return undefined;
  const at = text.indexOf(PARAMS);
  if (at < 0) return { code: text };
  try {
    const params: unknown = JSON.parse(text.slice(at + 1));
    if (params === null || typeof params !== 'object' || Array.isArray(params)) return undefined;
    return { code: text.slice(0, at), params: params as MessageParams };
  } catch {
    return undefined;
  }
}
