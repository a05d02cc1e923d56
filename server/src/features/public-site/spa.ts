/**
 * Serves the web app from `web/dist` on the same origin as the API.
 * - Hashed assets (`/assets/*`) are cached for a year; HTML is revalidated every time.
 * - The installable app (issue 25, decision 031): the service worker `/sw.js` and the web app manifest are
 *   revalidated every time, so a new version reaches every device on its next visit; the worker may control
 *   the whole site (`Service-Worker-Allowed: /`) and the manifest has its registered media type.
 * - Pre-compressed `.br` / `.gz` siblings written at build time are served when the browser accepts them.
 * - A GET of a page path that does not ask for JSON gets HTML (issue 12): public pages rendered on the server
 *   with their content (`public-pages.ts`), an unknown path the spec's not-found page with status 404, and
 *   the sign-in and portal pages the browser-rendered shell. Unknown `/api/*` paths answer a JSON 404,
 *   never HTML (docs/architecture.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { errorBody } from '../../http/errors.ts';
import { loadPublicPages } from './public-pages.ts';

/** A request asks for JSON when it accepts JSON and not HTML (`curl`'s `*\/*` and browsers get HTML). */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('json') && !accept.includes('text/html');
}

/** The best encoding of a rendered page the client accepts (brotli, then gzip). */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b(?!\s*;\s*q=0(?:\.0+)?\b)/.test(accepted)) return 'br';
  if (/\bgzip\b(?!\s*;\s*q=0(?:\.0+)?\b)/.test(accepted)) return 'gzip';
  return 'identity';
}

/** The service worker and the web app manifest the web build writes at its root (web/vite.config.ts). */
const SERVICE_WORKER_FILE = 'sw.js';
const MANIFEST_FILE = 'manifest.webmanifest';

export async function registerSpa(app: FastifyInstance, ctx: AppContext) {
  const webDist = ctx.config.webDist;
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        const file = path.relative(webDist, filePath).replace(/\.(br|gz)$/, '');
        if (file === SERVICE_WORKER_FILE) {
          res.header('Cache-Control', 'no-cache');
          res.header('Service-Worker-Allowed', '/');
        } else if (file === MANIFEST_FILE) {
          res.header('Cache-Control', 'no-cache');
          res.header('Content-Type', 'application/manifest+json; charset=utf-8');
        } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }
  const pages = hasBuild ? await loadPublicPages(ctx, webDist) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      hasBuild &&
      !wantsJson(request)
    ) {
      const kind = pages?.pageKind(pathname) ?? 'client';
      reply.header('Cache-Control', 'no-cache');
      if (kind === 'client' || !pages) return reply.sendFile('index.html');
      const page = await pages.render(request.url);
      reply.status(page.status).type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
      const encoding = acceptedEncoding(request);
      if (encoding === 'identity') return reply.send(page.html);
      return reply.header('Content-Encoding', encoding).send(page[encoding]);
    }
    if (pathname.startsWith('/api'))
      return reply
        .status(404)
        .send(
          errorBody(request, 404, 'request.noRoute', undefined, { method: request.method, path: pathname }),
        );
    return reply.status(404).send(errorBody(request, 404, hasBuild ? 'request.notFound' : 'server.notBuilt'));
  });
}
