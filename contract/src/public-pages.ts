/**
 * The seam between the server and the web app's server renderer (issue 12: public pages are real HTML).
 *
 * The web build emits `render-public-page.js` (web/src/entry-server.tsx); the server loads that file at
 * start and calls it for every public page request. Neither side imports the other's source: both import
 * these types. Data comes from the server's catalog readers through {@link PublicPageData}, so the page
 * says what the API would say at that moment.
 */
import type { ClassSession } from './class-session.ts';
import type { Language } from './language.ts';
import { routes } from './routes.ts';

/**
 * The public pages under their canonical addresses (spec §2: `/faq` and `/contact` stand for their twins),
 * for the sitemap; session pages are added from the catalog.
 */
export const publicPagePaths = [
  routes.home,
  routes.philosophy,
  routes.testimonials,
  routes.faq,
  routes.contact,
  routes.sessions,
  routes.tutoringWaitlist,
  routes.terms,
] as const;

/** The addresses that are the same public pages as {@link publicPagePaths} (spec §2's long twins). */
const publicPageTwins: readonly string[] = [routes.faqLong, routes.contactUs];

/**
 * Whether `path` (maybe with a query or fragment, without a language prefix) is a server-rendered public
 * page: one of {@link publicPagePaths}, their twins, or a session page. These have a Spanish address too
 * (`language.ts`, issue 14).
 */
export function isPublicPagePath(path: string): boolean {
  const pathname = path.replace(/[?#].*$/, '');
  return (
    (publicPagePaths as readonly string[]).includes(pathname) ||
    publicPageTwins.includes(pathname) ||
    /^\/sessions\/\d+$/.test(pathname)
  );
}

/** Paths search engines are asked not to crawl (robots.txt): the portal, sign-in pages, checkout and the API. */
export const privatePathPrefixes = [
  '/dashboard',
  '/login',
  '/register',
  '/password-reset',
  '/confirm-email',
  '/logout',
  '/test-checkout',
  '/staff',
  '/api/',
] as const;

/** The id of the `<script type="application/json">` that carries a rendered page's data to the browser. */
export const PAGE_DATA_ELEMENT_ID = 'lc-page-data';

/** Where the server reads what a public page shows (the same cached readers the catalog API answers from). */
export type PublicPageData = {
  /** GET /api/ClassSession?active=true, as the API answers it. */
  activeSessions(): Promise<ClassSession[]>;
  /** GET /api/ClassSession/{id}; null for an unknown id. */
  session(id: number): Promise<ClassSession | null>;
};

/** What the server needs to know to answer a page path. */
export type PageKind =
  /** Rendered on the server with its content (the public pages of spec §2 under the main layout). */
  | 'public'
  /** Rendered in the browser only: sign-in, portal, enroll and checkout return pages (private or per visitor). */
  | 'client'
  /** No route matches: the spec's 404 page, answered with status 404. */
  | 'not-found';

export type RenderPublicPageInput = {
  /** Path and query of the request, e.g. "/contact?tour=true". */
  url: string;
  /** Public origin from APP_URL, without a trailing slash, e.g. "https://brightoaklearning.com". */
  origin: string;
  data: PublicPageData;
};

/**
 * A rendered page. `headHtml` replaces the template's title and description; `appHtml` goes inside
 * `<div id="root">`; `dataJson` is the JSON the browser reads before hydrating (script-safe: `<` escaped).
 */
export type RenderedPublicPage = {
  status: 200 | 404;
  /** The language the page is written in (its address's: `/es/…` is Spanish), for `<html lang>`. */
  language: Language;
  headHtml: string;
  appHtml: string;
  dataJson: string;
};

/** The server bundle's exports (web/src/entry-server.tsx). */
export type PublicPageRenderer = {
  pageKind(pathname: string): PageKind;
  renderPublicPage(input: RenderPublicPageInput): Promise<RenderedPublicPage>;
};
