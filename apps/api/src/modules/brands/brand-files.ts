import type { FastifyBaseLogger } from 'fastify';

import type { AppContext } from '../../context';

/** Where a stored file that could not be deleted is reported (the app's logger). */
export type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

/** Variant key of a stored image: `<key without extension>-thumb.webp`. */
export function variantKeyOf(key: string): string {
  return key.replace(/\.[a-z0-9]+$/i, '') + '-thumb.webp';
}

/** Deletes stored files; a failure is logged, never thrown (the row is already gone or kept). */
export async function removeFiles(ctx: AppContext, log: WarnLog, keys: (string | null | undefined)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'could not delete a stored file');
    }
  }
}
