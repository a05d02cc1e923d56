import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../i18n/i18n';
import { dashboardCopy, faqs, homeCopy, philosophyCopy, termsCopy, testimonials } from './copy';
import {
  dashboardCopyEs,
  faqsEs,
  homeCopyEs,
  philosophyCopyEs,
  termsCopyEs,
  testimonialsEs,
} from './copy.es';

/** The center's long-form words in one language: the exports of `copy.ts`, by their English names. */
export type Copy = {
  homeCopy: typeof homeCopy;
  philosophyCopy: typeof philosophyCopy;
  testimonials: typeof testimonials;
  faqs: typeof faqs;
  termsCopy: typeof termsCopy;
  dashboardCopy: typeof dashboardCopy;
};

/** Each language's words; `copy.test.ts` checks the Spanish has the English shape and nothing left in English. */
export const COPY: Readonly<Record<Language, Copy>> = {
  en: { homeCopy, philosophyCopy, testimonials, faqs, termsCopy, dashboardCopy },
  es: {
    homeCopy: homeCopyEs,
    philosophyCopy: philosophyCopyEs,
    testimonials: testimonialsEs,
    faqs: faqsEs,
    termsCopy: termsCopyEs,
    dashboardCopy: dashboardCopyEs,
  },
};

/**
 * The center's long-form words (home page, philosophy, testimonials, FAQ, terms, the portal dashboard) in
 * the visitor's language (issue 14): Spanish when i18next's language is "es", else English, the default,
 * which keeps the spec's exact texts. The calling component re-renders when the language changes.
 *
 * The server-rendered `<head>` (`seo/page-head.ts`) reads {@link COPY} for the page's language.
 */
export function useCopy(): Copy {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return COPY[isLanguage(language) ? language : 'en'];
}
