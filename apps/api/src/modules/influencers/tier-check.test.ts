import type { MediaApplicationResource } from '@comped/shared/schemas/admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertCampaign } from '../../../test/campaign-fixtures';
import type { TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { mailOutbox, mediaApplications, users } from '../../db/schema';

// Issue 11: an approved influencer who changes the Instagram handle goes back to staff for a tier
// check (decisions.md, Review and lifecycle): they keep signing in, discovery uses no tier until
// staff confirm one, staff see it among the pending applications, and the user is told by mail.

const NOW = new Date('2030-06-15T16:00:00Z');

let t: TestApp;
let staff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  staff = await createUser(t.ctx, { role: 'staff' });
  const brand = await createBrandOwner(t.ctx, { name: 'Tier Bistro' });
  // Visible to influencers of tiers 2 and 3.
  await insertCampaign(t.ctx, { brandId: brand.brandId, target: ['influencer'], tierRangeInfluencer: [2, 3] });
});
afterAll(async () => {
  await t.close();
});

const V = '/api/v1';
const req = (method: 'GET' | 'PUT' | 'POST', url: string, who: TestUser | null, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `${V}/${url}`, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function visibleCount(u: TestUser): Promise<number> {
  const res = await req('GET', `influencers/${u.id}/campaigns`, u);
  expect(res.statusCode).toBe(200);
  return res.json().meta.total as number;
}

async function pendingChecks(): Promise<MediaApplicationResource[]> {
  const res = await req('GET', 'admin/applications?filter[status]=pending&page[size]=50', staff);
  expect(res.statusCode).toBe(200);
  return res.json().data as MediaApplicationResource[];
}

async function mailsTo(email: string) {
  return t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
}

async function tierOf(id: number) {
  const [u] = await t.ctx.db.select({ tier: users.tier }).from(users).where(eq(users.id, id));
  return u?.tier;
}

describe('a handle change after approval (issue 11)', () => {
  it('sends the account back to staff, hides campaigns until a tier is confirmed, and tells the user', async () => {
    const ann = await createUser(t.ctx, { role: 'influencer', name: 'Ann', tier: 2, instagram: 'ann_eats' });
    expect(await visibleCount(ann)).toBe(1);

    const res = await req('PUT', `influencers/${ann.id}`, ann, { name: 'Ann', instagram: '@ann_bigger' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ tier_range: null, socialnetworks: expect.anything() });
    expect(await tierOf(ann.id)).toBeNull();

    // The user keeps signing in and using the app; discovery and booking use no tier.
    expect((await req('GET', 'profile', ann)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: `${V}/login`,
      payload: { email: ann.email, password: ann.password },
    });
    expect(login.statusCode).toBe(200);
    expect(await visibleCount(ann)).toBe(0);

    // Staff see it in their queue: a pending application linked to the account.
    const checks = (await pendingChecks()).filter((a) => a.user_id === ann.id);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ instagram: 'ann_bigger', type: 'influencer', tier_check: true, tier: null });

    // The user is told.
    const told = await mailsTo(ann.email);
    expect(told.map((m) => m.subject)).toEqual(['We are checking your tier']);
    expect(told[0]?.text).toContain('ann_bigger');

    // A second change before staff answer updates the same check rather than queueing another.
    await req('PUT', `influencers/${ann.id}`, ann, { name: 'Ann', instagram: 'ann_biggest' });
    const again = (await pendingChecks()).filter((a) => a.user_id === ann.id);
    expect(again).toHaveLength(1);
    expect(again[0]?.instagram).toBe('ann_biggest');

    // Staff confirm a tier: no new account, the tier is set, the user is told, campaigns return.
    const before = await t.ctx.db.select({ id: users.id }).from(users);
    const approve = await req('POST', `admin/applications/${again[0]!.id}/approve`, staff, { tier: 3 });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().data).toMatchObject({ status: 'approved', tier: 3, user_id: ann.id, tier_check: true });
    expect(await t.ctx.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    expect(await tierOf(ann.id)).toBe(3);
    expect(await visibleCount(ann)).toBe(1);
    const confirmed = await mailsTo(ann.email);
    expect(confirmed.at(-1)?.subject).toBe('Your tier is confirmed');
    expect(confirmed.at(-1)?.secrets ?? []).toEqual([]);
  });

  it('does not ask for a check when the handle stays the same or other fields change', async () => {
    const bea = await createUser(t.ctx, { role: 'influencer', tier: 2, instagram: 'bea_eats' });
    for (const instagram of ['bea_eats', '@bea_eats', 'BEA_EATS', undefined]) {
      const res = await req('PUT', `influencers/${bea.id}`, bea, { name: 'Bea B', bio: 'Food', instagram });
      expect(res.statusCode).toBe(200);
    }
    expect(await tierOf(bea.id)).toBe(2);
    expect((await pendingChecks()).filter((a) => a.user_id === bea.id)).toHaveLength(0);
    expect(await mailsTo(bea.email)).toHaveLength(0);
  });

  it('a handle removed and set again is checked too; a rejected check leaves the account without a tier', async () => {
    const cy = await createUser(t.ctx, { role: 'influencer', tier: 2, instagram: 'cy_eats' });
    await req('PUT', `influencers/${cy.id}`, cy, { name: 'Cy', instagram: '' });
    await req('PUT', `influencers/${cy.id}`, cy, { name: 'Cy', instagram: 'cy_other' });
    const [check] = (await pendingChecks()).filter((a) => a.user_id === cy.id);
    expect(check?.instagram).toBe('cy_other');
    expect(await tierOf(cy.id)).toBeNull();
    const reject = await req('POST', `admin/applications/${check!.id}/reject`, staff, {
      reason: 'We could not find this account.',
    });
    expect(reject.statusCode).toBe(200);
    expect(await tierOf(cy.id)).toBeNull();
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, cy.id));
    expect(row).toBeDefined();
    expect((await mailsTo(cy.email)).at(-1)?.subject).toBe('Your tier check');
    expect((await mailsTo(cy.email)).at(-1)?.text).toContain('We could not find this account.');
    expect(await visibleCount(cy)).toBe(0);
    expect((await t.ctx.db.select().from(mediaApplications).where(eq(mediaApplications.userId, cy.id))).length).toBe(1);
  });
});
