import { MSG } from '@comped/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand } from '../../../test/factories';
import { createBrandOwner } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';

let t: TestApp;
let owner: TestBrand;

beforeAll(async () => {
  // A default zone no ZIP below maps to, so a zone from the ZIP is visible as such.
  t = await createTestApp({ TZ_DEFAULT: 'UTC' });
  owner = await createBrandOwner(t.ctx, { name: 'Zip Bistro' });
});
afterAll(async () => {
  await t?.close();
});

const base = { name: 'Place', address: '1 Main St', email: 'p@example.test', phone: '555', contact: 'Sam', hours: [] };
const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/locations', headers: owner.headers, payload });

describe("a location's time zone defaults from its ZIP", () => {
  it("takes the ZIP's zone, the brand's ZIP when none is given, and the brand's own choice first", async () => {
    const la = await post({ ...base, zip: '90001' });
    expect(la.statusCode).toBe(201);
    expect(la.json().data).toMatchObject({ zip: '90001', time_zone: 'America/Los_Angeles' });
    // The factory brand's ZIP is 10001 (New York).
    const inherited = await post({ ...base, name: 'Second' });
    expect(inherited.json().data).toMatchObject({ zip: '10001', time_zone: 'America/New_York' });
    const chosen = await post({ ...base, name: 'Third', zip: '60601', time_zone: 'America/Denver' });
    expect(chosen.json().data).toMatchObject({ zip: '60601', time_zone: 'America/Denver' });
  });

  it('refuses a ZIP that is not five digits', async () => {
    const res = await post({ ...base, zip: '9001' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.zip).toEqual(['Enter a 5-digit US ZIP code.']);
  });

  it('refuses a ZIP no place has (distance searches could never find the location), and keeps the location', async () => {
    const other = await createBrandOwner(t.ctx, { name: 'Nowhere Bistro' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/locations',
      headers: other.headers,
      payload: { ...base, name: 'Nowhere', zip: '99999' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.zip).toEqual([MSG.zipCodeUnknown]);
    const none = await t.app.inject({ url: '/api/v1/locations', headers: other.headers });
    expect(none.json().data).toEqual([]);
    // Editing one: refused, and the saved ZIP stays.
    const list = await t.app.inject({ url: '/api/v1/locations', headers: owner.headers });
    const [first] = (list.json().data as { id: number; zip: string }[]).filter((l) => l.zip === '90001');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/locations/${first!.id}`,
      headers: owner.headers,
      payload: { ...base, zip: '00000' },
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.zip).toEqual([MSG.zipCodeUnknown]);
    const after = await t.app.inject({ url: `/api/v1/locations/${first!.id}`, headers: owner.headers });
    expect(after.json().data.zip).toBe('90001');
  });
});
