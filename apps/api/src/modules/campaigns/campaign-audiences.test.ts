import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertCampaign } from '../../../test/campaign-fixtures';
import { createBrandOwner, type TestBrand } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { campaignAudienceCounts, campaignAudiences, campaigns } from '../../db/schema';

/**
 * campaign_audiences and campaign_audience_counts are kept by triggers (migration 0006): whatever
 * happens to a campaign, they must equal what the visibility rule says, and the counters must
 * equal the rows they count. Discovery's pages and exact totals depend on it.
 */
describe('campaign audiences (the visibility rule as an index)', () => {
  let t: TestApp;
  let brand: TestBrand;

  beforeAll(async () => {
    t = await createTestApp();
    brand = await createBrandOwner(t.ctx, { name: 'Audience Bistro' });
  });
  afterAll(async () => {
    await t.close();
  });

  const rowsOf = async (id: number) =>
    (
      await t.ctx.db
        .select()
        .from(campaignAudiences)
        .where(eq(campaignAudiences.campaignId, id))
        .orderBy(asc(campaignAudiences.mediaType), asc(campaignAudiences.tier))
    ).map((r) => `${r.mediaType}:${r.tier}:${r.expiresOn}`);

  /** The counters, and a count of the rows themselves, by audience and day (non-zero only). */
  const countersAndTruth = async () => {
    const counters = await t.ctx.db
      .select()
      .from(campaignAudienceCounts)
      .where(sql`${campaignAudienceCounts.n} <> 0`)
      .orderBy(
        asc(campaignAudienceCounts.mediaType),
        asc(campaignAudienceCounts.tier),
        asc(campaignAudienceCounts.expiresOn),
      );
    const truth = await t.ctx.db
      .select({
        mediaType: campaignAudiences.mediaType,
        tier: campaignAudiences.tier,
        expiresOn: campaignAudiences.expiresOn,
        n: sql<number>`count(*)::int`,
      })
      .from(campaignAudiences)
      .groupBy(campaignAudiences.mediaType, campaignAudiences.tier, campaignAudiences.expiresOn)
      .orderBy(asc(campaignAudiences.mediaType), asc(campaignAudiences.tier), asc(campaignAudiences.expiresOn));
    return { counters, truth };
  };

  it('follows a campaign through approval, edits, expiry and deletion', async () => {
    const c = await insertCampaign(t.ctx, {
      brandId: brand.brandId,
      status: 'draft',
      target: ['influencer', 'journalist'],
      tierRangeInfluencer: [1, 2],
      tierRangeJournalist: [3],
      expiresOn: '2030-07-01',
    });
    expect(await rowsOf(c.id)).toEqual([]);

    await t.ctx.db.update(campaigns).set({ status: 'approved' }).where(eq(campaigns.id, c.id));
    expect(await rowsOf(c.id)).toEqual([
      'influencer:1:2030-07-01',
      'influencer:2:2030-07-01',
      'journalist:3:2030-07-01',
    ]);

    // Aimed at influencers only, tiers 2 and 4 (a repeated tier counts once), no last day.
    await t.ctx.db
      .update(campaigns)
      .set({ target: ['influencer'], tierRangeInfluencer: [2, 4, 4], expiresOn: null })
      .where(eq(campaigns.id, c.id));
    expect(await rowsOf(c.id)).toEqual(['influencer:2:infinity', 'influencer:4:infinity']);

    // An unrelated change leaves the rows alone.
    await t.ctx.db.update(campaigns).set({ name: 'Renamed' }).where(eq(campaigns.id, c.id));
    expect(await rowsOf(c.id)).toEqual(['influencer:2:infinity', 'influencer:4:infinity']);

    await t.ctx.db.update(campaigns).set({ status: 'expired' }).where(eq(campaigns.id, c.id));
    expect(await rowsOf(c.id)).toEqual([]);

    await t.ctx.db.update(campaigns).set({ status: 'approved' }).where(eq(campaigns.id, c.id));
    await t.ctx.db.update(campaigns).set({ deletedAt: new Date() }).where(eq(campaigns.id, c.id));
    expect(await rowsOf(c.id)).toEqual([]);

    const approved = await insertCampaign(t.ctx, {
      brandId: brand.brandId,
      status: 'approved',
      expiresOn: '2030-08-01',
    });
    expect(await rowsOf(approved.id)).toEqual(['influencer:1:2030-08-01', 'influencer:2:2030-08-01']);
    await t.ctx.db.delete(campaigns).where(eq(campaigns.id, approved.id));
    expect(await rowsOf(approved.id)).toEqual([]);
  });

  it('keeps the counters equal to the rows, and the rebuild gives the same tables', async () => {
    for (let i = 0; i < 6; i += 1) {
      await insertCampaign(t.ctx, {
        brandId: brand.brandId,
        status: i % 3 === 0 ? 'review' : 'approved',
        target: i % 2 ? ['journalist'] : ['influencer', 'journalist'],
        tierRangeJournalist: [1 + (i % 4)],
        expiresOn: i % 2 ? '2030-09-01' : null,
      });
    }
    const before = await countersAndTruth();
    expect(before.counters.map(({ mediaType, tier, expiresOn, n }) => ({ mediaType, tier, expiresOn, n }))).toEqual(
      before.truth,
    );
    expect(before.truth.length).toBeGreaterThan(2);

    await t.ctx.db.execute(sql`select campaign_audiences_rebuild()`);
    const after = await countersAndTruth();
    expect(after.truth).toEqual(before.truth);
    expect(after.counters.map(({ mediaType, tier, expiresOn, n }) => ({ mediaType, tier, expiresOn, n }))).toEqual(
      before.truth,
    );
  });
});
