import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { insertCampaign } from '../../../test/campaign-fixtures';
import { createBrandOwner, createUser, type TestBrand, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { campaigns, mailOutbox } from '../../db/schema';

const NOW = new Date('2030-06-15T16:00:00Z');

describe('staff review of campaigns', () => {
  let t: TestApp;
  let brand: TestBrand;
  let staff: TestUser;
  let influencer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.freeze(NOW);
    brand = await createBrandOwner(t.ctx, { name: 'Review Bistro' });
    staff = await createUser(t.ctx, { role: 'staff' });
    influencer = await createUser(t.ctx, { role: 'influencer', tier: 1 });
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/v1/${url}`, headers: user ? user.headers : {}, payload });
  const mailsTo = (to: string) => t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const stored = async (id: number) => (await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

  it('lists the campaigns in review, oldest first, paged', async () => {
    const a = await insertCampaign(t.ctx, { brandId: brand.brandId, status: 'review', name: 'First in' });
    const b = await insertCampaign(t.ctx, { brandId: brand.brandId, status: 'review', name: 'Second in' });
    await insertCampaign(t.ctx, { brandId: brand.brandId, status: 'draft' });
    const res = await call(staff, 'GET', 'admin/campaigns?filter[status]=review&page[size]=1');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: CampaignResource[]; meta: { total: number; last_page: number } };
    expect(body.data.map((c) => c.name)).toEqual(['First in']);
    expect(body.meta).toMatchObject({ total: 2, last_page: 2 });
    const page2 = (await call(staff, 'GET', `admin/campaigns?page[number]=2&page[size]=1&page[after]=${a.id}`)).json();
    expect(page2.data.map((c: CampaignResource) => c.id)).toEqual([b.id]);
    expect(page2.meta).toMatchObject({ total: 2, last_page: 2 });
    // Pinned at the second: the first, queued before the pin, is not in this list's total.
    const fromSecond = (await call(staff, 'GET', `admin/campaigns?page[size]=1&page[after]=${b.id}`)).json();
    expect(fromSecond.data.map((c: CampaignResource) => c.id)).toEqual([b.id]);
    expect(fromSecond.meta).toMatchObject({ total: 1, last_page: 1 });
    // Leave the queue empty for the other tests.
    await t.ctx.db.update(campaigns).set({ status: 'draft' }).where(eq(campaigns.brandId, brand.brandId));
  });

  it('approves a campaign in review: approved_at, expiry from its dates, mail to the brand owner', async () => {
    const c = await insertCampaign(t.ctx, {
      brandId: brand.brandId,
      status: 'review',
      name: 'Summer terrace',
      launchDate: '2030-06-10',
      endDate: null,
      expiresOn: null,
      reviewReason: 'old note',
    });
    const res = await call(staff, 'POST', `admin/campaigns/${c.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: c.id,
      status: 'approved',
      expires_on: '2030-07-10',
      review_reason: null,
    });
    const row = await stored(c.id);
    expect(row.status).toBe('approved');
    expect(row.approvedAt?.toISOString()).toBe(NOW.toISOString());
    const mails = await mailsTo(brand.email);
    const mail = mails.find((m) => m.subject.includes('Summer terrace'));
    expect(mail?.subject).toBe('Your campaign "Summer terrace" is live');
    expect(mail?.text).toContain('was approved');
  });

  it('sends a campaign back to draft with a reason the brand sees, and mails it', async () => {
    const c = await insertCampaign(t.ctx, { brandId: brand.brandId, status: 'review', name: 'Winter menu' });
    const res = await call(staff, 'POST', `admin/campaigns/${c.id}/reject`, {
      reason: 'Please add a photo of the dish.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'draft', review_reason: 'Please add a photo of the dish.' });
    const tab = await call(brand, 'GET', `brands/${brand.brandId}/campaigns?filter[status]=review,draft`);
    const draft = (tab.json().data as CampaignResource[]).find((x) => x.id === c.id);
    expect(draft?.review_reason).toBe('Please add a photo of the dish.');
    const mail = (await mailsTo(brand.email)).find((m) => m.subject.includes('Winter menu'));
    expect(mail?.subject).toBe('Your campaign "Winter menu" needs a few changes');
    expect(mail?.text).toContain('Please add a photo of the dish.');
  });

  it('requires a reason to send back', async () => {
    const c = await insertCampaign(t.ctx, { brandId: brand.brandId, status: 'review' });
    const res = await call(staff, 'POST', `admin/campaigns/${c.id}/reject`, { reason: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reason).toEqual([MSG.required]);
    expect((await stored(c.id)).status).toBe('review');
  });

  it.each(['draft', 'approved', 'expired'] as const)(
    'refuses to review a campaign in %s (409), without mail',
    async (status) => {
      const c = await insertCampaign(t.ctx, { brandId: brand.brandId, status, name: `Not in review ${status}` });
      const approve = await call(staff, 'POST', `admin/campaigns/${c.id}/approve`);
      expect(approve.statusCode).toBe(409);
      expect(approve.json().message).toBe(MSG.campaignNotInReview);
      const reject = await call(staff, 'POST', `admin/campaigns/${c.id}/reject`, { reason: 'No' });
      expect(reject.statusCode).toBe(409);
      expect((await stored(c.id)).status).toBe(status);
      expect((await mailsTo(brand.email)).some((m) => m.subject.includes(`Not in review ${status}`))).toBe(false);
    },
  );

  it('refuses to approve a campaign whose dates have passed', async () => {
    const c = await insertCampaign(t.ctx, { brandId: brand.brandId, status: 'review', endDate: '2030-06-01' });
    const res = await call(staff, 'POST', `admin/campaigns/${c.id}/approve`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.campaignAlreadyEnded);
  });

  it('answers 404 for a campaign that does not exist', async () => {
    expect((await call(staff, 'POST', 'admin/campaigns/999999/approve')).statusCode).toBe(404);
  });

  it('is staff only: brand and media users 403, no token 401', async () => {
    const c = await insertCampaign(t.ctx, { brandId: brand.brandId, status: 'review' });
    for (const user of [brand, influencer]) {
      expect((await call(user, 'GET', 'admin/campaigns')).statusCode).toBe(403);
      expect((await call(user, 'POST', `admin/campaigns/${c.id}/approve`)).statusCode).toBe(403);
      expect((await call(user, 'POST', `admin/campaigns/${c.id}/reject`, { reason: 'x' })).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', 'admin/campaigns')).statusCode).toBe(401);
    expect((await call(null, 'POST', `admin/campaigns/${c.id}/approve`)).statusCode).toBe(401);
    expect((await stored(c.id)).status).toBe('review');
  });
});
