import { weekStartOf } from '@comped/shared/time';

import type { AppContext } from '../../context';
import type { InfluencerInstructions } from '../../db/schema';
import { bookings, campaigns, locations, tasks } from '../../db/schema';
import { dateInZone, timeInZone } from '../../lib/clock';

/** Test data for tasks and profiles: inserted directly, as the bookings module would leave it. */
export async function createVisit(
  ctx: AppContext,
  opts: {
    brandId: number;
    userId: number;
    /** When the visit happens (default: two hours ago). */
    visitAt?: Date;
    status?: 'pending' | 'accepted' | 'finished' | 'declined' | 'cancelled';
    instructions?: Partial<InfluencerInstructions>;
    campaignName?: string;
    withTask?: boolean;
  },
) {
  const zone = 'America/New_York';
  const [location] = await ctx.db
    .insert(locations)
    .values({
      brandId: opts.brandId,
      name: 'Main room',
      address: '1 Main St',
      email: 'venue@example.test',
      phone: '5551234567',
      contact: 'Sam',
      timeZone: zone,
    })
    .returning();
  const [campaign] = await ctx.db
    .insert(campaigns)
    .values({
      brandId: opts.brandId,
      categoryId: 4,
      status: 'approved',
      name: opts.campaignName ?? 'Spring menu',
      description: 'Taste the spring menu',
      launchDate: '2026-01-01',
      target: ['influencer', 'journalist'],
      influencerInstructions: {
        tagging_required: true,
        geotag_required: true,
        posts_required: 2,
        stories_required: 1,
        hashtags: ['spring', 'comped'],
        ...opts.instructions,
      },
    })
    .returning();
  const visitAt = opts.visitAt ?? new Date(ctx.clock.now().getTime() - 2 * 3600_000);
  const bookingDate = dateInZone(visitAt, zone);
  const [booking] = await ctx.db
    .insert(bookings)
    .values({
      campaignId: campaign!.id,
      locationId: location!.id,
      userId: opts.userId,
      brandId: opts.brandId,
      status: opts.status ?? 'accepted',
      bookingDate,
      bookingTime: timeInZone(visitAt, zone),
      weekStart: weekStartOf(bookingDate),
      visitAt,
      guests: 2,
    })
    .returning();
  let task: typeof tasks.$inferSelect | undefined;
  if (opts.withTask !== false) {
    [task] = await ctx.db.insert(tasks).values({ bookingId: booking!.id, userId: opts.userId }).returning();
  }
  return { location: location!, campaign: campaign!, booking: booking!, task: task! };
}
