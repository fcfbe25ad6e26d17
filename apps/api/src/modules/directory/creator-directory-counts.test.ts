import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBrandOwner, createUser } from '../../../test/factories';
import { jsonRows } from '../../../test/json-rows';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The kept totals (empty groups left out), and the same figures counted from the users. */
const KEPT = `select role, tier, listed from creator_directory_counts where listed <> 0 order by 1, 2`;
const COUNTED = `select role, tier, count(*)::int as listed from users
  where role in ('influencer', 'journalist') and tier is not null and directory_listed
  group by 1, 2 order by 1, 2`;

async function expectCountersEqualTruth() {
  expect(await jsonRows(t.ctx, KEPT)).toEqual(await jsonRows(t.ctx, COUNTED));
}

describe('the creator directory totals kept on write (creator_directory_counts)', () => {
  it('follow sign-ups, approval, tier changes, unlisting, a role change, a deletion, and the rebuild', async () => {
    const ann = await createUser(t.ctx, { role: 'influencer', tier: 1 });
    const bea = await createUser(t.ctx, { role: 'influencer', tier: 2 });
    const joe = await createUser(t.ctx, { role: 'journalist', tier: 3 });
    await createUser(t.ctx, { role: 'brands' });
    await createUser(t.ctx, { role: 'staff' });
    await expectCountersEqualTruth();
    // An applicant without a tier yet, then approved with one.
    const [applicant] = await t.ctx.db
      .insert(users)
      .values({ name: 'Applicant', email: 'applicant@counts.test', role: 'journalist', tier: null })
      .returning();
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update users set tier = 2 where id = ${applicant!.id}`);
    await expectCountersEqualTruth();
    // A tier changed by staff, a user who unlists and lists again, a role changed.
    await t.ctx.db.execute(sql`update users set tier = 4 where id = ${ann.id}`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update users set directory_listed = false where id = ${bea.id}`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update users set tier = 1 where id = ${bea.id}`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update users set directory_listed = true where id = ${bea.id}`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update users set role = 'influencer' where id = ${joe.id}`);
    await expectCountersEqualTruth();
    // Columns the totals do not read; several rows in one statement; a deletion.
    await t.ctx.db.execute(sql`update users set name = name || ' Edited', reliability_visits = 3`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update users set directory_listed = not directory_listed where tier is not null`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`update users set directory_listed = true`);
    await expectCountersEqualTruth();
    await t.ctx.db.execute(sql`delete from users where id = ${ann.id}`);
    await expectCountersEqualTruth();

    const before = await jsonRows(t.ctx, KEPT);
    await t.ctx.db.execute(sql`select creator_directory_counts_rebuild()`);
    expect(await jsonRows(t.ctx, KEPT)).toEqual(before);
    await expectCountersEqualTruth();
  });

  it("are the directory's total, by type and tier, and move when a creator unlists", async () => {
    const brand = await createBrandOwner(t.ctx);
    const total = async (query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/brands/${brand.brandId}/creators?page[size]=1${query}`,
        headers: brand.headers,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { meta: { total: number } }).meta.total;
    };
    const truth = async (where: string) =>
      Number(
        rowsOf<{ n: number }>(
          await t.ctx.db.execute(
            sql.raw(`select count(*)::int as n from users
              where role in ('influencer', 'journalist') and tier is not null and directory_listed ${where}`),
          ),
        )[0]!.n,
      );
    const cat = await createUser(t.ctx, { role: 'influencer', tier: 3 });
    expect(await total()).toBe(await truth(''));
    expect(await total('&filter[type]=journalist')).toBe(await truth(`and role = 'journalist'`));
    expect(await total('&filter[tier]=3')).toBe(await truth('and tier = 3'));
    expect(await total('&filter[type]=journalist&filter[tier]=3')).toBe(
      await truth(`and role = 'journalist' and tier = 3`),
    );
    const before = await total();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${cat.id}`,
      headers: cat.headers,
      payload: { name: 'Cat Counted', directory_listed: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await total()).toBe(before - 1);
    expect(await total('&filter[type]=influencer&filter[tier]=3')).toBe(
      await truth(`and role = 'influencer' and tier = 3`),
    );
  });
});
