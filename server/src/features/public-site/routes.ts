/**
 * `robots.txt` and `sitemap.xml` (issue 12; https://www.sitemaps.org/protocol.html, RFC 9309).
 *
 * robots.txt lets crawlers read the public pages, keeps them out of the portal, sign-in, checkout, staff
 * and API paths, and names the sitemap. The sitemap lists every public page (lastmod: when the web app was
 * built, which is when their words last changed) and every current session (lastmod: its last staff edit),
 * with absolute URLs from APP_URL. Each page is listed at its English and its Spanish address, each entry
 * naming both as `hreflang` alternates plus `x-default` (issue 14;
 * https://developers.google.com/search/docs/specialty/international/localized-versions#sitemap).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, pathInLanguage, privatePathPrefixes, publicPagePaths, routes } from '@lc/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { readCatalog } from '../class-sessions/catalog.ts';
import { sessionsLastUpdated } from '../class-sessions/find-class-sessions.ts';

/** Text safe inside XML. */
function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A sitemap entry: an absolute URL, when it last changed, and its addresses in other languages. */
export type SitemapEntry = {
  loc: string;
  lastmod: Date;
  alternates?: ReadonlyArray<{ hreflang: string; href: string }>;
};

/** The `<urlset>` document for `entries`. */
export function sitemapXml(entries: ReadonlyArray<SitemapEntry>): string {
  const urls = entries
    .map((entry) => {
      const links = (entry.alternates ?? [])
        .map((a) => `<xhtml:link rel="alternate" hreflang="${xml(a.hreflang)}" href="${xml(a.href)}"/>`)
        .join('');
      return `  <url><loc>${xml(entry.loc)}</loc><lastmod>${entry.lastmod.toISOString()}</lastmod>${links}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** The page at `pagePath` (English) in every language, each entry naming all of them as alternates. */
function inEveryLanguage(origin: string, pagePath: string, lastmod: Date): SitemapEntry[] {
  const href = (language: (typeof LANGUAGES)[number]) => `${origin}${pathInLanguage(pagePath, language)}`;
  const alternates = [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: href(language) })),
    { hreflang: 'x-default', href: href('en') },
  ];
  return LANGUAGES.map((language) => ({ loc: href(language), lastmod, alternates }));
}

export function publicSiteRoutes(ctx: AppContext) {
  const origin = ctx.config.appUrl;
  /** When the web app was built (its index.html), else when this server started. */
  const builtAt = (() => {
    try {
      return statSync(path.join(ctx.config.webDist, 'index.html')).mtime;
    } catch {
      return new Date();
    }
  })();

  return async function routesPlugin(app: FastifyInstance) {
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...privatePathPrefixes.map((prefix) => `Disallow: ${prefix}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(lines.join('\n'));
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const sessions = await readCatalog(ctx, { active: true });
      const editedAt = await sessionsLastUpdated(
        ctx.db,
        sessions.map((session) => session.id),
      );
      const entries = [
        ...publicPagePaths.flatMap((pagePath) => inEveryLanguage(origin, pagePath, builtAt)),
        ...sessions.flatMap((session) =>
          inEveryLanguage(origin, routes.session(session.id), editedAt.get(session.id) ?? builtAt),
        ),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(sitemapXml(entries));
    });
  };
}
