import type { BookingResource } from '@comped/shared/schemas/resources';
import { reliabilityLabel } from '@comped/shared/visit-rules';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { bookings, mediaReliability, tasks, users as usersTable } from '../../db/schema';
import { insertCampaign, insertLocation } from './bookings.fixtures';
import { computedReliabilityOf, reliabilityOf, toReliability } from './reliability';

const NOW = new Date('2026-06-20T12:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let brand: TestBrand;
let locationId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.freeze(NOW);
  brand = await createBrandOwner(t.ctx, { name: 'Bistro Uno' });
  locationId = (await insertLocation(t.ctx, brand.brandId)).id;
});
afterAll(async () => {
  await t.close();
});

type Kind =
  | 'checked-in'
  | 'task-on-time'
  | 'task-late'
  | 'no-show'
  | 'late-cancel'
  | 'early-cancel'
  | 'declined'
  | 'pending'
  | 'finished-no-task';

/** A visit `daysAgo` before NOW, each in a campaign of its own (one live booking per campaign). */
async function visit(user: TestUser, kind: Kind, daysAgo: number): Promise<number> {
  const campaign = await insertCampaign(t.ctx, brand.brandId, [locationId]);
  const visitAt = new Date(NOW.getTime() - daysAgo * DAY);
  const status = (
    {
      'checked-in': 'finished',
      'task-on-time': 'finished',
      'task-late': 'finished',
      'no-show': 'no_show',
      'late-cancel': 'cancelled',
      'early-cancel': 'cancelled',
      declined: 'declined',
      pending: 'pending',
      'finished-no-task': 'finished',
    } as const
  )[kind];
  const [row] = await t.ctx.db
    .insert(bookings)
    .values({
      campaignId: campaign.id,
      locationId,
      userId: user.id,
      brandId: brand.brandId,
      status,
      bookingDate: visitAt.toISOString().slice(0, 10),
      bookingTime: '10:00',
      weekStart: visitAt.toISOString().slice(0, 10),
      visitAt,
      guests: 2,
      checkInCode: 'ACDEFG',
      checkedInAt: kind === 'checked-in' ? visitAt : null,
      noShowAt: kind === 'no-show' ? new Date(visitAt.getTime() + 3 * HOUR) : null,
      cancelledAt:
        kind === 'late-cancel'
          ? new Date(visitAt.getTime() - 10 * HOUR)
          : kind === 'early-cancel'
            ? new Date(visitAt.getTime() - 48 * HOUR)
            : null,
    })
    .returning();
  if (kind === 'task-on-time' || kind === 'task-late' || kind === 'finished-no-task') {
    const done = kind === 'task-on-time' ? 6 * DAY : 8 * DAY;
    await t.ctx.db.insert(tasks).values({
      bookingId: row!.id,
      userId: user.id,
      completed: kind !== 'finished-no-task',
      completedAt: kind === 'finished-no-task' ? null : new Date(visitAt.getTime() + done),
    });
  }
  return row!.id;
}

describe('reliability score (hand-computed cases)', () => {
  let steady: TestUser;
  let mixed: TestUser;
  let fresh: TestUser;
  let nobody: TestUser;

  beforeAll(async () => {
    steady = await createUser(t.ctx, { role: 'influencer', name: 'Steady' });
    mixed = await createUser(t.ctx, { role: 'influencer', name: 'Mixed' });
    fresh = await createUser(t.ctx, { role: 'influencer', name: 'Fresh' });
    nobody = await createUser(t.ctx, { role: 'journalist', name: 'Nobody' });
    // Steady: 24 decided visits. The newest 20 (days 1-20): one no-show (day 5), 19 for, so
    // 19/20 = 95%. The 4 oldest (days 21-24) are no-shows outside the window: they count as visits only.
    for (let d = 1; d <= 20; d++) await visit(steady, d === 5 ? 'no-show' : d % 2 ? 'checked-in' : 'task-on-time', d);
    for (let d = 21; d <= 24; d++) await visit(steady, 'no-show', d);
    // Undecided visits do not count at all.
    await visit(steady, 'early-cancel', 30);
    await visit(steady, 'task-late', 31);
    await visit(steady, 'finished-no-task', 32);
    await visit(steady, 'declined', 33);
    // Mixed: checked in, task on time, a cancellation 10 hours before: 2 of 3 = 66.7% -> 67%.
    await visit(mixed, 'checked-in', 3);
    await visit(mixed, 'task-on-time', 10);
    await visit(mixed, 'late-cancel', 12);
    await visit(mixed, 'task-late', 14);
    await visit(mixed, 'early-cancel', 15);
    // Fresh: 2 decided visits (1 for, 1 against) is still "New".
    await visit(fresh, 'checked-in', 2);
    await visit(fresh, 'no-show', 4);
    await visit(fresh, 'pending', -2);
  });

  it('computes percent over the last 20 decided visits and counts every decided visit', async () => {
    const scores = await reliabilityOf(t.ctx.db, [steady.id, mixed.id, fresh.id, nobody.id]);
    expect(scores.get(steady.id)).toEqual({ percent: 95, visits: 24 });
    expect(scores.get(mixed.id)).toEqual({ percent: 67, visits: 3 });
    expect(scores.get(fresh.id)).toEqual({ percent: 50, visits: 2 });
    expect(scores.get(nobody.id)).toEqual({ percent: null, visits: 0 });
    expect(reliabilityLabel(scores.get(steady.id)!)).toBe('95% reliable · 24 visits');
    expect(reliabilityLabel(scores.get(mixed.id)!)).toBe('67% reliable · 3 visits');
    expect(reliabilityLabel(scores.get(fresh.id)!)).toBe('New');
    expect(reliabilityLabel(scores.get(nobody.id)!)).toBe('New');
  });

  it('orders the brand pending list by it (New last), and shows it on cards and the public profile', async () => {
    const ids = {
      fresh: await visit(fresh, 'pending', -3),
      steady: await visit(steady, 'pending', -4),
      mixed: await visit(mixed, 'pending', -5),
    };
    const list = async (sort: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/brands/${brand.brandId}/bookings?filter[status]=pending&sort=${sort}`,
        headers: brand.headers,
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: BookingResource[] }).data.filter((b) => Object.values(ids).includes(b.id));
    };
    const best = await list('reliability');
    expect(best.map((b) => b.id)).toEqual([ids.steady, ids.mixed, ids.fresh]);
    expect(best[0]!.reliability).toEqual({ percent: 95, visits: 24 });
    const worst = await list('-reliability');
    expect(worst.map((b) => b.id)).toEqual([ids.mixed, ids.steady, ids.fresh]);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/v1/brands/${brand.brandId}/bookings?sort=name`,
      headers: brand.headers,
    });
    expect(bad.statusCode).toBe(422);

    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/influencers/${steady.id}`,
      headers: brand.headers,
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.reliability).toEqual({ percent: 95, visits: 24 });
  });
});

describe('reliability kept on write (media_reliability, migration 0021)', () => {
  /** The kept row and the reference computation (reliabilityTable) for each user: equal or fails. */
  async function expectKeptEqualsComputed(userIds: number[]) {
    const computed = await computedReliabilityOf(t.ctx.db, userIds);
    const kept = await t.ctx.db.select().from(mediaReliability).where(inArray(mediaReliability.userId, userIds));
    const keptBy = new Map(kept.map((r) => [r.userId, { visits: r.visits, good: r.good, decided: r.decided }]));
    const none = { visits: 0, good: 0, decided: 0 };
    for (const id of userIds) expect(keptBy.get(id) ?? none).toEqual(computed.get(id) ?? none);
    // ... and the copy on the users' rows that orders the creator directory (migration 0022).
    const onUsers = await t.ctx.db
      .select({ id: usersTable.id, percent: usersTable.reliabilityPercent, visits: usersTable.reliabilityVisits })
      .from(usersTable)
      .where(inArray(usersTable.id, userIds));
    expect(onUsers).toHaveLength(userIds.length);
    for (const u of onUsers)
      expect({ percent: u.percent, visits: u.visits }).toEqual(toReliability(computed.get(u.id)));
    return computed;
  }

  it('walks a booking and its task through every transition, the kept row equal to the computed one', async () => {
    const walker = await createUser(t.ctx, { role: 'influencer', name: 'Walker' });
    const other = await createUser(t.ctx, { role: 'influencer', name: 'Other' });
    const users = [walker.id, other.id];
    // A history beyond the window, so a change can move a visit in or out of the newest 20.
    for (let d = 40; d < 62; d++) await visit(walker, d % 3 ? 'checked-in' : 'no-show', d);
    await expectKeptEqualsComputed(users);

    const campaign = await insertCampaign(t.ctx, brand.brandId, [locationId]);
    const future = new Date(NOW.getTime() + 2 * DAY);
    const [booking] = await t.ctx.db
      .insert(bookings)
      .values({
        campaignId: campaign.id,
        locationId,
        userId: walker.id,
        brandId: brand.brandId,
        status: 'pending',
        bookingDate: future.toISOString().slice(0, 10),
        bookingTime: '10:00',
        weekStart: future.toISOString().slice(0, 10),
        visitAt: future,
        guests: 2,
      })
      .returning();
    const id = booking!.id;
    const past = new Date(NOW.getTime() - 3 * DAY);
    const set = async (values: Partial<typeof bookings.$inferInsert>) => {
      await t.ctx.db.update(bookings).set(values).where(eq(bookings.id, id));
      return expectKeptEqualsComputed(users);
    };
    const setTask = async (values: Partial<typeof tasks.$inferInsert>) => {
      await t.ctx.db.update(tasks).set(values).where(eq(tasks.bookingId, id));
      return expectKeptEqualsComputed(users);
    };
    await expectKeptEqualsComputed(users);
    await set({ status: 'accepted' });
    await t.ctx.db.insert(tasks).values({ bookingId: id, userId: walker.id, completed: false });
    await expectKeptEqualsComputed(users);
    await set({ visitAt: past });
    await set({ checkedInAt: past });
    const afterCheckIn = await set({ status: 'finished' });
    expect(afterCheckIn.get(walker.id)?.visits).toBe(23);
    await set({ checkedInAt: null });
    await setTask({ completed: true, completedAt: new Date(past.getTime() + 2 * DAY) });
    expect((await setTask({ completedAt: new Date(past.getTime() + 9 * DAY) })).get(walker.id)?.visits).toBe(22);
    await setTask({ completedAt: new Date(past.getTime() + 1 * DAY) });
    await set({ status: 'no_show', noShowAt: new Date(past.getTime() + 3 * HOUR) });
    await set({ status: 'finished', noShowAt: null }); // reversed on dispute
    await setTask({ completed: false, completedAt: null });
    await set({ status: 'cancelled', cancelledAt: new Date(past.getTime() - 10 * HOUR) });
    await set({ cancelledAt: new Date(past.getTime() - 48 * HOUR) });
    await set({ cancelledAt: new Date(past.getTime() - 2 * HOUR) });
    await set({ visitAt: new Date(NOW.getTime() - 100 * DAY) }); // out of the newest 20, still a visit
    await set({ userId: other.id }); // moved to another user: both change
    await t.ctx.db.delete(tasks).where(eq(tasks.bookingId, id));
    await expectKeptEqualsComputed(users);
    await t.ctx.db.delete(bookings).where(eq(bookings.id, id));
    const end = await expectKeptEqualsComputed(users);
    expect(end.get(other.id)).toBeUndefined();
    expect(end.get(walker.id)?.visits).toBe(22);
  });

  it('stays exact when two transactions change one user at once (PostgreSQL: the second waits for the first)', async () => {
    const busy = await createUser(t.ctx, { role: 'influencer', name: 'Busy' });
    const a = await visit(busy, 'pending', 5);
    const b = await visit(busy, 'pending', 6);
    // Each makes one visit decided and holds its transaction open a moment: the second's recount must
    // see the first's change once it may lock the user's row, or the kept figure would miss a visit.
    await Promise.all(
      [a, b].map((id) =>
        t.ctx.db.transaction(async (tx) => {
          await tx.update(bookings).set({ status: 'no_show' }).where(eq(bookings.id, id));
          await tx.execute(sql`select pg_sleep(0.3)`);
        }),
      ),
    );
    const computed = await expectKeptEqualsComputed([busy.id]);
    expect(computed.get(busy.id)).toEqual({ visits: 2, good: 0, decided: 2 });
  });

  it('rebuilds to the same rows', async () => {
    const all = await t.ctx.db.select().from(mediaReliability);
    // A copy on a user's row gone wrong is put right by the rebuild too.
    const [someone] = all.filter((r) => r.visits > 0);
    await t.ctx.db
      .update(usersTable)
      .set({ reliabilityPercent: 3, reliabilityVisits: 999 })
      .where(eq(usersTable.id, someone!.userId));
    await t.ctx.db.execute(sql`select media_reliability_rebuild()`);
    const rebuilt = await t.ctx.db.select().from(mediaReliability);
    const decided = (rows: typeof all) => rows.filter((r) => r.visits > 0).sort((a, b) => a.userId - b.userId);
    expect(decided(rebuilt)).toEqual(decided(all));
    expect(rebuilt.length).toBeGreaterThan(3);
    await expectKeptEqualsComputed(all.map((r) => r.userId));
  });
});
