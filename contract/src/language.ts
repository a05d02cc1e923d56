/**
 * The languages families read the site and their emails in (issue 14, decision 015): English, the
 * default, and Spanish. Stored on the parent's account (`users.language`) so their emails follow it.
 * No zod here: the public pages' language switch imports it (the schemas are in auth.ts).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Public pages have an address per language for search engines (issue 14): English at the spec's paths
 * (`/our-philosophy`), Spanish under this prefix (`/es/our-philosophy`, `/es` for the home page). Only the
 * server-rendered public pages have a Spanish address; the portal and sign-in pages keep one address and
 * follow the language the family chose.
 */
export const SPANISH_PATH_PREFIX = '/es';

/** The language a path's address is in: Spanish under `/es`, else English. */
export function languageOfPath(pathname: string): Language {
  return pathname === SPANISH_PATH_PREFIX || pathname.startsWith(`${SPANISH_PATH_PREFIX}/`) ? 'es' : 'en';
}

/** The path without its language prefix: `/es/faq` → `/faq`, `/es` → `/`, `/faq` → `/faq`. */
export function pathWithoutLanguage(pathname: string): string {
  if (languageOfPath(pathname) === 'en') return pathname;
  return pathname.slice(SPANISH_PATH_PREFIX.length) || '/';
}

/** A page's path (without prefix, e.g. `/faq` or `/`) at its address in `language`: `/es/faq`, `/es`. */
export function pathInLanguage(pathname: string, language: Language): string {
  const base = pathWithoutLanguage(pathname);
  if (language === 'en') return base;
  return base === '/' ? SPANISH_PATH_PREFIX : `${SPANISH_PATH_PREFIX}${base}`;
}
