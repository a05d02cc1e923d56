/**
 * The families' languages (issue 14): English, the default, which keeps the spec's exact texts, and
 * Spanish. Messages live in JSON files a translator edits without reading code, one pair per part of the
 * site:
 * - `locales/{en,es}.json`: the page chrome, public and account pages, under their own keys;
 * - `locales/portal.{en,es}.json`: the portal's dashboard, sessions and billing, under `portal.`;
 * - `locales/family.{en,es}.json`: children, allergies, contacts, pickup passes and the pass page, family
 *   sharing and attendance, under `family.`;
 * - `locales/enroll.{en,es}.json`: sessions, enrolling, waitlists and checkout, under `enroll.`;
 * - `locales/conversations.{en,es}.json`: messages between families and the center, notification settings and
 *   the staff's conversation pages (issue 25), under `conversations.`;
 * - `locales/feed.{en,es}.json`: the day's notes and photos, photo consent and the daily summary (issue 25),
 *   for families and the teacher's day screen, under `feed.`;
 * - `locales/incidents.{en,es}.json`: incident reports (issue 26), the family's copy and signature and the
 *   staff's report, list and review, under `incidents.`.
 * - `locales/health.{en,es}.json`: a child's health record, its documents and what programs require (issue 26),
 *   under `health.`.
 * - `locales/duty.{en,es}.json`: staff on duty (issue 26): the rooms' ratios, the door tablet's staff clock,
 *   My time and timesheets, under `duty.`.
 * Their keys are type-checked (`i18next.d.ts`) and `locales.test.ts` fails when a key is missing in either
 * language or a Spanish message was left in English. Plurals use i18next's `count` (Intl.PluralRules).
 *
 * The chosen language is remembered in localStorage "language", beside "themeMode" (spec §1). A visitor's
 * first visit follows the browser's languages; a public page's Spanish address (`/es/…`) shows Spanish.
 */

import { LANGUAGES, type Language } from '@lc/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enConversations from './locales/conversations.en.json';
import esConversations from './locales/conversations.es.json';
import enDuty from './locales/duty.en.json';
import esDuty from './locales/duty.es.json';
import en from './locales/en.json';
import enEnroll from './locales/enroll.en.json';
import esEnroll from './locales/enroll.es.json';
import es from './locales/es.json';
import enFamily from './locales/family.en.json';
import esFamily from './locales/family.es.json';
import enFeed from './locales/feed.en.json';
import esFeed from './locales/feed.es.json';
import enHealth from './locales/health.en.json';
import esHealth from './locales/health.es.json';
import enIncidents from './locales/incidents.en.json';
import esIncidents from './locales/incidents.es.json';
import enMedication from './locales/medication.en.json';
import esMedication from './locales/medication.es.json';
import enPortal from './locales/portal.en.json';
import esPortal from './locales/portal.es.json';

export { LANGUAGES, type Language };
/** localStorage key of the visitor's language, beside THEME_STORAGE_KEY ("themeMode"). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Every message, by language: the site's file with each part's file under its key. */
export const messages = {
  en: {
    ...en,
    portal: enPortal,
    family: enFamily,
    enroll: enEnroll,
    conversations: enConversations,
    duty: enDuty,
    feed: enFeed,
    incidents: enIncidents,
    medication: enMedication,
    health: enHealth,
  },
  es: {
    ...es,
    portal: esPortal,
    family: esFamily,
    enroll: esEnroll,
    conversations: esConversations,
    duty: esDuty,
    feed: esFeed,
    incidents: esIncidents,
    medication: esMedication,
    health: esHealth,
  },
} as const;

export const resources = { en: { translation: messages.en }, es: { translation: messages.es } } as const;

// Synchronous (`initAsync: false`): the server renderer and the first client render read messages at once.
i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
});

export const i18n = i18next;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language among `preferences` (BCP 47 tags, most wanted first: "es-MX" counts as
 * Spanish), or English.
 */
export function matchLanguage(preferences: readonly string[]): Language {
  for (const tag of preferences) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** The language the visitor chose on this browser, or null when they never chose. */
export function chosenLanguage(): Language | null {
  if (typeof window === 'undefined') return null;
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** The visitor's language: the one they chose, else their browser's first supported one, else English. */
export function preferredLanguage(): Language {
  if (typeof window === 'undefined') return 'en';
  return chosenLanguage() ?? matchLanguage(window.navigator.languages ?? [window.navigator.language]);
}

/** Shows the site in `language` now, sets `<html lang>`, and, when `remember`, keeps the choice. */
export function applyLanguage(language: Language, remember = false) {
  if (remember) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18next.language !== language) void i18next.changeLanguage(language);
}
