import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app on the API's port. Every path that is not an API or file path gets
 * index.html, so the single-page app's router decides (unknown paths go to /login there).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false });
  const html = fs.readFileSync(index, 'utf8');
  const sendIndex = (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').send(html);
  app.get('/', sendIndex);
  app.get('/*', (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/files/')) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    return sendIndex(request, reply);
  });
}
