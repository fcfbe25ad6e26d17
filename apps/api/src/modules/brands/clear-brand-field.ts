import type { BrandResource } from '@comped/shared/schemas/resources';
import type { ClearableBrandField } from '@comped/shared/validation/brand';

import type { AppContext } from '../../context';
import type { WarnLog } from './brand-files';
import { removeFiles, variantKeyOf } from './brand-files';
import type { BrandRow } from './brands.policy';
import { updateBrand } from './update-brand';

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
