/**
 * Demo data of issue 30 ("slots that fill"), called from seed-demo.ts: a campaign with comp terms
 * (what is included, an allowance, guests optional) taking one visit a week; the journalist's
 * request there, answered by the brand with another time; the demo influencer waiting for that full
 * week; and, on a second campaign, the influencer's accepted visit tomorrow, already confirmed.
 */
import { campaignExpiresOn } from '@comped/shared/campaign-kinds';
import { addDays, weekStartOf } from '@comped/shared/time';

import type { Db } from '../src/db/client';
import type { CampaignBookingSettings } from '../src/db/schema';
import { bookings, campaignLocations, campaigns, tasks, waitlistEntries } from '../src/db/schema';
import { zonedToInstant } from '../src/lib/clock';
import { openBookingConversation } from '../src/modules/conversations/open-conversation';

export interface SlotsDemoInput {
  brandId: number;
  locationId: number;
  influencerId: number;
  journalistId: number;
  timeZone: string;
  /** Today in the demo's zone (YYYY-MM-DD) and the instant now. */
  today: string;
  now: Date;
}

export async function seedSlotsDemo(db: Db, d: SlotsDemoInput): Promise<void> {
  const terms: CampaignBookingSettings = {
    compensation: 100,
    max_bookings_per_week: 1,
    max_guests: 2,
    information_only: false,
    tip: 'Ask for the chef’s counter.',
    switch: false,
    unavailable_dates: {},
    includes: ['Seven-course tasting menu for two', 'One glass of wine each', 'Espresso and petit fours'],
    allowance: 180,
    guest_policy: 'optional',
  };
  const campaign = async (name: string, booking: CampaignBookingSettings) => {
    const dates = { launch_date: d.today, opening_date: null, event_date: null, end_date: addDays(d.today, 60) };
    const [c] = await db
      .insert(campaigns)
      .values({
        brandId: d.brandId,
        categoryId: 4,
        status: 'approved',
        step: 4,
        name,
        description: `${name} at Trattoria Marino: what the comp covers is listed, so the door knows what to serve.`,
        launchDate: dates.launch_date,
        endDate: dates.end_date,
        target: ['influencer', 'journalist'],
        tierRangeInfluencer: [1, 2, 3, 4],
        tierRangeJournalist: [1, 2, 3, 4],
        booking,
        expiresOn: campaignExpiresOn(dates),
        submittedAt: d.now,
        approvedAt: d.now,
      })
      .returning();
    if (!c) throw new Error('campaign not created');
    await db.insert(campaignLocations).values({ campaignId: c.id, locationId: d.locationId });
    return c;
  };
  const counter = await campaign("Chef's counter, one a week", terms);
  const wine = await campaign('Wine bar evening', { ...terms, max_bookings_per_week: 5, includes: ['Wine flight'] });

  const visit = (campaignId: number, userId: number, date: string, time: string) => ({
    campaignId,
    locationId: d.locationId,
    userId,
    brandId: d.brandId,
    bookingDate: date,
    bookingTime: time,
    weekStart: weekStartOf(date),
    visitAt: zonedToInstant(date, time, d.timeZone),
    guests: 1,
    createdAt: d.now,
    updatedAt: d.now,
  });
  // The journalist's request fills the counter's week; the brand proposed another time.
  const requested = addDays(d.today, 5);
  const [proposed] = await db
    .insert(bookings)
    .values({
      ...visit(counter.id, d.journalistId, requested, '19:00'),
      status: 'pending',
      proposal: { booking_date: requested, booking_time: '21:00', note: 'The counter is calmer at nine.' },
      answeredAt: d.now,
    })
    .returning();
  // The influencer waits for that full week.
  await db.insert(waitlistEntries).values({
    campaignId: counter.id,
    locationId: d.locationId,
    userId: d.influencerId,
    date: requested,
    weekStart: weekStartOf(requested),
    status: 'waiting',
    createdAt: d.now,
  });
  // The influencer's visit tomorrow, accepted and confirmed.
  const [confirmed] = await db
    .insert(bookings)
    .values({
      ...visit(wine.id, d.influencerId, addDays(d.today, 1), '20:00'),
      status: 'accepted',
      checkInCode: 'WXK4M7',
      inviteSequence: 0,
      answeredAt: d.now,
      confirmedAt: d.now,
    })
    .returning();
  if (confirmed) await db.insert(tasks).values({ bookingId: confirmed.id, userId: d.influencerId });
  // Every booking has its conversation from the request on, as the product opens it.
  for (const b of [proposed, confirmed]) if (b) await openBookingConversation(db, b);
}
