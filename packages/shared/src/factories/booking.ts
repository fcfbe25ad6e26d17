import type { BookingResource } from '../schemas/resources';
import { bookingResourceSchema } from '../schemas/resources';
import { makeMediaUserSummary } from './media-user-summary';

/**
 * An accepted visit (booking 9) of Ann at Downtown for "Summer menu" of Bistro Uno, as the media
 * side reads it (with its check-in code) before the visit. Checked by the shared schema.
 */
export function makeBooking(over: Partial<BookingResource> = {}): BookingResource {
  return bookingResourceSchema.parse({
    id: 9,
    status: 'accepted',
    booking_date: '2026-06-12',
    booking_time: '19:30',
    guests: 2,
    campaign_id: 7,
    location_id: 11,
    review: null,
    rate: null,
    influencer: makeMediaUserSummary(),
    campaign: {
      id: 7,
      name: 'Summer menu',
      category_id: 4,
      brand: { id: 3, name: 'Bistro Uno', logo: null, brandType: 'Restaurant' },
      type: { booking: { compensation: 50 } },
    },
    location: {
      id: 11,
      name: 'Downtown',
      address: '12 Harbor St, New York, NY',
      phone: '2125550100',
      time_zone: 'America/New_York',
    },
    task: null,
    can_rate: false,
    created_at: '2026-06-01T15:04:00.000Z',
    check_in_code: 'K7F3XA',
    checked_in_at: null,
    // 19:30 in New York (UTC-4 in June) is 23:30Z: check-in opens 2 h before, closes 12 h after.
    check_in_opens_at: '2026-06-12T21:30:00.000Z',
    check_in_closes_at: '2026-06-13T11:30:00.000Z',
    can_mark_no_show: false,
    no_show_at: null,
    dispute: null,
    can_dispute: false,
    dispute_until: null,
    decline_reason: null,
    conversation_id: null,
    reliability: { percent: 96, visits: 24 },
    decided_by: null,
    // Slots that fill (issue 30): no proposal, not confirmed yet.
    proposal: null,
    confirmed_at: null,
    can_confirm: false,
    attendance: null,
    ...over,
  });
}
