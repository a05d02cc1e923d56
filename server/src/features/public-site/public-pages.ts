/**
 * Public pages as real HTML (issue 12; docs/architecture.md "Public pages and the catalog at speed").
 *
 * The web build writes a server renderer beside the browser build (`web/dist-ssr/entry-server.js`, next to
 * `WEB_DIST`). This module loads it once, and answers a page request with the built `index.html` filled in:
 * the page's own head (title, description, canonical, Open Graph, JSON-LD), its content inside `#root`, and
 * the data it was rendered with as JSON for hydration. Session pages read the catalog through the same
 * cached readers as the API (`readCatalog`, at most a fraction of a second old), so a staff edit or a taken
 * seat shows on the next render. Rendered pages are kept for {@link PAGE_CACHE_TTL_MS}, keyed by path (and
 * the schedule-a-tour switch, the only query a public page reads), so a burst of visitors costs one render.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import {
  PAGE_DATA_ELEMENT_ID,
  type PageKind,
  type PublicPageRenderer,
  type RenderedPublicPage,
} from '@lc/contract';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../app-context.ts';
import { readCatalog, readCatalogSession } from '../class-sessions/catalog.ts';

/** How long a rendered page is reused, in milliseconds ("a taken seat shows within a few seconds"). */
export const PAGE_CACHE_TTL_MS = 2_000;

/** A rendered page: the HTML document, and the same bytes compressed once for every visitor who follows. */
export type RenderedPage = { status: number; html: string; br: Buffer; gzip: Buffer };

export type PublicPages = {
  pageKind(pathname: string): PageKind;
  /** The whole HTML document for a public or not-found page, with its status. */
  render(url: string): Promise<RenderedPage>;
};

/** Where the server renderer of a web build lives: `dist-ssr/` beside the browser build's folder. */
export function rendererPath(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
}

/**
 * Loads the server renderer of the build at `webDist`; null when the build has none (an older build, or
 * `npm run build` not run yet), in which case every page is served as the browser-rendered shell.
 */
export async function loadPublicPages(ctx: AppContext, webDist: string): Promise<PublicPages | null> {
  const entry = rendererPath(webDist);
  const templatePath = path.join(webDist, 'index.html');
  if (!existsSync(entry) || !existsSync(templatePath)) return null;
  const renderer = ((await import(pathToFileURL(entry).href)) as { default: PublicPageRenderer }).default;
  const template = parseTemplate(readFileSync(templatePath, 'utf8'));
  const origin = ctx.config.appUrl;
  const data = {
    activeSessions: () => readCatalog(ctx, { active: true }),
    session: (id: number) => readCatalogSession(ctx, id),
  };
  const cache = new LRUCache<string, RenderedPage>({ max: 200, ttl: PAGE_CACHE_TTL_MS });

  return {
    pageKind: (pathname) => renderer.pageKind(pathname),
    async render(url) {
      const { pathname, searchParams } = new URL(url, origin);
      const key = searchParams.get('tour') === 'true' ? `${pathname}?tour=true` : pathname;
      const cached = cache.get(key);
      if (cached) return cached;
      const page = await renderer.renderPublicPage({ url: key, origin, data });
      const html = fillTemplate(template, page);
      const answer = { status: page.status, html, ...compress(html) };
      cache.set(key, answer);
      return answer;
    },
  };
}

/** Brotli (quality 5: most of the gain for a fraction of the time) and gzip copies of a page. */
function compress(html: string): { br: Buffer; gzip: Buffer } {
  const bytes = Buffer.from(html);
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip: gzipSync(bytes, { level: 6 }),
  };
}

type Template = { beforeHead: string; afterHeadBeforeRoot: string; afterRoot: string };

/**
 * Splits the built index.html where a page's parts go. Its own `<title>` and description (the shell's, for
 * browser-rendered pages) are dropped, and so is the `<noscript>` note: these pages read fine without script.
 * The app's code is fetched at low priority: the page is already on screen, so the first paint waits only for
 * the HTML and the stylesheet, and hydration follows.
 */
function parseTemplate(html: string): Template {
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
  const headEnd = cleaned.indexOf('</head>');
  const root = '<div id="root"></div>';
  const rootAt = cleaned.indexOf(root);
  if (headEnd < 0 || rootAt < 0)
    throw new Error('web/dist/index.html has no </head> or <div id="root"></div>');
  return {
    beforeHead: cleaned.slice(0, headEnd),
    afterHeadBeforeRoot: cleaned.slice(headEnd, rootAt),
    afterRoot: cleaned.slice(rootAt + root.length),
  };
}

function fillTemplate(template: Template, page: RenderedPublicPage): string {
  // The template says `<html lang="en"`; a Spanish address's page says "es" (issue 14).
  const beforeHead = template.beforeHead.replace(/<html lang="[a-z-]+"/, `<html lang="${page.language}"`);
  return (
    `${beforeHead}  ${page.headHtml}\n  ${template.afterHeadBeforeRoot}` +
    `<div id="root">${page.appHtml}</div>\n    ` +
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${page.dataJson}</script>${template.afterRoot}`
  );
}
