import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { photos } from '../../db/schema';
import type { WarnLog } from './brand-files';
import { removeFiles } from './brand-files';
import type { PhotoRow } from './brand-queries';

/** Deletes a gallery photo's row, then its files. */
export async function deletePhoto(ctx: AppContext, log: WarnLog, photo: PhotoRow): Promise<void> {
  await ctx.db.delete(photos).where(eq(photos.id, photo.id));
  await removeFiles(ctx, log, [photo.path, photo.thumbPath]);
}
