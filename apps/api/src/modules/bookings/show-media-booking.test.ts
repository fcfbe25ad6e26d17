import type { BookingResource } from '@comped/shared/schemas/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookingSettings, insertCampaign, insertLocation } from './bookings.fixtures';

const NOW = new Date('2026-06-01T12:00:00Z');

let t: TestApp;
let brand: TestBrand;
let ann: TestUser;
let bob: TestUser;
let visit: BookingResource;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  ann = await createUser(t.ctx, { role: 'influencer', name: 'Ann' });
  bob = await createUser(t.ctx, { role: 'influencer', name: 'Bob' });
  const location = await insertLocation(t.ctx, brand.brandId);
  const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], {
    booking: bookingSettings({ compensation: 40, tip: 'Ask for the chef’s table.' }),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings',
    headers: ann.headers,
    payload: {
      campaign_id: campaign.id,
      location_id: location.id,
      booking_date: '2026-06-03',
      booking_time: '15:00',
      guests: 2,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  visit = res.json().data as BookingResource;
  await t.app.inject({
    method: 'PUT',
    url: `/api/v1/brands/${brand.brandId}/bookings/${visit.id}`,
    headers: brand.headers,
    payload: { status: 'accepted' },
  });
});
afterAll(async () => {
  await t.close();
});

const read = (user: TestUser | null, userId: number, bookingId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/influencers/${userId}/bookings/${bookingId}`,
    headers: user?.headers ?? {},
  });

describe('GET influencers/{id}/bookings/{bookingId}', () => {
  it('answers one booking as the list shows it, with the tip of the comp and the check-in code', async () => {
    const res = await read(ann, ann.id, visit.id);
    expect(res.statusCode).toBe(200);
    const one = res.json().data as BookingResource;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/influencers/${ann.id}/bookings`,
      headers: ann.headers,
    });
    const item = (list.json().data as BookingResource[]).find((b) => b.id === visit.id)!;
    const { booking: comp, ...type } = one.campaign.type;
    expect({
      ...one,
      // The list leaves the tip out; the comp terms (issue 30) are in both.
      campaign: { ...one.campaign, type: { ...type, booking: { ...comp!, tip: undefined } } },
    }).toEqual(item);
    expect(comp).toMatchObject({ compensation: 40, tip: 'Ask for the chef’s table.' });
    expect(one.status).toBe('accepted');
    expect(one.check_in_code).toMatch(/^[A-Z0-9]{6}$/);
  });

  it("answers 404 for another user's booking and one that does not exist, 403 for another user's path", async () => {
    expect((await read(bob, bob.id, visit.id)).statusCode).toBe(404);
    expect((await read(ann, ann.id, 99_999)).statusCode).toBe(404);
    expect((await read(bob, ann.id, visit.id)).statusCode).toBe(403);
    expect((await read(brand, ann.id, visit.id)).statusCode).toBe(403);
    expect((await read(null, ann.id, visit.id)).statusCode).toBe(401);
  });
});
