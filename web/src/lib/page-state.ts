/**
 * What a public page rendered on the server carries to the browser (issue 12: public pages are real HTML;
 * decision 009).
 *
 * The server renders a public page from a query cache it filled first (entry-server.tsx), and writes that
 * cache, dehydrated, into the HTML as JSON (`<script type="application/json" id="lc-page-data">`: data, not
 * script, so the CSP stays strict), with the formatting results the render recorded. Before hydrating, the
 * browser reads it back (boot.tsx): the queries go into its query client (`hydrateQueries`), so the page
 * hydrates from exactly what it was rendered with, without a flash and without asking the API again.
 */
import { type FormatResults, PAGE_DATA_ELEMENT_ID } from '@lc/contract';
import type { DehydratedState } from '@tanstack/react-query';

export type PageState = {
  /** The page's queries as the server answered them (`dehydrate` of its query client). */
  queries: DehydratedState;
  /**
   * The formatting results the server's render recorded (`recordFormats` in the contract's intl.ts),
   * replayed before hydrating so that hydration builds no `Intl` formatter.
   */
  formats?: FormatResults;
};

/**
 * JSON for the page state, safe inside a `<script type="application/json">`: `<`, `>` and `&` are escaped,
 * so no text from the database can close the element or open a comment.
 */
export function serializePageState(state: PageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** Reads the server's page state from the document; null when there is none or it is unreadable. */
export function readPageState(doc: Document): PageState | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { queries, formats } = parsed as Partial<PageState>;
    if (!Array.isArray(queries?.queries)) return null;
    return { queries: { queries: queries.queries, mutations: [] }, formats };
  } catch {
    return null;
  }
}
