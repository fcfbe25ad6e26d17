import { MSG } from '@comped/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertLocation } from '../campaign-fixtures';
import type { TestBrand, TestUser } from '../factories';
import { createBrandOwner, createUser } from '../factories';
import type { TestApp } from '../test-app';
import { createTestApp } from '../test-app';

/** Issue 11, items 8 and 10: hostile ids, control characters, broken multipart and deep JSON are 4xx. */

let t: TestApp;
let brand: TestBrand;
let influencer: TestUser;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  brand = await createBrandOwner(t.ctx);
  influencer = await createUser(t.ctx, { role: 'influencer' });
  staff = await createUser(t.ctx, { role: 'staff' });
  // POST campaigns reads its photos only for a brand with a location.
  await insertLocation(t.ctx, brand.brandId);
});
afterAll(async () => t.close());

describe('ids', () => {
  it('answers 404 for ids past the integer range or not numbers, in any path', async () => {
    for (const url of [
      '/api/v1/locations/99999999999',
      '/api/v1/locations/abc',
      `/api/v1/brands/99999999999`,
      '/api/v1/campaigns/99999999999',
      `/api/v1/brands/${brand.brandId}/bookings/99999999999`,
    ]) {
      const res = await t.app.inject({ url, headers: brand.headers });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('not_found');
    }
  });

  it('never answers 500 for an id past the range in a body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bookings',
      headers: influencer.headers,
      payload: { campaign_id: 99999999999, location_id: 99999999999, date: '2030-01-07', time: '10:00', guests: 1 },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('control characters', () => {
  it('refuses NUL and other control characters in free text with 422, saving nothing', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: brand.headers,
      payload: { name: 'Bad\u0000Name', email: brand.email },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors.name).toEqual([MSG.controlCharacters]);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/brands/${brand.brandId}`,
      headers: brand.headers,
      payload: { name: 'Bistro\u0007', description: 'x', address: '1 Main St', zip: '10001', phones: '5551234567' },
    });
    expect(patch.statusCode).toBe(422);
    const profile = await t.app.inject({ url: '/api/v1/profile', headers: brand.headers });
    expect(profile.json().data.name).not.toContain('\u0000');
  });

  it('keeps tabs and line breaks', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: brand.headers,
      payload: { name: 'Line\tName', email: brand.email },
    });
    expect(res.statusCode).not.toBe(500);
    expect(res.json().errors?.name).not.toEqual([MSG.controlCharacters]);
  });
});

const uploadRoutes = () => [
  `/api/v1/brands/${brand.brandId}/logo`,
  `/api/v1/brands/${brand.brandId}/menu`,
  '/api/v1/photos',
  '/api/v1/campaigns',
  `/api/v1/influencers/${influencer.id}/picture`,
];

describe('broken multipart', () => {
  it('answers 400 to a body whose boundary never closes, and to multipart with no boundary', async () => {
    for (const url of uploadRoutes()) {
      const who = url.includes('/influencers/') ? influencer : brand;
      const unclosed = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...who.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
        payload:
          '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
      });
      expect(unclosed.statusCode, `${url} unclosed`).toBeGreaterThanOrEqual(400);
      expect(unclosed.statusCode, `${url} unclosed`).toBeLessThan(500);
      const noBoundary = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...who.headers, 'content-type': 'multipart/form-data' },
        payload: 'abc',
      });
      expect(noBoundary.statusCode, `${url} no boundary`).toBeGreaterThanOrEqual(400);
      expect(noBoundary.statusCode, `${url} no boundary`).toBeLessThan(500);
    }
  });
});

describe('impossible calendar dates (issue 24)', () => {
  it('answer 422 on the date field wherever a date is read, the CSV export included', async () => {
    const cases: [string, TestUser, string, string][] = [
      [
        `/api/v1/influencers/${influencer.id}/campaigns?filter[date]=2027-02-30`,
        influencer,
        'filter[date]',
        MSG.dateFormat,
      ],
      [`/api/v1/brands/${brand.brandId}/insights?from=2026-11-31&to=2026-12-05`, brand, 'from', MSG.dateFormat],
      [`/api/v1/brands/${brand.brandId}/insights?from=2026-11-01&to=2026-02-29`, brand, 'to', MSG.dateFormat],
      [
        `/api/v1/brands/${brand.brandId}/insights/bookings.csv?from=2026-11-31&to=2026-12-05`,
        brand,
        'from',
        MSG.dateFormat,
      ],
      ['/api/v1/admin/analytics?from=2026-04-31&to=2026-05-02', staff, 'from', MSG.dateFormat],
    ];
    for (const [url, who, field, message] of cases) {
      const res = await t.app.inject({ url, headers: who.headers });
      expect(res.statusCode, url).toBe(422);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json().errors[field], url).toEqual([message]);
    }
  });

  it('keep real leap days', async () => {
    const res = await t.app.inject({
      url: `/api/v1/brands/${brand.brandId}/insights?from=2028-02-29&to=2028-03-01`,
      headers: brand.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('multipart cut off inside the file part (issue 24)', () => {
  it('answers 400 upload_unreadable on every upload route, before or after the form fields', async () => {
    // A file part long enough that the route is reading it when the body ends.
    const fileHead = (name: string) =>
      `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const fileData = '\u0089PNG\r\n' + 'a'.repeat(300_000);
    const field = (name: string, value: string) =>
      `--XYZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    for (const url of uploadRoutes()) {
      const who = url.includes('/influencers/') ? influencer : brand;
      for (const [label, fields] of [
        ['file first', ''],
        ['after the fields', field('brand_id', String(brand.brandId)) + field('name', 'Dinner')],
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...who.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
          payload: `${fields}--XYZ\r\n${fileHead(url.endsWith('/campaigns') ? 'featured_photos[]' : 'file')}${fileData}`,
        });
        // POST photos refuses a file before brand_id by its rule (422); everything else is unreadable.
        if (url === '/api/v1/photos' && label === 'file first') {
          expect(res.statusCode, `${url} ${label}`).toBe(422);
          continue;
        }
        expect(res.statusCode, `${url} ${label}`).toBe(400);
        expect(res.json(), `${url} ${label}`).toEqual({ message: MSG.uploadUnreadable, code: 'upload_unreadable' });
      }
    }
  });
});

describe('deep JSON', () => {
  it('refuses JSON nested 10,000 levels deep on POST campaigns with a 4xx', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns',
      headers: { ...brand.headers, 'content-type': 'application/json' },
      payload: `{"name":"x","booking":${deep}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.bodyTooDeep);
  });
});
