import { campaignExpiresOn, CATEGORY } from './campaign-kinds';
import { LIMITS } from './limits';
import { addDays } from './time';

/**
 * The days a campaign takes visits on (spec section 5), for the booking form, the campaign's page
 * and the API's availability. Without zod: the campaign's page reads it before any form loads.
 */
export interface CampaignDates {
  category_id: number;
  launch_date: string | null;
  opening_date: string | null;
  event_date: string | null;
  end_date: string | null;
  expires_on?: string | null;
}

/** The dates of a campaign as the API answers it (`attributes` holds the kind's dates). */
export function datesOfCampaign(c: {
  category_id: number;
  attributes: Omit<CampaignDates, 'category_id' | 'expires_on'>;
  expires_on?: string | null;
}): CampaignDates {
  return {
    category_id: c.category_id,
    launch_date: c.attributes.launch_date,
    opening_date: c.attributes.opening_date,
    event_date: c.attributes.event_date,
    end_date: c.attributes.end_date,
    expires_on: c.expires_on ?? null,
  };
}

/**
 * The first and last day a visit may be booked, ignoring today (spec section 5): single-day events
 * only on the event date; otherwise from the launch or opening date (if any) to the end date, else
 * to the day after the launch or opening date. A campaign with neither date (the older categories)
 * is bookable until its expiry day.
 */
export function bookingDateBounds(c: CampaignDates): { min: string | null; max: string | null } {
  if (c.category_id === CATEGORY.singleDayEvent) return { min: c.event_date, max: c.event_date };
  const min = c.launch_date ?? c.opening_date ?? null;
  const max =
    c.end_date ??
    (min ? addDays(min, LIMITS.bookingDaysAfterStartWithoutEndDate) : (c.expires_on ?? campaignExpiresOn(c)));
  return { min, max };
}

/**
 * The last day of visits when it comes before the offer's end: a launch or an opening without an
 * end date takes visits on its day and the next, yet stays offered until it expires. Null when
 * visits run as long as the offer (an end date, an event, an older category).
 */
export function visitsEndBeforeOffer(c: CampaignDates): string | null {
  if (c.category_id === CATEGORY.singleDayEvent || c.end_date) return null;
  if (!(c.launch_date ?? c.opening_date)) return null;
  return bookingDateBounds(c).max;
}

/**
 * `visitsEndBeforeOffer` of a campaign as the API answers it, for the pages that show it: none for an
 * information-only campaign, which takes no visits at all.
 */
export function lastVisitDayBeforeOffer(
  c: Parameters<typeof datesOfCampaign>[0] & { type: { booking?: { information_only: boolean } | null } },
): string | null {
  const booking = c.type.booking;
  return booking && !booking.information_only ? visitsEndBeforeOffer(datesOfCampaign(c)) : null;
}

/**
 * The last day a visit could be booked, once it has passed: a launch without an end date stays
 * offered until its expiry, weeks after its two bookable days. Null while visits can be booked.
 */
export function bookingsClosedSince(c: CampaignDates, today: string): string | null {
  const { max } = bookingDateBounds(c);
  return max !== null && max < today ? max : null;
}
