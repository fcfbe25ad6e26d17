import { MSG } from '@comped/shared/messages';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertCampaign } from '../../../test/campaign-fixtures';
import { createBrandOwner, createUser, type TestBrand, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { builtQueueMarks, QUEUE_MARKS } from '../../db/queue-marks';
import {
  campaigns,
  campaignStatusCounts,
  discoveryPageMarks,
  mediaApplications,
  mediaApplicationStatusCounts,
} from '../../db/schema';
import { DISCOVERY_MARKS } from './campaign-paging';

const NOW = new Date('2030-06-15T16:00:00Z');
const MARKS_EVERY = DISCOVERY_MARKS.every;
const QUEUE_EVERY = QUEUE_MARKS.every;

type Page = {
  data: { id: number }[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
};

/**
 * Keyset paging under the page numbers (docs/performance.md): a page asked with `page[cursor]`, the
 * last id of the page before, must be exactly the page asked by its number (same items, same
 * meta), on every list that takes a cursor, pinned or not, after campaigns come and go. The staff
 * queues' totals come from counter rows kept by triggers (migration 0012): they must stay exact.
 */
describe('keyset paging under page numbers', () => {
  let t: TestApp;
  let brand: TestBrand;
  let influencer: TestUser;
  let staff: TestUser;

  const get = async (user: TestUser, url: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: user.headers });
    return {
      status: res.statusCode,
      body: res.json() as Page & { message?: string; errors?: Record<string, string[]> },
    };
  };

  /**
   * Every page from 2 to the last, by number and by cursor (the cursor read from the answer of the
   * page before, as the web does): both answers must be equal. Returns the pages by number.
   */
  const sameByCursor = async (user: TestUser, base: string, pin = '') => {
    const first = await get(user, `${base}&page[size]=4${pin}`);
    expect(first.status).toBe(200);
    const pages = [first.body];
    for (let n = 2; n <= first.body.meta.last_page; n += 1) {
      const byNumber = await get(user, `${base}&page[size]=4&page[number]=${n}${pin}`);
      const cursor = pages[n - 2]!.data.at(-1)!.id;
      const byCursor = await get(user, `${base}&page[size]=4&page[number]=${n}${pin}&page[cursor]=${cursor}`);
      expect(byCursor.status).toBe(200);
      expect(byCursor.body).toEqual(byNumber.body);
      pages.push(byNumber.body);
    }
    expect(pages.at(-1)!.data.length).toBeGreaterThan(0);
    expect(pages.flatMap((p) => p.data).length).toBe(first.body.meta.total);
    return pages;
  };

  beforeAll(async () => {
    // Marks every 3 positions: with pages of 4, every page by number past the first seeks from one.
    DISCOVERY_MARKS.every = 3;
    t = await createTestApp();
    t.clock.freeze(NOW);
    brand = await createBrandOwner(t.ctx, { name: 'Keyset Bistro' });
    influencer = await createUser(t.ctx, { role: 'influencer', tier: 3 });
    staff = await createUser(t.ctx, { role: 'staff' });
    for (let i = 0; i < 14; i += 1) {
      await insertCampaign(t.ctx, { brandId: brand.brandId, name: `Visible ${i}`, tierRangeInfluencer: [3] });
      await insertCampaign(t.ctx, { brandId: brand.brandId, name: `Queued ${i}`, status: 'review' });
      if (i % 3 === 0)
        await insertCampaign(t.ctx, { brandId: brand.brandId, name: `Other tier ${i}`, tierRangeInfluencer: [1] });
    }
    await t.ctx.db.insert(mediaApplications).values(
      Array.from({ length: 23 }, (_, i) => ({
        name: `Applicant ${i}`,
        email: `applicant${i}@example.test`,
        type: 'influencer' as const,
        instagram: `@applicant${i}`,
        status: i % 2 === 0 ? ('pending' as const) : ('rejected' as const),
        // Ties on purpose: the reviewed order is (reviewed_at, id), both descending.
        reviewedAt: i % 2 === 0 ? null : new Date(NOW.getTime() - Math.floor(i / 4) * 60_000),
      })),
    );
  });
  afterAll(async () => {
    DISCOVERY_MARKS.every = MARKS_EVERY;
    await t.close();
  });

  it('discovery: every page by cursor equals the page by number, with and without the pin, as campaigns come and go', async () => {
    const base = `influencers/${influencer.id}/campaigns?x=1`;
    const pages = await sameByCursor(influencer, base);
    expect(pages[0]!.meta.total).toBe(14);
    const pin = `&page[before]=${pages[0]!.data[0]!.id}`;
    await sameByCursor(influencer, base, pin);
    // A newer campaign (above the pin) and a removed one in the middle of the list.
    await insertCampaign(t.ctx, { brandId: brand.brandId, name: 'Newer', tierRangeInfluencer: [3] });
    await t.ctx.db.update(campaigns).set({ deletedAt: NOW }).where(eq(campaigns.id, pages[1]!.data[1]!.id));
    const pinned = await sameByCursor(influencer, base, pin);
    expect(pinned[0]!.meta.total).toBe(13);
    const fresh = await sameByCursor(influencer, base);
    expect(fresh[0]!.meta.total).toBe(14);
  });

  it('discovery by number from page marks: every page equals the offset walk, as the list changes and days pass', async () => {
    const base = `influencers/${influencer.id}/campaigns?page[size]=4`;
    /** Every page by number, with marks every `every` positions (Infinity: the plain offset walk). */
    const walk = async (every: number) => {
      DISCOVERY_MARKS.every = every;
      const first = await get(influencer, base);
      const pages = [first.body];
      for (let n = 2; n <= first.body.meta.last_page; n += 1)
        pages.push((await get(influencer, `${base}&page[number]=${n}`)).body);
      DISCOVERY_MARKS.every = 3;
      return pages;
    };
    const expectMarksExact = async () => {
      const reference = await walk(Number.POSITIVE_INFINITY);
      expect(reference.flatMap((p) => p.data).length).toBe(reference[0]!.meta.total);
      for (const every of [3, 4, 5]) expect(await walk(every), `marks every ${every}`).toEqual(reference);
      return reference;
    };
    const before = await expectMarksExact();
    expect((await t.ctx.db.select().from(discoveryPageMarks)).length).toBeGreaterThan(0);
    const ids = before.flatMap((p) => p.data.map((c) => c.id));

    // Writes that change the list: a campaign approved, one deleted, one aimed at another tier, one
    // whose last day comes; each bumps the audience's version, so no stale mark is read.
    const newer = await insertCampaign(t.ctx, {
      brandId: brand.brandId,
      name: 'Approved later',
      status: 'review',
      tierRangeInfluencer: [3],
    });
    await t.ctx.db.update(campaigns).set({ status: 'approved' }).where(eq(campaigns.id, newer.id));
    await t.ctx.db.update(campaigns).set({ deletedAt: NOW }).where(eq(campaigns.id, ids[6]!));
    await t.ctx.db
      .update(campaigns)
      .set({ tierRangeInfluencer: [1] })
      .where(eq(campaigns.id, ids[2]!));
    await t.ctx.db.update(campaigns).set({ expiresOn: '2030-06-16' }).where(eq(campaigns.id, ids[9]!));
    const changed = await expectMarksExact();
    const changedIds = changed.flatMap((p) => p.data.map((c) => c.id));
    expect(changedIds).toContain(newer.id);
    expect(changedIds).not.toContain(ids[6]);
    expect(changedIds).not.toContain(ids[2]);
    expect(changedIds).toContain(ids[9]);

    // Two days later that campaign is past its last day: marks of another day are not read.
    t.clock.freeze(new Date(NOW.getTime() + 2 * 86_400_000));
    try {
      const later = await expectMarksExact();
      expect(later.flatMap((p) => p.data.map((c) => c.id))).not.toContain(ids[9]);
      expect(later[0]!.meta.total).toBe(changed[0]!.meta.total - 1);
    } finally {
      t.clock.freeze(NOW);
    }
    // Leave the list as the other tests expect it.
    await t.ctx.db.update(campaigns).set({ deletedAt: NOW }).where(eq(campaigns.id, newer.id));
    await t.ctx.db.update(campaigns).set({ deletedAt: null }).where(eq(campaigns.id, ids[6]!));
    await t.ctx.db
      .update(campaigns)
      .set({ tierRangeInfluencer: [3] })
      .where(eq(campaigns.id, ids[2]!));
    await t.ctx.db.update(campaigns).set({ expiresOn: null }).where(eq(campaigns.id, ids[9]!));
  });

  it("a brand's campaign tab: by cursor equals by number, pinned with page[before]", async () => {
    const base = `brands/${brand.brandId}/campaigns?filter[status]=approved`;
    const pages = await sameByCursor(brand, base);
    await sameByCursor(brand, base, `&page[before]=${pages[0]!.data[0]!.id}`);
  });

  it('the staff review queue: by cursor equals by number, oldest first, pinned with page[after]', async () => {
    const base = 'admin/campaigns?filter[status]=review';
    const pages = await sameByCursor(staff, base);
    expect(pages[0]!.meta.total).toBe(14);
    const ids = pages.flatMap((p) => p.data.map((c) => c.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const pin = `&page[after]=${ids[0]}`;
    await sameByCursor(staff, base, pin);
    // Staff approve the first in the queue (it leaves it) and a brand submits a new one.
    await t.ctx.db.update(campaigns).set({ status: 'approved' }).where(eq(campaigns.id, ids[0]!));
    await t.ctx.db.update(campaigns).set({ deletedAt: NOW }).where(eq(campaigns.id, ids[5]!));
    await insertCampaign(t.ctx, { brandId: brand.brandId, name: 'Submitted late', status: 'review' });
    const pinned = await sameByCursor(staff, base, pin);
    expect(pinned[0]!.meta.total).toBe(13);
    expect((await sameByCursor(staff, base))[0]!.meta.total).toBe(13);
    // A pin above campaigns still queued: they are left out of the pages and of the total.
    const later = await sameByCursor(staff, base, `&page[after]=${ids[3]}`);
    expect(later[0]!.meta.total).toBe(13 - 2);
  });

  it('the staff applications queue: by cursor equals by number, pending and reviewed', async () => {
    const pending = await sameByCursor(staff, 'admin/applications?filter[status]=pending');
    expect(pending[0]!.meta.total).toBe(12);
    const rejected = await sameByCursor(staff, 'admin/applications?filter[status]=rejected');
    expect(rejected[0]!.meta.total).toBe(11);
  });

  it('the staff queues by number from page marks: every page equals the offset walk, as the queues change', async () => {
    const queues = [
      { base: 'admin/campaigns?filter[status]=review&page[size]=4', key: 'status_queue:review' },
      { base: 'admin/applications?filter[status]=pending&page[size]=4', key: 'applications_pending_queue' },
    ];
    /** Every page by number and one past the last, with marks every `every` (Infinity: the offset walk). */
    const walk = async (base: string, every: number) => {
      QUEUE_MARKS.every = every;
      try {
        const first = await get(staff, base);
        const pages = [first.body];
        for (let n = 2; n <= first.body.meta.last_page + 1; n += 1)
          pages.push((await get(staff, `${base}&page[number]=${n}`)).body);
        return pages;
      } finally {
        QUEUE_MARKS.every = QUEUE_EVERY;
      }
    };
    const expectMarksExact = async () => {
      const versions: (string | null | undefined)[] = [];
      for (const q of queues) {
        const reference = await walk(q.base, Number.POSITIVE_INFINITY);
        expect(reference.slice(0, -1).flatMap((p) => p.data).length).toBe(reference[0]!.meta.total);
        expect(reference.at(-1)!.data).toEqual([]);
        // 4 first and last: after a change, the first walk reads the marks built before it.
        for (const every of [4, 3, 5, 4])
          expect(await walk(q.base, every), `${q.key} every ${every}`).toEqual(reference);
        const marks = await builtQueueMarks(t.ctx.db, q.key);
        expect(marks?.ids.length).toBe(Math.floor(reference[0]!.meta.total / 4));
        versions.push(marks?.version);
      }
      return versions;
    };
    const before = await expectMarksExact();

    // Staff approve the first campaign in the queue, a queued one is deleted, a brand submits one;
    // an application is approved and two arrive. Each rewrites its queue's counter row.
    const queued = (await walk(queues[0]!.base, Number.POSITIVE_INFINITY)).flatMap((p) => p.data.map((c) => c.id));
    await t.ctx.db.update(campaigns).set({ status: 'approved' }).where(eq(campaigns.id, queued[0]!));
    await t.ctx.db.update(campaigns).set({ deletedAt: NOW }).where(eq(campaigns.id, queued[6]!));
    const late = await insertCampaign(t.ctx, { brandId: brand.brandId, name: 'Submitted later', status: 'review' });
    const pending = (await walk(queues[1]!.base, Number.POSITIVE_INFINITY)).flatMap((p) => p.data.map((a) => a.id));
    await t.ctx.db.update(mediaApplications).set({ status: 'approved' }).where(eq(mediaApplications.id, pending[5]!));
    const arrived = await t.ctx.db
      .insert(mediaApplications)
      .values(
        [1, 2].map((i) => ({
          name: `Late applicant ${i}`,
          email: `late${i}@example.test`,
          type: 'journalist' as const,
          instagram: `@late${i}`,
          status: 'pending' as const,
        })),
      )
      .returning({ id: mediaApplications.id });
    try {
      const after = await expectMarksExact();
      expect(after[0]).not.toBe(before[0]);
      expect(after[1]).not.toBe(before[1]);
    } finally {
      // Leave the queues as the other tests expect them, whatever this one found.
      await t.ctx.db.update(campaigns).set({ status: 'review' }).where(eq(campaigns.id, queued[0]!));
      await t.ctx.db.update(campaigns).set({ deletedAt: null }).where(eq(campaigns.id, queued[6]!));
      await t.ctx.db.delete(campaigns).where(eq(campaigns.id, late.id));
      await t.ctx.db.update(mediaApplications).set({ status: 'pending' }).where(eq(mediaApplications.id, pending[5]!));
      for (const a of arrived) await t.ctx.db.delete(mediaApplications).where(eq(mediaApplications.id, a.id));
    }
  });

  it('answers a bad cursor with 422 and a message naming it, never a 5xx', async () => {
    for (const [url, message] of [
      [`influencers/${influencer.id}/campaigns?page[number]=2&page[cursor]=abc`, MSG.pageCursor],
      [`influencers/${influencer.id}/campaigns?page[number]=2&page[cursor]=0`, MSG.pageCursor],
      [`influencers/${influencer.id}/campaigns?page[number]=2&page[cursor]=1.5`, MSG.pageCursor],
      [`influencers/${influencer.id}/campaigns?page[number]=2&page[cursor]=99999999999`, MSG.pageCursor],
      [`influencers/${influencer.id}/campaigns?page[cursor]=3`, MSG.pageCursorFirstPage],
      ['admin/campaigns?page[number]=1&page[cursor]=3', MSG.pageCursorFirstPage],
      ['admin/campaigns?page[number]=2&page[cursor]=', MSG.pageCursor],
      ['admin/applications?page[number]=2&page[cursor]=-4', MSG.pageCursor],
      // A reviewed list seeks from its cursor's decision time: the cursor must be in the list.
      ['admin/applications?filter[status]=rejected&page[number]=2&page[cursor]=1', MSG.pageCursor],
      ['admin/applications?filter[status]=approved&page[number]=2&page[cursor]=2', MSG.pageCursor],
    ] as const) {
      const user = url.startsWith('admin') ? staff : influencer;
      const res = await get(user, url);
      expect(res.status, url).toBe(422);
      expect(res.body.message, url).toBe(message);
      expect(res.body.errors?.['page[cursor]'], url).toEqual([message]);
    }
  });

  it('keeps the queue counters equal to the rows through inserts, status changes, deletion and hard deletes', async () => {
    const extra = await insertCampaign(t.ctx, { brandId: brand.brandId, name: 'Draft', status: 'draft' });
    await t.ctx.db.update(campaigns).set({ status: 'review' }).where(eq(campaigns.id, extra.id));
    // Sent back and submitted again (the trigger takes the two counter rows in status order).
    await t.ctx.db.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.id, extra.id));
    await t.ctx.db.update(campaigns).set({ status: 'review' }).where(eq(campaigns.id, extra.id));
    await t.ctx.db.update(campaigns).set({ name: 'Renamed' }).where(eq(campaigns.id, extra.id));
    await t.ctx.db.update(campaigns).set({ deletedAt: NOW }).where(eq(campaigns.id, extra.id));
    await t.ctx.db.update(campaigns).set({ deletedAt: null, status: 'approved' }).where(eq(campaigns.id, extra.id));
    await t.ctx.db.delete(campaigns).where(eq(campaigns.id, extra.id));
    const [application] = await t.ctx.db
      .select()
      .from(mediaApplications)
      .where(eq(mediaApplications.status, 'pending'));
    await t.ctx.db
      .update(mediaApplications)
      .set({ status: 'approved' })
      .where(eq(mediaApplications.id, application!.id));
    await t.ctx.db.delete(mediaApplications).where(eq(mediaApplications.status, 'rejected'));

    const counters = (rows: { status: string; n: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [r.status, r.n]));
    const campaignTruth = await t.ctx.db
      .select({ status: campaigns.status, n: sql<number>`count(*)::int` })
      .from(campaigns)
      .where(sql`${campaigns.deletedAt} is null`)
      .groupBy(campaigns.status);
    expect(
      counters(await t.ctx.db.select().from(campaignStatusCounts).orderBy(asc(campaignStatusCounts.status))),
    ).toEqual(counters(campaignTruth));
    const applicationTruth = await t.ctx.db
      .select({ status: mediaApplications.status, n: sql<number>`count(*)::int` })
      .from(mediaApplications)
      .groupBy(mediaApplications.status);
    expect(counters(await t.ctx.db.select().from(mediaApplicationStatusCounts))).toEqual(counters(applicationTruth));
    expect((await get(staff, 'admin/applications?filter[status]=approved')).body.meta.total).toBe(1);
  });
});
