/**
 * Data a page was rendered with on the server (issue 12: public pages are real HTML).
 *
 * The server renders a public page with the API's answers already in hand, and writes those answers
 * into the HTML as JSON (`<script type="application/json" id="lc-page-data">`, data, not script: the CSP
 * stays strict). Before hydrating, the browser reads them back into a {@link PageData} map, and
 * {@link useLoad} starts from the seeded value instead of fetching it again, so the page hydrates
 * without a flash and without a second request. A seed is used once: coming back to the page later
 * loads fresh data.
 */
import { PAGE_DATA_ELEMENT_ID } from '@lc/contract';
import { createContext, useContext } from 'react';

/**
 * The page data key of the formatting results the server's render recorded (`recordFormats` in the
 * contract's intl.ts), replayed before hydrating so that hydration builds no `Intl` formatter.
 */
export const FORMATS_KEY = 'intl:formats';

/** Load keys (see `useLoad`) → the value the server loaded for them. */
export type PageData = Map<string, unknown>;

const PageDataContext = createContext<PageData | null>(null);

export const PageDataProvider = PageDataContext.Provider;

/** The page data in scope (null when the page was not rendered on the server). */
export function usePageData(): PageData | null {
  return useContext(PageDataContext);
}

/**
 * JSON for the page data, safe inside a `<script type="application/json">`: `<`, `>` and `&` are escaped,
 * so no text from the database can close the element or open a comment.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(Object.fromEntries(data))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/** Reads the server's page data from the document; an empty map when there is none or it is unreadable. */
export function readPageData(doc: Document): PageData {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? new Map(Object.entries(parsed)) : new Map();
  } catch {
    return new Map();
  }
}
