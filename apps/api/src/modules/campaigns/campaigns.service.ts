import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { KIND_CATEGORY, campaignExpiresOn, kindOfCategory } from '@comped/shared/campaign-kinds';
import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import {
  BOOKINGS_STEP,
  CAMPAIGN_JSON_FIELDS,
  LAST_STEP,
  campaignSchema,
  campaignStatusInput,
  capStep,
  featuredPhotoCountIssue,
} from '@comped/shared/validation/campaign';
import type { CampaignValues } from '@comped/shared/validation/campaign';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaignLocations, campaignPhotos, campaigns, locations } from '../../db/schema';
import { appError, parseOr422 } from '../../lib/app-error';
import { jsonTextDepth } from '../../lib/json-depth';
import { recordEvent } from '../analytics/analytics.service';
import { brandOfOwner } from '../brands/brands.policy';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';
import { assertDiscardable, assertEditable, assertOwnBrandId, ownedCampaign } from './campaigns.policy';
import { checkIncomingPhotos, removeStoredPhotos, storeFeaturedPhotos } from './campaign-photos';
import type { IncomingPhoto } from './campaign-photos';
import { campaignToday, withEffectiveStatus } from './campaign-expiry';
import { toCampaignResource } from './campaigns.serializer';

type CampaignRow = typeof campaigns.$inferSelect;

/** A campaign multipart body: text parts by name (repeated names collected) and the photo files. */
export interface CampaignSubmission {
  fields: Record<string, string[]>;
  photos: IncomingPhoto[];
}

const SCALAR_FIELDS = [
  'name',
  'description',
  'launch_date',
  'opening_date',
  'event_date',
  'end_date',
  'from_time',
  'to_time',
  'key_players_enabled',
] as const;

/** Text parts to the values the shared schema reads; JSON parts parsed (bad JSON is a 422 on that field). */
export function valuesOfParts(fields: Record<string, string[]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of SCALAR_FIELDS) {
    const v = fields[name];
    if (v !== undefined) out[name] = v[v.length - 1];
  }
  for (const name of CAMPAIGN_JSON_FIELDS) {
    const v = fields[name];
    if (v === undefined) continue;
    const text = v[v.length - 1] ?? '';
    // Depth is bounded before parsing: a 10,000-deep part must not overflow the stack later.
    if (jsonTextDepth(text) > LIMITS.jsonDepth)
      throw appError('validation_failed', { field: name, message: MSG.bodyTooDeep });
    try {
      out[name] = JSON.parse(text);
    } catch {
      throw appError('validation_failed', { field: name, message: MSG.invalidJson });
    }
  }
  // `locations[]` as repeated plain parts (the spec's spelling) is accepted too.
  const listed = fields['locations[]'];
  if (listed && out.locations === undefined) out.locations = listed;
  return out;
}

function scalar(fields: Record<string, string[]>, name: string): string | undefined {
  const v = fields[name];
  return v === undefined ? undefined : v[v.length - 1];
}

function stepOf(fields: Record<string, string[]>, fallback: number): number {
  const raw = scalar(fields, 'step');
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw appError('validation_failed', { field: 'step', message: MSG.campaignStepRange });
  return capStep(n);
}

/** Validates with the shared rules; locations are required from the Bookings step on and on submit. */
function validate(kind: CampaignKind, input: Record<string, unknown>, requireLocations: boolean): CampaignValues {
  return parseOr422(campaignSchema(kind, { requireLocations }), input);
}

/** The brand's live locations among `ids`; any other id (another brand's, deleted, unknown) is refused. */
async function assertOwnLocations(db: DbOrTx, brandId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.brandId, brandId), isNull(locations.deletedAt), inArray(locations.id, ids)));
  if (rows.length !== ids.length)
    throw appError('validation_failed', { field: 'locations', message: MSG.invalidCampaignLocation });
}

async function brandLocationCount(db: DbOrTx, brandId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(locations)
    .where(and(eq(locations.brandId, brandId), isNull(locations.deletedAt)));
  return Number(row?.n ?? 0);
}

/** The brand a campaign is written for: the owner's, subscribed, with at least one location. */
export async function writableBrand(ctx: AppContext, userId: number) {
  await assertActiveSubscription(ctx.db, userId);
  const brand = await brandOfOwner(ctx.db, userId);
  if ((await brandLocationCount(ctx.db, brand.id)) === 0)
    throw appError('no_locations', { field: 'locations', message: MSG.noLocationsYet });
  return brand;
}

function columnsOf(values: CampaignValues) {
  return {
    name: values.name,
    description: values.description,
    launchDate: values.launch_date,
    openingDate: values.opening_date,
    eventDate: values.event_date,
    endDate: values.end_date,
    fromTime: values.from_time,
    toTime: values.to_time,
    keyPlayers: values.key_players,
    target: values.target,
    tierRangeInfluencer: values.tier_range_influencer,
    tierRangeJournalist: values.tier_range_journalist,
    booking: values.booking,
    influencerInstructions: values.influencer_instructions,
    expiresOn: campaignExpiresOn(values),
  };
}

async function replaceLocations(tx: DbOrTx, campaignId: number, ids: number[]): Promise<void> {
  await tx.delete(campaignLocations).where(eq(campaignLocations.campaignId, campaignId));
  if (ids.length > 0) await tx.insert(campaignLocations).values(ids.map((locationId) => ({ campaignId, locationId })));
}

/** POST campaigns: a draft of the owner's brand, saved at the step it was sent with. */
export async function createCampaign(
  ctx: AppContext,
  userId: number,
  submission: CampaignSubmission,
): Promise<CampaignResource> {
  const brand = await writableBrand(ctx, userId);
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
      await recordEvent(tx, 'campaign_create', userId, now, { campaign_id: created.id, category_id: categoryId });
      return created;
    });
    return toCampaignResource(ctx.db, row);
  } catch (err) {
    await removeStoredPhotos(ctx.storage, stored);
    throw err;
  }
}

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
  };
}

/**
 * POST campaigns/{id}: saves a draft at `step` (every rule re-checked on the merged campaign), or
 * submits it for review with `status=review` (the whole campaign must be valid).
 */
export async function updateCampaign(
  ctx: AppContext,
  userId: number,
  campaignId: number,
  submission: CampaignSubmission,
): Promise<CampaignResource> {
  const campaign = await ownedCampaign(ctx.db, userId, campaignId);
  const brand = await writableBrand(ctx, userId);
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

/** GET campaigns/{id}: the brand owner's own campaign. */
export async function getCampaign(ctx: AppContext, userId: number, campaignId: number): Promise<CampaignResource> {
  const campaign = await ownedCampaign(ctx.db, userId, campaignId);
  // Expiry on read, as in the lists: an approved campaign past its last day reads as expired.
  return toCampaignResource(ctx.db, withEffectiveStatus(campaign, campaignToday(ctx)));
}

/** DELETE campaigns/{id}: discards a draft and its photos. */
export async function discardCampaign(ctx: AppContext, userId: number, campaignId: number): Promise<void> {
  const campaign = await ownedCampaign(ctx.db, userId, campaignId);
  await assertActiveSubscription(ctx.db, userId);
  assertDiscardable(campaign);
  const photos = await ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(campaignPhotos).where(eq(campaignPhotos.campaignId, campaign.id));
    const deleted = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'draft')))
      .returning({ id: campaigns.id });
    if (deleted.length === 0) throw appError('not_found');
    return rows;
  });
  await removeStoredPhotos(ctx.storage, photos);
}

/** DELETE campaigns/{id}/photos/{photoId}: `photoId` is the photo's generated name without extension. */
export async function deleteCampaignPhoto(
  ctx: AppContext,
  userId: number,
  campaignId: number,
  photoName: string,
): Promise<void> {
  const campaign = await ownedCampaign(ctx.db, userId, campaignId);
  await assertActiveSubscription(ctx.db, userId);
  assertEditable(campaign);
  const [photo] = await ctx.db
    .delete(campaignPhotos)
    .where(and(eq(campaignPhotos.campaignId, campaign.id), eq(campaignPhotos.name, photoName)))
    .returning();
  if (!photo) throw appError('not_found');
  await removeStoredPhotos(ctx.storage, [photo]);
}
