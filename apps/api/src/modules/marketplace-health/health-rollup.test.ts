import type { HealthReport } from '@comped/shared/schemas/slots';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, campaigns, tasks } from '../../db/schema';
import { rowsOf } from '../../jobs/queue';
import { bookingSettings, insertCampaign, insertLocation } from '../bookings/bookings.fixtures';
import { showMarketplaceHealth } from './show-marketplace-health';

// Wednesday 2026-07-15, 12:00 UTC: the weeks of June are settled (15 days after their Monday), those
// of 2026-07-06 and 2026-07-13 are computed live on every read.
const NOW = new Date('2026-07-15T12:00:00Z');
const RANGE = { from: '2026-06-01', to: '2026-07-13' };
const at = (iso: string) => new Date(iso);

let t: TestApp;
let ids: { brandA: number; brandB: number; la: number; lb: number; u1: number; u2: number; c1: number; c2: number };

type BookingRow = typeof bookings.$inferInsert;

async function insertBooking(over: Partial<BookingRow> & Pick<BookingRow, 'bookingDate' | 'weekStart' | 'status'>) {
  const [row] = await t.ctx.db
    .insert(bookings)
    .values({
      campaignId: ids.c1,
      locationId: ids.la,
      brandId: ids.brandA,
      userId: ids.u1,
      bookingTime: '19:00',
      guests: 1,
      visitAt: at(`${over.bookingDate}T23:00:00Z`),
      createdAt: at(`${over.weekStart}T00:00:00Z`),
      updatedAt: NOW,
      ...over,
    })
    .returning();
  return row!;
}

const report = () => showMarketplaceHealth(t.ctx, RANGE);

/** The report with nothing stored: every week computed live from the tables. */
async function liveReport(): Promise<HealthReport> {
  await t.ctx.db.execute(sql`delete from health_weeks`);
  return report();
}

async function storedWeeks(): Promise<string[]> {
  const rows = rowsOf<{ week: string }>(
    await t.ctx.db.execute(
      sql`select to_char(week, 'YYYY-MM-DD') as week from health_weeks where computed_version = version order by week`,
    ),
  );
  return rows.map((r) => r.week);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
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
    expiresOn: '2026-06-19',
  });
  const c2 = await insertCampaign(t.ctx, b.brandId, [lb.id], {
    booking: bookingSettings({ max_bookings_per_week: 3 }),
    submittedAt: at('2026-06-02T10:00:00Z'),
    approvedAt: at('2026-06-02T16:00:00Z'),
    expiresOn: null,
  });
  ids = { brandA: a.brandId, brandB: b.brandId, la: la.id, lb: lb.id, u1: u1.id, u2: u2.id, c1: c1.id, c2: c2.id };
  const b1 = await insertBooking({
    status: 'finished',
    bookingDate: '2026-06-02',
    weekStart: '2026-06-01',
    answeredAt: at('2026-06-01T02:00:00Z'),
    checkInCode: 'AAAAAA',
  });
  const b2 = await insertBooking({
    userId: u2.id,
    status: 'no_show',
    bookingDate: '2026-06-03',
    weekStart: '2026-06-01',
    answeredAt: at('2026-06-01T06:00:00Z'),
    checkInCode: 'BBBBBB',
  });
  await insertBooking({
    campaignId: c2.id,
    locationId: lb.id,
    brandId: b.brandId,
    status: 'declined',
    bookingDate: '2026-06-10',
    weekStart: '2026-06-08',
    answeredAt: at('2026-06-08T10:00:00Z'),
  });
  const b4 = await insertBooking({
    campaignId: c2.id,
    locationId: lb.id,
    brandId: b.brandId,
    userId: u2.id,
    status: 'accepted',
    bookingDate: '2026-07-08',
    weekStart: '2026-07-06',
    answeredAt: at('2026-07-06T03:00:00Z'),
    checkInCode: 'CCCCCC',
  });
  await t.ctx.db.insert(tasks).values([
    { bookingId: b1.id, userId: u1.id, completed: true, completedAt: at('2026-06-05T00:00:00Z') },
    { bookingId: b2.id, userId: u2.id },
    { bookingId: b4.id, userId: u2.id },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('the health report over stored weeks (ADR 023)', () => {
  it('stores the settled weeks it computed and reads them back as the live computation gives them', async () => {
    const first = await liveReport();
    expect(await storedWeeks()).toEqual(['2026-06-01', '2026-06-08', '2026-06-15', '2026-06-22', '2026-06-29']);
    expect(first.weeks[0]).toMatchObject({
      week_start: '2026-06-01',
      bookings_requested: 2,
      live_campaigns: 2,
      fill_rate: 0.4,
      tasks_done_within_7_days: 0.5,
    });
    // The week of 2026-07-06: the task is not due yet, and stays live.
    expect(first.weeks[5]).toMatchObject({
      week_start: '2026-07-06',
      bookings_accepted: 1,
      tasks_done_within_7_days: null,
    });
    expect(await report()).toEqual(first);
    expect(await report()).toEqual(await liveReport());
  });

  it('gives the live figures again after every kind of write that changes a settled week', async () => {
    const before = await report();
    const [b1] = await t.ctx.db.select().from(bookings).where(eq(bookings.checkInCode, 'AAAAAA'));
    const [b2] = await t.ctx.db.select().from(bookings).where(eq(bookings.checkInCode, 'BBBBBB'));
    // A dispute, a task done late, a booking moved to another week, one deleted, one added.
    await t.ctx.db
      .update(bookings)
      .set({ disputedAt: at('2026-06-04T10:00:00Z') })
      .where(eq(bookings.id, b2!.id));
    await t.ctx.db
      .update(tasks)
      .set({ completed: true, completedAt: at('2026-06-20T00:00:00Z') })
      .where(eq(tasks.bookingId, b2!.id));
    await t.ctx.db
      .update(bookings)
      .set({ bookingDate: '2026-06-16', weekStart: '2026-06-15', visitAt: at('2026-06-16T23:00:00Z') })
      .where(eq(bookings.id, b1!.id));
    await t.ctx.db.delete(bookings).where(eq(bookings.status, 'declined'));
    await insertBooking({ userId: ids.u2, status: 'pending', bookingDate: '2026-06-24', weekStart: '2026-06-22' });
    const after = await report();
    expect(after).not.toEqual(before);
    expect(after.weeks[0]).toMatchObject({ bookings_requested: 1, dispute_rate: 1, tasks_done_within_7_days: 0 });
    expect(after.weeks[2]).toMatchObject({
      week_start: '2026-06-15',
      bookings_requested: 1,
      tasks_done_within_7_days: 1,
    });
    expect(after).toEqual(await liveReport());
  });

  it('follows campaigns: approvals, capacity, last days, deletion', async () => {
    const before = await report();
    await t.ctx.db
      .update(campaigns)
      .set({ booking: bookingSettings({ max_bookings_per_week: 4 }), expiresOn: '2026-06-26' })
      .where(eq(campaigns.id, ids.c1));
    await t.ctx.db
      .update(campaigns)
      .set({ submittedAt: at('2026-06-02T12:00:00Z') })
      .where(eq(campaigns.id, ids.c2));
    await insertCampaign(t.ctx, ids.brandB, [ids.lb], {
      submittedAt: at('2026-06-09T08:00:00Z'),
      approvedAt: at('2026-06-10T08:00:00Z'),
      expiresOn: '2026-06-30',
    });
    const gone = await insertCampaign(t.ctx, ids.brandB, [ids.lb], { approvedAt: at('2026-06-03T08:00:00Z') });
    await t.ctx.db.update(campaigns).set({ deletedAt: NOW }).where(eq(campaigns.id, gone.id));
    const after = await report();
    expect(after).not.toEqual(before);
    expect(after.weeks[2]).toMatchObject({ week_start: '2026-06-15', live_campaigns: 3 });
    expect(after.weeks[1]).toMatchObject({ median_hours_to_approve_campaign: 24 });
    expect(after.weeks[0]).toMatchObject({ median_hours_to_approve_campaign: 4 });
    expect(after).toEqual(await liveReport());
  });

  it('counts a campaign approved after its last day in no week', async () => {
    const before = await report();
    await insertCampaign(t.ctx, ids.brandA, [ids.la], {
      submittedAt: at('2026-05-01T08:00:00Z'),
      approvedAt: at('2026-06-24T08:00:00Z'),
      expiresOn: '2026-06-05',
    });
    const after = await report();
    expect(after.weeks.map((w) => w.live_campaigns)).toEqual(before.weeks.map((w) => w.live_campaigns));
  });

  it('keeps on the bookings and in campaign_live_weeks what a rebuild from the tables gives', async () => {
    const state = async () => ({
      weeks: rowsOf(
        await t.ctx.db.execute(
          sql`select * from campaign_live_weeks where campaigns <> 0 or places <> 0 order by week`,
        ),
      ),
      tasks: rowsOf(await t.ctx.db.execute(sql`select id, has_task, task_completed_at from bookings order by id`)),
    });
    const kept = await state();
    await t.ctx.db.execute(sql`select health_rollup_rebuild()`);
    expect(await state()).toEqual(kept);
  });
});
