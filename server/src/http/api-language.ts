/**
 * The API's own sentences in the family's language (issue 14). The browser says which language it shows
 * in `Accept-Language` (web/src/api/client.ts); an error's `message`, and its `fields` sentences, are
 * answered in Spanish when Spanish is preferred and the sentence is in `locales/api-messages.es.json`.
 *
 * That file maps each English sentence to its Spanish, the way a translator reads a glossary: use cases keep
 * throwing the English (the spec's texts, and what staff, logs and English tests read). A sentence with
 * `{{name}}` parts matches any text in their place, and the text is carried over, e.g. "{{session}} is
 * full." A sentence without an entry stays English: the contract's field messages, which the browser
 * translates itself (web `fieldMessages`), and the kiosk's and staff pages' sentences (staff pages stay
 * English). `api-language.test.ts` checks the file's placeholders and the family-facing sentences.
 */
import type { Language } from '@lc/contract';
import Negotiator from 'negotiator';
import spanish from './locales/api-messages.es.json' with { type: 'json' };

/** The family's language for this request: the best of `Accept-Language` we speak, else English. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const best = new Negotiator({ headers }).language(['en', 'es']);
  return best === 'es' ? 'es' : 'en';
}

type Template = { pattern: RegExp; names: string[]; spanish: string };

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const [english, translated] of Object.entries(spanish as Record<string, string>)) {
  const names = [...english.matchAll(/{{(\w+)}}/g)].map((m) => m[1] ?? '');
  if (names.length === 0) {
    exact.set(english, translated);
    continue;
  }
  const source = english
    .split(/{{\w+}}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  templates.push({ pattern: new RegExp(`^${source}$`), names, spanish: translated });
}

/** `message` in `language`: its Spanish when Spanish is asked for and the file has it, else `message`. */
export function translateApiMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  const found = exact.get(message);
  if (found !== undefined) return found;
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    return template.names.reduce(
      // A part that is itself a sentence of the file ("That child") is translated too.
      (text, name, i) => text.replace(`{{${name}}}`, exact.get(match[i + 1] ?? '') ?? match[i + 1] ?? ''),
      template.spanish,
    );
  }
  return message;
}

/** Every English sentence the file translates (for its tests). */
export const translatedApiMessages: readonly string[] = Object.keys(spanish);
