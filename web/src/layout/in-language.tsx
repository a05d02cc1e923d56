import { isPublicPagePath, type Language, languageOfPath, pathInLanguage } from '@lc/contract';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { applyLanguage, i18n, isLanguage } from '../i18n/i18n';

/**
 * The Spanish addresses of the public pages (`/es/…`, issue 14): the page shows in `language` whatever the
 * visitor had, without remembering it (the address chose, not the visitor). The server renders these pages
 * in that language and the browser hydrates in it (`boot.tsx`), so this only acts when the app navigates
 * here, e.g. with the browser's Back button after switching language.
 */
export function InLanguage({ language }: { language: Language }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname && i18n.language !== language) applyLanguage(language);
  }, [pathname, language]);
  return <Outlet />;
}

/**
 * Keeps a public page's address in the language it shows (issue 14): switching to Spanish on `/faq` moves
 * to `/es/faq`, and back; a visitor whose language is Spanish who follows an English address lands on the
 * Spanish one. The history entry is replaced, so Back does not bounce between the two. Portal and sign-in
 * pages have one address and are left alone.
 */
export function useLanguageAddress() {
  const { i18n: instance } = useTranslation();
  const shown = isLanguage(instance.language) ? instance.language : 'en';
  const { pathname, search, hash } = useLocation();
  const leaf = useMatches().at(-1);
  const isPublic = (leaf?.handle as { serverRendered?: boolean } | undefined)?.serverRendered === true;
  const navigate = useNavigate();
  useEffect(() => {
    // The language now, not the render's: an address's own language may have just been applied.
    const current = isLanguage(i18n.language) ? i18n.language : 'en';
    if (!isPublic || current !== shown || languageOfPath(pathname) === current) return;
    navigate(`${pathInLanguage(pathname, current)}${search}${hash}`, {
      replace: true,
      preventScrollReset: true,
    });
  }, [shown, isPublic, pathname, search, hash, navigate]);
}

/**
 * The address of the page at `path` in the language shown now: a public page gets `/es` in Spanish, so a
 * Spanish page links to Spanish pages (what search engines expect of language versions). Call it while
 * rendering; every page re-renders when the language changes.
 */
export function localPath(path: string): string {
  return i18n.language === 'es' && isPublicPagePath(path) ? pathInLanguage(path, 'es') : path;
}

/** {@link localPath} for a component that shows no translated text of its own: re-renders on a switch. */
export function useLocalizedPath(): (path: string) => string {
  useTranslation();
  return localPath;
}
