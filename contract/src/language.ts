/**
 * The languages families read the site and their emails in (issue 14, decision 015): English, the
 * default, and Spanish. Stored on the parent's account (`users.language`) so their emails follow it.
 */
import { z } from 'zod';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LanguageSchema = z.enum(LANGUAGES, { error: 'Please choose English (en) or Spanish (es).' });

/** `PUT /api/Account/Language` body. */
export const AccountLanguageSchema = z.object({ language: LanguageSchema });
export type AccountLanguageInput = z.input<typeof AccountLanguageSchema>;
