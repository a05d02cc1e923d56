/**
 * The languages families read the site and their emails in (issue 14, decision 015): English, the
 * default, and Spanish. Stored on the parent's account (`users.language`) so their emails follow it.
 * No zod here: the public pages' language switch imports it (the schemas are in auth.ts).
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
