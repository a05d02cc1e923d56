/**
 * Reading the translation files (issue 14, decision 015): the web's `web/src/i18n/locales/*.json` and the
 * emails' `server/src/i18n/locales/*.json` are nested objects of messages. Their completeness tests use
 * these to compare the languages key by key.
 */

/** A nested message file. */
export type MessageFile = { [key: string]: string | MessageFile };

/** Every message by its dotted key, e.g. `header.faq` → "FAQ". */
export function flattenMessages(messages: MessageFile, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenMessages(value, path)) out.set(k, v);
  }
  return out;
}

/** The `{{placeholder}}` names a message uses, sorted. */
export function messagePlaceholders(message: string): string[] {
  return [...message.matchAll(/{{\s*(\w+)/g)].map((match) => match[1] ?? '').sort();
}
