import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import type { WaitlistEntryResource } from '@comped/shared/schemas/slots';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, mailOutbox, notifications, waitlistEntries } from '../../db/schema';
import { bookingSettings, insertCampaign, insertLocation } from './bookings.fixtures';

// Monday 2026-06-01, 12:00 UTC = 08:00 in New York. Locations open 09:00-17:00 every day.
const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Other Place' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.freeze(NOW);
});

let userCount = 0;
function influencer(): Promise<TestUser> {
  userCount += 1;
  return createUser(t.ctx, { role: 'influencer', name: `Creator ${userCount}` });
}

async function setup(booking: Parameters<typeof bookingSettings>[0] = {}) {
  const location = await insertLocation(t.ctx, brand.brandId);
  const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], { booking: bookingSettings(booking) });
  return { location, campaign };
}

type Body = Record<string, unknown>;
function post(user: TestUser | null, url: string, payload?: Body) {
  return t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user?.headers ?? {}, payload });
}

function book(user: TestUser, campaignId: number, locationId: number, over: Body = {}) {
  return post(user, '/bookings', {
    campaign_id: campaignId,
    location_id: locationId,
    booking_date: '2026-06-03',
    booking_time: '10:00',
    guests: 1,
    ...over,
  });
}

async function booked(user: TestUser, campaignId: number, locationId: number, over: Body = {}) {
  const res = await book(user, campaignId, locationId, over);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as BookingResource;
}

function answer(bookingId: number, status: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/brands/${brand.brandId}/bookings/${bookingId}`,
    headers: brand.headers,
    payload: { status },
  });
}

function cancel(user: TestUser, bookingId: number) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/influencers/${user.id}/bookings/${bookingId}`,
    headers: user.headers,
    payload: { status: 'cancelled' },
  });
}

function propose(bookingId: number, body: Body, owner: TestBrand = brand) {
  return post(owner, `/brands/${owner.brandId}/bookings/${bookingId}/proposal`, body);
}

function joinWaitlist(user: TestUser, campaignId: number, body: Body) {
  return post(user, `/influencers/${user.id}/campaigns/${campaignId}/waitlist`, body);
}

async function waitlistOf(user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/influencers/${user.id}/waitlist`,
    headers: user.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as WaitlistEntryResource[];
}

async function notificationsOf(user: TestUser) {
  return t.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
}

function fieldError(res: { statusCode: number; json(): unknown }, field: string, message: string) {
  expect(res.statusCode).toBe(422);
  expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toContain(message);
}

describe('comp terms', () => {
  it('travel with the booking and the accept mail; the guest policy bounds the guests', async () => {
    const { location, campaign } = await setup({
      includes: ['Tasting menu for two', 'One glass of wine each'],
      allowance: 120,
      guest_policy: 'none',
      max_guests: 2,
    });
    const ann = await influencer();
    fieldError(await book(ann, campaign.id, location.id, { guests: 1 }), 'guests', MSG.guestsNone);
    const b = await booked(ann, campaign.id, location.id, { guests: 0 });
    expect(b.guests).toBe(0);
    expect(b.campaign.type.booking).toMatchObject({
      includes: ['Tasting menu for two', 'One glass of wine each'],
      allowance: 120,
      guest_policy: 'none',
    });
    expect((await answer(b.id, 'accepted')).statusCode).toBe(200);
    const [mail] = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, ann.email), eq(mailOutbox.subject, 'Your visit to Bistro Uno is confirmed')));
    expect(mail?.text).toContain('Tasting menu for two');
    expect(mail?.text).toContain('Up to $120');
    expect(mail?.text).toContain('No guests: the visit is for you alone.');
  });

  it('required asks for 1 to max guests, optional 0 to max; without a policy, as before (1 to max)', async () => {
    const required = await setup({ guest_policy: 'required', max_guests: 3 });
    const ann = await influencer();
    fieldError(
      await book(ann, required.campaign.id, required.location.id, { guests: 0 }),
      'guests',
      'Please choose between 1 and 3 guests.',
    );
    await booked(ann, required.campaign.id, required.location.id, { guests: 3 });
    const optional = await setup({ guest_policy: 'optional', max_guests: 2 });
    await booked(ann, optional.campaign.id, optional.location.id, { guests: 0 });
    const legacy = await setup();
    fieldError(
      await book(ann, legacy.campaign.id, legacy.location.id, { guests: 0 }),
      'guests',
      'Please choose between 1 and 2 guests.',
    );
    const b = await booked(ann, legacy.campaign.id, legacy.location.id, { guests: 1 });
    expect(b.campaign.type.booking).toMatchObject({ includes: [], allowance: null, guest_policy: null });
  });
});

describe('another time', () => {
  it('the brand proposes an available slot; the media user is notified and accepts: moved and accepted', async () => {
    const { location, campaign } = await setup({ max_bookings_per_week: 1 });
    const ann = await influencer();
    const b = await booked(ann, campaign.id, location.id);
    // Not a slot: the time asked for, before opening, in the past, another brand.
    fieldError(
      await propose(b.id, { booking_date: b.booking_date, booking_time: b.booking_time }),
      'booking_time',
      MSG.selectDayAndTime,
    );
    fieldError(
      await propose(b.id, { booking_date: '2026-06-09', booking_time: '07:00' }),
      'booking_date',
      MSG.selectDayAndTime,
    );
    fieldError(
      await propose(b.id, { booking_date: '2026-05-30', booking_time: '10:00' }),
      'booking_date',
      MSG.selectDayAndTime,
    );
    expect((await propose(b.id, { booking_date: '2026-06-09', booking_time: '12:00' }, otherBrand)).statusCode).toBe(
      403,
    );
    // The brand's slot picker: the week of the request has room for it (the booking itself is left out).
    const hours = await post(brand, `/brands/${brand.brandId}/bookings/${b.id}/availablehours`, { date: '2026-06-03' });
    expect(hours.statusCode, hours.body).toBe(200);
    expect(hours.json().data.thu).toContain('15:30');
    const refused = await post(otherBrand, `/brands/${otherBrand.brandId}/bookings/${b.id}/availablehours`, {});
    expect(refused.statusCode).toBe(403);
    const res = await propose(b.id, { booking_date: '2026-06-09', booking_time: '12:00', note: 'Tuesday is calmer' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as BookingResource).proposal).toEqual({
      booking_date: '2026-06-09',
      booking_time: '12:00',
      note: 'Tuesday is calmer',
    });
    const bell = await notificationsOf(ann);
    expect(bell.find((n) => n.type === 'booking_proposal')?.body).toContain('Bistro Uno proposed');
    // Another user cannot answer it.
    const bob = await influencer();
    expect((await post(bob, `/influencers/${ann.id}/bookings/${b.id}/proposal/accept`)).statusCode).toBe(403);
    expect((await post(bob, `/influencers/${bob.id}/bookings/${b.id}/proposal/accept`)).statusCode).toBe(403);
    const accepted = await post(ann, `/influencers/${ann.id}/bookings/${b.id}/proposal/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const data = accepted.json().data as BookingResource;
    expect(data).toMatchObject({
      status: 'accepted',
      booking_date: '2026-06-09',
      booking_time: '12:00',
      proposal: null,
    });
    expect(data.check_in_code).toMatch(/^[A-Z0-9]{6}$/);
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row?.weekStart).toBe('2026-06-08');
    expect(row?.visitAt.toISOString()).toBe('2026-06-09T16:00:00.000Z');
    // Answered: another proposal is refused.
    fieldError(
      await propose(b.id, { booking_date: '2026-06-10', booking_time: '12:00' }),
      'status',
      MSG.proposalNotPending,
    );
  });

  it('declining clears the proposal and the request stays pending', async () => {
    const { location, campaign } = await setup();
    const ann = await influencer();
    const b = await booked(ann, campaign.id, location.id);
    fieldError(
      await post(ann, `/influencers/${ann.id}/bookings/${b.id}/proposal/decline`),
      'proposal',
      MSG.proposalMissing,
    );
    expect((await propose(b.id, { booking_date: '2026-06-04', booking_time: '15:30' })).statusCode).toBe(200);
    const res = await post(ann, `/influencers/${ann.id}/bookings/${b.id}/proposal/decline`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', booking_date: '2026-06-03', proposal: null });
  });

  it('a proposed slot taken since: 422 and nothing changes', async () => {
    const { location, campaign } = await setup({ max_bookings_per_week: 1 });
    const ann = await influencer();
    const bob = await influencer();
    const b = await booked(ann, campaign.id, location.id);
    expect((await propose(b.id, { booking_date: '2026-06-09', booking_time: '12:00' })).statusCode).toBe(200);
    // Bob takes the only place of that week meanwhile.
    await booked(bob, campaign.id, location.id, { booking_date: '2026-06-10' });
    const res = await post(ann, `/influencers/${ann.id}/bookings/${b.id}/proposal/accept`);
    fieldError(res, 'booking_date', 'Please select an available day and time.');
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({ status: 'pending', bookingDate: '2026-06-03', weekStart: '2026-06-01' });
    expect(row?.proposal).not.toBeNull();
  });
});

describe('attendance', () => {
  it('opens 24 hours before the visit; the brand sees Not confirmed from 3 hours before, then Confirmed', async () => {
    const { location, campaign } = await setup();
    const ann = await influencer();
    // Visit 2026-06-03 10:00 New York = 14:00 UTC.
    const b = await booked(ann, campaign.id, location.id);
    const confirm = () => post(ann, `/influencers/${ann.id}/bookings/${b.id}/confirm`);
    fieldError(await confirm(), 'status', MSG.confirmNotAccepted);
    expect((await answer(b.id, 'accepted')).statusCode).toBe(200);
    const visit = new Date('2026-06-03T14:00:00Z').getTime();
    t.clock.freeze(new Date(visit - 24 * HOUR - 1000));
    fieldError(await confirm(), 'status', MSG.confirmTooEarly);
    const brandView = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/brands/${brand.brandId}/bookings?filter[status]=accepted`,
        headers: brand.headers,
      });
      return (res.json().data as BookingResource[]).find((x) => x.id === b.id)!;
    };
    expect((await brandView()).attendance).toBeNull();
    t.clock.freeze(new Date(visit - 3 * HOUR));
    expect((await brandView()).attendance).toBe('not_confirmed');
    t.clock.freeze(new Date(visit - 24 * HOUR));
    const res = await confirm();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      confirmed_at: new Date(visit - 24 * HOUR).toISOString(),
      can_confirm: false,
    });
    expect((await brandView()).attendance).toBe('confirmed');
    const bob = await influencer();
    expect((await post(bob, `/influencers/${bob.id}/bookings/${b.id}/confirm`)).statusCode).toBe(403);
    t.clock.freeze(new Date(visit + 1000));
    fieldError(await confirm(), 'status', MSG.confirmNotAccepted);
  });
});

describe('waitlist', () => {
  it('joins only a full week; a cancellation offers the place to the first in line and holds it 2 hours', async () => {
    const { location, campaign } = await setup({ max_bookings_per_week: 1 });
    const [ann, wes, wil, xia] = [await influencer(), await influencer(), await influencer(), await influencer()];
    fieldError(
      await joinWaitlist(wes, campaign.id, { location_id: location.id, date: '2026-06-10' }),
      'date',
      MSG.waitlistWeekNotFull,
    );
    const b = await booked(ann, campaign.id, location.id, { booking_date: '2026-06-10' });
    // Ann's own booking fills the week: she holds the campaign already and cannot wait for it.
    fieldError(
      await joinWaitlist(ann, campaign.id, { location_id: location.id, date: '2026-06-11' }),
      'booking',
      MSG.alreadyBooked,
    );
    const joined = await joinWaitlist(wes, campaign.id, { location_id: location.id, date: '2026-06-11' });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().data).toMatchObject({
      status: 'waiting',
      date: '2026-06-11',
      hold_until: null,
      time_zone: location.timeZone,
    });
    fieldError(
      await joinWaitlist(wes, campaign.id, { location_id: location.id, date: '2026-06-12' }),
      'date',
      MSG.waitlistAlreadyWaiting,
    );
    expect((await joinWaitlist(wil, campaign.id, { location_id: location.id, date: '2026-06-12' })).statusCode).toBe(
      201,
    );
    expect((await joinWaitlist(wes, campaign.id, { location_id: location.id, date: '2026-06-11' })).statusCode).toBe(
      422,
    );
    expect(
      (
        await post(wes, `/influencers/${wil.id}/campaigns/${campaign.id}/waitlist`, {
          location_id: location.id,
          date: '2026-06-12',
        })
      ).statusCode,
    ).toBe(403);

    expect((await cancel(ann, b.id)).statusCode).toBe(200);
    const [offer] = await waitlistOf(wes);
    expect(offer).toMatchObject({ status: 'offered', hold_until: new Date(NOW.getTime() + 2 * HOUR).toISOString() });
    expect((await waitlistOf(wil))[0]?.status).toBe('waiting');
    expect((await notificationsOf(wes)).some((n) => n.type === 'waitlist_offer')).toBe(true);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, wes.email));
    expect(mails.map((m) => m.subject)).toContain('A place freed up: Summer menu');
    // The entry asked for a Thursday; the mail names its week by the Monday it starts on.
    expect(mails.find((m) => m.subject === 'A place freed up: Summer menu')?.text).toContain(
      'in the week of Monday, June 8, 2026',
    );
    // Held: anyone else is refused that week, the slot picker shows it full to them.
    fieldError(
      await book(xia, campaign.id, location.id, { booking_date: '2026-06-09' }),
      'booking_date',
      MSG.selectDayAndTime,
    );
    // The holder's request consumes the hold.
    await booked(wes, campaign.id, location.id, { booking_date: '2026-06-11' });
    expect((await waitlistOf(wes))[0]).toMatchObject({ status: 'booked', hold_until: null });
  });

  it('a hold not used in 2 hours expires and the place goes to the next in line', async () => {
    const { location, campaign } = await setup({ max_bookings_per_week: 1 });
    const [ann, wes, wil] = [await influencer(), await influencer(), await influencer()];
    const b = await booked(ann, campaign.id, location.id, { booking_date: '2026-06-10' });
    await joinWaitlist(wes, campaign.id, { location_id: location.id, date: '2026-06-10' });
    await joinWaitlist(wil, campaign.id, { location_id: location.id, date: '2026-06-10' });
    expect((await answer(b.id, 'declined')).statusCode).toBe(200);
    expect((await waitlistOf(wes))[0]?.status).toBe('offered');
    t.clock.freeze(new Date(NOW.getTime() + 2 * HOUR - 1000));
    await t.ctx.jobs.runDue();
    expect((await waitlistOf(wes))[0]?.status).toBe('offered');
    t.clock.freeze(new Date(NOW.getTime() + 2 * HOUR));
    await t.ctx.jobs.runDue();
    expect((await waitlistOf(wes))[0]).toMatchObject({ status: 'expired', hold_until: null });
    const [next] = await waitlistOf(wil);
    expect(next).toMatchObject({ status: 'offered', hold_until: new Date(NOW.getTime() + 4 * HOUR).toISOString() });
    // The lapsed holder is now refused like anyone else; leaving passes the place on.
    fieldError(
      await book(wes, campaign.id, location.id, { booking_date: '2026-06-10' }),
      'booking_date',
      MSG.selectDayAndTime,
    );
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/influencers/${wil.id}/waitlist/${next!.id}`,
      headers: wil.headers,
    });
    expect(del.statusCode).toBe(204);
    expect(await waitlistOf(wil)).toEqual([]);
    await booked(wes, campaign.id, location.id, { booking_date: '2026-06-10' });
  });

  it('two cancellations and three requests at once: the two waiting users get the places, nobody else', async () => {
    const { location, campaign } = await setup({ max_bookings_per_week: 2 });
    const [ann, amy, wes, wil, x, y, z] = await Promise.all(Array.from({ length: 7 }, () => influencer()));
    const a1 = await booked(ann!, campaign.id, location.id, { booking_date: '2026-06-10' });
    const a2 = await booked(amy!, campaign.id, location.id, { booking_date: '2026-06-11' });
    await joinWaitlist(wes!, campaign.id, { location_id: location.id, date: '2026-06-10' });
    await joinWaitlist(wil!, campaign.id, { location_id: location.id, date: '2026-06-12' });
    const results = await Promise.all([
      cancel(ann!, a1.id),
      book(x!, campaign.id, location.id, { booking_date: '2026-06-09' }),
      cancel(amy!, a2.id),
      book(y!, campaign.id, location.id, { booking_date: '2026-06-12' }),
      book(z!, campaign.id, location.id, { booking_date: '2026-06-13' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 422, 200, 422, 422]);
    expect((await waitlistOf(wes!))[0]?.status).toBe('offered');
    expect((await waitlistOf(wil!))[0]?.status).toBe('offered');
    const [w1, w2] = await Promise.all([
      book(wes!, campaign.id, location.id, { booking_date: '2026-06-10' }),
      book(wil!, campaign.id, location.id, { booking_date: '2026-06-12' }),
    ]);
    expect([w1.statusCode, w2.statusCode]).toEqual([201, 201]);
    const live = await t.ctx.db
      .select({ userId: bookings.userId })
      .from(bookings)
      .where(and(eq(bookings.campaignId, campaign.id), inArray(bookings.status, ['pending', 'accepted'])));
    expect(live.map((r) => r.userId).sort()).toEqual([wes!.id, wil!.id].sort());
    const entries = await t.ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.campaignId, campaign.id));
    expect(entries.map((e) => e.status)).toEqual(['booked', 'booked']);
  });
});
