import { MSG } from '@comped/shared/messages';
import { isMediaRole } from '@comped/shared/roles';
import { WEEKDAY_SHORT, weekStartOf } from '@comped/shared/time';
import { and, eq, isNull } from 'drizzle-orm';

import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { campaignLocations, campaigns, locations, users } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { dateInZone } from '../../lib/clock';
import { campaignToday } from '../campaigns/campaign-expiry';
import { visibleToMedia } from '../campaigns/campaign-visibility';
import type { WeekAvailability } from './availability';
import { weekAvailability } from './availability';
import { mediaUserOf } from './bookings.policy';
import { weeklyCapacity, weekPlaces } from './waitlist-places';

type CampaignRow = typeof campaigns.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * A campaign as a media user may see it: the one SQL rule of campaign-visibility.ts (the one
 * discovery lists with). Anything else is 404.
 */
export async function visibleCampaign(
  ctx: AppContext,
  db: DbOrTx,
  user: UserRow,
  campaignId: number,
): Promise<CampaignRow> {
  if (!isMediaRole(user.role)) throw appError('not_found');
  const [c] = await db
    .select()
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, campaignId),
        visibleToMedia({ role: user.role, tier: user.tier, userId: user.id }, campaignToday(ctx)),
      ),
    )
    .limit(1);
  if (!c) throw appError('not_found');
  return c;
}

/** A live location of the campaign, else 422 on location_id. */
export async function campaignLocation(db: DbOrTx, campaignId: number, locationId: number): Promise<LocationRow> {
  const [row] = await db
    .select({ location: locations })
    .from(campaignLocations)
    .innerJoin(locations, eq(locations.id, campaignLocations.locationId))
    .where(
      and(
        eq(campaignLocations.campaignId, campaignId),
        eq(campaignLocations.locationId, locationId),
        isNull(locations.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw appError('validation_failed', { field: 'location_id', message: MSG.locationRequired });
  return row.location;
}

/** Full for this user: the requests and visits that count and the places held for others (issue 30). */
async function weekIsFull(
  db: DbOrTx,
  campaign: CampaignRow,
  weekStart: string,
  userId: number,
  now: Date,
): Promise<boolean> {
  const { booked, held } = await weekPlaces(db, campaign.id, weekStart, now, { userId });
  return booked + held >= weeklyCapacity(campaign.booking);
}

/** POST influencers/{id}/campaigns/{campaignId}/availablehours: the week holding a date, slot by slot. */
export async function listAvailableHours(
  ctx: AppContext,
  userId: number,
  campaignId: number,
  input: { location_id: number; date?: string },
): Promise<WeekAvailability> {
  const user = await mediaUserOf(ctx.db, userId);
  const campaign = await visibleCampaign(ctx, ctx.db, user, campaignId);
  const location = await campaignLocation(ctx.db, campaign.id, input.location_id);
  const now = ctx.clock.now();
  const date = input.date ?? dateInZone(now, location.timeZone);
  const weekStart = weekStartOf(date);
  const full = await weekIsFull(ctx.db, campaign, weekStart, user.id, now);
  const week = weekAvailability(campaign, location, weekStart, now, full);
  if (!full) return week;
  // Full, though it has slots ahead (issue 30): the request form offers the waitlist for it.
  const open = weekAvailability(campaign, location, weekStart, now, false);
  return WEEKDAY_SHORT.some((d) => open[d].length > 0) ? { ...week, full: true } : week;
}
