import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CampaignInsert } from '../../../test/campaign-fixtures';
import { insertCampaign, insertLocation } from '../../../test/campaign-fixtures';
import type { TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, locations } from '../../db/schema';

let t: TestApp;
let ines: TestUser;
let jo: TestUser;
let highTier: TestUser;

// Monday 2030-06-03, noon in New York.
const NOW = new Date('2030-06-03T16:00:00Z');

const allWeek = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

async function place(brandId: number, zip: string, days: readonly (typeof allWeek)[number][]) {
  const loc = await insertLocation(t.ctx, brandId);
  await t.ctx.db
    .update(locations)
    .set({ zip, hours: days.map((day) => ({ day, start_time: '10:00', end_time: '22:00' })) })
    .where(eq(locations.id, loc.id));
  return loc;
}

async function campaign(values: CampaignInsert, locationId: number) {
  return insertCampaign(t.ctx, values, locationId);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const blue = await createBrandOwner(t.ctx, { name: 'Blue Door' });
  const seaside = await createBrandOwner(t.ctx, { name: 'Seaside Grill' });
  ines = await createUser(t.ctx, { role: 'influencer', tier: 1 });
  jo = await createUser(t.ctx, { role: 'journalist', tier: 1 });
  highTier = await createUser(t.ctx, { role: 'influencer', tier: 4 });

  const midtown = await place(blue.brandId, '10001', ['monday', 'tuesday']);
  const brooklyn = await place(seaside.brandId, '11201', ['saturday']);
  const la = await place(blue.brandId, '90001', allWeek);
  const midtownAll = await place(seaside.brandId, '10001', ['monday']);

  await campaign({ brandId: blue.brandId, name: 'Taco Tuesday', categoryId: 4 }, midtown.id);
  await campaign(
    { brandId: seaside.brandId, name: 'Harbor brunch', categoryId: 5, launchDate: null, openingDate: '2030-06-01' },
    brooklyn.id,
  );
  await campaign(
    {
      brandId: blue.brandId,
      name: 'Wine night',
      categoryId: 6,
      launchDate: null,
      eventDate: '2030-06-10',
      fromTime: '18:00',
      toTime: '21:00',
      expiresOn: '2030-06-10',
    },
    la.id,
  );
  await campaign({ brandId: blue.brandId, name: 'Taco secret', categoryId: 4, target: ['journalist'] }, midtown.id);
  const full = await campaign(
    {
      brandId: seaside.brandId,
      name: 'Full week',
      categoryId: 4,
      booking: {
        compensation: 25,
        max_bookings_per_week: 1,
        max_guests: 2,
        information_only: false,
        tip: null,
        switch: false,
        unavailable_dates: {},
      },
    },
    midtownAll.id,
  );
  await campaign(
    {
      brandId: seaside.brandId,
      name: '100% fun_times',
      categoryId: 3,
      booking: {
        compensation: 25,
        max_bookings_per_week: 5,
        max_guests: 2,
        information_only: true,
        tip: null,
        switch: false,
        unavailable_dates: {},
      },
    },
    midtownAll.id,
  );
  // "Full week" has its one weekly booking in the week of June 3rd.
  const someone = await createUser(t.ctx, { role: 'influencer' });
  await t.ctx.db.insert(bookings).values({
    campaignId: full.id,
    locationId: midtownAll.id,
    userId: someone.id,
    brandId: seaside.brandId,
    status: 'pending',
    bookingDate: '2030-06-03',
    bookingTime: '19:00',
    weekStart: '2030-06-03',
    visitAt: new Date('2030-06-03T23:00:00Z'),
    guests: 1,
  });
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string, who: TestUser = ines) {
  const res = await t.app.inject({
    url: `/api/v1/influencers/${who.id}/campaigns?${query.includes('page[size]') ? '' : 'page[size]=50&'}${query}`,
    headers: who.headers,
  });
  return res;
}
async function names(query: string, who: TestUser = ines) {
  const res = await list(query, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: CampaignResource[]; meta: { total: number } };
  expect(body.meta.total).toBe(body.data.length);
  return body.data.map((c) => c.name).sort();
}

describe('GET influencers/{id}/campaigns filters', () => {
  it('without filters lists everything visible (the rule unchanged)', async () => {
    expect(await names('')).toEqual(['100% fun_times', 'Full week', 'Harbor brunch', 'Taco Tuesday', 'Wine night']);
    expect(await names('', jo)).toEqual(['Taco secret']);
    expect(await names('', highTier)).toEqual([]);
  });

  it('filter[q] searches campaign and brand names, case-insensitively, % and _ as themselves', async () => {
    expect(await names('filter[q]=taco')).toEqual(['Taco Tuesday']);
    expect(await names('filter[q]=BLUE%20door')).toEqual(['Taco Tuesday', 'Wine night']);
    expect(await names('filter[q]=%25')).toEqual(['100% fun_times']);
    expect(await names('filter[q]=_')).toEqual(['100% fun_times']);
    expect(await names('filter[q]=nothing-like-this')).toEqual([]);
    // Visibility holds under search: the journalist's campaign stays hidden from influencers.
    expect(await names('filter[q]=secret')).toEqual([]);
    expect(await names('filter[q]=taco', jo)).toEqual(['Taco secret']);
    expect(await names('filter[q]=taco', highTier)).toEqual([]);
  });

  it('filter[category] takes one or several categories', async () => {
    expect(await names('filter[category]=6')).toEqual(['Wine night']);
    expect(await names('filter[category]=4,5')).toEqual(['Full week', 'Harbor brunch', 'Taco Tuesday']);
  });

  it('filter[near] + filter[miles] keeps campaigns with a location within the distance', async () => {
    // 11201 (Brooklyn) is about 4 miles from 10001 (Midtown); 90001 is Los Angeles.
    expect(await names('filter[near]=10001&filter[miles]=5')).toEqual([
      '100% fun_times',
      'Full week',
      'Harbor brunch',
      'Taco Tuesday',
    ]);
    expect(await names('filter[near]=10001&filter[miles]=50')).toEqual([
      '100% fun_times',
      'Full week',
      'Harbor brunch',
      'Taco Tuesday',
    ]);
    expect(await names('filter[near]=90001')).toEqual(['Wine night']);
    expect(await names('filter[near]=11201&filter[miles]=5')).toContain('Taco Tuesday');
  });

  it('filter[date] keeps campaigns with a bookable slot that day', async () => {
    // Tuesday June 4th: Taco Tuesday is open; brunch only Saturdays; the event is on the 10th; Full week
    // is full that week (and its place is closed Tuesdays); information-only campaigns take no bookings.
    expect(await names('filter[date]=2030-06-04')).toEqual(['Taco Tuesday']);
    // Monday June 10th: the event day, a new week for Full week.
    expect(await names('filter[date]=2030-06-10')).toEqual(['Full week', 'Taco Tuesday', 'Wine night']);
    expect(await names('filter[date]=2030-06-08')).toEqual(['Harbor brunch']);
    // Today (Monday June 3rd, noon): slots remain this afternoon, but Full week is full this week.
    expect(await names('filter[date]=2030-06-03')).toEqual(['Taco Tuesday']);
    // After Taco Tuesday's last day.
    expect(await names('filter[date]=2030-07-02')).toEqual([]);
  });

  it('combines filters', async () => {
    expect(await names('filter[near]=10001&filter[miles]=5&filter[date]=2030-06-10')).toEqual([
      'Full week',
      'Taco Tuesday',
    ]);
    expect(await names('filter[near]=10001&filter[date]=2030-06-10&filter[q]=taco')).toEqual(['Taco Tuesday']);
    expect(await names('filter[near]=10001&filter[date]=2030-06-10&filter[category]=6')).toEqual([]);
    expect(await names('filter[q]=blue&filter[category]=6&filter[date]=2030-06-10&filter[near]=90001')).toEqual([
      'Wine night',
    ]);
    // Paging still works under filters: page 2 of 1 per page.
    const page = await list('filter[near]=10001&filter[miles]=5&page[size]=1&page[number]=2');
    expect(page.json().meta).toMatchObject({ current_page: 2, last_page: 4, total: 4 });
  });

  it('answers 422 per field for bad values', async () => {
    const cases: [string, string, string][] = [
      [`filter[q]=${'x'.repeat(101)}`, 'filter[q]', MSG.discoverySearchTooLong],
      ['filter[category]=7', 'filter[category].0', MSG.discoveryCategoryRange],
      ['filter[category]=4,spicy', 'filter[category].1', MSG.discoveryCategoryRange],
      ['filter[near]=1234', 'filter[near]', MSG.zipCodeFormat],
      ['filter[near]=00000', 'filter[near]', MSG.zipCodeUnknown],
      ['filter[near]=10001&filter[miles]=15', 'filter[miles]', MSG.discoveryDistanceOption],
      ['filter[miles]=5', 'filter[near]', MSG.distanceNeedsZip],
      ['filter[date]=tomorrow', 'filter[date]', MSG.dateFormat],
      ['filter[date]=2030-13-01', 'filter[date]', MSG.dateFormat],
      ['filter[date]=2030-06-02', 'filter[date]', MSG.discoveryDatePast],
    ];
    for (const [query, field, message] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toEqual([message]);
    }
  });
});
