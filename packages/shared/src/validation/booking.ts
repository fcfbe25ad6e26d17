import { z } from 'zod';

import { splitCommaList } from '../comma-list';
import { LIMITS } from '../limits';
import { MSG, tooLong } from '../messages';
import type { BookingStatus } from '../statuses';
import { BOOKING_STATUSES } from '../statuses';
import { isCalendarDate, TIME_PATTERN } from '../time';

/**
 * Booking rules shared by the request form (/campaigns/{id}/book), the brand and media lists and
 * the API routes. Texts come from MSG; the messages built below are ours (the spec does not fix them).
 */
/** A booking's visit is at most this many guests (the campaign may allow fewer). */
export function guestsMessage(max: number): string {
  return max <= 1 ? 'Only 1 guest is allowed.' : `Please choose between 1 and ${max} guests.`;
}

/** A required id from JSON (3) or a select ("3" or ""): missing, empty or 0 reads as `message`. */
function requiredId(message: string) {
  return z.coerce
    .number({ error: () => message })
    .int(message)
    .positive(message);
}

/** POST influencers/{id}/campaigns/{campaignId}/availablehours {location_id, date?}. */
export const availableHoursSchema = z.object({
  location_id: requiredId(MSG.locationRequired),
  date: z.string().refine(isCalendarDate, 'The date must be in the form YYYY-MM-DD.').optional(),
});
export type AvailableHoursInput = z.input<typeof availableHoursSchema>;

/** The form's fields (and the route's, with campaign_id). Per-campaign rules are checked by the server. */
export const bookingFormSchema = z.object({
  location_id: requiredId(MSG.locationRequired),
  booking_date: z.string({ error: () => MSG.selectDayAndTime }).refine(isCalendarDate, MSG.selectDayAndTime),
  booking_time: z.string({ error: () => MSG.selectDayAndTime }).regex(TIME_PATTERN, MSG.selectDayAndTime),
  // 0 is a request without guests (a campaign's guest policy "none" or "optional", issue 30); the
  // server checks the campaign's own bounds.
  guests: z.coerce
    .number({ error: () => guestsMessage(LIMITS.maxGuestsMax) })
    .int(guestsMessage(LIMITS.maxGuestsMax))
    .min(0, guestsMessage(LIMITS.maxGuestsMax))
    .max(LIMITS.maxGuestsMax, guestsMessage(LIMITS.maxGuestsMax)),
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** POST bookings {campaign_id, location_id, booking_date, booking_time, guests}. */
export const bookingRequestSchema = bookingFormSchema.extend({
  campaign_id: requiredId('The campaign field is required.'),
});
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

/** PUT brands/{id}/bookings/{bookingId}. */
export const brandBookingUpdateSchema = z.object({
  // no_show: decisions.md, Beyond the specification (from 2 hours after the visit, without check-in).
  status: z.enum(['accepted', 'declined', 'no_show'], {
    error: () => 'The status must be accepted, declined or no_show.',
  }),
});

/** PUT influencers/{id}/bookings/{bookingId}. */
export const mediaBookingUpdateSchema = z.object({
  status: z.literal('cancelled', { error: () => 'The status must be cancelled.' }),
});

/** POST bookings/{id}/rate_influencer {rate, review?}. */
export const rateInfluencerSchema = z.object({
  rate: z.coerce
    .number({ error: () => MSG.ratingRequired })
    .int(MSG.ratingRequired)
    .min(LIMITS.ratingMin, MSG.ratingRequired)
    .max(LIMITS.ratingMax, MSG.ratingRequired),
  review: z
    .string()
    .trim()
    .max(LIMITS.reviewMax, tooLong(LIMITS.reviewMax))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RateInfluencerInput = z.input<typeof rateInfluencerSchema>;

/** `filter[status]=a,b` → the statuses, or a message for an unknown one. */
export const statusFilterSchema = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const list = splitCommaList(v);
    for (const s of list) {
      if (!(BOOKING_STATUSES as readonly string[]).includes(s)) {
        ctx.addIssue({ code: 'custom', message: `Unknown booking status: ${s}.` });
        return z.NEVER;
      }
    }
    return list as BookingStatus[];
  });
