import type { ContentItemResource } from '@comped/shared/schemas/directory';
import { eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import { campaigns, contentItems, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { assertContentOfBrand } from './content.policy';
import { toContentItemResource } from './content.serializer';

/** PUT brands/{id}/content/{contentId} {"favourite"}: an item of another brand (or none) is 404. */
export async function setContentFavourite(
  ctx: AppContext,
  brandId: number,
  contentId: number,
  favourite: boolean,
): Promise<ContentItemResource> {
  const [current] = await ctx.db.select().from(contentItems).where(eq(contentItems.id, contentId)).limit(1);
  assertContentOfBrand(current, brandId);
  const [updated] = await ctx.db
    .update(contentItems)
    .set({ favourite })
    .where(eq(contentItems.id, contentId))
    .returning();
  const [names] = await ctx.db
    .select({ creator: { id: users.id, name: users.name }, campaign: { id: campaigns.id, name: campaigns.name } })
    .from(contentItems)
    .innerJoin(users, eq(users.id, contentItems.userId))
    .innerJoin(campaigns, eq(campaigns.id, contentItems.campaignId))
    .where(eq(contentItems.id, contentId))
    .limit(1);
  if (!updated || !names) throw appError('not_found');
  return toContentItemResource(updated, names.creator, names.campaign);
}
