import { MSG } from '@comped/shared/messages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { extensionOfKey, isStorageKey } from '../lib/storage/storage';

/**
 * What a stored upload may do when a browser opens it: nothing. `sandbox` gives the document an
 * opaque origin with scripts off, so even a file that slipped past the upload checks cannot act on
 * the product's origin (decisions.md, Delivery).
 */
export const FILES_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/**
 * The file name a download is saved under: the caller's `name` (a menu's title) made safe, always
 * ending in the stored file's extension, so `?name=menu.html` cannot make a browser save a PDF as a
 * page it would open as HTML.
 */
export function downloadName(requested: string | undefined, key: string): string {
  const ext = extensionOfKey(key);
  const stored = key.split('/').pop() ?? 'file';
  const base = (requested?.trim() || stored).replace(/[^\w. -]/g, '_');
  return !ext || base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}

/**
 * Downloads of stored uploads: `/files/<key>`. Keys are unguessable server-made names. Images are
 * shown inline; PDFs (menus) are always attachments, since a browser's PDF viewer cannot run
 * inside a sandboxed document and an inline PDF could otherwise script the origin.
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
      if (!isStorageKey(key)) {
        return reply.code(404).send({ message: MSG.notFound, code: 'not_found' });
      }
      const file = await app.ctx.storage.get(key);
      if (!file) return reply.code(404).send({ message: MSG.notFound, code: 'not_found' });
      const query = request.query as { download?: string; name?: string };
      const filename = downloadName(query.name, key);
      const inlineSafe = file.contentType.startsWith('image/') && file.contentType !== 'image/svg+xml';
      const disposition = query.download || !inlineSafe ? 'attachment' : 'inline';
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `${disposition}; filename="${filename}"`)
        .header('content-security-policy', FILES_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, max-age=86400');
      if (file.size) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
}
