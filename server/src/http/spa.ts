/**
 * Serves the built single-page app from `web/dist` on the same origin as the API.
 * - Hashed assets (`/assets/*`) are cached for a year; index.html is revalidated every time.
 * - Pre-compressed `.br` / `.gz` siblings written at build time are served when the browser accepts them.
 * - Any other GET that wants HTML gets index.html (client-side routes); unknown `/api/*` paths answer a
 *   JSON 404, never the SPA's HTML (ARCHITECTURE.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (filePath.endsWith('.html')) {
          res.header('Cache-Control', 'no-cache');
        } else {
          res.header('Cache-Control', 'public, max-age=3600');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      hasBuild &&
      wantsHtml
    ) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    const message = pathname.startsWith('/api')
      ? `There is no API route ${request.method} ${pathname}.`
      : hasBuild
        ? 'Not found.'
        : 'The web app is not built yet: run `npm run build` (npm start does it for you).';
    return reply.status(404).send(errorBody(request, 404, message));
  });
}
