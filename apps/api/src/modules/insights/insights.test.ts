import type { InsightsData } from '@comped/shared/schemas/insights';
import { INSIGHTS_CSV_COLUMNS, insightsResponseSchema } from '@comped/shared/schemas/insights';
import { weekStartOf } from '@comped/shared/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import type { CampaignBookingSettings } from '../../db/schema';
import { bookings, campaigns, locations, tasks } from '../../db/schema';
import { dateInZone, timeInZone } from '../../lib/clock';

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;
let someone: TestUser;

// "Now" is Wednesday 2026-06-17 15:00 in New York; the range is May and June 2026.
const NOW = new Date('2026-06-17T19:00:00Z');
const ZONE = 'America/New_York';
const RANGE = 'from=2026-05-01&to=2026-06-30';

function settings(compensation: number): CampaignBookingSettings {
  return {
    compensation,
    max_bookings_per_week: 50,
    max_guests: 4,
    information_only: false,
    tip: null,
    switch: false,
    unavailable_dates: {},
  };
}

async function campaign(brandId: number, name: string, compensation: number) {
  const [row] = await t.ctx.db
    .insert(campaigns)
    .values({
      brandId,
      categoryId: 4,
      status: 'approved',
      name,
      description: 'd',
      launchDate: '2026-04-01',
      booking: settings(compensation),
    })
    .returning();
  return row!;
}

async function location(brandId: number) {
  const [row] = await t.ctx.db
    .insert(locations)
    .values({
      brandId,
      name: 'Main, "the" room',
      address: '1 Main St',
      email: 'v@example.test',
      phone: '555',
      contact: 'Sam',
      timeZone: ZONE,
    })
    .returning();
  return row!;
}

async function booking(opts: {
  brandId: number;
  campaignId: number;
  locationId: number;
  visit: string;
  status: 'pending' | 'accepted' | 'finished' | 'declined' | 'cancelled' | 'no_show';
  guests: number;
  role?: 'influencer' | 'journalist';
  task?: { posts?: { type: 'post' | 'story'; link: string }[]; propertyOption?: string };
  ratings?: [number, number, number, number];
  review?: string;
  name?: string;
}) {
  const user = await createUser(t.ctx, {
    role: opts.role ?? 'influencer',
    name: opts.name ?? (opts.role === 'journalist' ? 'Jo, "the" writer' : 'Ines'),
  });
  const visitAt = new Date(opts.visit);
  const bookingDate = dateInZone(visitAt, ZONE);
  const [row] = await t.ctx.db
    .insert(bookings)
    .values({
      campaignId: opts.campaignId,
      locationId: opts.locationId,
      userId: user.id,
      brandId: opts.brandId,
      status: opts.status,
      bookingDate,
      bookingTime: timeInZone(visitAt, ZONE),
      weekStart: weekStartOf(bookingDate),
      visitAt,
      guests: opts.guests,
      review: opts.review ?? null,
      ...(opts.ratings
        ? {
            rateVibe: opts.ratings[0],
            rateFood: opts.ratings[1],
            rateService: opts.ratings[2],
            rateGeneral: opts.ratings[3],
            experienceRatedAt: NOW,
          }
        : {}),
    })
    .returning();
  if (opts.task) {
    await t.ctx.db.insert(tasks).values({
      bookingId: row!.id,
      userId: user.id,
      completed: true,
      completedAt: NOW,
      posts: opts.task.posts ?? [],
      propertyOption: opts.task.propertyOption ?? null,
    });
  }
  return row!;
}

const post = (n: string) => ({ type: 'post' as const, link: `https://www.instagram.com/p/${n}/` });
const story = { type: 'story' as const, link: 'https://www.instagram.com/stories/ines/' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Blue Door' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Elsewhere' });
  someone = await createUser(t.ctx, { role: 'influencer' });
  const loc = await location(brand.brandId);
  const spring = await campaign(brand.brandId, 'Spring "menu", tasting', 50);
  const opening = await campaign(brand.brandId, 'Opening night', 100);
  const base = { brandId: brand.brandId, locationId: loc.id };
  // Spring menu, $50 a guest.
  await booking({
    ...base,
    campaignId: spring.id,
    visit: '2026-05-06T23:00:00Z',
    status: 'finished',
    guests: 2,
    task: { posts: [post('a1'), post('a2'), story] },
    ratings: [4, 5, 3, 4],
    review: 'Great, "really"\nlovely',
  });
  await booking({ ...base, campaignId: spring.id, visit: '2026-06-15T23:00:00Z', status: 'accepted', guests: 1 });
  await booking({ ...base, campaignId: spring.id, visit: '2026-05-20T23:00:00Z', status: 'declined', guests: 2 });
  await booking({ ...base, campaignId: spring.id, visit: '2026-05-21T23:00:00Z', status: 'cancelled', guests: 2 });
  await booking({ ...base, campaignId: spring.id, visit: '2026-06-01T23:00:00Z', status: 'no_show', guests: 1 });
  await booking({
    ...base,
    campaignId: spring.id,
    visit: '2026-06-03T23:00:00Z',
    status: 'finished',
    guests: 2,
    role: 'journalist',
    task: { propertyOption: 'Feature article' },
    ratings: [5, 5, 5, 5],
  });
  // Opening night, $100 a guest.
  await booking({
    ...base,
    campaignId: opening.id,
    visit: '2026-06-10T23:00:00Z',
    status: 'finished',
    guests: 3,
    task: { posts: [post('b1')] },
  });
  await booking({ ...base, campaignId: opening.id, visit: '2026-06-25T23:00:00Z', status: 'pending', guests: 2 });
  await booking({ ...base, campaignId: opening.id, visit: '2026-06-20T23:00:00Z', status: 'accepted', guests: 2 });
  // Outside the range, and another brand's: never counted.
  await booking({
    ...base,
    campaignId: opening.id,
    visit: '2026-04-20T23:00:00Z',
    status: 'finished',
    guests: 4,
    task: { posts: [post('c1')] },
  });
  const elsewhere = await campaign(otherBrand.brandId, 'Theirs', 500);
  const theirLoc = await location(otherBrand.brandId);
  await booking({
    brandId: otherBrand.brandId,
    locationId: theirLoc.id,
    campaignId: elsewhere.id,
    visit: '2026-06-02T23:00:00Z',
    status: 'finished',
    guests: 4,
    task: { posts: [post('d1')] },
  });
});
afterAll(async () => {
  await t?.close();
});

async function insights(query = RANGE, who: TestUser = brand, brandId = brand.brandId) {
  return t.app.inject({ url: `/api/v1/brands/${brandId}/insights?${query}`, headers: who.headers });
}

describe('GET brands/{id}/insights', () => {
  it('answers the figures computed by hand: declined, cancelled, no-show and multi-guest bookings', async () => {
    const res = await insights();
    expect(res.statusCode).toBe(200);
    const data = insightsResponseSchema.parse(res.json()).data as InsightsData;
    expect(data.from).toBe('2026-05-01');
    expect(data.to).toBe('2026-06-30');
    // Hosted: the two finished Spring visits, the accepted one already past, Opening's finished one.
    // Comps: 2x$50 + 1x$50 + 2x$50 + 3x$100 = $550. Posts 2 + 1 = 3; stories 1.
    expect(data.totals).toEqual({
      bookings: { pending: 1, accepted: 2, finished: 3, declined: 1, cancelled: 1, no_show: 1 },
      visits_hosted: 4,
      comps_given: 550,
      no_shows: 1,
      posts_delivered: 3,
      stories_delivered: 1,
      coverage: [{ option: 'Feature article', count: 1 }],
      ratings: { vibe: 4.5, food: 5, service: 4, general: 4.5, count: 2 },
      cost_per_post: 183.33,
    });
    const [opening, spring] = data.campaigns;
    expect(opening).toMatchObject({
      name: 'Opening night',
      visits_hosted: 1,
      comps_given: 300,
      posts_delivered: 1,
      cost_per_post: 300,
      no_shows: 0,
      coverage: [],
    });
    expect(opening?.bookings).toEqual({ pending: 1, accepted: 1, finished: 1, declined: 0, cancelled: 0, no_show: 0 });
    expect(opening?.ratings).toEqual({ vibe: null, food: null, service: null, general: null, count: 0 });
    expect(spring).toMatchObject({
      name: 'Spring "menu", tasting',
      visits_hosted: 3,
      comps_given: 250,
      no_shows: 1,
      posts_delivered: 2,
      stories_delivered: 1,
      cost_per_post: 125,
      coverage: [{ option: 'Feature article', count: 1 }],
    });
  });

  it('answers every week and month of the range, bookings per week by status', async () => {
    const data = (await insights()).json().data as InsightsData;
    // Mondays from 2026-04-27 (the week holding May 1st) to 2026-06-29.
    expect(data.weekly[0]?.week_start).toBe('2026-04-27');
    expect(data.weekly.at(-1)?.week_start).toBe('2026-06-29');
    expect(data.weekly).toHaveLength(10);
    const week = (d: string) => data.weekly.find((w) => w.week_start === d);
    expect(week('2026-05-04')).toMatchObject({ finished: 1, pending: 0 });
    expect(week('2026-05-18')).toMatchObject({ declined: 1, cancelled: 1 });
    expect(week('2026-06-01')).toMatchObject({ no_show: 1, finished: 1 });
    expect(week('2026-06-22')).toMatchObject({ pending: 1 });
    const total = data.weekly.reduce(
      (n, w) => n + w.pending + w.accepted + w.finished + w.declined + w.cancelled + w.no_show,
      0,
    );
    expect(total).toBe(9);
    expect(data.monthly).toEqual([
      { month: '2026-05', comps_given: 100, posts_delivered: 2 },
      { month: '2026-06', comps_given: 450, posts_delivered: 1 },
    ]);
  });

  it('defaults to the last 90 days ending today', async () => {
    const res = await insights('');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as InsightsData;
    expect(data.to).toBe('2026-06-17');
    expect(data.from).toBe('2026-03-20');
    // The pending (June 25) and accepted (June 20) visits lie after today; the April one is inside.
    expect(data.totals.bookings.pending).toBe(0);
    expect(data.totals.visits_hosted).toBe(5);
  });

  it('refuses bad ranges with 422 per field', async () => {
    const bad = await insights('from=2026-13-01&to=yesterday');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['The date must be in the form YYYY-MM-DD.']);
    expect(bad.json().errors.to).toEqual(['The date must be in the form YYYY-MM-DD.']);
    const reversed = await insights('from=2026-06-30&to=2026-05-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['The end date must be on or after the start date.']);
    const long = await insights('from=2020-01-01&to=2026-06-30');
    expect(long.json().errors.to).toEqual(['The range may cover at most two years.']);
  });

  it("is the brand owner's only: another brand 403, media 403, nobody 401", async () => {
    expect((await insights(RANGE, otherBrand)).statusCode).toBe(403);
    expect((await insights(RANGE, someone)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/v1/brands/${brand.brandId}/insights` })).statusCode).toBe(401);
    // The other brand sees only its own booking.
    const theirs = (await insights(RANGE, otherBrand, otherBrand.brandId)).json().data as InsightsData;
    expect(theirs.totals).toMatchObject({ visits_hosted: 1, comps_given: 2000, posts_delivered: 1 });
  });
});

/**
 * RFC 4180 reader for the test: quoted fields may hold commas, quotes and line breaks. The file must
 * start with a UTF-8 byte order mark (Excel needs it to read accents).
 */
function parseCsv(csv: string): string[][] {
  if (!csv.startsWith('\uFEFF')) throw new Error(`no byte order mark before ${JSON.stringify(csv.slice(0, 20))}`);
  const text = csv.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

describe('GET brands/{id}/insights/bookings.csv', () => {
  it('streams one row per booking with the spec field names, ISO dates and quoting', async () => {
    const res = await t.app.inject({
      url: `/api/v1/brands/${brand.brandId}/insights/bookings.csv?${RANGE}`,
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="comped-bookings-2026-05-01-to-2026-06-30.csv"',
    );
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([...INSIGHTS_CSV_COLUMNS]);
    const records = rows.slice(1).map((r) => Object.fromEntries(INSIGHTS_CSV_COLUMNS.map((c, i) => [c, r[i]])));
    expect(records).toHaveLength(9);
    expect(new Set(records.map((r) => r.id)).size).toBe(9);
    const first = records.find((r) => r.booking_date === '2026-05-06')!;
    expect(first).toMatchObject({
      status: 'finished',
      booking_time: '19:00',
      guests: '2',
      campaign: 'Spring "menu", tasting',
      location: 'Main, "the" room',
      compensation: '50',
      comp_value: '100',
      completed: 'true',
      posts: '2',
      stories: '1',
      rate_vibe: '4',
      review: 'Great, "really"\nlovely',
      type: 'influencer',
    });
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The raw text doubles the quotes inside a quoted field.
    expect(res.body).toContain('"Spring ""menu"", tasting"');
    const journalist = records.find((r) => r.type === 'journalist')!;
    expect(journalist).toMatchObject({ influencer: 'Jo, "the" writer', propertyOption: 'Feature article' });
    expect(records.find((r) => r.status === 'declined')?.comp_value).toBe('0');
  });

  it('streams a large range in pages: 2,500 bookings, each once', async () => {
    const c = await campaign(otherBrand.brandId, 'Big', 10);
    const [loc] = await t.ctx.db.select().from(locations).limit(1);
    const user = await createUser(t.ctx, { role: 'influencer' });
    const values = Array.from({ length: 2500 }, (_, i) => ({
      campaignId: c.id,
      locationId: loc!.id,
      userId: user.id,
      brandId: otherBrand.brandId,
      status: 'declined' as const,
      bookingDate: '2026-05-10',
      bookingTime: '19:00',
      weekStart: '2026-05-04',
      visitAt: new Date('2026-05-10T23:00:00Z'),
      guests: 1 + (i % 2),
    }));
    await t.ctx.db.insert(bookings).values(values);
    const res = await t.app.inject({
      url: `/api/v1/brands/${otherBrand.brandId}/insights/bookings.csv?${RANGE}`,
      headers: otherBrand.headers,
    });
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(2501);
    expect(new Set(rows.map((r) => r[0])).size).toBe(2501);
  });

  it('prefixes a quote to what other users wrote when a spreadsheet would run it as a formula; keeps accents', async () => {
    const owner = await createBrandOwner(t.ctx, { name: 'Café Olé' });
    const hostile = await campaign(owner.brandId, '=HYPERLINK("http://evil.test","Win a prize")', 10);
    const [loc] = await t.ctx.db
      .insert(locations)
      .values({
        brandId: owner.brandId,
        name: '@Rooftop Café',
        address: '1 Main St',
        email: 'r@example.test',
        phone: '555',
        contact: 'Sam',
        timeZone: ZONE,
      })
      .returning();
    await booking({
      brandId: owner.brandId,
      campaignId: hostile.id,
      locationId: loc!.id,
      visit: '2026-06-05T23:00:00Z',
      status: 'finished',
      guests: 1,
      name: '+1 555 0100',
      ratings: [1, 1, 1, 1],
      review: "-1 star =cmd|' /C calc'!A0",
    });
    const res = await t.app.inject({
      url: `/api/v1/brands/${owner.brandId}/insights/bookings.csv?${RANGE}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = parseCsv(res.body);
    const record = Object.fromEntries(header!.map((c, i) => [c, row![i]]));
    expect(record).toMatchObject({
      campaign: `'=HYPERLINK("http://evil.test","Win a prize")`,
      location: "'@Rooftop Café",
      influencer: "'+1 555 0100",
      review: "'-1 star =cmd|' /C calc'!A0",
      rate_general: '1',
      guests: '1',
    });
  });

  it('is the owner only', async () => {
    const res = await t.app.inject({
      url: `/api/v1/brands/${brand.brandId}/insights/bookings.csv`,
      headers: otherBrand.headers,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('a visit checked in before its visit time (brand teams, decisions.md)', () => {
  it('counts as hosted, and its comp as given', async () => {
    const early = await createBrandOwner(t.ctx, { name: 'Early Door' });
    const loc = await location(early.brandId);
    const tasting = await campaign(early.brandId, 'Tasting', 40);
    // Accepted for 19:30 tonight (New York), checked in at 15:00, before the visit time.
    const row = await booking({
      brandId: early.brandId,
      campaignId: tasting.id,
      locationId: loc.id,
      visit: '2026-06-17T23:30:00Z',
      status: 'accepted',
      guests: 2,
    });
    await t.ctx.db.update(bookings).set({ checkedInAt: NOW }).where(eq(bookings.id, row.id));
    const data = (await insights(RANGE, early, early.brandId)).json().data as InsightsData;
    expect(data.totals).toMatchObject({ visits_hosted: 1, comps_given: 80 });
  });
});
