import type { BrandResource } from '@comped/shared/schemas/resources';
import type { ClearableBrandField } from '@comped/shared/validation/brand';

import type { AppContext } from '../../context';
import { brands } from '../../db/schema';
import type { WarnLog } from './brand-files';
import { removeFiles, variantKeyOf } from './brand-files';
import { updateBrand } from './update-brand';

type BrandRow = typeof brands.$inferSelect;

/** Clears an optional field; clearing the logo also deletes its stored files. */
export async function clearBrandField(
  ctx: AppContext,
  log: WarnLog,
  brand: BrandRow,
  field: ClearableBrandField,
): Promise<BrandResource> {
  const saved = await updateBrand(ctx, brand.id, { [field]: null });
  if (field === 'logo' && brand.logo) await removeFiles(ctx, log, [brand.logo, variantKeyOf(brand.logo)]);
  return saved;
}
