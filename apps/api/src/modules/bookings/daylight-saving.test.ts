import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, mailOutbox } from '../../db/schema';
import { zonedToInstant } from '../../lib/clock';
import { insertCampaign, insertLocation } from './bookings.fixtures';

/**
 * The two daylight-saving days of 2026 in two US zones (ADR 009, "Daylight saving time"), through
 * the routes: the slot list, a request, the 24-hour cancel window, check-in, no-show and reminders
 * all read the visit's true instant. Sunday 2026-03-08 the clocks jump from 02:00 to 03:00 (02:00
 * and 02:30 do not exist); Sunday 2026-11-01 they fall back from 02:00 to 01:00 (01:00 and 01:30
 * happen twice).
 */
const SPRING = '2026-03-08';
const FALL = '2026-11-01';
const HOUR = 3600_000;
const ZONES = [
  // 03:00 EDT on the spring day is 07:00 UTC; 01:30 EDT, the first 01:30 of the fall day, 05:30 UTC.
  { zone: 'America/New_York', springThree: '2026-03-08T07:00:00Z', fallFirstHalfPastOne: '2026-11-01T05:30:00Z' },
  { zone: 'America/Los_Angeles', springThree: '2026-03-08T10:00:00Z', fallFirstHalfPastOne: '2026-11-01T08:30:00Z' },
] as const;

let t: TestApp;
let brand: TestBrand;
beforeAll(async () => {
  t = await createTestApp();
  brand = await createBrandOwner(t.ctx, { name: 'Night Owl' });
});
afterAll(async () => t.close());

const at = (iso: string | number) => t.clock.freeze(new Date(iso));

/** A campaign bookable all year at a location open every day from `from` to `to` (05:00), in `zone`. */
async function nightVenue(
  zone: string,
  hours: { from: string; to: string; name?: string } = { from: '00:00', to: '05:00' },
) {
  const location = await insertLocation(t.ctx, brand.brandId, {
    timeZone: zone,
    name: `Night Owl ${zone}`,
    hours: (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const).map((day) => ({
      day,
      start_time: hours.from,
      end_time: hours.to,
    })),
  });
  const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], {
    name: hours.name ?? 'Night menu',
    launchDate: '2026-01-01',
    endDate: '2026-12-31',
    expiresOn: '2026-12-31',
  });
  return { location, campaign };
}

async function sundaySlots(venue: Awaited<ReturnType<typeof nightVenue>>, date: string) {
  const user = await createUser(t.ctx, { role: 'influencer' });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/influencers/${user.id}/campaigns/${venue.campaign.id}/availablehours`,
    headers: user.headers,
    payload: { location_id: venue.location.id, date },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { sun: string[] } }).data.sun;
}

function request(
  venue: Awaited<ReturnType<typeof nightVenue>>,
  user: { headers: Record<string, string> },
  date: string,
  time: string,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: user.headers,
    payload: {
      campaign_id: venue.campaign.id,
      location_id: venue.location.id,
      booking_date: date,
      booking_time: time,
      guests: 1,
    },
  });
}

/** A media user's accepted visit at `date` `time`, with its stored instant. */
async function acceptedVisit(venue: Awaited<ReturnType<typeof nightVenue>>, date: string, time: string) {
  const user = await createUser(t.ctx, { role: 'influencer', name: 'Nia Night' });
  const made = await request(venue, user, date, time);
  expect(made.statusCode, made.body).toBe(201);
  const id = (made.json() as { data: BookingResource }).data.id;
  const accepted = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/brands/${brand.brandId}/bookings/${id}`,
    headers: brand.headers,
    payload: { status: 'accepted' },
  });
  expect(accepted.statusCode).toBe(200);
  const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, id));
  return { user, id, row: row! };
}

const cancel = (v: Awaited<ReturnType<typeof acceptedVisit>>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/influencers/${v.user.id}/bookings/${v.id}`,
    headers: v.user.headers,
    payload: { status: 'cancelled' },
  });

const checkIn = (v: Awaited<ReturnType<typeof acceptedVisit>>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/brands/${brand.brandId}/bookings/${v.id}/checkin`,
    headers: brand.headers,
    payload: { code: v.row.checkInCode },
  });

const reminderSubjects = async (email: string) =>
  (
    await t.ctx.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Reminder%')))
  ).map((m) => m.subject);

describe.each(ZONES)('daylight saving time in $zone', ({ zone, springThree, fallFirstHalfPastOne }) => {
  it('spring forward: the slot list skips 02:00 and 02:30, and a request for 02:30 is refused', async () => {
    at('2026-03-01T12:00:00Z');
    const venue = await nightVenue(zone);
    expect(await sundaySlots(venue, SPRING)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
    ]);
    // The Sunday after has all ten.
    expect(await sundaySlots(venue, '2026-03-15')).toHaveLength(10);
    const user = await createUser(t.ctx, { role: 'influencer' });
    for (const time of ['02:00', '02:30']) {
      const res = await request(venue, user, SPRING, time);
      expect(res.statusCode, time).toBe(422);
      expect(res.json().errors).toEqual({ booking_date: [MSG.selectDayAndTime] });
    }
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);
  });

  it('fall back: 01:00 and 01:30 are offered once, and mean their first occurrence', async () => {
    at('2026-10-25T12:00:00Z');
    const venue = await nightVenue(zone);
    expect(await sundaySlots(venue, FALL)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
    ]);
    const v = await acceptedVisit(venue, FALL, '01:30');
    expect(v.row.visitAt.toISOString()).toBe(new Date(fallFirstHalfPastOne).toISOString());
    // Between the two 01:30s the first has passed: the slot is no longer offered, 02:00 still is.
    at(Date.parse(fallFirstHalfPastOne) + 15 * 60_000);
    expect(await sundaySlots(venue, FALL)).toEqual(['02:00', '02:30', '03:00', '03:30', '04:00', '04:30']);
  });

  it('fall back: the "free on a date" search agrees, after the first 01:30 while the clocks read 01:15 again', async () => {
    at('2026-10-25T12:00:00Z');
    const name = `Last call ${zone}`;
    await nightVenue(zone, { from: '01:00', to: '02:00', name });
    const user = await createUser(t.ctx, { role: 'influencer' });
    const free = async () => {
      const res = await t.app.inject({
        url: `/api/v1/influencers/${user.id}/campaigns?filter[date]=${FALL}&filter[q]=${encodeURIComponent(name)}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { name: string }[] }).data.map((c) => c.name);
    };
    expect(await free()).toEqual([name]);
    // 01:15 standard time: both slots (01:00 and 01:30 daylight time) are behind.
    at(Date.parse(fallFirstHalfPastOne) + 45 * 60_000);
    expect(await free()).toEqual([]);
  });

  it('spring forward: the cancel window, reminders and check-in count real hours to 03:00', async () => {
    at('2026-03-01T12:00:00Z');
    const venue = await nightVenue(zone);
    const v = await acceptedVisit(venue, SPRING, '03:00');
    const visit = Date.parse(springThree);
    expect(v.row.visitAt.getTime()).toBe(visit);

    // 03:00 on Saturday is 23 hours before the visit, not 24: too late to cancel online.
    at(zonedToInstant('2026-03-07', '03:00', zone).getTime());
    expect(visit - t.clock.now().getTime()).toBe(23 * HOUR);
    const late = await cancel(v);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.status[0]).toMatch(/^Cancellations within 24 hours of the visit need a call/);

    // The 24-hour reminder runs at 02:00 on Saturday (24 real hours before), the 2-hour one at midnight.
    at(visit - 24 * HOUR - 60_000);
    await t.ctx.jobs.runDue();
    expect(await reminderSubjects(v.user.email)).toEqual([]);
    at(visit - 24 * HOUR);
    await t.ctx.jobs.runDue();
    expect(await reminderSubjects(v.user.email)).toEqual(['Reminder: your visit to Night Owl is tomorrow']);
    at(visit - 2 * HOUR - 60_000);
    await t.ctx.jobs.runDue();
    expect(await reminderSubjects(v.user.email)).toHaveLength(1);

    // Check-in opens 2 real hours before 3:00 AM daylight time: midnight, standard time.
    const early = await checkIn(v);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Check-in opens at 12:00 AM on Sun, Mar 8, 2 hours before the visit.');
    at(visit - 2 * HOUR);
    await t.ctx.jobs.runDue();
    expect(await reminderSubjects(v.user.email)).toContain('Reminder: your visit to Night Owl is in 2 hours');
    expect((await checkIn(v)).statusCode).toBe(200);
  });

  it('fall back: the cancel window, check-in and no-show of 02:00 standard time count real hours', async () => {
    at('2026-10-25T12:00:00Z');
    const venue = await nightVenue(zone);
    const v = await acceptedVisit(venue, FALL, '02:00');
    const visit = v.row.visitAt.getTime();
    // 02:00 after the fall back: one hour after the second 01:00.
    expect(visit).toBe(Date.parse(fallFirstHalfPastOne) + 90 * 60_000);

    // 02:30 on Saturday is 24.5 hours before (a wall-clock reading would say 23.5): cancelled last, below.
    expect(visit - zonedToInstant('2026-10-31', '02:30', zone).getTime()).toBe(24.5 * HOUR);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brands/${brand.brandId}/bookings?filter[status]=accepted&page[size]=50`,
      headers: brand.headers,
    });
    const listed = (res.json() as { data: BookingResource[] }).data.find((b) => b.id === v.id)!;
    // Check-in opens at the first 01:00 (two real hours before), closes 12 hours after.
    expect(listed.check_in_opens_at).toBe(new Date(visit - 2 * HOUR).toISOString());
    expect(listed.check_in_closes_at).toBe(new Date(visit + 12 * HOUR).toISOString());
    at(visit - 2 * HOUR - 60_000);
    expect((await checkIn(v)).json().message).toBe(
      'Check-in opens at 1:00 AM on Sun, Nov 1, 2 hours before the visit.',
    );

    // No-show from 4:00 AM, two real hours after.
    at(visit + 2 * HOUR - 60_000);
    const early = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/brands/${brand.brandId}/bookings/${v.id}`,
      headers: brand.headers,
      payload: { status: 'no_show' },
    });
    expect(early.json().message).toBe(
      'A visit can be marked as a no-show from 4:00 AM on Sun, Nov 1, 2 hours after the visit time.',
    );
    // Back to Saturday 02:30, 24.5 hours before: cancelling online is still allowed.
    at(visit - 24.5 * HOUR);
    expect((await cancel(v)).statusCode).toBe(200);
  });
});
