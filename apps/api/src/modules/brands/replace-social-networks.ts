import type { BrandResource } from '@comped/shared/schemas/resources';
import type { BrandSocialNetworkName } from '@comped/shared/validation/brand';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brandSocialNetworks } from '../../db/schema';
import { toBrandResourceById } from './brands.serializer';

/** Replaces the brand's social links in one transaction; an empty handle drops that network. */
export async function replaceSocialNetworks(
  ctx: AppContext,
  brandId: number,
  networks: { name: BrandSocialNetworkName; handle: string }[],
): Promise<BrandResource> {
  const kept = networks.filter((s) => s.handle !== '');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(brandSocialNetworks).where(eq(brandSocialNetworks.brandId, brandId));
    if (kept.length > 0) {
      await tx.insert(brandSocialNetworks).values(kept.map((s) => ({ brandId, name: s.name, handle: s.handle })));
    }
  });
  return toBrandResourceById(ctx.db, brandId);
}
