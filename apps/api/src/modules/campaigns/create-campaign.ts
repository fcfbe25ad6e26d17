import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { KIND_CATEGORY } from '@comped/shared/campaign-kinds';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { BOOKINGS_STEP } from '@comped/shared/validation/campaign';

import type { AppContext } from '../../context';
import { campaignPhotos, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { recordEvent } from '../analytics/record-event';
import { checkIncomingPhotos, removeStoredPhotos, storeFeaturedPhotos } from './campaign-photos';
import type { CampaignSubmission } from './campaign-values';
import {
  assertOwnLocations,
  columnsOf,
  replaceLocations,
  scalar,
  stepOf,
  validate,
  valuesOfParts,
  writableBrand,
} from './campaign-values';
import { assertOwnBrandId } from './campaigns.policy';
import { toCampaignResource } from './campaigns.serializer';

/** POST campaigns: a draft of the owner's brand, saved at the step it was sent with. */
export async function createCampaign(
  ctx: AppContext,
  user: AuthUser,
  submission: CampaignSubmission,
): Promise<CampaignResource> {
  const brand = await writableBrand(ctx, user);
  const { fields, photos } = submission;
  const brandIdRaw = scalar(fields, 'brand_id');
  assertOwnBrandId(brandIdRaw, brand.id);
  const categoryId = Number(scalar(fields, 'category_id'));
  const kinds = Object.entries(KIND_CATEGORY) as [CampaignKind, number][];
  const kind = kinds.find(([, c]) => c === categoryId)?.[0];
  if (!kind) throw appError('validation_failed', { field: 'category_id', message: MSG.campaignCategory });
  const step = stepOf(fields, 0);
  const values = validate(kind, valuesOfParts(fields), step > BOOKINGS_STEP);
  checkIncomingPhotos(photos);
  await assertOwnLocations(ctx.db, brand.id, values.locations);

  const stored = await storeFeaturedPhotos(ctx.storage, photos);
  try {
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(campaigns)
        .values({ brandId: brand.id, categoryId, status: 'draft', step, ...columnsOf(values) })
        .returning();
      if (!created) throw new Error('campaign insert failed');
      await replaceLocations(tx, created.id, values.locations);
      if (stored.length > 0)
        await tx.insert(campaignPhotos).values(stored.map((p) => ({ ...p, campaignId: created.id })));
      await recordEvent(tx, 'campaign_create', user.id, now, { campaign_id: created.id, category_id: categoryId });
      return created;
    });
    return toCampaignResource(ctx.db, row);
  } catch (err) {
    await removeStoredPhotos(ctx.storage, stored);
    throw err;
  }
}
