import { MSG, tooLong } from '@comped/shared/messages';
import type { LocationResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { locations } from '../../db/schema';

let t: TestApp;
let owner: TestBrand;
let other: TestBrand;
let unsubscribed: TestBrand;
let media: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createBrandOwner(t.ctx);
  other = await createBrandOwner(t.ctx, { name: 'Other Place' });
  unsubscribed = await createBrandOwner(t.ctx, { subscribed: false });
  media = await createUser(t.ctx, { role: 'journalist' });
});
afterAll(async () => t.close());

const valid = {
  name: 'Downtown',
  address: '5 Canal St',
  email: 'Downtown@Example.test',
  phone: '5551112222',
  contact: 'Ana Lopez',
  hours: [
    { day: 'tuesday', start_time: '17:00', end_time: '23:30' },
    { day: 'monday', start_time: '09:00', end_time: '17:30' },
  ],
};

const post = (who: TestUser | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/locations', headers: who?.headers ?? {}, payload });
const put = (who: TestUser | null, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/locations/${id}`, headers: who?.headers ?? {}, payload });
const del = (who: TestUser | null, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/locations/${id}`, headers: who?.headers ?? {} });
const row = async (id: number) => (await t.ctx.db.select().from(locations).where(eq(locations.id, id)))[0]!;
const live = async (brandId: number) =>
  (await t.ctx.db.select().from(locations).where(eq(locations.brandId, brandId))).filter((l) => !l.deletedAt);

describe('locations', () => {
  let created: LocationResource;

  it('creates a location with the default time zone and hours in week order', async () => {
    const res = await post(owner, valid);
    expect(res.statusCode).toBe(201);
    created = res.json().data;
    expect(created).toMatchObject({
      brand_id: owner.brandId,
      name: 'Downtown',
      email: 'downtown@example.test',
      time_zone: t.config.tzDefault,
      hours: [
        { day: 'monday', start_time: '09:00', end_time: '17:30' },
        { day: 'tuesday', start_time: '17:00', end_time: '23:30' },
      ],
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: owner.headers });
    expect(list.json().data.map((l: LocationResource) => l.id)).toEqual([created.id]);
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/locations/${created.id}`, headers: owner.headers });
    expect(one.json().data).toEqual(created);
    const brand = await t.app.inject({ method: 'GET', url: `/api/v1/brands/${owner.brandId}`, headers: owner.headers });
    expect(brand.json().data.locations).toEqual([created]);
  });

  it('requires name, address, email, phone and contact, with their lengths', async () => {
    const empty = await post(owner, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['address', 'contact', 'email', 'name', 'phone']);
    expect(empty.json().errors.name).toEqual([MSG.required]);
    const long = await post(owner, {
      ...valid,
      name: 'n'.repeat(51),
      address: 'a'.repeat(101),
      phone: '1'.repeat(16),
      contact: 'c'.repeat(51),
      email: `${'e'.repeat(96)}@x.io`,
    });
    expect(long.json().errors).toMatchObject({
      name: [tooLong(50)],
      address: [tooLong(100)],
      phone: [tooLong(15)],
      contact: [tooLong(50)],
      email: [tooLong(100)],
    });
    const email = await post(owner, { ...valid, email: 'not-an-email' });
    expect(email.json().errors.email).toEqual([MSG.invalidEmail]);
  });

  it('checks hours: equal start and end, half-hour steps, days, time zone', async () => {
    const equal = await post(owner, { ...valid, hours: [{ day: 'monday', start_time: '10:00', end_time: '10:00' }] });
    expect(equal.statusCode).toBe(422);
    expect(equal.json().errors['hours.0.end_time']).toEqual([MSG.startEndEqual]);
    const step = await post(owner, { ...valid, hours: [{ day: 'monday', start_time: '10:15', end_time: '11:00' }] });
    expect(step.json().errors['hours.0.start_time']).toEqual([MSG.halfHourSteps]);
    const day = await post(owner, { ...valid, hours: [{ day: 'funday', start_time: '10:00', end_time: '11:00' }] });
    expect(day.json().errors['hours.0.day']).toBeDefined();
    const twice = await post(owner, {
      ...valid,
      hours: [
        { day: 'monday', start_time: '10:00', end_time: '11:00' },
        { day: 'monday', start_time: '12:00', end_time: '13:00' },
      ],
    });
    expect(twice.json().errors.hours).toEqual([MSG.duplicateDay]);
    const zone = await post(owner, { ...valid, time_zone: 'Mars/Olympus' });
    expect(zone.json().errors.time_zone).toEqual([MSG.invalidTimeZone]);
    const good = await post(owner, { ...valid, name: 'West', time_zone: 'America/Los_Angeles', hours: [] });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({ time_zone: 'America/Los_Angeles', hours: [] });
  });

  it('updates a location and refuses another brand, media users, no token, no subscription', async () => {
    const res = await put(owner, created.id, {
      ...valid,
      name: 'Uptown',
      hours: [{ day: 'sunday', start_time: '00:00', end_time: '23:30' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Uptown',
      time_zone: t.config.tzDefault,
      hours: [{ day: 'sunday' }],
    });
    const invalid = await put(owner, created.id, {
      ...valid,
      hours: [{ day: 'monday', start_time: '08:00', end_time: '08:00' }],
    });
    expect(invalid.json().errors['hours.0.end_time']).toEqual([MSG.startEndEqual]);

    expect((await put(other, created.id, { ...valid, name: 'Hijack' })).statusCode).toBe(403);
    expect((await del(other, created.id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/locations/${created.id}`, headers: other.headers }))
        .statusCode,
    ).toBe(403);
    expect((await row(created.id)).name).toBe('Uptown');
    expect((await row(created.id)).deletedAt).toBeNull();
    expect((await put(media, created.id, valid)).statusCode).toBe(403);
    expect((await post(media, valid)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: media.headers })).statusCode).toBe(
      403,
    );
    expect((await put(null, created.id, valid)).statusCode).toBe(401);
    expect((await post(null, valid)).statusCode).toBe(401);
    expect((await del(null, created.id)).statusCode).toBe(401);
    const noSub = await post(unsubscribed, valid);
    expect(noSub.statusCode).toBe(403);
    expect(noSub.json().message).toBe(MSG.subscriptionRequired);
    expect(await live(unsubscribed.brandId)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/locations/999999', headers: owner.headers })).statusCode,
    ).toBe(404);
  });

  it('refuses a fourth location, also under concurrent creates', async () => {
    expect((await live(owner.brandId)).length).toBe(2);
    expect((await post(owner, { ...valid, name: 'Third' })).statusCode).toBe(201);
    const fourth = await post(owner, { ...valid, name: 'Fourth' });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe(MSG.maxLocationsReached);
    expect((await live(owner.brandId)).length).toBe(3);

    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(other, { ...valid, name: `Race ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(2);
    expect((await live(other.brandId)).length).toBe(3);
  });

  it('soft-deletes: the row stays, it leaves the lists, and a slot frees up', async () => {
    const res = await del(owner, created.id);
    expect(res.statusCode).toBe(204);
    expect((await row(created.id)).deletedAt).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/locations', headers: owner.headers });
    expect(list.json().data.map((l: LocationResource) => l.id)).not.toContain(created.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/locations/${created.id}`, headers: owner.headers }))
        .statusCode,
    ).toBe(404);
    expect((await del(owner, created.id)).statusCode).toBe(404);
    expect((await post(owner, { ...valid, name: 'Replacement' })).statusCode).toBe(201);
    const noSub = await del(unsubscribed, created.id);
    expect(noSub.statusCode).toBe(404);
  });
});
