import { inArray } from 'drizzle-orm';
import type { BookingResource, MediaUserSummary, TaskResource } from '@comped/shared/schemas/resources';
import type { MediaType } from '@comped/shared/roles';
import type { DbOrTx } from '../../db/client';
import { bookings, brands, campaigns, locations, tasks, users } from '../../db/schema';

type TaskRow = typeof tasks.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** The readable name of a task (shown on /tasks and in the brand's mail). */
export function taskName(campaignName: string): string {
  return `Visit report: ${campaignName}`;
}

/** A media user as bookings and tasks show them (MediaUserSummary). */
export function mediaUserSummary(u: UserRow): MediaUserSummary {
  const socialnetworks = (['instagram', 'twitter', 'tiktok'] as const)
    .filter((n) => !!u[n])
    .map((n) => ({ name: n, handle: u[n] as string }));
  return {
    id: u.id,
    name: u.name,
    profile_picture: u.profilePicture,
    type: u.role as MediaType,
    tier_range: u.tier,
    bio: u.bio,
    location: u.location,
    workplace: u.workplace,
    socialnetworks,
  };
}

/**
 * TaskResource (packages/shared/src/schemas/resources.ts) for task rows, in their order, each with
 * its booking nested. A private query of this module: the bookings module owns its own serializer.
 */
export async function serializeTasks(db: DbOrTx, rows: TaskRow[], now: Date): Promise<TaskResource[]> {
  if (rows.length === 0) return [];
  const bookingRows = await db
    .select()
    .from(bookings)
    .where(
      inArray(
        bookings.id,
        rows.map((t) => t.bookingId),
      ),
    );
  const campaignIds = [...new Set(bookingRows.map((b) => b.campaignId))];
  const brandIds = [...new Set(bookingRows.map((b) => b.brandId))];
  const locationIds = [...new Set(bookingRows.map((b) => b.locationId))];
  const userIds = [...new Set(bookingRows.map((b) => b.userId))];
  const [campaignRows, brandRows, locationRows, userRows] = await Promise.all([
    db.select().from(campaigns).where(inArray(campaigns.id, campaignIds)),
    db.select().from(brands).where(inArray(brands.id, brandIds)),
    db.select().from(locations).where(inArray(locations.id, locationIds)),
    db.select().from(users).where(inArray(users.id, userIds)),
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const bookingById = byId(bookingRows);
  const campaignById = byId(campaignRows);
  const brandById = byId(brandRows);
  const locationById = byId(locationRows);
  const userById = byId(userRows);

  return rows.map((t) => {
    const b = bookingById.get(t.bookingId);
    const c = b && campaignById.get(b.campaignId);
    const brand = b && brandById.get(b.brandId);
    const loc = b && locationById.get(b.locationId);
    const u = b && userById.get(b.userId);
    if (!b || !c || !brand || !loc || !u) throw new Error(`task ${t.id}: booking data missing`);
    const brandSummary = { id: brand.id, name: brand.name, logo: brand.logo, brandType: brand.brandType };
    const visited = now.getTime() >= b.visitAt.getTime();
    const booking: BookingResource = {
      id: b.id,
      status: b.status,
      booking_date: b.bookingDate,
      booking_time: b.bookingTime,
      guests: b.guests,
      campaign_id: b.campaignId,
      location_id: b.locationId,
      review: b.review,
      rate: b.rate,
      influencer: mediaUserSummary(u),
      campaign: {
        id: c.id,
        name: c.name,
        category_id: c.categoryId,
        brand: brandSummary,
        type: { booking: c.booking ? { compensation: c.booking.compensation } : null },
      },
      location: { id: loc.id, name: loc.name, address: loc.address, time_zone: loc.timeZone },
      task: { id: t.id, completed: t.completed },
      can_rate: (b.status === 'accepted' || b.status === 'finished') && visited && b.rate == null,
      created_at: b.createdAt.toISOString(),
    };
    return {
      id: t.id,
      completed: t.completed,
      geolocalized: t.geolocalized,
      hashtagged: t.hashtagged,
      posted: t.posted,
      tagged: t.tagged,
      rating: t.rating,
      propertyOption: t.propertyOption,
      posts: t.posts,
      influencer_instructions: c.influencerInstructions ?? null,
      brand: { id: brand.id, name: brand.name, logo: brand.logo },
      name: taskName(c.name),
      booking_date: b.bookingDate,
      booking_time: b.bookingTime,
      can_complete: !t.completed && visited && (b.status === 'accepted' || b.status === 'finished'),
      booking,
    };
  });
}
