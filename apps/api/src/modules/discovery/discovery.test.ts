import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertCampaign, insertLocation } from '../../../test/campaign-fixtures';
import { createBrandOwner, createUser, type TestBrand, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { bookings, mailOutbox } from '../../db/schema';
import { CONTACT_LIMIT } from './contact-brand';

// Noon in New York on 2030-06-15 (TZ_DEFAULT): "today" for every rule below.
const NOW = new Date('2030-06-15T16:00:00Z');
const TODAY = '2030-06-15';
const YESTERDAY = '2030-06-14';

type Paged = {
  data: CampaignResource[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
};

describe('discovery: campaigns for brands and media users', () => {
  let t: TestApp;
  let brand: TestBrand;
  let otherBrand: TestBrand;
  let influencer: TestUser; // tier 2
  let journalist: TestUser; // tier 3
  let staff: TestUser;

  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: user ? user.headers : {} });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.freeze(NOW);
    brand = await createBrandOwner(t.ctx, { name: 'Matrix Bistro' });
    otherBrand = await createBrandOwner(t.ctx, { name: 'Other Bistro' });
    influencer = await createUser(t.ctx, { role: 'influencer', tier: 2 });
    journalist = await createUser(t.ctx, { role: 'journalist', tier: 3, name: 'Jo Reporter' });
    staff = await createUser(t.ctx, { role: 'staff' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('visibility matrix (type x tier x status x expiry)', () => {
    type Viewer = 'influencer' | 'journalist';
    const viewers: Viewer[] = ['influencer', 'journalist'];
    const statuses = ['draft', 'review', 'approved', 'expired'] as const;
    const cases = viewers.flatMap((viewer) =>
      statuses.flatMap((status) =>
        [true, false].flatMap((aimed) =>
          [true, false].flatMap((tierIn) =>
            [YESTERDAY, TODAY].map((expiresOn) => ({
              viewer,
              status,
              aimed,
              tierIn,
              expiresOn,
              visible: status === 'approved' && aimed && tierIn && expiresOn === TODAY,
              id: 0,
            })),
          ),
        ),
      ),
    );
    let matrixBrand: TestBrand;

    beforeAll(async () => {
      matrixBrand = await createBrandOwner(t.ctx, { name: 'Matrix' });
      for (const c of cases) {
        const other: Viewer = c.viewer === 'influencer' ? 'journalist' : 'influencer';
        const viewerTier = c.viewer === 'influencer' ? 2 : 3;
        // The viewer's tier list holds their tier or not; the other type's list always holds the
        // viewer's tier (a trap) but never the other viewer's, so the two viewers never overlap.
        const ownTiers = c.tierIn ? [viewerTier] : [1];
        const row = await insertCampaign(t.ctx, {
          brandId: matrixBrand.brandId,
          name: `${c.viewer} ${c.status} ${c.aimed} ${c.tierIn} ${c.expiresOn}`.slice(0, 50),
          status: c.status,
          expiresOn: c.expiresOn,
          target: c.aimed ? [c.viewer] : [other],
          tierRangeInfluencer: c.viewer === 'influencer' ? ownTiers : [viewerTier],
          tierRangeJournalist: c.viewer === 'journalist' ? ownTiers : [viewerTier],
        });
        c.id = row.id;
      }
    });

    it('has at least 24 cases', () => {
      expect(cases.length).toBeGreaterThanOrEqual(24);
    });

    it.each(viewers)('lists exactly the visible campaigns for the %s', async (viewer) => {
      const user = viewer === 'influencer' ? influencer : journalist;
      const res = await get(user, `influencers/${user.id}/campaigns?page[size]=50`);
      expect(res.statusCode).toBe(200);
      const ids = (res.json() as Paged).data.map((c) => c.id).sort((a, b) => a - b);
      const expected = cases
        .filter((c) => c.visible && c.viewer === viewer)
        .map((c) => c.id)
        .sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids).toEqual(expected);
    });

    it.each(
      cases.map(
        (c) => [`${c.viewer} ${c.status} aimed=${c.aimed} tierIn=${c.tierIn} expires=${c.expiresOn}`, c] as const,
      ),
    )('%s', async (_name, c) => {
      const user = c.viewer === 'influencer' ? influencer : journalist;
      const res = await get(user, `influencers/${user.id}/campaigns/${c.id}`);
      expect(res.statusCode).toBe(c.visible ? 200 : 404);
      if (c.visible) expect(res.json().data).toMatchObject({ id: c.id, status: 'approved' });
    });
  });

  describe('media list and details: who may ask', () => {
    it('answers 401 without a token', async () => {
      expect((await get(null, `influencers/${influencer.id}/campaigns`)).statusCode).toBe(401);
    });
    it("answers 403 for another user's id", async () => {
      expect((await get(influencer, `influencers/${journalist.id}/campaigns`)).statusCode).toBe(403);
      expect((await get(influencer, `influencers/${journalist.id}/campaigns/1`)).statusCode).toBe(403);
    });
    it('answers 403 to brands and staff', async () => {
      expect((await get(brand, `influencers/${brand.id}/campaigns`)).statusCode).toBe(403);
      expect((await get(staff, `influencers/${staff.id}/campaigns`)).statusCode).toBe(403);
    });
    it('answers 404 for a campaign that does not exist', async () => {
      expect((await get(influencer, `influencers/${influencer.id}/campaigns/999999`)).statusCode).toBe(404);
    });
    it('gives the details a media user needs', async () => {
      const loc = await insertLocation(t.ctx, brand.brandId);
      const c = await insertCampaign(
        t.ctx,
        { brandId: brand.brandId, name: 'Details', tierRangeInfluencer: [2], expiresOn: '2030-12-31' },
        loc.id,
      );
      const res = await get(influencer, `influencers/${influencer.id}/campaigns/${c.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: c.id,
        name: 'Details',
        brand: { id: brand.brandId, name: 'Matrix Bistro' },
        locations: [{ id: loc.id, name: 'Main room' }],
        type: { booking: { compensation: 50, information_only: false } },
        influencer_instructions: { posts_required: 1, stories_required: 2, hashtags: ['spring'] },
      });
    });
  });

  describe("a media user's own booking of the campaign", () => {
    it('is on the details while it is live, and on no list', async () => {
      const loc = await insertLocation(t.ctx, brand.brandId);
      const c = await insertCampaign(
        t.ctx,
        { brandId: brand.brandId, name: 'Booked once', tierRangeInfluencer: [2], expiresOn: '2030-12-31' },
        loc.id,
      );
      const details = async () => (await get(influencer, `influencers/${influencer.id}/campaigns/${c.id}`)).json().data;
      expect((await details()).my_booking).toBeNull();
      const booking = {
        campaignId: c.id,
        locationId: loc.id,
        userId: influencer.id,
        brandId: brand.brandId,
        bookingDate: '2030-06-20',
        bookingTime: '19:30',
        weekStart: '2030-06-17',
        visitAt: new Date('2030-06-20T23:30:00Z'),
        guests: 1,
      };
      await t.ctx.db.insert(bookings).values({ ...booking, status: 'cancelled' });
      expect((await details()).my_booking).toBeNull();
      const [live] = await t.ctx.db
        .insert(bookings)
        .values({ ...booking, status: 'accepted' })
        .returning({ id: bookings.id });
      expect((await details()).my_booking).toEqual({
        id: live!.id,
        status: 'accepted',
        booking_date: '2030-06-20',
        booking_time: '19:30',
      });
      // Another user's details of the same campaign say nothing of it.
      const other = await createUser(t.ctx, { role: 'influencer', tier: 2 });
      expect((await get(other, `influencers/${other.id}/campaigns/${c.id}`)).json().data.my_booking).toBeNull();
      const listed = (await get(influencer, `influencers/${influencer.id}/campaigns?page[size]=50`)).json() as Paged;
      expect(listed.data.find((x) => x.id === c.id)).not.toHaveProperty('my_booking');
    });
  });

  describe('paging', () => {
    let pager: TestUser;
    let pagingBrand: TestBrand;
    let created: number[];

    beforeAll(async () => {
      // Influencer tier 4 with a tier list only these campaigns hold.
      pager = await createUser(t.ctx, { role: 'influencer', tier: 4 });
      pagingBrand = await createBrandOwner(t.ctx, { name: 'Pager' });
      created = [];
      for (let i = 0; i < 25; i += 1) {
        const row = await insertCampaign(t.ctx, {
          brandId: pagingBrand.brandId,
          name: `Paged ${i}`,
          tierRangeInfluencer: [4],
          target: ['influencer'],
        });
        created.push(row.id);
      }
    });

    it('pages 25 visible campaigns as 3 pages of 10, 10, 5, newest first, no duplicates or gaps, with a campaign added between reads', async () => {
      const first = (
        await get(pager, `influencers/${pager.id}/campaigns?page[number]=1&page[size]=10`)
      ).json() as Paged;
      expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 10, total: 25 });
      const before = first.data[0]!.id;
      // A new campaign arrives while the user scrolls.
      const late = await insertCampaign(t.ctx, {
        brandId: pagingBrand.brandId,
        name: 'Late',
        tierRangeInfluencer: [4],
      });
      const second = (
        await get(pager, `influencers/${pager.id}/campaigns?page[number]=2&page[size]=10&page[before]=${before}`)
      ).json() as Paged;
      const third = (
        await get(pager, `influencers/${pager.id}/campaigns?page[number]=3&page[size]=10&page[before]=${before}`)
      ).json() as Paged;
      expect(second.meta).toEqual({ current_page: 2, last_page: 3, per_page: 10, total: 25 });
      expect(third.data).toHaveLength(5);
      const all = [...first.data, ...second.data, ...third.data].map((c) => c.id);
      expect(all).toEqual([...created].sort((a, b) => b - a));
      expect(new Set(all).size).toBe(25);
      // Starting over shows the new campaign on top.
      const again = (await get(pager, `influencers/${pager.id}/campaigns`)).json() as Paged;
      expect(again.data[0]!.id).toBe(late.id);
      expect(again.meta.total).toBe(26);
    });

    it('defaults to 10 per page and refuses more than 50', async () => {
      const res = (await get(pager, `influencers/${pager.id}/campaigns`)).json() as Paged;
      expect(res.meta.per_page).toBe(10);
      expect((await get(pager, `influencers/${pager.id}/campaigns?page[size]=51`)).statusCode).toBe(422);
    });

    it('answers an empty page past the end', async () => {
      const res = (await get(pager, `influencers/${pager.id}/campaigns?page[number]=9`)).json() as Paged;
      expect(res.data).toEqual([]);
      expect(res.meta.last_page).toBe(3);
    });
  });

  describe('expiry at the boundary day', () => {
    it('offers a campaign through its expires_on (New York time) and not the day after', async () => {
      const viewer = await createUser(t.ctx, { role: 'journalist', tier: 1 });
      const c = await insertCampaign(t.ctx, {
        brandId: brand.brandId,
        name: 'Boundary',
        target: ['journalist'],
        tierRangeJournalist: [1],
        expiresOn: '2030-06-20',
      });
      const ids = async () =>
        ((await get(viewer, `influencers/${viewer.id}/campaigns?page[size]=50`)).json() as Paged).data.map((x) => x.id);
      try {
        // 23:59 in New York on the last day (already the 21st in UTC): still offered.
        t.clock.freeze(new Date('2030-06-21T03:59:00Z'));
        expect(await ids()).toContain(c.id);
        expect((await get(viewer, `influencers/${viewer.id}/campaigns/${c.id}`)).statusCode).toBe(200);
        // Midnight in New York: gone, even before the job has run.
        t.clock.freeze(new Date('2030-06-21T04:00:00Z'));
        expect(await ids()).not.toContain(c.id);
        expect((await get(viewer, `influencers/${viewer.id}/campaigns/${c.id}`)).statusCode).toBe(404);
      } finally {
        t.clock.freeze(NOW);
      }
    });
  });

  describe('brand tabs', () => {
    let tabsBrand: TestBrand;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      tabsBrand = await createBrandOwner(t.ctx, { name: 'Tabs' });
      const b = tabsBrand.brandId;
      ids.draft = (await insertCampaign(t.ctx, { brandId: b, status: 'draft', reviewReason: 'Add photos' })).id;
      ids.review = (await insertCampaign(t.ctx, { brandId: b, status: 'review' })).id;
      ids.approved = (await insertCampaign(t.ctx, { brandId: b, status: 'approved', expiresOn: TODAY })).id;
      ids.pastApproved = (await insertCampaign(t.ctx, { brandId: b, status: 'approved', expiresOn: YESTERDAY })).id;
      ids.expired = (await insertCampaign(t.ctx, { brandId: b, status: 'expired', expiresOn: '2030-01-01' })).id;
      ids.deleted = (await insertCampaign(t.ctx, { brandId: b, status: 'draft', deletedAt: NOW })).id;
      await insertCampaign(t.ctx, { brandId: otherBrand.brandId, status: 'approved' });
    });

    const tab = async (filter: string) => {
      const res = await get(tabsBrand, `brands/${tabsBrand.brandId}/campaigns?filter[status]=${filter}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as Paged).data;
    };

    it('approved tab: approved campaigns still running', async () => {
      expect((await tab('approved')).map((c) => c.id)).toEqual([ids.approved]);
    });
    it('review and draft tab: newest first, with the staff reason on the draft', async () => {
      const data = await tab('review,draft');
      expect(data.map((c) => [c.id, c.status])).toEqual([
        [ids.review, 'review'],
        [ids.draft, 'draft'],
      ]);
      expect(data[1]!.review_reason).toBe('Add photos');
    });
    it('expired tab: expired ones and approved ones past their day, shown as expired', async () => {
      const data = await tab('expired');
      expect(data.map((c) => [c.id, c.status])).toEqual([
        [ids.expired, 'expired'],
        [ids.pastApproved, 'expired'],
      ]);
    });
    it('a tab asked again the next day reads that day (the day is a value of the statement, not part of it)', async () => {
      expect((await tab('approved')).map((c) => c.id)).toEqual([ids.approved]);
      t.clock.freeze(new Date(NOW.getTime() + 24 * 3600_000));
      try {
        expect(await tab('approved')).toEqual([]);
        // Newest first: the stored expired one, then the two approved ones past their day.
        expect((await tab('expired')).map((c) => c.id)).toEqual([ids.expired, ids.pastApproved, ids.approved]);
      } finally {
        t.clock.freeze(NOW);
      }
    });
    it('refuses an unknown status', async () => {
      const res = await get(tabsBrand, `brands/${tabsBrand.brandId}/campaigns?filter[status]=live`);
      expect(res.statusCode).toBe(422);
    });
    it("answers 403 for another brand's id, media users and staff; 401 without a token", async () => {
      expect((await get(tabsBrand, `brands/${otherBrand.brandId}/campaigns?filter[status]=approved`)).statusCode).toBe(
        403,
      );
      expect((await get(tabsBrand, `brands/999999/campaigns`)).statusCode).toBe(403);
      expect((await get(influencer, `brands/${tabsBrand.brandId}/campaigns`)).statusCode).toBe(403);
      expect((await get(staff, `brands/${tabsBrand.brandId}/campaigns`)).statusCode).toBe(403);
      expect((await get(null, `brands/${tabsBrand.brandId}/campaigns`)).statusCode).toBe(401);
    });
  });

  it('describes its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/brands/{id}/campaigns',
        '/api/v1/influencers/{id}/campaigns',
        '/api/v1/influencers/{id}/campaigns/{campaignId}',
        '/api/v1/influencers/{id}/contactbrand',
        '/api/v1/admin/campaigns',
        '/api/v1/admin/campaigns/{id}/approve',
        '/api/v1/admin/campaigns/{id}/reject',
      ]),
    );
  });

  describe('contact brand', () => {
    const post = (user: TestUser | null, id: number, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/influencers/${id}/contactbrand`,
        headers: user ? user.headers : {},
        payload: payload as Record<string, unknown>,
      });

    let contactable: TestBrand;
    beforeAll(async () => {
      // A brand with an approved campaign aimed at journalists of tier 3: the journalist can see it.
      contactable = await createBrandOwner(t.ctx, { name: 'Contactable Bistro' });
      await insertCampaign(t.ctx, {
        brandId: contactable.brandId,
        target: ['journalist'],
        tierRangeJournalist: [3],
      });
    });

    it('mails the brand owner with reply-to the journalist', async () => {
      const res = await post(journalist, journalist.id, {
        message: 'Could we visit for a story?',
        brand_id: contactable.brandId,
      });
      expect(res.statusCode).toBe(201);
      const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, contactable.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ replyTo: journalist.email, subject: 'Message from Jo Reporter (journalist)' });
      expect(mails[0]!.text).toContain('Could we visit for a story?');
      expect(mails[0]!.text).toContain('The Daily Test');
    });
    it('requires a non-empty message', async () => {
      const res = await post(journalist, journalist.id, { message: '   ', brand_id: contactable.brandId });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.message).toEqual([MSG.required]);
      const missing = await post(journalist, journalist.id, { brand_id: contactable.brandId });
      expect(missing.json().errors.message).toEqual([MSG.required]);
    });
    it('refuses a message that is too long and a brand that does not exist', async () => {
      expect(
        (await post(journalist, journalist.id, { message: 'x'.repeat(2001), brand_id: contactable.brandId }))
          .statusCode,
      ).toBe(422);
      const res = await post(journalist, journalist.id, { message: 'Hello', brand_id: 999999 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: MSG.brandNotFound });
    });
    it('reaches only brands with a campaign the journalist can see: others answer 404 as if absent (issue 11)', async () => {
      expect(
        (await post(journalist, journalist.id, { message: 'Hello', brand_id: contactable.brandId })).statusCode,
      ).toBe(201);
      // A brand whose campaigns the journalist cannot see: aimed at influencers only, out of tier,
      // not approved, expired; and a brand with no campaign at all.
      const hidden = await createBrandOwner(t.ctx, { name: 'Hidden Bistro' });
      await insertCampaign(t.ctx, { brandId: hidden.brandId, target: ['influencer'], tierRangeJournalist: [3] });
      await insertCampaign(t.ctx, { brandId: hidden.brandId, target: ['journalist'], tierRangeJournalist: [1, 2] });
      await insertCampaign(t.ctx, {
        brandId: hidden.brandId,
        target: ['journalist'],
        tierRangeJournalist: [3],
        status: 'review',
      });
      await insertCampaign(t.ctx, {
        brandId: hidden.brandId,
        target: ['journalist'],
        tierRangeJournalist: [3],
        expiresOn: YESTERDAY,
      });
      const empty = await createBrandOwner(t.ctx, { name: 'Empty Bistro' });
      for (const target of [hidden, empty]) {
        const res = await post(journalist, journalist.id, { message: 'Hello', brand_id: target.brandId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: MSG.brandNotFound, code: 'not_found' });
        expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, target.email))).toHaveLength(0);
      }
    });
    it("answers 403 to influencers, brands and for another user's id; 401 without a token", async () => {
      const body = { message: 'Hello', brand_id: contactable.brandId };
      expect((await post(influencer, influencer.id, body)).statusCode).toBe(403);
      expect((await post(brand, brand.id, body)).statusCode).toBe(403);
      const other = await createUser(t.ctx, { role: 'journalist' });
      expect((await post(journalist, other.id, body)).statusCode).toBe(403);
      expect((await post(null, journalist.id, body)).statusCode).toBe(401);
    });
    it(`is limited to ${CONTACT_LIMIT} messages an hour`, async () => {
      const busy = await createUser(t.ctx, { role: 'journalist', tier: 3 });
      for (let i = 0; i < CONTACT_LIMIT; i += 1) {
        expect((await post(busy, busy.id, { message: `Hello ${i}`, brand_id: contactable.brandId })).statusCode).toBe(
          201,
        );
      }
      const res = await post(busy, busy.id, { message: 'One more', brand_id: contactable.brandId });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Probing brand ids spends the same allowance (a 404 counts as a try).
      const prober = await createUser(t.ctx, { role: 'journalist', tier: 3 });
      for (let i = 0; i < CONTACT_LIMIT; i += 1) {
        expect((await post(prober, prober.id, { message: 'Hi', brand_id: 900000 + i })).statusCode).toBe(404);
      }
      expect((await post(prober, prober.id, { message: 'Hi', brand_id: contactable.brandId })).statusCode).toBe(429);
    });
  });
});
