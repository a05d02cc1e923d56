/**
 * The caller's language (issue 14). The browser says which language it shows in `Accept-Language`
 * (web/src/api/client.ts); the error body (errors.ts) and the family's sentences in replies (a pass's
 * status, the eligibility sentences) are written in it from the message files of the contract
 * (contract/src/api-errors.ts). English is the default.
 */
import type { Language } from '@lc/contract';
import Negotiator from 'negotiator';

/** The family's language for this request: the best of `Accept-Language` we speak, else English. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const best = new Negotiator({ headers }).language(['en', 'es']);
  return best === 'es' ? 'es' : 'en';
}
