import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { FileRef } from '@comped/shared/schemas/resources';
import { count, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { photos } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { processImage, randomName } from '../../lib/images';
import type { WarnLog } from './brand-files';
import { removeFiles, variantKeyOf } from './brand-files';
import { lockBrand } from './brand-queries';
import { toPhotoRef } from './brands.serializer';

/**
 * Adds a gallery photo (png or jpeg) with its 600x360 thumbnail. The brand row lock makes the
 * limit check and the insert one step; the files are deleted again when the transaction fails.
 */
export async function addPhoto(ctx: AppContext, log: WarnLog, brandId: number, upload: Buffer): Promise<FileRef> {
  const image = await processImage(upload, {
    allowSvg: false,
    variant: { width: 600, height: 360, fit: 'cover' },
  });
  const name = randomName();
  const key = `brands/${brandId}/photos/${name}.${image.main.ext}`;
  const thumbKey = variantKeyOf(key);
  const row = await ctx.db
    .transaction(async (tx) => {
      await lockBrand(tx, brandId);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(photos).where(eq(photos.brandId, brandId));
      if (n >= LIMITS.galleryPhotos)
        throw appError('photo_limit_reached', { errors: { file: [MSG.maxPhotosReached] } });
      await ctx.storage.put(key, image.main.body, image.main.contentType);
      await ctx.storage.put(thumbKey, image.variant.body, image.variant.contentType);
      const [inserted] = await tx.insert(photos).values({ brandId, name, path: key, thumbPath: thumbKey }).returning();
      return inserted!;
    })
    .catch(async (err: unknown) => {
      await removeFiles(ctx, log, [key, thumbKey]);
      throw err;
    });
  return toPhotoRef(row);
}
