import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * Downloads of stored uploads: `/files/<key>`. Keys are unguessable server-made names; images are
 * shown inline, PDFs (menus) too, with an attachment name when `?download=1`.
 */
export function registerFiles(app: FastifyInstance): void {
  app.get(
    '/files/*',
    {
      schema: {
        hide: true,
        querystring: z.object({ download: z.string().optional(), name: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!key || key.includes('..')) return reply.code(404).send({ message: 'Not found.' });
      const file = await app.ctx.storage.get(key);
      if (!file) return reply.code(404).send({ message: 'Not found.' });
      const query = request.query as { download?: string; name?: string };
      const filename = (query.name ?? key.split('/').pop() ?? 'file').replace(/[^\w. -]/g, '_');
      const disposition = query.download ? 'attachment' : 'inline';
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${disposition}; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400');
      if (file.size) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
}
