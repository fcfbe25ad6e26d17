import type { AppContext } from '../src/context';
import { campaignLocations, campaigns, locations } from '../src/db/schema';

/**
 * Test data only: campaigns inserted straight into the database, so the tests of listing, review
 * and expiry do not depend on the wizard's routes.
 */
export type CampaignInsert = Partial<typeof campaigns.$inferInsert> & { brandId: number };

export async function insertLocation(ctx: AppContext, brandId: number, name = 'Main room') {
  const [row] = await ctx.db
    .insert(locations)
    .values({
      brandId,
      name,
      address: '1 Main St, New York',
      email: 'hello@bistro.test',
      phone: '5551234567',
      contact: 'Sam',
      timeZone: 'America/New_York',
      hours: [{ day: 'monday', start_time: '10:00', end_time: '22:00' }],
    })
    .returning();
  if (!row) throw new Error('location insert failed');
  return row;
}

export async function insertCampaign(ctx: AppContext, values: CampaignInsert, locationId?: number) {
  const [row] = await ctx.db
    .insert(campaigns)
    .values({
      categoryId: 4,
      name: 'Spring menu',
      description: 'Taste our new spring menu.',
      status: 'approved',
      launchDate: '2030-06-01',
      endDate: '2030-07-01',
      expiresOn: '2030-07-01',
      target: ['influencer'],
      tierRangeInfluencer: [1, 2],
      tierRangeJournalist: [1, 2],
      booking: {
        compensation: 50,
        max_bookings_per_week: 2,
        max_guests: 2,
        information_only: false,
        tip: null,
        switch: false,
        unavailable_dates: {},
      },
      influencerInstructions: {
        tagging_required: true,
        geotag_required: false,
        posts_required: 1,
        stories_required: 2,
        hashtags: ['spring'],
      },
      ...values,
    })
    .returning();
  if (!row) throw new Error('campaign insert failed');
  if (locationId) await ctx.db.insert(campaignLocations).values({ campaignId: row.id, locationId });
  return row;
}
