import { kindOfCategory } from '@comped/shared/campaign-kinds';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import {
  BOOKINGS_STEP,
  campaignStatusInput,
  featuredPhotoCountIssue,
  LAST_STEP,
} from '@comped/shared/validation/campaign';
import { and, asc, count, eq } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaignLocations, campaignPhotos, campaigns } from '../../db/schema';
import { appError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { checkIncomingPhotos, removeStoredPhotos, storeFeaturedPhotos } from './campaign-photos';
import type { CampaignRow, CampaignSubmission } from './campaign-values';
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
import { assertEditable, assertOwnBrandId, ownedCampaign } from './campaigns.policy';
import { toCampaignResource } from './campaigns.serializer';

/** The stored campaign in the shape the shared schema reads, so a partial update keeps the rest. */
async function storedValues(db: DbOrTx, c: CampaignRow): Promise<Record<string, unknown>> {
  const locs = await db
    .select({ id: campaignLocations.locationId })
    .from(campaignLocations)
    .where(eq(campaignLocations.campaignId, c.id))
    .orderBy(asc(campaignLocations.locationId));
  return {
    name: c.name,
    description: c.description,
    launch_date: c.launchDate,
    opening_date: c.openingDate,
    event_date: c.eventDate,
    end_date: c.endDate,
    from_time: c.fromTime ?? undefined,
    to_time: c.toTime ?? undefined,
    key_players: c.keyPlayers,
    target: c.target,
    tier_range_influencer: c.tierRangeInfluencer,
    tier_range_journalist: c.tierRangeJournalist,
    locations: locs.map((l) => l.id),
    booking: c.booking ?? undefined,
    influencer_instructions: c.influencerInstructions ?? undefined,
    usage_rights: c.usageRights ?? undefined,
  };
}

/**
 * POST campaigns/{id}: saves a draft at `step` (every rule re-checked on the merged campaign), or
 * submits it for review with `status=review` (the whole campaign must be valid).
 */
export async function updateCampaign(
  ctx: AppContext,
  user: AuthUser,
  campaignId: number,
  submission: CampaignSubmission,
): Promise<CampaignResource> {
  const campaign = await ownedCampaign(ctx.db, user, campaignId);
  const brand = await writableBrand(ctx, user);
  assertEditable(campaign);
  const { fields, photos } = submission;
  const brandIdRaw = scalar(fields, 'brand_id');
  assertOwnBrandId(brandIdRaw, brand.id);

  const statusRaw = scalar(fields, 'status');
  let submit = false;
  if (statusRaw !== undefined && statusRaw !== '') {
    const status = campaignStatusInput.safeParse(statusRaw);
    if (!status.success)
      throw appError('validation_failed', {
        field: 'status',
        message: status.error.issues[0]?.message ?? MSG.validationFailed,
      });
    submit = status.data === 'review';
  }
  const step = submit ? LAST_STEP : stepOf(fields, campaign.step);
  const kind = kindOfCategory(campaign.categoryId);
  const merged = { ...(await storedValues(ctx.db, campaign)), ...valuesOfParts(fields) };
  const values = validate(kind, merged, submit || step > BOOKINGS_STEP);
  const [existing] = await ctx.db
    .select({ n: count() })
    .from(campaignPhotos)
    .where(eq(campaignPhotos.campaignId, campaign.id));
  checkIncomingPhotos(photos, Number(existing?.n ?? 0));
  await assertOwnLocations(ctx.db, brand.id, values.locations);

  const stored = await storeFeaturedPhotos(ctx.storage, photos);
  try {
    const now = ctx.clock.now();
    const row = await ctx.db.transaction(async (tx) => {
      // The row lock makes concurrent saves of one draft wait, so the photo count holds (at most 5).
      await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaign.id)).for('update');
      if (stored.length > 0) {
        const [now5] = await tx
          .select({ n: count() })
          .from(campaignPhotos)
          .where(eq(campaignPhotos.campaignId, campaign.id));
        const issue = featuredPhotoCountIssue(Number(now5?.n ?? 0) + stored.length);
        if (issue) throw appError('validation_failed', { field: 'featured_photos', message: issue });
      }
      const [updated] = await tx
        .update(campaigns)
        .set({
          ...columnsOf(values),
          step,
          updatedAt: now,
          ...(submit ? { status: 'review' as const, submittedAt: now, reviewReason: null } : {}),
        })
        // The status condition makes a concurrent submit or review win cleanly.
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'draft')))
        .returning();
      if (!updated) throw appError('not_found');
      await replaceLocations(tx, updated.id, values.locations);
      if (stored.length > 0)
        await tx.insert(campaignPhotos).values(stored.map((p) => ({ ...p, campaignId: updated.id })));
      return updated;
    });
    return toCampaignResource(ctx.db, row);
  } catch (err) {
    await removeStoredPhotos(ctx.storage, stored);
    throw err;
  }
}
