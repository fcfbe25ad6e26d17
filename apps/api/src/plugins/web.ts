import fs from 'node:fs';
import path from 'node:path';

import { MSG } from '@comped/shared/messages';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Vite names every file under assets/ by its content hash: a changed file is a new URL. */
const HASHED_ASSET = /[\\/]assets[\\/]/;
/**
 * Files whose URL stays the same from build to build and that say which build runs: the page, the
 * service worker (the browser compares it byte for byte to find a new version) and the manifest.
 */
const REVALIDATED = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Serves the built web app on the API's port. Every path that is not an API or file path gets
 * index.html, so the single-page app's router decides (unknown paths go to /login there).
 *
 * The build writes brotli and gzip copies beside each text asset (vite-plugin-compression2);
 * `preCompressed` sends the best one the browser accepts, with `vary: accept-encoding`. Hashed
 * assets are cached for a year as immutable; index.html, the service worker and the manifest are
 * revalidated on every load (no-cache), so a deploy is picked up at once (the service worker then
 * offers the new version: "A new version is ready") while the assets it names come from the cache.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      if (HASHED_ASSET.test(filePath)) reply.header('cache-control', `public, max-age=${ONE_YEAR_S}, immutable`);
      else if (REVALIDATED.has(path.basename(filePath).replace(/\.(br|gz)$/, '')))
        reply.header('cache-control', 'no-cache');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
  const sendIndex = (_req: unknown, reply: FastifyReply) => reply.sendFile('index.html');
  app.get('/', sendIndex);
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/files/')) {
      return reply.code(404).send({ message: MSG.notFound, code: 'not_found' });
    }
    return sendIndex(request, reply);
  });
}
