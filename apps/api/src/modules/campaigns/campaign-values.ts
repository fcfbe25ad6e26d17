import type { CampaignKind } from '@comped/shared/campaign-kinds';
import { campaignExpiresOn } from '@comped/shared/campaign-kinds';
import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { CampaignValues } from '@comped/shared/validation/campaign';
import { CAMPAIGN_JSON_FIELDS, campaignSchema, capStep } from '@comped/shared/validation/campaign';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaignLocations, campaigns, locations } from '../../db/schema';
import { appError, parseOr422 } from '../../lib/app-error';
import { jsonTextDepth } from '../../lib/json-depth';
import type { AuthUser } from '../../plugins/auth';
import { BRAND_MANAGERS, brandOfMember } from '../brands/brands.policy';
import { assertActiveSubscription } from '../subscriptions/subscriptions.policy';
import type { IncomingPhoto } from './campaign-photos';

/** What the wizard's create and update share: reading the multipart fields, the rules, the columns. */

export type CampaignRow = typeof campaigns.$inferSelect;

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

export function scalar(fields: Record<string, string[]>, name: string): string | undefined {
  const v = fields[name];
  return v === undefined ? undefined : v[v.length - 1];
}

export function stepOf(fields: Record<string, string[]>, fallback: number): number {
  const raw = scalar(fields, 'step');
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw appError('validation_failed', { field: 'step', message: MSG.campaignStepRange });
  return capStep(n);
}

/** Validates with the shared rules; locations are required from the Bookings step on and on submit. */
export function validate(
  kind: CampaignKind,
  input: Record<string, unknown>,
  requireLocations: boolean,
): CampaignValues {
  return parseOr422(campaignSchema(kind, { requireLocations }), input);
}

/** The brand's live locations among `ids`; any other id (another brand's, deleted, unknown) is refused. */
export async function assertOwnLocations(db: DbOrTx, brandId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.brandId, brandId), isNull(locations.deletedAt), inArray(locations.id, ids)));
  if (rows.length !== ids.length)
    throw appError('validation_failed', { field: 'locations', message: MSG.invalidCampaignLocation });
}

export async function brandLocationCount(db: DbOrTx, brandId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(locations)
    .where(and(eq(locations.brandId, brandId), isNull(locations.deletedAt)));
  return Number(row?.n ?? 0);
}

/** The brand a campaign is written for: the owner's, subscribed, with at least one location. */
export async function writableBrand(ctx: AppContext, user: AuthUser) {
  await assertActiveSubscription(ctx.db, user);
  const { brand } = await brandOfMember(ctx.db, user, BRAND_MANAGERS);
  if ((await brandLocationCount(ctx.db, brand.id)) === 0)
    throw appError('no_locations', { field: 'locations', message: MSG.noLocationsYet });
  return brand;
}

export function columnsOf(values: CampaignValues) {
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
    usageRights: values.usage_rights,
    expiresOn: campaignExpiresOn(values),
  };
}

export async function replaceLocations(tx: DbOrTx, campaignId: number, ids: number[]): Promise<void> {
  await tx.delete(campaignLocations).where(eq(campaignLocations.campaignId, campaignId));
  if (ids.length > 0) await tx.insert(campaignLocations).values(ids.map((locationId) => ({ campaignId, locationId })));
}
