import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createPeerApp, createTestApp } from '../../../test/test-app';
import { analyticsEvents, bookings, mailOutbox, tasks } from '../../db/schema';
import { bookingSettings, insertCampaign, insertLocation } from './bookings.fixtures';
import { requestBooking } from './request-booking';

// Monday 2026-06-01, 12:00 UTC = 08:00 in New York. Locations open 09:00-17:00 every day.
const NOW = new Date('2026-06-01T12:00:00Z');

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;
let ann: TestUser; // influencer, tier 1
let bob: TestUser; // influencer, tier 1
let joe: TestUser; // journalist, tier 2

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Other Place' });
  ann = await createUser(t.ctx, { role: 'influencer', name: 'Ann' });
  bob = await createUser(t.ctx, { role: 'influencer', name: 'Bob' });
  joe = await createUser(t.ctx, { role: 'journalist', name: 'Joe', tier: 2 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.freeze(NOW);
});

async function setup(over: Parameters<typeof insertCampaign>[3] = {}, locationOpts = {}) {
  const location = await insertLocation(t.ctx, brand.brandId, locationOpts);
  const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], over);
  return { location, campaign };
}

function available(user: TestUser, campaignId: number, body: Record<string, unknown>, userId = user.id) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/influencers/${userId}/campaigns/${campaignId}/availablehours`,
    headers: user.headers,
    payload: body,
  });
}

function book(user: TestUser | null, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: user?.headers ?? {},
    payload: body,
  });
}

function request(campaignId: number, locationId: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    campaign_id: campaignId,
    location_id: locationId,
    booking_date: '2026-06-03',
    booking_time: '10:00',
    guests: 1,
    ...over,
  };
}

async function createBooked(
  user: TestUser,
  campaignId: number,
  locationId: number,
  over: Record<string, unknown> = {},
) {
  const res = await book(user, request(campaignId, locationId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BookingResource;
}

async function row(id: number) {
  const [b] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, id));
  return b!;
}

function answer(owner: TestBrand | TestUser, brandId: number, bookingId: number, status: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/brands/${brandId}/bookings/${bookingId}`,
    headers: owner.headers,
    payload: { status },
  });
}

function cancel(user: TestUser, bookingId: number, userId = user.id) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/influencers/${userId}/bookings/${bookingId}`,
    headers: user.headers,
    payload: { status: 'cancelled' },
  });
}

function rate(owner: TestUser, bookingId: number, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${bookingId}/rate_influencer`,
    headers: owner.headers,
    payload,
  });
}

async function mailsTo(email: string) {
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
}

describe('POST influencers/{id}/campaigns/{campaignId}/availablehours', () => {
  it('answers the Monday-Sunday week of the date with future slots only', async () => {
    const { location, campaign } = await setup();
    const res = await available(ann, campaign.id, { location_id: location.id });
    expect(res.statusCode).toBe(200);
    const week = res.json().data;
    expect(week.week_start).toBe('2026-06-01');
    expect(week.mon[0]).toBe('09:00');
    expect(week.mon).toHaveLength(16);
    expect(week.sun.at(-1)).toBe('16:30');
    // Sunday still belongs to the week of Monday 1 June; Monday 8 June starts the next one.
    expect(
      (await available(ann, campaign.id, { location_id: location.id, date: '2026-06-07' })).json().data.week_start,
    ).toBe('2026-06-01');
    expect(
      (await available(ann, campaign.id, { location_id: location.id, date: '2026-06-08' })).json().data.week_start,
    ).toBe('2026-06-08');
  });

  it('uses today in the location zone: 10:10 in Los Angeles leaves 10:30 onward', async () => {
    const { location, campaign } = await setup({}, { timeZone: 'America/Los_Angeles' });
    t.clock.freeze(new Date('2026-06-01T17:10:00Z'));
    const week = (await available(ann, campaign.id, { location_id: location.id })).json().data;
    expect(week.mon.slice(0, 2)).toEqual(['10:30', '11:00']);
    const paris = await setup({}, { timeZone: 'Europe/Paris' });
    const wk = (await available(ann, paris.campaign.id, { location_id: paris.location.id })).json().data;
    expect(wk.mon).toEqual([]); // 19:10 in Paris: the day is over
    expect(wk.tue).toHaveLength(16);
  });

  it('has no slots in a week that holds max_bookings_per_week pending and accepted bookings', async () => {
    const { location, campaign } = await setup({ booking: bookingSettings({ max_bookings_per_week: 1 }) });
    await createBooked(bob, campaign.id, location.id);
    const week = (await available(ann, campaign.id, { location_id: location.id })).json().data;
    const { full, ...days } = week;
    expect(Object.values(days).flat()).toEqual(['2026-06-01']);
    // Issue 30: a full week with slots ahead says so (the request form offers the waitlist).
    expect(full).toBe(true);
    const next = (await available(ann, campaign.id, { location_id: location.id, date: '2026-06-08' })).json().data;
    expect(next.mon).toHaveLength(16);
  });

  it('requires a location of the campaign', async () => {
    const { campaign } = await setup();
    const other = await setup();
    for (const body of [{}, { location_id: '' }, { location_id: other.location.id }]) {
      const res = await available(ann, campaign.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.location_id).toEqual([MSG.locationRequired]);
    }
  });

  it('hides campaigns the user may not see (404) and refuses other ids, brands and visitors', async () => {
    const draft = await setup({ status: 'draft' });
    expect((await available(ann, draft.campaign.id, { location_id: draft.location.id })).statusCode).toBe(404);
    const expired = await setup({ expiresOn: '2026-05-31' });
    expect((await available(ann, expired.campaign.id, { location_id: expired.location.id })).statusCode).toBe(404);
    const tier = await setup({ tierRangeInfluencer: [3, 4] });
    expect((await available(ann, tier.campaign.id, { location_id: tier.location.id })).statusCode).toBe(404);
    const influencersOnly = await setup({ target: ['influencer'] });
    expect(
      (await available(joe, influencersOnly.campaign.id, { location_id: influencersOnly.location.id })).statusCode,
    ).toBe(404);
    expect((await available(joe, tier.campaign.id, { location_id: tier.location.id })).statusCode).toBe(200);

    const { location, campaign } = await setup();
    expect((await available(ann, campaign.id, { location_id: location.id }, bob.id)).statusCode).toBe(403);
    const asBrand = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${brand.id}/campaigns/${campaign.id}/availablehours`,
      headers: brand.headers,
      payload: { location_id: location.id },
    });
    expect(asBrand.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/influencers/${ann.id}/campaigns/${campaign.id}/availablehours`,
      payload: { location_id: location.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST bookings', () => {
  it('creates a pending booking with its week and visit instant, records the event and mails the brand', async () => {
    const { location, campaign } = await setup({}, { timeZone: 'America/Los_Angeles' });
    const res = await book(ann, request(campaign.id, location.id, { guests: 2 }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data as BookingResource;
    expect(data).toMatchObject({
      status: 'pending',
      booking_date: '2026-06-03',
      booking_time: '10:00',
      guests: 2,
      campaign_id: campaign.id,
      location_id: location.id,
      influencer: { id: ann.id, name: 'Ann', type: 'influencer', tier_range: 1 },
      campaign: {
        id: campaign.id,
        name: 'Summer menu',
        brand: { name: 'Bistro Uno' },
        type: { booking: { compensation: 50 } },
      },
      location: { id: location.id, name: 'Downtown', time_zone: 'America/Los_Angeles' },
      task: null,
      can_rate: false,
    });
    expect(data.influencer.socialnetworks).toEqual([{ name: 'instagram', handle: 'test_handle' }]);
    const stored = await row(data.id);
    expect(stored.weekStart).toBe('2026-06-01');
    expect(stored.visitAt.toISOString()).toBe('2026-06-03T17:00:00.000Z');
    const events = await t.ctx.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, ann.id));
    expect(events.map((e) => e.name)).toContain('booking_request');
    const mails = await mailsTo(brand.email);
    expect(mails.at(-1)?.subject).toBe('New booking request: Summer menu');
    expect(mails.at(-1)?.text).toContain('10:00 AM');
  });

  it('asks for a location of the campaign', async () => {
    const { campaign } = await setup();
    const other = await setup();
    for (const location_id of [undefined, '', other.location.id]) {
      const res = await book(ann, request(campaign.id, 0, { location_id }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.location_id).toEqual([MSG.locationRequired]);
    }
  });

  it('refuses days and times without availability', async () => {
    const { location, campaign } = await setup({
      booking: bookingSettings({ switch: true, unavailable_dates: { wed: [{ from: '12:00', to: '14:00' }] } }),
    });
    const cases = [
      { booking_date: '2026-06-03', booking_time: '08:30' }, // before opening
      { booking_date: '2026-06-03', booking_time: '17:00' }, // end is exclusive
      { booking_date: '2026-06-03', booking_time: '12:30' }, // unavailable range
      { booking_date: '2026-06-03', booking_time: '10:15' }, // not a half-hour slot
      { booking_date: '2026-08-03', booking_time: '10:00' }, // after the end date
      { booking_date: '2026-06-31', booking_time: '10:00' }, // not a date
      { booking_date: '', booking_time: '' },
    ];
    for (const c of cases) {
      const res = await book(ann, request(campaign.id, location.id, c));
      expect(res.statusCode, JSON.stringify(c)).toBe(422);
      const errors = res.json().errors;
      expect(errors.booking_date ?? errors.booking_time, JSON.stringify(c)).toEqual([MSG.selectDayAndTime]);
    }
    // 10:10 in New York: 10:00 has passed, 10:30 is still to come.
    t.clock.freeze(new Date('2026-06-01T14:10:00Z'));
    const past = await book(
      ann,
      request(campaign.id, location.id, { booking_date: '2026-06-01', booking_time: '10:00' }),
    );
    expect(past.json().errors.booking_date).toEqual([MSG.selectDayAndTime]);
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.campaignId, campaign.id))).toHaveLength(0);
    const ok = await book(
      ann,
      request(campaign.id, location.id, { booking_date: '2026-06-01', booking_time: '10:30' }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it('without an end date, takes visits on the launch day and the day after only', async () => {
    t.clock.freeze(new Date('2026-06-01T12:00:00Z'));
    const { location, campaign } = await setup({ launchDate: '2026-06-02', endDate: null, expiresOn: '2026-07-02' });
    const days = await available(ann, campaign.id, { location_id: location.id, date: '2026-06-01' });
    expect(days.statusCode).toBe(200);
    const week = days.json().data as Record<string, string[]>;
    expect(['mon', 'tue', 'wed', 'thu'].map((d) => (week[d] ?? []).length > 0)).toEqual([false, true, true, false]);
    const late = await book(ann, request(campaign.id, location.id, { booking_date: '2026-06-04' }));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.booking_date).toEqual([MSG.selectDayAndTime]);
    const ok = await book(ann, request(campaign.id, location.id, { booking_date: '2026-06-03' }));
    expect(ok.statusCode).toBe(201);
  });

  it('bounds guests by the campaign (1 to max_guests)', async () => {
    const { location, campaign } = await setup({ booking: bookingSettings({ max_guests: 2 }) });
    for (const guests of [0, 3, 5]) {
      const res = await book(ann, request(campaign.id, location.id, { guests }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.guests).toHaveLength(1);
    }
  });

  it('allows one live booking per user and campaign, and a new one after a cancel', async () => {
    const { location, campaign } = await setup();
    const first = await createBooked(ann, campaign.id, location.id);
    const again = await book(ann, request(campaign.id, location.id, { booking_date: '2026-06-04' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: MSG.alreadyBooked,
      code: 'already_booked',
      errors: { booking: [MSG.alreadyBooked] },
    });
    expect((await cancel(ann, first.id)).statusCode).toBe(200);
    expect((await book(ann, request(campaign.id, location.id, { booking_date: '2026-06-04' }))).statusCode).toBe(201);
  });

  it('needs an Instagram handle from influencers and a workplace from journalists', async () => {
    const { location, campaign } = await setup();
    const noHandle = await createUser(t.ctx, { role: 'influencer', instagram: null });
    const noWork = await createUser(t.ctx, { role: 'journalist', workplace: '  ' });
    for (const u of [noHandle, noWork]) {
      const res = await book(u, request(campaign.id, location.id));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ profile: [MSG.moreDetailsNeeded] });
      expect(res.json().code).toBe('profile_incomplete');
    }
  });

  it('takes no bookings on information-only or invisible campaigns, and only from media users', async () => {
    const info = await setup({ booking: bookingSettings({ information_only: true }) });
    expect((await book(ann, request(info.campaign.id, info.location.id))).statusCode).toBe(422);
    const tier = await setup({ tierRangeInfluencer: [4] });
    expect((await book(ann, request(tier.campaign.id, tier.location.id))).statusCode).toBe(404);
    const { location, campaign } = await setup();
    expect((await book(brand, request(campaign.id, location.id))).statusCode).toBe(403);
    expect((await book(null, request(campaign.id, location.id))).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.campaignId, campaign.id))).toHaveLength(0);
  });

  it('journalists book single-day events on the event date, between its times', async () => {
    const { location, campaign } = await setup({
      categoryId: 6,
      launchDate: null,
      endDate: null,
      eventDate: '2026-06-06',
      expiresOn: '2026-06-06',
      fromTime: '19:00',
      toTime: '20:00',
    });
    const week = (await available(joe, campaign.id, { location_id: location.id })).json().data;
    expect(week).toEqual({
      week_start: '2026-06-01',
      mon: [],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: ['19:00', '19:30'],
      sun: [],
    });
    const wrongDay = await book(
      joe,
      request(campaign.id, location.id, { booking_date: '2026-06-05', booking_time: '19:00' }),
    );
    expect(wrongDay.json().errors.booking_date).toEqual([MSG.selectDayAndTime]);
    const res = await book(
      joe,
      request(campaign.id, location.id, { booking_date: '2026-06-06', booking_time: '19:30' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.influencer).toMatchObject({
      type: 'journalist',
      tier_range: 2,
      workplace: 'The Daily Test',
    });
  });

  /** The campaign's stored bookings in the week starting `weekStart`, whatever their status. */
  const bookingsOfWeek = (campaignId: number, weekStart: string) =>
    t.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.campaignId, campaignId), eq(bookings.weekStart, weekStart)));

  /** A week of three places with two taken (Ann's and Bob's), and `n` new influencers to race for the last. */
  const lastPlaceOfWeek = async (n: number) => {
    const { location, campaign } = await setup({ booking: bookingSettings({ max_bookings_per_week: 3 }) });
    await createBooked(ann, campaign.id, location.id);
    await createBooked(bob, campaign.id, location.id, { booking_time: '11:00' });
    const racers = await Promise.all(Array.from({ length: n }, () => createUser(t.ctx, { role: 'influencer' })));
    return { location, campaign, racers };
  };

  it('20 users racing for the last place of a week: exactly one booking, the rest 422, no 5xx', async () => {
    const { location, campaign, racers } = await lastPlaceOfWeek(20);
    const results = await Promise.all(
      racers.map((u, i) =>
        book(
          u,
          request(campaign.id, location.id, { booking_date: '2026-06-05', booking_time: i % 2 ? '12:00' : '15:30' }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json().errors.booking_date).toEqual([MSG.selectDayAndTime]);
    }
    expect(await bookingsOfWeek(campaign.id, '2026-06-01')).toHaveLength(3);
  });

  it('two API nodes on one database, 40 requests at once for the last place: exactly one, no 5xx', async () => {
    // Each app has its own in-process queue, as each server process does: only the campaign row
    // lock serializes the two, and the week still ends exact.
    const second = await createPeerApp(t);
    try {
      const { location, campaign, racers } = await lastPlaceOfWeek(40);
      const results = await Promise.all(
        racers.map((u, i) =>
          (i % 2 ? second : t.app).inject({
            method: 'POST',
            url: '/api/v1/bookings',
            headers: u.headers,
            payload: request(campaign.id, location.id, { booking_date: '2026-06-05', booking_time: '12:00' }),
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 422)).toHaveLength(39);
      expect(await bookingsOfWeek(campaign.id, '2026-06-01')).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  it('judges a request on the role and tier in the database, not the ones read when it was authenticated', async () => {
    const { location, campaign } = await setup({ tierRangeInfluencer: [4] });
    // Ann is tier 1; a requester still carrying tier 4 (promoted, then demoted meanwhile) sees nothing.
    await expect(
      requestBooking(
        t.ctx,
        { id: ann.id, role: 'influencer', tier: 4 },
        {
          campaign_id: campaign.id,
          location_id: location.id,
          booking_date: '2026-06-03',
          booking_time: '10:00',
          guests: 1,
        },
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.campaignId, campaign.id))).toHaveLength(0);
  });

  it('the same user twice at once: one booking', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const results = await Promise.all([
      book(u, request(campaign.id, location.id)),
      book(u, request(campaign.id, location.id, { booking_time: '11:00' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)?.json().errors.booking).toEqual([MSG.alreadyBooked]);
    expect(await t.ctx.db.select().from(bookings).where(eq(bookings.userId, u.id))).toHaveLength(1);
  });
});

describe('GET influencers/{id}/bookings and brands/{id}/bookings', () => {
  it('pages and filters by status for the media user and for the brand', async () => {
    const u = await createUser(t.ctx, { role: 'influencer', name: 'Lister' });
    const made: BookingResource[] = [];
    for (let i = 0; i < 3; i++) {
      const { location, campaign } = await setup();
      made.push(await createBooked(u, campaign.id, location.id, { booking_date: `2026-06-0${3 + i}` }));
    }
    expect((await answer(brand, brand.brandId, made[0]!.id, 'accepted')).statusCode).toBe(200);
    expect((await answer(brand, brand.brandId, made[1]!.id, 'declined')).statusCode).toBe(200);

    const get = (url: string, who: TestUser) => t.app.inject({ method: 'GET', url, headers: who.headers });
    const page1 = await get(`/api/v1/influencers/${u.id}/bookings?page[number]=1&page[size]=2`, u);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(page1.json().data).toHaveLength(2);
    const pending = (await get(`/api/v1/influencers/${u.id}/bookings?filter[status]=pending`, u)).json();
    expect(pending.data.map((b: BookingResource) => b.id)).toEqual([made[2]!.id]);
    expect(pending.meta.per_page).toBe(10);
    const upcoming = (await get(`/api/v1/influencers/${u.id}/bookings?filter[status]=accepted`, u)).json();
    expect(upcoming.data[0].task).toMatchObject({
      id: expect.any(Number),
      completed: false,
      posts: [],
      overdue: false,
    });
    const past = (
      await get(`/api/v1/influencers/${u.id}/bookings?filter[status]=finished,declined,cancelled`, u)
    ).json();
    expect(past.data.map((b: BookingResource) => b.status)).toEqual(['declined']);
    expect((await get(`/api/v1/influencers/${u.id}/bookings?filter[status]=bogus`, u)).statusCode).toBe(422);

    const brandList = (
      await get(`/api/v1/brands/${brand.brandId}/bookings?filter[status]=accepted&page[size]=50`, brand)
    ).json();
    expect(brandList.data.map((b: BookingResource) => b.id)).toContain(made[0]!.id);
    expect(brandList.data.every((b: BookingResource) => b.campaign.brand.id === brand.brandId)).toBe(true);
  });

  it('is owner or self only', async () => {
    const get = (url: string, who: TestUser) => t.app.inject({ method: 'GET', url, headers: who.headers });
    expect((await get(`/api/v1/influencers/${bob.id}/bookings`, ann)).statusCode).toBe(403);
    expect((await get(`/api/v1/brands/${otherBrand.brandId}/bookings`, brand)).statusCode).toBe(403);
    expect((await get(`/api/v1/brands/${brand.brandId}/bookings`, ann)).statusCode).toBe(403);
    expect((await get(`/api/v1/influencers/${brand.id}/bookings`, brand)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/influencers/${ann.id}/bookings` })).statusCode).toBe(401);
    expect((await get(`/api/v1/brands/${otherBrand.brandId}/bookings`, otherBrand)).json().data.length).toBe(0);
  });
});

describe('PUT brands/{id}/bookings/{bookingId}', () => {
  it('accepting creates the task and mails the media user with a calendar invitation', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer', name: 'Accepted Ann' });
    const b = await createBooked(u, campaign.id, location.id, { booking_time: '16:30' });
    const res = await answer(brand, brand.brandId, b.id, 'accepted');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: b.id, status: 'accepted', task: { completed: false } });
    const [task] = await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, b.id));
    expect(task?.userId).toBe(u.id);
    const [mail] = await mailsTo(u.email);
    expect(mail?.subject).toBe('Your visit to Bistro Uno is confirmed');
    expect(mail?.text).toContain('Wednesday, June 3, 2026');
    expect(mail?.text).toContain('4:30 PM');
    expect(mail?.text).toContain('12 Harbor St, New York, NY');
    expect(mail?.text).toContain('$50');
    // The invitation and the QR of the check-in code (decisions.md, Beyond the specification).
    expect(mail?.attachments.map((a) => a.filename)).toEqual(['visit.ics', 'check-in-code.png']);
    const ics = mail!.attachments[0]!;
    expect(ics).toMatchObject({ filename: 'visit.ics', contentType: 'text/calendar; method=REQUEST' });
    expect(ics.content).toContain(`UID:booking-${b.id}@comped.app\r\n`);
    expect(ics.content).toContain('DTSTART:20260603T203000Z\r\n');
    expect(ics.content).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
  });

  it('declining mails the media user', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id);
    expect((await answer(brand, brand.brandId, b.id, 'declined')).json().data.status).toBe('declined');
    expect((await mailsTo(u.email)).map((m) => m.subject)).toEqual(['Your booking request was declined']);
    expect(await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, b.id))).toHaveLength(0);
  });

  it('of an accept and a reject racing, one wins and the other is told the booking was already updated', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id);
    const [a, d] = await Promise.all([
      answer(brand, brand.brandId, b.id, 'accepted'),
      answer(brand, brand.brandId, b.id, 'declined'),
    ]);
    const codes = [a.statusCode, d.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : d;
    expect(loser.json().message).toBe(MSG.bookingAlreadyUpdated);
    const final = await row(b.id);
    const winner = a.statusCode === 200 ? 'accepted' : 'declined';
    expect(final.status).toBe(winner);
    expect(await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, b.id))).toHaveLength(
      winner === 'accepted' ? 1 : 0,
    );
    expect(await mailsTo(u.email)).toHaveLength(1);
  });

  it("refuses another brand's booking, wrong roles, visitors and bad statuses, changing nothing", async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id);
    expect((await answer(otherBrand, otherBrand.brandId, b.id, 'accepted')).statusCode).toBe(403);
    expect((await answer(otherBrand, brand.brandId, b.id, 'accepted')).statusCode).toBe(403);
    expect((await answer(u, brand.brandId, b.id, 'accepted')).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/brands/${brand.brandId}/bookings/${b.id}`,
      payload: { status: 'accepted' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await answer(brand, brand.brandId, b.id, 'finished')).statusCode).toBe(422);
    expect((await answer(brand, brand.brandId, 999999, 'accepted')).statusCode).toBe(404);
    expect((await row(b.id)).status).toBe('pending');
    expect(await mailsTo(u.email)).toHaveLength(0);
  });
});

describe('pending bookings expire at their visit time (issue 11)', () => {
  it('a brand can no longer accept a pending booking whose visit time has passed', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id, { booking_date: '2026-06-03', booking_time: '10:00' });
    // 10:00 in New York is 14:00 UTC: one minute later the visit has passed without an answer.
    t.clock.freeze(new Date('2026-06-03T14:01:00Z'));
    const res = await answer(brand, brand.brandId, b.id, 'accepted');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'booking_expired', message: MSG.bookingExpired });
    expect((await row(b.id)).status).toBe('pending');
    expect(await t.ctx.db.select().from(tasks).where(eq(tasks.bookingId, b.id))).toHaveLength(0);
    expect(await mailsTo(u.email)).toHaveLength(0);
  });

  it('the expiry job declines them with reason expired and mails the media user, once', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id, { booking_date: '2026-06-03', booking_time: '10:00' });
    const later = await setup();
    const future = await createBooked(u, later.campaign.id, later.location.id, {
      booking_date: '2026-06-03',
      booking_time: '11:00',
    });
    t.clock.freeze(new Date('2026-06-03T13:59:00Z'));
    await t.ctx.jobs.runDue();
    expect((await row(b.id)).status).toBe('pending');
    t.clock.freeze(new Date('2026-06-03T14:00:00Z'));
    await t.ctx.jobs.runDue();
    expect(await row(b.id)).toMatchObject({ status: 'declined', declineReason: 'expired' });
    expect((await row(future.id)).status).toBe('pending');
    const mails = await mailsTo(u.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your booking request expired']);
    expect(mails[0]?.text).toContain(campaign.name);
    // The media user reads the reason; the brand's answer now is the expired 409 as well.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/influencers/${u.id}/bookings?filter[status]=declined`,
      headers: u.headers,
    });
    expect(list.json().data.find((x: BookingResource) => x.id === b.id)).toMatchObject({
      status: 'declined',
      decline_reason: 'expired',
    });
    expect((await answer(brand, brand.brandId, b.id, 'accepted')).json().code).toBe('booking_expired');
    // A second run changes nothing and mails no one again.
    t.clock.freeze(new Date('2026-06-03T15:30:00Z'));
    await t.ctx.jobs.runDue();
    expect((await row(future.id)).status).toBe('declined');
    expect(await mailsTo(u.email)).toHaveLength(2);
  });
});

describe('PUT influencers/{id}/bookings/{bookingId} (cancel)', () => {
  it('cancels outside the 24-hour window and mails a confirmation', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id, { booking_date: '2026-06-03', booking_time: '10:00' });
    expect((await answer(brand, brand.brandId, b.id, 'accepted')).statusCode).toBe(200);
    // The visit is 2026-06-03 14:00 UTC; exactly 24 hours before is still allowed.
    t.clock.freeze(new Date('2026-06-02T14:00:00Z'));
    const res = await cancel(u, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    const mails = await mailsTo(u.email);
    // The confirmation, then the cancelling calendar invitation (tested in visits.test.ts).
    const last = mails.at(-2)!;
    expect(mails.at(-1)!.subject).toBe('Calendar update: visit to Bistro Uno cancelled');
    expect(last.subject).toBe('Your booking was cancelled');
    expect(last.text).toContain('10:00 AM');
    expect(last.text).toContain('12 Harbor St');
    expect(last.text).toContain('$50');
  });

  it('inside the 24-hour window answers the call-the-property message and changes nothing', async () => {
    const { location, campaign } = await setup({}, { phone: '5559998888', name: 'Harbor' });
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id, { booking_date: '2026-06-03', booking_time: '10:00' });
    t.clock.freeze(new Date('2026-06-02T14:01:00Z'));
    const res = await cancel(u, b.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Cancellations within 24 hours of the visit need a call to the property. Please call Harbor at 5559998888.',
    );
    expect((await row(b.id)).status).toBe('pending');
    expect(await mailsTo(u.email)).toHaveLength(0);
  });

  it("refuses another user's booking, brands, visitors and closed bookings", async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id);
    expect((await cancel(bob, b.id)).statusCode).toBe(403);
    expect((await cancel(bob, b.id, u.id)).statusCode).toBe(403);
    const asBrand = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${brand.id}/bookings/${b.id}`,
      headers: brand.headers,
      payload: { status: 'cancelled' },
    });
    expect(asBrand.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${u.id}/bookings/${b.id}`,
      payload: { status: 'cancelled' },
    });
    expect(anon.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${u.id}/bookings/${b.id}`,
      headers: u.headers,
      payload: { status: 'accepted' },
    });
    expect(wrong.statusCode).toBe(422);
    expect((await row(b.id)).status).toBe('pending');
    expect((await answer(brand, brand.brandId, b.id, 'declined')).statusCode).toBe(200);
    const closed = await cancel(u, b.id);
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe(MSG.bookingNotCancellable);
  });
});

describe('POST bookings/{id}/rate_influencer', () => {
  it('rates once after the visit and finishes the booking', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id, { booking_date: '2026-06-03', booking_time: '10:00' });
    const early = await rate(brand, b.id, { rate: 5 });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.rate).toEqual([MSG.visitRateNotAllowed]);
    expect((await answer(brand, brand.brandId, b.id, 'accepted')).statusCode).toBe(200);
    expect((await rate(brand, b.id, { rate: 5 })).json().errors.rate).toEqual([MSG.visitRateNotYet]);

    t.clock.freeze(new Date('2026-06-03T15:00:00Z'));
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brands/${brand.brandId}/bookings?filter[status]=accepted&page[size]=50`,
      headers: brand.headers,
    });
    expect(list.json().data.find((x: BookingResource) => x.id === b.id).can_rate).toBe(true);
    const mediaList = await t.app.inject({
      method: 'GET',
      url: `/api/v1/influencers/${u.id}/bookings`,
      headers: u.headers,
    });
    expect(mediaList.json().data[0].can_rate).toBe(false);

    expect((await rate(brand, b.id, { rate: 6 })).json().errors.rate).toEqual([MSG.ratingRequired]);
    expect((await rate(otherBrand, b.id, { rate: 4 })).statusCode).toBe(403);
    expect((await rate(u, b.id, { rate: 4 })).statusCode).toBe(403);
    expect((await row(b.id)).rate).toBeNull();

    const ok = await rate(brand, b.id, { rate: 4, review: 'Lovely guest' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'finished', rate: 4, review: 'Lovely guest', can_rate: false });
    const twice = await rate(brand, b.id, { rate: 2 });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.rate).toEqual([MSG.visitAlreadyRated]);
    expect((await row(b.id)).rate).toBe(4);
  });
});

describe('finish job', () => {
  it('finishes accepted bookings 12 hours after the visit', async () => {
    const { location, campaign } = await setup();
    const u = await createUser(t.ctx, { role: 'influencer' });
    const b = await createBooked(u, campaign.id, location.id, { booking_date: '2026-06-03', booking_time: '10:00' });
    const second = await setup();
    const pending = await createBooked(u, second.campaign.id, second.location.id, { booking_date: '2026-06-03' });
    expect((await answer(brand, brand.brandId, b.id, 'accepted')).statusCode).toBe(200);
    t.clock.freeze(new Date('2026-06-04T01:59:00Z'));
    await t.ctx.jobs.runDue();
    expect((await row(b.id)).status).toBe('accepted');
    t.clock.freeze(new Date('2026-06-04T02:00:00Z'));
    await t.ctx.jobs.runDue();
    expect((await row(b.id)).status).toBe('finished');
    // An unanswered request expired at its visit time instead (decisions.md).
    expect((await row(pending.id)).status).toBe('declined');
  });
});
