/**
 * The server renderer of the public pages (issue 12), built by `vite build --ssr` into
 * `web/dist-ssr/entry-server.js` and called by the server (server/src/http/public-pages.ts) through the
 * contract's {@link PublicPageRenderer} types.
 *
 * It answers the page's queries into a query client of its own (one per render, under the keys of the query
 * options the page reads, `api/queries/`, from the server's own data instead of the API), renders the same
 * route tree and providers as the browser (`main.tsx`), waits for the lazily loaded page, and answers the
 * page's HTML, its head (title, description, canonical, Open Graph, JSON-LD) and its dehydrated queries
 * (lib/page-state.ts), which the browser hydrates from without fetching them again. It renders
 * {@link appRoutes}, which have no loaders: the browser's router adds them (`createAppRouter`).
 */
import {
  type ClassSession,
  type Language,
  languageOfPath,
  type PageKind,
  type PublicPageRenderer,
  parseClassSessionId,
  pathWithoutLanguage,
  type RenderedPublicPage,
  type RenderPublicPageInput,
  recordFormats,
  routes,
} from '@lc/contract';
import { dehydrate } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { classSessionQueries } from './api/queries/class-sessions';
import { AppProviders } from './app-providers';
import { i18n } from './i18n/i18n';
import { serializePageState } from './lib/page-state';
import { createQueryClient } from './lib/query-client';
import { appRoutes } from './router';
import { type HeadData, headHtml, publicPageHead } from './seo/page-head';

const handler = createStaticHandler(appRoutes);
const sessionPattern = routes.session(':classSessionId');

type Match = { pattern: string; params: Record<string, string | undefined>; kind: PageKind };

/**
 * The deepest route matching `pathname`, and how the server answers it. A Spanish address (`/es/…`) is
 * matched as its English twin, so `pattern` is always the English route's; only public pages have one.
 */
function match(pathname: string): Match {
  const spanish = languageOfPath(pathname) === 'es';
  const leaf = matchRoutes(appRoutes, pathWithoutLanguage(pathname))?.at(-1);
  const pattern = leaf?.route.index ? routes.home : (leaf?.route.path ?? '*');
  const serverRendered = (leaf?.route.handle as { serverRendered?: boolean } | undefined)?.serverRendered;
  const kind: PageKind =
    !leaf || pattern === '*' || (spanish && !serverRendered)
      ? 'not-found'
      : serverRendered
        ? 'public'
        : 'client';
  return { pattern, params: leaf?.params ?? {}, kind };
}

/**
 * The public pages share one i18next instance, whose language is the page's: one render at a time holds
 * it (renders take milliseconds once the page's code is loaded). Each render sets the language it needs.
 */
let renderQueue: Promise<unknown> = Promise.resolve();
function inLanguage<T>(language: Language, render: () => Promise<T>): Promise<T> {
  const run = renderQueue.then(async () => {
    await i18n.changeLanguage(language);
    return render();
  });
  renderQueue = run.catch(() => undefined);
  return run;
}

/** Whether `pathname` is a server-rendered public page, a browser-only page, or no page at all. */
export function pageKind(pathname: string): PageKind {
  return match(pathname).kind;
}

/** Collects a Node stream of HTML into one string. */
async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Renders the public page at `url` (a path with its query). Unknown paths, and session pages for a session
 * that does not exist, render the not-found page with status 404. Throws if the route tree redirects
 * (no public route does) or a page fails to render.
 */
export async function renderPublicPage({
  url,
  origin,
  data,
}: RenderPublicPageInput): Promise<RenderedPublicPage> {
  const { pathname, search } = new URL(url, origin);
  const { pattern, params, kind } = match(pathname);
  // Keeps every answer (gcTime Infinity) until it is dehydrated; fetchQuery throws as the readers do.
  const queryClient = createQueryClient(Number.POSITIVE_INFINITY);
  const headData: HeadData = {};
  let status: 200 | 404 = kind === 'not-found' ? 404 : 200;

  if (pattern === routes.sessions) {
    headData.sessions = await queryClient.fetchQuery({
      ...classSessionQueries.active(),
      queryFn: () => data.activeSessions(),
    });
  } else if (pattern === sessionPattern) {
    const raw = params.classSessionId ?? '';
    const id = parseClassSessionId(raw);
    const session: ClassSession | null = await queryClient.fetchQuery({
      ...classSessionQueries.publicDetail(raw),
      queryFn: () => (id === null ? null : data.session(id)),
    });
    headData.session = session;
    if (!session) status = 404;
  }

  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) throw new Error(`The route tree answered ${context.status} for ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Taken before rendering: the page must hydrate from exactly what it was rendered with.
  const queries = dehydrate(queryClient);
  const language = languageOfPath(pathname);
  const [appHtml, formats] = await inLanguage(language, () =>
    recordFormats(async () => {
      const { prelude } = await prerenderToNodeStream(
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
        // Inline every Suspense boundary's content: React would otherwise move large ones to the end of the
        // document and reveal them with inline scripts, which the CSP (script-src 'self') forbids.
        { progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      return streamToString(prelude);
    }),
  );
  const dataJson = serializePageState(Object.keys(formats).length > 0 ? { queries, formats } : { queries });
  const head = publicPageHead(pattern, pathWithoutLanguage(pathname), search, headData, origin, language);
  return { status, language, headHtml: headHtml(head, origin), appHtml, dataJson };
}

export default { pageKind, renderPublicPage } satisfies PublicPageRenderer;
