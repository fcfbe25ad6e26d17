import { CATEGORY } from '@comped/shared/campaign-kinds';
import { DISCOVERY_DEFAULT_MILES, milesWithoutZip } from '@comped/shared/discovery-filters';
import { MSG } from '@comped/shared/messages';
import { weekdayIndexOf, WEEKDAYS, weekStartOf } from '@comped/shared/time';
import type { DiscoveryFilterQuery } from '@comped/shared/validation/discovery';
import type { SQL } from 'drizzle-orm';
import { and, eq, inArray, sql } from 'drizzle-orm';

import type { DbOrTx } from '../../db/client';
import { bookings, campaignLocations, campaigns, locations } from '../../db/schema';
import { appError } from '../../lib/app-error';
import { zipsWithin } from '../../lib/zip-codes';
import { daySlots, slotsAhead } from '../bookings/availability';

/** `%`, `_` and `\` match themselves in the search box. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The media user's filters as one SQL condition, AND-ed with the visibility rule by the caller (the
 * rule itself is never relaxed). Search uses the trigram indexes on campaign and brand names;
 * distance is the set of ZIP codes within the radius (offline ZIP database) matched against the
 * locations' ZIPs; a date keeps the campaigns with at least one bookable slot that day.
 */
export async function discoveryCondition(
  db: DbOrTx,
  q: DiscoveryFilterQuery,
  visible: SQL,
  ctx: { now: Date; today: string },
): Promise<SQL | undefined> {
  const parts: SQL[] = [];
  if (milesWithoutZip(q)) throw appError('validation_failed', { errors: { 'filter[near]': [MSG.distanceNeedsZip] } });
  const search = q['filter[q]'];
  if (search) {
    const pattern = likePattern(search);
    parts.push(
      sql`(${campaigns.name} ILIKE ${pattern} OR ${campaigns.brandId} IN (SELECT b.id FROM brands b WHERE b.name ILIKE ${pattern}))`,
    );
  }
  const categories = q['filter[category]'];
  if (categories?.length) parts.push(inArray(campaigns.categoryId, categories));
  const near = q['filter[near]'];
  if (near) {
    const zips = zipsWithin(near, q['filter[miles]'] ?? DISCOVERY_DEFAULT_MILES);
    if (!zips) throw appError('validation_failed', { errors: { 'filter[near]': [MSG.zipCodeUnknown] } });
    parts.push(sql`EXISTS (
      SELECT 1 FROM ${campaignLocations} cl JOIN ${locations} l ON l.id = cl.location_id
      WHERE cl.campaign_id = ${campaigns.id} AND l.deleted_at IS NULL
        -- Each entry is five digits (zipsWithin filters them), so the literal array is safe.
        AND l.zip = ANY(${sql.raw(`ARRAY[${zips.map((z) => `'${z}'`).join(',')}]::text[]`)})
    )`);
  }
  const date = q['filter[date]'];
  if (date) {
    if (date < ctx.today) throw appError('validation_failed', { errors: { 'filter[date]': [MSG.discoveryDatePast] } });
    const ids = await campaignsFreeOn(db, and(visible, ...parts) as SQL, date, ctx.now);
    parts.push(ids.length ? inArray(campaigns.id, ids) : sql`false`);
  }
  return parts.length ? (and(...parts) as SQL) : undefined;
}

/**
 * The campaigns (among `where`) with a bookable slot on `date`: SQL narrows to campaigns that take
 * bookings, whose dates hold the day and that have a location open on that weekday; then the same
 * slot rule as the booking form (daySlots: hours minus unavailable ranges, event times) decides,
 * minus past slots and full weeks. Two queries whatever the number of campaigns.
 */
async function campaignsFreeOn(db: DbOrTx, where: SQL, date: string, now: Date): Promise<number[]> {
  const dayName = WEEKDAYS[weekdayIndexOf(date)]!;
  const week = weekStartOf(date);
  const rows = await db
    .select({
      campaign: {
        id: campaigns.id,
        categoryId: campaigns.categoryId,
        launchDate: campaigns.launchDate,
        openingDate: campaigns.openingDate,
        eventDate: campaigns.eventDate,
        endDate: campaigns.endDate,
        expiresOn: campaigns.expiresOn,
        fromTime: campaigns.fromTime,
        toTime: campaigns.toTime,
        booking: campaigns.booking,
      },
      location: { timeZone: locations.timeZone, hours: locations.hours },
      taken: sql<number>`(SELECT count(*) FROM ${bookings} bk WHERE bk.campaign_id = ${campaigns.id}
        AND bk.week_start = ${week}::date AND bk.status IN ('pending', 'accepted'))`.mapWith(Number),
    })
    .from(campaigns)
    .innerJoin(campaignLocations, eq(campaignLocations.campaignId, campaigns.id))
    .innerJoin(locations, eq(locations.id, campaignLocations.locationId))
    .where(
      and(
        where,
        sql`${locations.deletedAt} IS NULL`,
        sql`coalesce((${campaigns.booking} ->> 'information_only')::boolean, false) = false`,
        sql`(${campaigns.expiresOn} IS NULL OR ${campaigns.expiresOn} >= ${date}::date)`,
        sql`(${campaigns.categoryId} = ${CATEGORY.singleDayEvent} AND ${campaigns.eventDate} = ${date}::date
          OR ${campaigns.categoryId} <> ${CATEGORY.singleDayEvent} AND ${locations.hours} @> ${JSON.stringify([{ day: dayName }])}::jsonb)`,
      ),
    );
  const free = new Set<number>();
  for (const r of rows) {
    if (free.has(r.campaign.id)) continue;
    const cap = r.campaign.booking?.max_bookings_per_week ?? 1;
    if (r.taken >= cap) continue;
    // Only the slots still ahead (today's morning has passed), as the booking form offers them.
    if (slotsAhead(daySlots(r.campaign, r.location, date), date, r.location, now).length > 0) free.add(r.campaign.id);
  }
  return [...free];
}
