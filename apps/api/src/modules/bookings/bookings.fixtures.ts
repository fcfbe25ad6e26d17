import type { AppContext } from '../../context';
import type { CampaignBookingSettings, OpeningHours } from '../../db/schema';
import { campaignLocations, campaigns, locations } from '../../db/schema';

/** Test rows inserted directly (the campaign and location routes belong to other modules). */
export const ALL_WEEK: OpeningHours[] = (
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
).map((day) => ({ day, start_time: '09:00', end_time: '17:00' }));

export async function insertLocation(
  ctx: AppContext,
  brandId: number,
  opts: { timeZone?: string; hours?: OpeningHours[]; name?: string; phone?: string } = {},
) {
  const [row] = await ctx.db
    .insert(locations)
    .values({
      brandId,
      name: opts.name ?? 'Downtown',
      address: '12 Harbor St, New York, NY',
      email: 'downtown@example.test',
      phone: opts.phone ?? '5550001111',
      contact: 'Maria',
      timeZone: opts.timeZone ?? 'America/New_York',
      hours: opts.hours ?? ALL_WEEK,
    })
    .returning();
  if (!row) throw new Error('location insert failed');
  return row;
}

export function bookingSettings(over: Partial<CampaignBookingSettings> = {}): CampaignBookingSettings {
  return {
    compensation: 50,
    max_bookings_per_week: 5,
    max_guests: 2,
    information_only: false,
    tip: null,
    switch: false,
    unavailable_dates: {},
    ...over,
  };
}

export async function insertCampaign(
  ctx: AppContext,
  brandId: number,
  locationIds: number[],
  over: Partial<typeof campaigns.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      brandId,
      categoryId: 4,
      status: 'approved',
      name: 'Summer menu',
      description: 'Try our summer menu',
      launchDate: '2026-05-01',
      endDate: '2026-07-31',
      expiresOn: '2026-07-31',
      target: ['influencer', 'journalist'],
      tierRangeInfluencer: [1, 2],
      tierRangeJournalist: [1, 2],
      booking: bookingSettings(),
      ...over,
    })
    .returning();
  if (!row) throw new Error('campaign insert failed');
  for (const locationId of locationIds) {
    await ctx.db.insert(campaignLocations).values({ campaignId: row.id, locationId });
  }
  return row;
}
