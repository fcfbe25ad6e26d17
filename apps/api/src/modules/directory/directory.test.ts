import { MSG } from '@comped/shared/messages';
import type { ContentItemResource, CreatorResource, InvitationResource } from '@comped/shared/schemas/directory';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, campaignInvitations, campaigns, mailOutbox, notifications, tasks, users } from '../../db/schema';
import { insertCampaign, insertLocation } from '../bookings/bookings.fixtures';
import { computedReliabilityOf, toReliability } from '../bookings/reliability';

// Monday 2026-06-01, 12:00 UTC = 08:00 in New York. Locations open 09:00-17:00 every day.
const NOW = new Date('2026-06-01T12:00:00Z');
const V = '/api/v1';

let t: TestApp;
let brand: TestBrand;
let otherBrand: TestBrand;
let noPlan: TestBrand;
let ann: TestUser; // influencer, tier 1, New York 10001
let bea: TestUser; // influencer, tier 3, Los Angeles 90001
let joe: TestUser; // journalist, tier 2

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  otherBrand = await createBrandOwner(t.ctx, { name: 'Other Place' });
  noPlan = await createBrandOwner(t.ctx, { name: 'No Plan', subscribed: false });
  ann = await createUser(t.ctx, { role: 'influencer', name: 'Ann Directory', instagram: 'ann_eats' });
  bea = await createUser(t.ctx, { role: 'influencer', name: 'Bea Directory', tier: 3, instagram: 'bea_la' });
  joe = await createUser(t.ctx, { role: 'journalist', name: 'Joe Directory', tier: 2 });
  await t.ctx.db.update(users).set({ location: 'NYC 10001' }).where(eq(users.id, ann.id));
  await t.ctx.db.update(users).set({ location: '90001' }).where(eq(users.id, bea.id));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.freeze(NOW);
});

function get(user: TestUser, url: string) {
  return t.app.inject({ url: `${V}${url}`, headers: user.headers });
}
function send(user: TestUser, method: 'POST' | 'PUT', url: string, payload: unknown) {
  return t.app.inject({
    method,
    url: `${V}${url}`,
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  });
}
async function creators(query = '', who: TestUser = brand) {
  const res = await get(who, `/brands/${brand.brandId}/creators?page[size]=50${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: CreatorResource[] }).data.filter((c) => c.name.endsWith('Directory'));
}

describe('GET brands/{id}/creators', () => {
  it('lists approved listed media users with their card, and filters by type, tier, name, handle and ZIP', async () => {
    const all = await creators();
    expect(all.map((c) => c.name).sort()).toEqual(['Ann Directory', 'Bea Directory', 'Joe Directory']);
    const a = all.find((c) => c.id === ann.id)!;
    expect(a).toMatchObject({
      type: 'influencer',
      tier: 1,
      location: 'NYC 10001',
      reliability: { score: null, visits: 0 },
      visits_with_brand: 0,
    });
    expect(a.socialnetworks.some((s) => s.handle.includes('ann_eats'))).toBe(true);
    expect((a as Record<string, unknown>).email).toBeUndefined();

    expect((await creators('&filter[type]=journalist')).map((c) => c.id)).toEqual([joe.id]);
    expect((await creators('&filter[tier]=3')).map((c) => c.id)).toEqual([bea.id]);
    expect((await creators('&filter[q]=bea')).map((c) => c.id)).toEqual([bea.id]);
    expect((await creators('&filter[q]=@ann_eats')).map((c) => c.id)).toEqual([ann.id]);
    expect((await creators('&filter[near]=10002&filter[miles]=5')).map((c) => c.id)).toEqual([ann.id]);
    const sorted = await get(brand, `/brands/${brand.brandId}/creators?sort=visits`);
    expect(sorted.statusCode).toBe(200);
  });

  it('refuses bad filters with 422, other brands 403, no plan 403, media users 403', async () => {
    expect((await get(brand, `/brands/${brand.brandId}/creators?filter[tier]=9`)).statusCode).toBe(422);
    expect((await get(brand, `/brands/${brand.brandId}/creators?filter[miles]=5`)).statusCode).toBe(422);
    expect((await get(brand, `/brands/${brand.brandId}/creators?sort=name`)).statusCode).toBe(422);
    expect((await get(otherBrand, `/brands/${brand.brandId}/creators`)).statusCode).toBe(403);
    expect((await get(noPlan, `/brands/${noPlan.brandId}/creators`)).statusCode).toBe(403);
    expect((await get(ann, `/brands/${brand.brandId}/creators`)).statusCode).toBe(403);
    expect((await get(joe, `/brands/${brand.brandId}/creators`)).statusCode).toBe(403);
  });

  it('a page after a cursor is the page by number, in either order, with creators who have no score yet', async () => {
    // More listed creators: scores tied and apart, no score yet, visits tied and apart.
    for (let i = 0; i < 12; i++) {
      const u = await createUser(t.ctx, { role: i % 3 ? 'influencer' : 'journalist', name: `Paged ${i} Directory` });
      await t.ctx.db
        .update(users)
        .set({ reliabilityPercent: i % 4 === 0 ? null : [50, 80, 80][i % 3], reliabilityVisits: i % 5 })
        .where(eq(users.id, u.id));
    }
    const listed = await t.ctx.db.query.users.findMany({
      where: (u, { and: all, inArray, isNotNull }) =>
        all(inArray(u.role, ['influencer', 'journalist']), isNotNull(u.tier), eq(u.directoryListed, true)),
    });
    type Key = [number, number, number];
    const desc = (a: Key, b: Key) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2];
    const expected = {
      reliability: listed
        .map((u): Key => [u.reliabilityPercent ?? -1, u.reliabilityVisits, u.id])
        .sort(desc)
        .map((k) => k[2]),
      visits: listed
        .map((u): Key => [u.reliabilityVisits, u.reliabilityPercent ?? -1, u.id])
        .sort(desc)
        .map((k) => k[2]),
    };
    for (const sort of ['reliability', 'visits'] as const) {
      const base = `/brands/${brand.brandId}/creators?sort=${sort}&page[size]=4`;
      const byNumber: number[][] = [];
      const byCursor: number[][] = [];
      for (let n = 1, last = 1, cursor: number | undefined; n <= last; n++) {
        const plain = await get(brand, `${base}&page[number]=${n}`);
        const sought = await get(brand, `${base}&page[number]=${n}${cursor ? `&page[cursor]=${cursor}` : ''}`);
        expect(plain.statusCode).toBe(200);
        expect(sought.statusCode).toBe(200);
        const a = plain.json() as { data: CreatorResource[]; meta: { last_page: number; total: number } };
        const b = sought.json() as typeof a;
        expect(b.meta).toEqual(a.meta);
        byNumber.push(a.data.map((c) => c.id));
        byCursor.push(b.data.map((c) => c.id));
        last = a.meta.last_page;
        cursor = b.data.at(-1)?.id;
      }
      expect(byCursor, sort).toEqual(byNumber);
      expect(byNumber.flat(), sort).toEqual(expected[sort]);
    }
    const bad = await get(brand, `/brands/${brand.brandId}/creators?page[cursor]=abc`);
    expect(bad.statusCode).toBe(422);
  });

  it('drops a media user who unlists at once, and shows them again when they list', async () => {
    const me = await get(bea, `/influencers/${bea.id}`);
    expect(me.json().data.directory_listed).toBe(true);
    const off = await send(bea, 'PUT', `/influencers/${bea.id}`, { name: 'Bea Directory', directory_listed: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.directory_listed).toBe(false);
    expect((await creators()).map((c) => c.id)).not.toContain(bea.id);
    await send(bea, 'PUT', `/influencers/${bea.id}`, { name: 'Bea Directory', directory_listed: true });
    expect((await creators()).map((c) => c.id)).toContain(bea.id);
  });
});

describe('invitations', () => {
  async function tier1Campaign(name: string) {
    const location = await insertLocation(t.ctx, brand.brandId);
    const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], {
      name,
      target: ['influencer'],
      tierRangeInfluencer: [1],
    });
    return { location, campaign };
  }

  it('invites past the tier: notified, mailed, visible in discovery and detail, marked, bookable, then booked', async () => {
    const { location, campaign } = await tier1Campaign('Chef table');
    const before = await get(bea, `/influencers/${bea.id}/campaigns/${campaign.id}`);
    expect(before.statusCode).toBe(404);

    const res = await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, {
      user_ids: [bea.id],
      note: 'We love your LA posts',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toHaveLength(1);

    const bell = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, bea.id));
    expect(bell.map((n) => n.type)).toContain('invitation');
    const mails = await t.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, (await t.ctx.db.query.users.findFirst({ where: eq(users.id, bea.id) }))!.email));
    expect(mails.some((m) => m.subject === 'Bistro Uno invited you to Chef table')).toBe(true);

    const detail = await get(bea, `/influencers/${bea.id}/campaigns/${campaign.id}`);
    expect(detail.statusCode).toBe(200);
    expect((detail.json().data as CampaignResource).invitation).toMatchObject({
      brand_name: 'Bistro Uno',
      note: 'We love your LA posts',
      status: 'open',
    });
    const list = await get(bea, `/influencers/${bea.id}/campaigns`);
    const item = (list.json().data as CampaignResource[]).find((c) => c.id === campaign.id);
    expect(item?.invitation?.brand_name).toBe('Bistro Uno');

    const mine = await get(bea, `/influencers/${bea.id}/invitations`);
    expect((mine.json().data as InvitationResource[])[0]).toMatchObject({
      campaign: { id: campaign.id, name: 'Chef table' },
      brand: { id: brand.brandId, name: 'Bistro Uno' },
      note: 'We love your LA posts',
      status: 'open',
    });

    const booked = await send(bea, 'POST', '/bookings', {
      campaign_id: campaign.id,
      location_id: location.id,
      booking_date: '2026-06-03',
      booking_time: '10:00',
      guests: 1,
    });
    expect(booked.statusCode).toBe(201);
    const [inv] = await t.ctx.db
      .select()
      .from(campaignInvitations)
      .where(and(eq(campaignInvitations.campaignId, campaign.id), eq(campaignInvitations.userId, bea.id)));
    expect(inv?.status).toBe('booked');
  });

  it('an uninvited user of the same tier still does not see it; a journalist is not of its audience', async () => {
    const { campaign } = await tier1Campaign('Quiet dinner');
    expect((await get(bea, `/influencers/${bea.id}/campaigns/${campaign.id}`)).statusCode).toBe(404);
    const res = await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, { user_ids: [joe.id] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.user_ids).toBeDefined();
  });

  it('refuses the same user twice (already_invited) and more than 50 a week (invitation_limit_reached)', async () => {
    const { campaign } = await tier1Campaign('Limits');
    expect(
      (await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, { user_ids: [ann.id] })).statusCode,
    ).toBe(201);
    const twice = await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, { user_ids: [ann.id] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().code).toBe('already_invited');

    const many = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createUser(t.ctx, { role: 'influencer', name: `Many ${i}` })),
    );
    const over = await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, {
      user_ids: many.map((u) => u.id),
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('invitation_limit_reached');
    const fits = await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, {
      user_ids: many.slice(0, 49).map((u) => u.id),
    });
    expect(fits.statusCode).toBe(201);
    // A week later the limit counts again from zero.
    t.clock.freeze(new Date(NOW.getTime() + 8 * 86400_000));
    const later = await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, { user_ids: [many[49]!.id] });
    expect(later.statusCode).toBe(201);
  });

  it('refuses a launch whose two days of visits have passed, though it is still offered', async () => {
    const { campaign: past } = await tier1Campaign('Launched last week');
    await t.ctx.db
      .update(campaigns)
      .set({ launchDate: '2026-05-25', endDate: null, expiresOn: '2026-06-24' })
      .where(eq(campaigns.id, past.id));
    const refused = await send(brand, 'POST', `/campaigns/${past.id}/invitations`, { user_ids: [bea.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.campaign).toEqual([MSG.invitationCampaignClosed]);
    // Its second day is today: still open.
    await t.ctx.db.update(campaigns).set({ launchDate: '2026-05-31' }).where(eq(campaigns.id, past.id));
    expect((await send(brand, 'POST', `/campaigns/${past.id}/invitations`, { user_ids: [bea.id] })).statusCode).toBe(
      201,
    );
  });

  it('refuses drafts (422), another brand (403), media users (403); declining is the invitee’s own', async () => {
    const { campaign } = await tier1Campaign('Draft one');
    await t.ctx.db.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.id, campaign.id));
    expect(
      (await send(brand, 'POST', `/campaigns/${campaign.id}/invitations`, { user_ids: [ann.id] })).statusCode,
    ).toBe(422);
    const { campaign: live } = await tier1Campaign('Live one');
    expect(
      (await send(otherBrand, 'POST', `/campaigns/${live.id}/invitations`, { user_ids: [ann.id] })).statusCode,
    ).toBe(403);
    expect((await send(ann, 'POST', `/campaigns/${live.id}/invitations`, { user_ids: [ann.id] })).statusCode).toBe(403);
    const made = await send(brand, 'POST', `/campaigns/${live.id}/invitations`, { user_ids: [ann.id] });
    const invId = (made.json().data as { id: number }[])[0]!.id;
    expect(
      (await send(joe, 'PUT', `/influencers/${ann.id}/invitations/${invId}`, { status: 'declined' })).statusCode,
    ).toBe(403);
    expect(
      (await send(bea, 'PUT', `/influencers/${bea.id}/invitations/${invId}`, { status: 'declined' })).statusCode,
    ).toBe(404);
    const declined = await send(ann, 'PUT', `/influencers/${ann.id}/invitations/${invId}`, { status: 'declined' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.status).toBe('declined');
    expect((await get(ann, `/influencers/${bea.id}/invitations`)).statusCode).toBe(403);
  });
});

describe('content library', () => {
  let itemIds: number[] = [];
  let campaignId = 0;

  beforeAll(async () => {
    const location = await insertLocation(t.ctx, brand.brandId);
    const campaign = await insertCampaign(t.ctx, brand.brandId, [location.id], {
      name: '=Rights campaign',
      usageRights: { organic: true, ads: true, website: false, days: 30, until: null },
      influencerInstructions: {
        tagging_required: false,
        geotag_required: false,
        posts_required: 1,
        stories_required: 1,
        hashtags: [],
      },
    });
    campaignId = campaign.id;
    const visitAt = new Date(NOW.getTime() - 2 * 3600_000);
    const [booking] = await t.ctx.db
      .insert(bookings)
      .values({
        campaignId: campaign.id,
        locationId: location.id,
        userId: ann.id,
        brandId: brand.brandId,
        status: 'accepted',
        bookingDate: '2026-06-01',
        bookingTime: '06:00',
        weekStart: '2026-06-01',
        visitAt,
        guests: 1,
      })
      .returning();
    const [task] = await t.ctx.db.insert(tasks).values({ bookingId: booking!.id, userId: ann.id }).returning();
    const done = await send(ann, 'PUT', `/influencers/${ann.id}/tasks/${task!.id}`, {
      posts: JSON.stringify([
        { type: 'post', link: 'https://www.instagram.com/p/abc123/' },
        { type: 'story', link: 'https://www.instagram.com/stories/ann_eats/' },
      ]),
      completed: 1,
      geolocalized: 1,
      hashtagged: 1,
      posted: 1,
      tagged: 1,
    });
    expect(done.statusCode).toBe(200);
  });

  it('lists each delivered item newest first with creator, campaign and the rights copied with their end', async () => {
    const res = await get(brand, `/brands/${brand.brandId}/content`);
    expect(res.statusCode).toBe(200);
    const items = res.json().data as ContentItemResource[];
    expect(items).toHaveLength(2);
    itemIds = items.map((i) => i.id);
    for (const i of items) {
      expect(i).toMatchObject({
        network: 'instagram',
        creator: { id: ann.id, name: 'Ann Directory' },
        campaign: { id: campaignId, name: '=Rights campaign' },
        favourite: false,
        rights: { organic: true, ads: true, website: false, expires_on: '2026-07-01' },
      });
    }
    expect(items.map((i) => i.type).sort()).toEqual(['post', 'story']);
    // A later change of the campaign's rights leaves the delivered items as they were granted.
    await t.ctx.db.update(campaigns).set({ usageRights: null }).where(eq(campaigns.id, campaignId));
    const again = (await get(brand, `/brands/${brand.brandId}/content`)).json().data as ContentItemResource[];
    expect(again[0]?.rights?.ads).toBe(true);
  });

  it('pages the library one item at a time with the total on every page, past the last one too', async () => {
    const pageOf = async (n: number) => {
      const res = await get(brand, `/brands/${brand.brandId}/content?page[size]=1&page[number]=${n}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { data: ContentItemResource[]; meta: { total: number; last_page: number } };
    };
    const [one, two, three] = [await pageOf(1), await pageOf(2), await pageOf(3)];
    expect([...one.data, ...two.data].map((i) => i.id)).toEqual(itemIds);
    for (const p of [one, two, three]) expect(p.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(three.data).toEqual([]);
  });

  it('filters by campaign, type, network, dates and favourite; other brands see nothing of it', async () => {
    // How many items a view shows; its total agrees (every view here fits on one page).
    const q = async (query: string) => {
      const body = (await get(brand, `/brands/${brand.brandId}/content?${query}`)).json();
      expect(body.meta.total, query).toBe(body.data.length);
      return (body.data as ContentItemResource[]).length;
    };
    expect(await q(`filter[campaign_id]=${campaignId}`)).toBe(2);
    expect(await q('filter[campaign_id]=999999')).toBe(0);
    expect(await q('filter[type]=story')).toBe(1);
    // The same view with another value (one prepared statement per set of filters).
    expect(await q('filter[type]=post')).toBe(1);
    expect(await q(`filter[type]=post&filter[campaign_id]=${campaignId}&filter[network]=instagram`)).toBe(1);
    expect(await q('filter[network]=tiktok')).toBe(0);
    expect(await q('from=2026-06-01&to=2026-06-01')).toBe(2);
    expect(await q('to=2026-05-31')).toBe(0);
    expect(await q('from=2026-06-02')).toBe(0);
    expect((await get(brand, `/brands/${brand.brandId}/content?filter[type]=reel`)).statusCode).toBe(422);

    const fav = await send(brand, 'PUT', `/brands/${brand.brandId}/content/${itemIds[0]}`, { favourite: true });
    expect(fav.statusCode).toBe(200);
    expect(fav.json().data.favourite).toBe(true);
    expect(await q('filter[favourite]=1')).toBe(1);

    expect((await get(otherBrand, `/brands/${brand.brandId}/content`)).statusCode).toBe(403);
    expect(
      (await send(otherBrand, 'PUT', `/brands/${otherBrand.brandId}/content/${itemIds[0]}`, { favourite: true }))
        .statusCode,
    ).toBe(404);
    expect((await get(ann, `/brands/${brand.brandId}/content`)).statusCode).toBe(403);
  });

  it('exports CSV with the rights, formula cells escaped', async () => {
    const res = await get(brand, `/brands/${brand.brandId}/content.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'delivered_at,creator,campaign,type,network,url,link_checked,favourite,organic,ads,website,rights_until',
    );
    expect(lines[1]).toContain("'=Rights campaign");
    expect(lines[1]).toContain('2026-07-01');
    expect(lines.filter((l) => l.includes('instagram.com'))).toHaveLength(2);
    const stories = (await get(brand, `/brands/${brand.brandId}/content.csv?filter[type]=story`)).body.split('\r\n');
    expect(stories.filter((l) => l.includes('instagram.com'))).toEqual([expect.stringContaining('/stories/')]);
  });
});

describe('content rights near midnight', () => {
  it("counts the rights' days from the delivery day at the venue, not in UTC", async () => {
    // 02:00 UTC on 2 June is 22:00 on 1 June in New York, where the venue is.
    const late = new Date('2026-06-02T02:00:00Z');
    const location = await insertLocation(t.ctx, otherBrand.brandId);
    const campaign = await insertCampaign(t.ctx, otherBrand.brandId, [location.id], {
      name: 'Late rights',
      usageRights: { organic: true, ads: false, website: false, days: 30, until: null },
    });
    const [booking] = await t.ctx.db
      .insert(bookings)
      .values({
        campaignId: campaign.id,
        locationId: location.id,
        userId: bea.id,
        brandId: otherBrand.brandId,
        status: 'accepted',
        bookingDate: '2026-06-01',
        bookingTime: '19:00',
        weekStart: '2026-06-01',
        visitAt: new Date('2026-06-01T23:00:00Z'),
        guests: 1,
      })
      .returning();
    const [task] = await t.ctx.db.insert(tasks).values({ bookingId: booking!.id, userId: bea.id }).returning();
    t.clock.freeze(late);
    const done = await send(bea, 'PUT', `/influencers/${bea.id}/tasks/${task!.id}`, {
      posts: JSON.stringify([{ type: 'post', link: 'https://www.instagram.com/p/late123/' }]),
      completed: 1,
      geolocalized: 1,
      hashtagged: 1,
      posted: 1,
      tagged: 1,
    });
    expect(done.statusCode).toBe(200);
    const items = (await get(otherBrand, `/brands/${otherBrand.brandId}/content`)).json().data as ContentItemResource[];
    expect(items.map((i) => i.rights?.expires_on)).toEqual(['2026-07-01']);
  });
});

describe('the directory order follows every write that changes reliability (kept on users, ADR 024)', () => {
  const HOUR = 3600_000;
  let locationId: number;
  let ranked: TestUser[];

  beforeAll(async () => {
    locationId = (await insertLocation(t.ctx, brand.brandId)).id;
    ranked = [];
    for (const name of ['Ada Ranked', 'Bo Ranked', 'Cy Ranked', 'Di Ranked'])
      ranked.push(await createUser(t.ctx, { role: 'influencer', name, tier: 2 }));
  });

  /** An accepted visit of `user` `hoursAgo` before NOW (its own campaign), with its check-in code. */
  async function acceptedVisit(user: TestUser, hoursAgo: number): Promise<number> {
    const campaign = await insertCampaign(t.ctx, brand.brandId, [locationId]);
    const visitAt = new Date(NOW.getTime() - hoursAgo * HOUR);
    const [row] = await t.ctx.db
      .insert(bookings)
      .values({
        campaignId: campaign.id,
        locationId,
        userId: user.id,
        brandId: brand.brandId,
        status: 'accepted',
        bookingDate: visitAt.toISOString().slice(0, 10),
        bookingTime: '10:00',
        weekStart: visitAt.toISOString().slice(0, 10),
        visitAt,
        guests: 2,
        checkInCode: 'ACDEFG',
      })
      .returning();
    return row!.id;
  }

  /**
   * The reference order (reliability.ts computed from bookings and tasks, sorted here) against the
   * list in both sorts, as one page and walked one row per page by number.
   */
  async function expectOrderFollows() {
    const ids = ranked.map((u) => u.id);
    const computed = await computedReliabilityOf(t.ctx.db, ids);
    const figures = new Map(ids.map((id) => [id, toReliability(computed.get(id))]));
    const byPercent = (a: number, b: number) => (figures.get(b)!.percent ?? -1) - (figures.get(a)!.percent ?? -1);
    const byVisits = (a: number, b: number) => figures.get(b)!.visits - figures.get(a)!.visits;
    const expected = {
      reliability: [...ids].sort((a, b) => byPercent(a, b) || byVisits(a, b) || b - a),
      visits: [...ids].sort((a, b) => byVisits(a, b) || byPercent(a, b) || b - a),
    };
    for (const sort of ['reliability', 'visits'] as const) {
      const sortQuery = sort === 'visits' ? '&sort=visits' : '';
      const res = await get(brand, `/brands/${brand.brandId}/creators?filter[q]=Ranked${sortQuery}`);
      const page = (res.json() as { data: CreatorResource[] }).data;
      expect(page.map((c) => c.id)).toEqual(expected[sort]);
      for (const c of page)
        expect(c.reliability).toEqual({ score: figures.get(c.id)!.percent, visits: figures.get(c.id)!.visits });
      const walked: number[] = [];
      for (let n = 1; n <= ids.length; n++) {
        const res = await get(
          brand,
          `/brands/${brand.brandId}/creators?filter[q]=Ranked${sortQuery}&page[size]=1&page[number]=${n}`,
        );
        walked.push(...(res.json() as { data: CreatorResource[] }).data.map((c) => c.id));
      }
      expect(walked).toEqual(expected[sort]);
    }
    return figures;
  }

  it('check-in, no-show, task on time, late and early cancellation, reversal and deletion each move it', async () => {
    const [ada, bo, cy, di] = ranked as [TestUser, TestUser, TestUser, TestUser];
    expect([...(await expectOrderFollows()).values()].every((r) => r.percent === null)).toBe(true);

    // Check-in at the door (the route): Ada 100% over 1 visit.
    const adaVisit = await acceptedVisit(ada, 1);
    const checkin = await send(brand, 'POST', `/brands/${brand.brandId}/bookings/${adaVisit}/checkin`, {
      code: 'ACDEFG',
    });
    expect(checkin.statusCode).toBe(200);
    expect((await expectOrderFollows()).get(ada.id)).toEqual({ percent: 100, visits: 1 });
    const card = async (user: TestUser) => {
      const res = await get(brand, `/brands/${brand.brandId}/creators?filter[q]=Ranked`);
      return (res.json() as { data: CreatorResource[] }).data.find((c) => c.id === user.id)!;
    };
    expect((await card(ada)).visits_with_brand).toBe(1);

    // A no-show marked by the brand (the route): Bo 0% over 1 visit, above the users with none.
    const boVisit = await acceptedVisit(bo, 3);
    expect(
      (await send(brand, 'PUT', `/brands/${brand.brandId}/bookings/${boVisit}`, { status: 'no_show' })).statusCode,
    ).toBe(200);
    expect((await expectOrderFollows()).get(bo.id)).toEqual({ percent: 0, visits: 1 });

    // Finished with its task completed within 7 days: Cy 100% over 1; then a second check-in for Cy
    // (2 visits) puts Cy above Ada on equal percent.
    const cyVisit = await acceptedVisit(cy, 30);
    await t.ctx.db.update(bookings).set({ status: 'finished' }).where(eq(bookings.id, cyVisit));
    await expectOrderFollows();
    await t.ctx.db
      .insert(tasks)
      .values({ bookingId: cyVisit, userId: cy.id, completed: true, completedAt: new Date(NOW.getTime() - HOUR) });
    expect((await expectOrderFollows()).get(cy.id)).toEqual({ percent: 100, visits: 1 });
    const cySecond = await acceptedVisit(cy, 2);
    await t.ctx.db
      .update(bookings)
      .set({ status: 'finished', checkedInAt: new Date(NOW.getTime() - 2 * HOUR) })
      .where(eq(bookings.id, cySecond));
    expect((await expectOrderFollows()).get(cy.id)).toEqual({ percent: 100, visits: 2 });
    expect((await card(cy)).visits_with_brand).toBe(2);
    expect((await card(bo)).visits_with_brand).toBe(0);

    // A cancellation inside the 24-hour window counts against Di; one outside it counts for nothing.
    const diEarly = await acceptedVisit(di, -72);
    await t.ctx.db.update(bookings).set({ status: 'cancelled', cancelledAt: NOW }).where(eq(bookings.id, diEarly));
    expect((await expectOrderFollows()).get(di.id)).toEqual({ percent: null, visits: 0 });
    const diLate = await acceptedVisit(di, -10);
    await t.ctx.db.update(bookings).set({ status: 'cancelled', cancelledAt: NOW }).where(eq(bookings.id, diLate));
    expect((await expectOrderFollows()).get(di.id)).toEqual({ percent: 0, visits: 1 });

    // Staff reverse Bo's no-show on dispute (finished, no check-in, no task): undecided again.
    await t.ctx.db.update(bookings).set({ status: 'finished', noShowAt: null }).where(eq(bookings.id, boVisit));
    expect((await expectOrderFollows()).get(bo.id)).toEqual({ percent: null, visits: 0 });

    // Cy's task moved past its 7 days; then Ada's visit deleted.
    await t.ctx.db
      .update(tasks)
      .set({ completedAt: new Date(NOW.getTime() + 30 * 24 * HOUR) })
      .where(eq(tasks.bookingId, cyVisit));
    expect((await expectOrderFollows()).get(cy.id)).toEqual({ percent: 100, visits: 1 });
    await t.ctx.db.delete(bookings).where(eq(bookings.id, adaVisit));
    expect((await expectOrderFollows()).get(ada.id)).toEqual({ percent: null, visits: 0 });
  });
});
