import type { HealthReport } from '@comped/shared/schemas/slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, mediaApplications, tasks } from '../../db/schema';
import { bookingSettings, insertCampaign, insertLocation } from '../bookings/bookings.fixtures';

// Wednesday 2026-06-10, 12:00 UTC. The report's weeks: 2026-06-01 and 2026-06-08.
const NOW = new Date('2026-06-10T12:00:00Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let staff: TestUser;
let influencer: TestUser;

/**
 * The hand-computed fixture:
 * - campaign 1 (brand A, 2 a week), approved 2026-05-20, last day 2026-06-05: live the first week only;
 * - campaign 2 (brand B, 3 a week), submitted 2026-06-02 10:00, approved 16:00 (6 h), no end: both weeks;
 * - week 1: b1 finished (answered in 2 h, task done on day 3), b2 no-show and disputed (answered in
 *   6 h, task never done and due since 2026-06-09), b3 declined (answered in 10 h): requested 3,
 *   accepted 2, hosted 1, booked 2 of 5 places, median answer 6 h, no-shows 1 of 2, disputes 1 of 1,
 *   tasks on time 1 of 2; an application approved in 12 h;
 * - week 2: b4 pending, unanswered: requested 1, booked 1 of 3 places.
 */
beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  staff = await createUser(t.ctx, { role: 'staff' });
  influencer = await createUser(t.ctx, { role: 'influencer' });
  const u1 = await createUser(t.ctx, { role: 'influencer' });
  const u2 = await createUser(t.ctx, { role: 'journalist' });
  const a = await createBrandOwner(t.ctx, { name: 'Brand A' });
  const b = await createBrandOwner(t.ctx, { name: 'Brand B' });
  const la = await insertLocation(t.ctx, a.brandId);
  const lb = await insertLocation(t.ctx, b.brandId);
  const c1 = await insertCampaign(t.ctx, a.brandId, [la.id], {
    booking: bookingSettings({ max_bookings_per_week: 2 }),
    submittedAt: at('2026-05-19T20:00:00Z'),
    approvedAt: at('2026-05-20T00:00:00Z'),
    expiresOn: '2026-06-05',
  });
  const c2 = await insertCampaign(t.ctx, b.brandId, [lb.id], {
    booking: bookingSettings({ max_bookings_per_week: 3 }),
    submittedAt: at('2026-06-02T10:00:00Z'),
    approvedAt: at('2026-06-02T16:00:00Z'),
    expiresOn: null,
  });
  const base = { bookingTime: '19:00', guests: 1, updatedAt: NOW };
  const rows = await t.ctx.db
    .insert(bookings)
    .values([
      {
        ...base,
        campaignId: c1.id,
        locationId: la.id,
        brandId: a.brandId,
        userId: u1.id,
        status: 'finished',
        bookingDate: '2026-06-02',
        weekStart: '2026-06-01',
        visitAt: at('2026-06-02T23:00:00Z'),
        createdAt: at('2026-06-01T00:00:00Z'),
        answeredAt: at('2026-06-01T02:00:00Z'),
        checkInCode: 'AAAAAA',
      },
      {
        ...base,
        campaignId: c1.id,
        locationId: la.id,
        brandId: a.brandId,
        userId: u2.id,
        status: 'no_show',
        bookingDate: '2026-06-02',
        weekStart: '2026-06-01',
        visitAt: at('2026-06-02T10:00:00Z'),
        createdAt: at('2026-06-01T00:00:00Z'),
        answeredAt: at('2026-06-01T06:00:00Z'),
        checkInCode: 'BBBBBB',
        disputedAt: at('2026-06-03T10:00:00Z'),
        disputeNote: 'I was there',
      },
      {
        ...base,
        campaignId: c2.id,
        locationId: lb.id,
        brandId: b.brandId,
        userId: u1.id,
        status: 'declined',
        bookingDate: '2026-06-05',
        weekStart: '2026-06-01',
        visitAt: at('2026-06-05T23:00:00Z'),
        createdAt: at('2026-06-02T00:00:00Z'),
        answeredAt: at('2026-06-02T10:00:00Z'),
      },
      {
        ...base,
        campaignId: c2.id,
        locationId: lb.id,
        brandId: b.brandId,
        userId: u2.id,
        status: 'pending',
        bookingDate: '2026-06-12',
        weekStart: '2026-06-08',
        visitAt: at('2026-06-12T23:00:00Z'),
        createdAt: at('2026-06-08T00:00:00Z'),
      },
    ])
    .returning();
  await t.ctx.db.insert(tasks).values([
    { bookingId: rows[0]!.id, userId: u1.id, completed: true, completedAt: at('2026-06-05T00:00:00Z'), createdAt: NOW },
    { bookingId: rows[1]!.id, userId: u2.id, createdAt: NOW },
  ]);
  await t.ctx.db.insert(mediaApplications).values({
    name: 'Applicant',
    email: 'applicant@example.test',
    type: 'influencer',
    instagram: '@applicant',
    status: 'approved',
    createdAt: at('2026-06-01T00:00:00Z'),
    reviewedAt: at('2026-06-01T12:00:00Z'),
  });
});
afterAll(async () => {
  await t.close();
});

function get(user: TestUser | null, url: string) {
  return t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user?.headers ?? {} });
}

describe('GET admin/health', () => {
  it('gives the hand-computed figures per week', async () => {
    const res = await get(staff, '/admin/health?from=2026-06-03&to=2026-06-09');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as HealthReport;
    expect(report).toMatchObject({ from: '2026-06-01', to: '2026-06-08' });
    expect(report.weeks).toEqual([
      {
        week_start: '2026-06-01',
        active_brands: 2,
        active_media: 2,
        live_campaigns: 2,
        bookings_requested: 3,
        bookings_accepted: 2,
        bookings_hosted: 1,
        fill_rate: 0.4,
        median_hours_to_answer_request: 6,
        median_hours_to_approve_application: 12,
        median_hours_to_approve_campaign: 6,
        no_show_rate: 0.5,
        dispute_rate: 1,
        tasks_done_within_7_days: 0.5,
      },
      {
        week_start: '2026-06-08',
        active_brands: 1,
        active_media: 1,
        live_campaigns: 1,
        bookings_requested: 1,
        bookings_accepted: 0,
        bookings_hosted: 0,
        fill_rate: 0.333,
        median_hours_to_answer_request: null,
        median_hours_to_approve_application: null,
        median_hours_to_approve_campaign: null,
        no_show_rate: null,
        dispute_rate: null,
        tasks_done_within_7_days: null,
      },
    ]);
  });

  it('downloads the same weeks as CSV', async () => {
    const res = await get(staff, '/admin/health.csv?from=2026-06-01&to=2026-06-08');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^week_start,active_brands,active_media,live_campaigns,/);
    expect(lines[1]).toMatch(/^2026-06-01,2,2,2,3,2,1,0.4,6,12,6,0.5,1,0.5$/);
    expect(lines).toHaveLength(3);
  });

  it('is staff only and refuses a range over 53 weeks', async () => {
    expect((await get(null, '/admin/health')).statusCode).toBe(401);
    expect((await get(influencer, '/admin/health')).statusCode).toBe(403);
    const res = await get(staff, '/admin/health?from=2025-01-01&to=2026-06-01');
    expect(res.statusCode).toBe(422);
    expect((await get(staff, '/admin/health?from=2026-06-09&to=2026-06-01')).statusCode).toBe(422);
    const byDefault = (await get(staff, '/admin/health')).json().data as HealthReport;
    expect(byDefault.weeks).toHaveLength(12);
    expect(byDefault.to).toBe('2026-06-08');
  });
});
