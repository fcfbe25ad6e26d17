import type { BookingResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, campaigns, mailOutbox } from '../../db/schema';
import { zonedToInstant } from '../../lib/clock';
import { insertCampaign, insertLocation } from '../bookings/bookings.fixtures';

// Monday 2026-06-01, 12:00 UTC. The venue is in Los Angeles (UTC-7 in June).
const NOW = new Date('2026-06-01T12:00:00Z');
const ZONE = 'America/Los_Angeles';

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;
let ann: TestUser;
let joe: TestUser;
let staff: TestUser;
let accepted: BookingResource;
let cancelled: BookingResource;
let pending: BookingResource;
let elsewhere: BookingResource;

async function call(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/api/v1/${url}`, headers: user.headers, payload: payload as object });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function book(user: TestUser, campaignId: number, locationId: number, date: string, time: string) {
  const body = { campaign_id: campaignId, location_id: locationId, booking_date: date, booking_time: time, guests: 2 };
  return (await call(user, 'POST', 'bookings', body)).data as BookingResource;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Other Place' });
  ann = await createUser(t.ctx, { role: 'influencer', name: 'Ann' });
  joe = await createUser(t.ctx, { role: 'journalist', name: 'Joe', tier: 2 });
  staff = await createUser(t.ctx, { role: 'staff' });
  const location = await insertLocation(t.ctx, brand.brandId, { timeZone: ZONE, name: 'Venice Beach' });
  const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], { name: 'Summer menu' });
  const otherLocation = await insertLocation(t.ctx, otherBrand.brandId);
  const otherCampaign = await insertCampaign(t.ctx, otherBrand.brandId, [otherLocation.id], { name: 'Rooftop' });

  accepted = await book(ann, campaign.id, location.id, '2026-06-03', '10:00');
  await call(brand, 'PUT', `brands/${brand.brandId}/bookings/${accepted.id}`, { status: 'accepted' });
  cancelled = await book(joe, campaign.id, location.id, '2026-06-04', '11:30');
  await call(brand, 'PUT', `brands/${brand.brandId}/bookings/${cancelled.id}`, { status: 'accepted' });
  await call(joe, 'PUT', `influencers/${joe.id}/bookings/${cancelled.id}`, { status: 'cancelled' });
  pending = await book(joe, otherCampaign.id, otherLocation.id, '2026-06-05', '12:00');
  elsewhere = await book(ann, otherCampaign.id, otherLocation.id, '2026-06-05', '13:00');
  await call(otherBrand, 'PUT', `brands/${otherBrand.brandId}/bookings/${elsewhere.id}`, { status: 'accepted' });
  await t.ctx.jobs.runDue();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.freeze(NOW);
});

async function feedUrl(user: TestUser): Promise<string> {
  return ((await call(user, 'GET', 'calendar-feed')).data as { url: string }).url;
}

/** The feed at `url`, asked the way a calendar app asks: no sign-in. */
function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: new URL(url).pathname, headers });
}

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => ({
    vevent,
    event: new ICAL.Event(vevent),
    status: vevent.getFirstPropertyValue('status'),
  }));
}

const uidOf = (bookingId: number) => `booking-${bookingId}@comped.app`;

describe('GET calendar-feed and POST calendar-feed/rotate', () => {
  it('gives each media user and brand owner a private address that stays the same', async () => {
    const url = await feedUrl(ann);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(ann)).toBe(url);
    expect(await feedUrl(brand)).not.toBe(url);
    expect(await feedUrl(joe)).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/calendar-feed' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/calendar-feed', headers: staff.headers })).statusCode,
    ).toBe(403);
  });

  it('rotates: the new address works, the old one answers 404', async () => {
    const old = await feedUrl(joe);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const fresh = ((await call(joe, 'POST', 'calendar-feed/rotate')).data as { url: string }).url;
    expect(fresh).not.toBe(old);
    expect(await feedUrl(joe)).toBe(fresh);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
  });

  it('answers 404 to an address nobody was given', async () => {
    for (const path of ['/api/v1/calendar/nope.ics', `/api/v1/calendar/${'A'.repeat(43)}.ics`, '/api/v1/calendar/x']) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
  });
});

describe('GET calendar/{token}.ics', () => {
  it("holds a media user's accepted visits, in the venue's time, with the mailed invitation's UID", async () => {
    const res = await fetchFeed(await feedUrl(ann));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const events = eventsOf(res.body);
    expect(events.map((e) => e.event.uid).sort()).toEqual([uidOf(accepted.id), uidOf(elsewhere.id)].sort());
    const visit = events.find((e) => e.event.uid === uidOf(accepted.id))!;
    // 10:00 in Los Angeles, whatever the server's zone.
    expect(visit.event.startDate.toJSDate().toISOString()).toBe(
      zonedToInstant('2026-06-03', '10:00', ZONE).toISOString(),
    );
    expect(visit.event.startDate.toJSDate().toISOString()).toBe('2026-06-03T17:00:00.000Z');
    expect(visit.event.endDate.toJSDate().getTime() - visit.event.startDate.toJSDate().getTime()).toBe(90 * 60_000);
    expect(visit.status).toBe('CONFIRMED');
    expect(visit.event.summary).toBe('Bistro Uno: Summer menu');
    expect(visit.event.location).toBe('Venice Beach, 12 Harbor St, New York, NY');
    expect(visit.event.description).toContain(`Wed, Jun 3, 2026 at 10:00 AM, the venue's time (${ZONE})`);
    expect(visit.event.description).toContain(`/bookings/${accepted.id}/pass`);
    // The check-in code is a secret of the pass: a calendar shared with others never shows it.
    const [row] = await t.ctx.db.select().from(bookings).where(eq(bookings.id, accepted.id));
    expect(res.body).not.toContain(row!.checkInCode!);
    // The invitation mailed on accept has the same UID: calendars holding both keep one event.
    const mails = await t.ctx.db.select().from(mailOutbox);
    const invite = mails.flatMap((m) => m.attachments).find((a) => a.content.includes(`UID:${uidOf(accepted.id)}`));
    expect(invite?.filename).toBe('visit.ics');
  });

  it("holds the brand's visits, a cancelled one as STATUS:CANCELLED, and no request still pending", async () => {
    const brandEvents = eventsOf((await fetchFeed(await feedUrl(brand))).body);
    expect(brandEvents.map((e) => e.event.uid).sort()).toEqual([uidOf(accepted.id), uidOf(cancelled.id)].sort());
    const gone = brandEvents.find((e) => e.event.uid === uidOf(cancelled.id))!;
    expect(gone.status).toBe('CANCELLED');
    expect(gone.event.summary).toBe('Joe: Summer menu');
    expect(gone.event.sequence).toBe(1);
    // The journalist's own feed says the same; the pending request is in nobody's.
    const joeEvents = eventsOf((await fetchFeed(await feedUrl(joe))).body);
    expect(joeEvents.map((e) => [e.event.uid, e.status])).toEqual([[uidOf(cancelled.id), 'CANCELLED']]);
    const other = eventsOf((await fetchFeed(await feedUrl(otherBrand))).body);
    expect(other.map((e) => e.event.uid)).toEqual([uidOf(elsewhere.id)]);
    expect(JSON.stringify([brandEvents, joeEvents, other].flat().map((e) => e.event.uid))).not.toContain(
      uidOf(pending.id),
    );
  });

  it('reaches 30 days back', async () => {
    const url = await feedUrl(ann);
    t.clock.freeze(new Date('2026-07-02T12:00:00Z'));
    expect(
      eventsOf((await fetchFeed(url)).body)
        .map((e) => e.event.uid)
        .sort(),
    ).toEqual([uidOf(accepted.id), uidOf(elsewhere.id)].sort());
    t.clock.freeze(new Date('2026-07-04T12:00:00Z'));
    expect(eventsOf((await fetchFeed(url)).body).map((e) => e.event.uid)).toEqual([uidOf(elsewhere.id)]);
  });

  it('answers 304 to a calendar that already has this version (ETag), and 200 once it changed', async () => {
    const url = await feedUrl(brand);
    const first = await fetchFeed(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await fetchFeed(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.ctx.db.update(bookings).set({ guests: 3, updatedAt: NOW }).where(eq(bookings.id, accepted.id));
    const changed = await fetchFeed(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('keeps text a brand typed inside its value: a line break cannot start a property', async () => {
    const [c] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, accepted.campaign_id));
    await t.ctx.db
      .update(campaigns)
      .set({ name: 'Dinner\r\nATTENDEE:mailto:evil@example.test\rX-INJECTED:1' })
      .where(eq(campaigns.id, c!.id));
    try {
      const body = (await fetchFeed(await feedUrl(ann))).body;
      const visit = eventsOf(body).find((e) => e.event.uid === uidOf(accepted.id))!;
      expect(visit.event.summary).toBe('Bistro Uno: Dinner\nATTENDEE:mailto:evil@example.test\nX-INJECTED:1');
      expect(visit.vevent.getAllProperties('attendee')).toEqual([]);
      expect(visit.vevent.getFirstProperty('x-injected')).toBeNull();
      expect(body.split('\r\n').every((line) => !/[\r\n]/.test(line))).toBe(true);
    } finally {
      await t.ctx.db.update(campaigns).set({ name: c!.name }).where(eq(campaigns.id, c!.id));
    }
  });
});
