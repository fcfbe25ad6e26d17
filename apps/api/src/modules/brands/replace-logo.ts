import type { BrandResource } from '@comped/shared/schemas/resources';

import type { AppContext } from '../../context';
import { processImage, randomName } from '../../lib/images';
import type { WarnLog } from './brand-files';
import { removeFiles, variantKeyOf } from './brand-files';
import type { BrandRow } from './brands.policy';
import { updateBrand } from './update-brand';

/** Stores an uploaded logo (png, jpeg or svg) with its 256 px variant, then drops the old files. */
export async function replaceLogo(
  ctx: AppContext,
  log: WarnLog,
  brand: BrandRow,
  upload: Buffer,
): Promise<BrandResource> {
  const image = await processImage(upload, {
    allowSvg: true,
    variant: { width: 256, height: 256, fit: 'inside' },
    svg: ctx.svgRasteriser,
  });
  const key = `brands/${brand.id}/logo-${randomName()}.${image.main.ext}`;
  await ctx.storage.put(key, image.main.body, image.main.contentType);
  await ctx.storage.put(variantKeyOf(key), image.variant.body, image.variant.contentType);
  const saved = await updateBrand(ctx, brand.id, { logo: key });
  if (brand.logo) await removeFiles(ctx, log, [brand.logo, variantKeyOf(brand.logo)]);
  return saved;
}
