import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertCampaign } from '../../../test/campaign-fixtures';
import { createBrandOwner } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { campaigns, jobs } from '../../db/schema';
import { EXPIRE_CAMPAIGNS_JOB } from './campaigns.jobs';

describe('campaign expiry job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const statusOf = async (id: number) =>
    (await t.ctx.db.select({ s: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]!.s;

  it('marks approved campaigns past their last day (New York date) as expired, and only those', async () => {
    const brand = await createBrandOwner(t.ctx);
    const b = brand.brandId;
    const past = await insertCampaign(t.ctx, { brandId: b, status: 'approved', expiresOn: '2030-06-14' });
    const today = await insertCampaign(t.ctx, { brandId: b, status: 'approved', expiresOn: '2030-06-15' });
    const future = await insertCampaign(t.ctx, { brandId: b, status: 'approved', expiresOn: '2030-08-01' });
    const draft = await insertCampaign(t.ctx, { brandId: b, status: 'draft', expiresOn: '2030-06-01' });
    const review = await insertCampaign(t.ctx, { brandId: b, status: 'review', expiresOn: '2030-06-01' });

    // 01:00 UTC on the 16th is still the 15th in New York: nothing to expire but the past one.
    t.clock.freeze(new Date('2030-06-16T01:00:00Z'));
    await t.ctx.jobs.runDue();
    expect(await statusOf(past.id)).toBe('expired');
    expect(await statusOf(today.id)).toBe('approved');
    expect(await statusOf(future.id)).toBe('approved');
    expect(await statusOf(draft.id)).toBe('draft');
    expect(await statusOf(review.id)).toBe('review');
    const ran = await t.ctx.db.select().from(jobs).where(eq(jobs.name, EXPIRE_CAMPAIGNS_JOB));
    // One row carries the periodic job: it ran and is queued again for the next period.
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatchObject({ status: 'queued', lastError: null });
    expect(ran[0]!.finishedAt).not.toBeNull();

    // The next run after midnight in New York expires the one that ended on the 15th.
    t.clock.freeze(new Date('2030-06-16T04:10:00Z'));
    await t.ctx.jobs.runDue();
    expect(await statusOf(today.id)).toBe('expired');
    expect(await statusOf(future.id)).toBe('approved');
  });
});
