import type { BookingResource, TaskResource } from '@comped/shared/schemas/resources';
import { inArray } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { bookings, campaigns, tasks } from '../../db/schema';
import type { BookingRow } from '../bookings/bookings.serializer';
import { taskSummary, toBookingResources, toTaskPostResources } from '../bookings/bookings.serializer';

type TaskRow = typeof tasks.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;

/** The readable name of a task (shown on /tasks and in the brand's mail). */
export function taskName(campaignName: string): string {
  return `Visit report: ${campaignName}`;
}

/** The campaign columns a task shows. */
export interface TaskCampaignFields {
  id: number;
  influencerInstructions: CampaignRow['influencerInstructions'];
  usageRights: CampaignRow['usageRights'];
}

/**
 * TaskResource (packages/shared/src/schemas/resources.ts) for task rows, in their order, each with
 * its booking nested as the bookings module serializes it (media side).
 */
export async function toTaskResources(db: DbOrTx, rows: TaskRow[], now: Date): Promise<TaskResource[]> {
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
  const [nested, campaignRows] = await Promise.all([
    toBookingResources(db, bookingRows, { side: 'media', now }),
    db
      .select({
        id: campaigns.id,
        influencerInstructions: campaigns.influencerInstructions,
        usageRights: campaigns.usageRights,
      })
      .from(campaigns)
      .where(inArray(campaigns.id, campaignIds)),
  ]);
  const rowById = new Map(bookingRows.map((b) => [b.id, b]));
  const bookingById = new Map(nested.map((b) => [b.id, b]));
  const campaignById = new Map(campaignRows.map((c) => [c.id, c]));
  return rows.map((t) => {
    const row = rowById.get(t.bookingId);
    const booking = bookingById.get(t.bookingId);
    if (!row || !booking) throw new Error(`task ${t.id}: booking missing`);
    return toTaskResource(t, { row, resource: booking }, campaignById.get(row.campaignId), now);
  });
}

/** The TaskResource of a task, its booking (row and resource) and its campaign's task columns. */
export function toTaskResource(
  t: Pick<
    TaskRow,
    | 'id'
    | 'completed'
    | 'geolocalized'
    | 'hashtagged'
    | 'posted'
    | 'tagged'
    | 'rating'
    | 'propertyOption'
    | 'posts'
    | 'closedAt'
  >,
  booking: { row: BookingRow; resource: BookingResource },
  campaign: Omit<TaskCampaignFields, 'id'> | undefined,
  now: Date,
): TaskResource {
  const { row, resource } = booking;
  const visited = now.getTime() >= row.visitAt.getTime();
  const live = row.status === 'accepted' || row.status === 'finished';
  const brand = resource.campaign.brand;
  return {
    id: t.id,
    completed: t.completed,
    geolocalized: t.geolocalized,
    hashtagged: t.hashtagged,
    posted: t.posted,
    tagged: t.tagged,
    rating: t.rating,
    propertyOption: t.propertyOption,
    posts: toTaskPostResources(t.posts),
    influencer_instructions: campaign?.influencerInstructions ?? null,
    usage_rights: campaign?.usageRights ?? null,
    brand: { id: brand.id, name: brand.name, logo: brand.logo },
    name: taskName(resource.campaign.name),
    booking_date: row.bookingDate,
    booking_time: row.bookingTime,
    can_complete: !t.completed && visited && live,
    // The task as it is now (the booking's own view was read before a completion committed).
    booking: { ...resource, task: taskSummary(row, t, now) },
  };
}
