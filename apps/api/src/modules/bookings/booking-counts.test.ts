import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBrandOwner, createUser } from '../../../test/factories';
import { jsonRows } from '../../../test/json-rows';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings } from '../../db/schema';
import { insertCampaign, insertLocation } from './bookings.fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The kept counters (zero rows left out) and the same counts made from the bookings. */
async function countersAndTruth() {
  const q = (text: string) => jsonRows(t.ctx, text);
  return {
    brand: await q(`select brand_id, location_id, status, n from brand_booking_counts where n <> 0 order by 1, 2, 3`),
    brandTruth: await q(
      `select brand_id, location_id, status, count(*)::int as n from bookings group by 1, 2, 3 order by 1, 2, 3`,
    ),
    media: await q(`select user_id, status, n from media_booking_counts where n <> 0 order by 1, 2`),
    mediaTruth: await q(`select user_id, status, count(*)::int as n from bookings group by 1, 2 order by 1, 2`),
  };
}

async function expectCountersEqualTruth() {
  const c = await countersAndTruth();
  expect(c.brand).toEqual(c.brandTruth);
  expect(c.media).toEqual(c.mediaTruth);
}

describe('bookings tab totals kept on write (brand_booking_counts, media_booking_counts)', () => {
  it('follow inserts, status and location changes, a move to another user, deletes, and the rebuild', async () => {
    const brand = await createBrandOwner(t.ctx, { name: 'Counted' });
    const loc1 = (await insertLocation(t.ctx, brand.brandId)).id;
    const loc2 = (await insertLocation(t.ctx, brand.brandId)).id;
    const users = [
      await createUser(t.ctx, { role: 'influencer', name: 'A' }),
      await createUser(t.ctx, { role: 'journalist', name: 'B' }),
    ];
    const campaigns = [];
    for (let i = 0; i < 4; i++) campaigns.push(await insertCampaign(t.ctx, brand.brandId, [loc1, loc2]));
    const day = '2026-07-01';
    // One statement of several rows, then single rows.
    await t.ctx.db.insert(bookings).values(
      campaigns.flatMap((c, i) =>
        users.map((u, j) => ({
          campaignId: c.id,
          locationId: (i + j) % 2 ? loc1 : loc2,
          userId: u.id,
          brandId: brand.brandId,
          status: (['pending', 'accepted', 'finished', 'declined'] as const)[(i + j) % 4]!,
          bookingDate: day,
          bookingTime: '19:00',
          weekStart: day,
          visitAt: new Date(`${day}T23:00:00Z`),
          guests: 2,
        })),
      ),
    );
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update bookings set status = 'accepted' where status = 'pending'`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update bookings set status = 'cancelled', guests = 3 where status = 'accepted'`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update bookings set location_id = ${loc2} where location_id = ${loc1}`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update bookings set user_id = ${users[1]!.id} where status = 'declined'`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update bookings set review = 'nice'`); // no counted column: no change
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`delete from bookings where status = 'cancelled'`);
    await expectCountersEqualTruth();

    const before = await countersAndTruth();
    await t.ctx.db.execute(sql`select booking_counts_rebuild()`);
    expect(await countersAndTruth()).toEqual(before);
  });
});
