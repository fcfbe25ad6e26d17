import type { BrandResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { brands } from '../../db/schema';
import { toBrandResourceById } from './brands.serializer';

type BrandPatch = Partial<typeof brands.$inferInsert>;

/** Writes `patch` on the brand and answers the updated brand resource. */
export async function updateBrand(ctx: AppContext, brandId: number, patch: BrandPatch): Promise<BrandResource> {
  await ctx.db
    .update(brands)
    .set({ ...patch, updatedAt: ctx.clock.now() })
    .where(eq(brands.id, brandId));
  return toBrandResourceById(ctx.db, brandId);
}
