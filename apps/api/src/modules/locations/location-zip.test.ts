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
});
