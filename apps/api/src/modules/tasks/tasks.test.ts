import { MSG } from '@comped/shared/messages';
import type { TaskResource } from '@comped/shared/schemas/resources';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand, TestUser } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { analyticsEvents, bookings, mailOutbox, tasks } from '../../db/schema';
import { createVisit } from './task.fixtures';

let t: TestApp;
let brand: TestBrand;
let influencer: TestUser;
let journalist: TestUser;
let otherInfluencer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  brand = await createBrandOwner(t.ctx, { name: 'Blue Door' });
  influencer = await createUser(t.ctx, { role: 'influencer', name: 'Ines Influencer' });
  journalist = await createUser(t.ctx, { role: 'journalist', name: 'Jo Journalist' });
  otherInfluencer = await createUser(t.ctx, { role: 'influencer', name: 'Other One' });
});
afterAll(async () => {
  await t.close();
});

const goodPosts = JSON.stringify([
  { type: 'post', link: 'https://www.instagram.com/p/abc/' },
  { type: 'post', link: 'https://www.instagram.com/p/def/' },
  { type: 'story', link: 'https://www.instagram.com/stories/test_handle/' },
]);
const flags = { completed: 1, geolocalized: 1, hashtagged: 1, posted: 1, tagged: 1 };

async function taskRow(id: number) {
  return t.ctx.db.query.tasks.findFirst({ where: eq(tasks.id, id) });
}

describe('GET influencers/{id}/tasks', () => {
  it('lists the open tasks with brand, name, visit, instructions and the booking nested', async () => {
    const { task, booking } = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: influencer.id,
      campaignName: 'Taco Tuesday',
    });
    const future = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: influencer.id,
      visitAt: new Date(t.clock.now().getTime() + 86400_000),
    });
    const res = await t.app.inject({
      url: `/api/v1/influencers/${influencer.id}/tasks?filter[completed]=0&page[size]=10`,
      headers: influencer.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: TaskResource[]; meta: Record<string, number> };
    const item = body.data.find((x) => x.id === task.id)!;
    expect(item.name).toBe('Visit report: Taco Tuesday');
    expect(item.brand).toEqual({ id: brand.brandId, name: 'Blue Door', logo: null });
    expect(item.booking_date).toBe(booking.bookingDate);
    expect(item.booking_time).toBe(booking.bookingTime);
    expect(item.can_complete).toBe(true);
    expect(item.completed).toBe(false);
    expect(item.influencer_instructions?.posts_required).toBe(2);
    expect(item.booking.id).toBe(booking.id);
    expect(item.booking.influencer.name).toBe('Ines Influencer');
    expect(item.booking.task).toMatchObject({
      id: task.id,
      completed: false,
      posts: [],
      overdue: false,
      closed: false,
    });
    expect(body.data.find((x) => x.id === future.task.id)?.can_complete).toBe(false);
    // The earliest visit first.
    expect(body.data[0]?.id).toBe(task.id);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 10 });
  });

  it('pages with meta and filters completed tasks', async () => {
    const user = await createUser(t.ctx, { role: 'influencer' });
    for (let i = 0; i < 3; i++) await createVisit(t.ctx, { brandId: brand.brandId, userId: user.id });
    const done = await createVisit(t.ctx, { brandId: brand.brandId, userId: user.id });
    await t.ctx.db.update(tasks).set({ completed: true, completedAt: t.clock.now() }).where(eq(tasks.id, done.task.id));

    const page2 = await t.app.inject({
      url: `/api/v1/influencers/${user.id}/tasks?filter[completed]=0&page[size]=2&page[number]=2`,
      headers: user.headers,
    });
    expect(page2.json().meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect(page2.json().data).toHaveLength(1);

    const completed = await t.app.inject({
      url: `/api/v1/influencers/${user.id}/tasks?filter[completed]=1`,
      headers: user.headers,
    });
    expect(completed.json().data.map((x: TaskResource) => x.id)).toEqual([done.task.id]);
  });

  it('hides tasks whose booking was cancelled or declined', async () => {
    const user = await createUser(t.ctx, { role: 'influencer' });
    await createVisit(t.ctx, { brandId: brand.brandId, userId: user.id, status: 'cancelled' });
    const res = await t.app.inject({ url: `/api/v1/influencers/${user.id}/tasks`, headers: user.headers });
    expect(res.json().data).toEqual([]);
    expect(res.json().meta.total).toBe(0);
  });

  it('lists journalists through the same path', async () => {
    const { task } = await createVisit(t.ctx, { brandId: brand.brandId, userId: journalist.id });
    const res = await t.app.inject({
      url: `/api/v1/influencers/${journalist.id}/tasks?filter[completed]=0`,
      headers: journalist.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: TaskResource) => x.id)).toContain(task.id);
  });

  it("refuses another user's id, brands and missing tokens", async () => {
    const other = await t.app.inject({
      url: `/api/v1/influencers/${influencer.id}/tasks`,
      headers: otherInfluencer.headers,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: MSG.forbidden, code: 'forbidden' });
    const asBrand = await t.app.inject({ url: `/api/v1/influencers/${brand.id}/tasks`, headers: brand.headers });
    expect(asBrand.statusCode).toBe(403);
    const anon = await t.app.inject({ url: `/api/v1/influencers/${influencer.id}/tasks` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: MSG.unauthenticated, code: 'unauthenticated' });
  });

  it('rejects a bad filter', async () => {
    const res = await t.app.inject({
      url: `/api/v1/influencers/${influencer.id}/tasks?filter[completed]=maybe`,
      headers: influencer.headers,
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('GET influencers/{id}/tasks/{taskId}', () => {
  it('answers the own task, 403 for another user, 404 for an unknown id', async () => {
    const { task } = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id });
    const own = await t.app.inject({
      url: `/api/v1/influencers/${influencer.id}/tasks/${task.id}`,
      headers: influencer.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.id).toBe(task.id);

    const viaOwnPath = await t.app.inject({
      url: `/api/v1/influencers/${otherInfluencer.id}/tasks/${task.id}`,
      headers: otherInfluencer.headers,
    });
    expect(viaOwnPath.statusCode).toBe(403);
    const viaOtherPath = await t.app.inject({
      url: `/api/v1/influencers/${influencer.id}/tasks/${task.id}`,
      headers: otherInfluencer.headers,
    });
    expect(viaOtherPath.statusCode).toBe(403);
    const unknown = await t.app.inject({
      url: `/api/v1/influencers/${influencer.id}/tasks/999999`,
      headers: influencer.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT influencers/{id}/tasks/{taskId}', () => {
  it('completes the task once, records task_completion and mails the brand owner', async () => {
    const { task } = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: influencer.id,
      campaignName: 'Brunch Club',
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}/tasks/${task.id}`,
      headers: influencer.headers,
      payload: { posts: goodPosts, ...flags },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as TaskResource;
    expect(data.completed).toBe(true);
    expect(data.can_complete).toBe(false);
    expect(data.posts).toHaveLength(3);
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ completed: true, geolocalized: true, hashtagged: true, posted: true, tagged: true });
    expect(row?.completedAt).toBeInstanceOf(Date);
    expect(row?.posts[0]).toEqual({ type: 'post', link: 'https://www.instagram.com/p/abc/', check: null });

    const events = await t.ctx.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.name, 'task_completion'), eq(analyticsEvents.userId, influencer.id)));
    expect(events.some((e) => e.properties.task_id === task.id)).toBe(true);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email));
    const mail = mails.find((m) => m.subject.includes('Brunch Club'));
    expect(mail?.subject).toBe('Task completed: Ines Influencer for Brunch Club');
    expect(mail?.text).toContain('https://www.instagram.com/p/abc/');

    // The task has left the open list.
    const open = await t.app.inject({
      url: `/api/v1/influencers/${influencer.id}/tasks?filter[completed]=0&page[size]=50`,
      headers: influencer.headers,
    });
    expect(open.json().data.map((x: TaskResource) => x.id)).not.toContain(task.id);

    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}/tasks/${task.id}`,
      headers: influencer.headers,
      payload: { posts: goodPosts, ...flags },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.taskAlreadyCompleted);
  });

  it('refuses completion before the visit time and changes nothing', async () => {
    const { task } = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: influencer.id,
      visitAt: new Date(t.clock.now().getTime() + 3600_000),
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}/tasks/${task.id}`,
      headers: influencer.headers,
      payload: { posts: goodPosts, ...flags },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.taskBeforeVisit);
    expect((await taskRow(task.id))?.completed).toBe(false);
  });

  it('needs a valid URL for every post, placeholders included', async () => {
    const { task } = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id });
    const url = `/api/v1/influencers/${influencer.id}/tasks/${task.id}`;
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: influencer.headers,
      payload: {
        posts: JSON.stringify([
          { type: 'post', link: 'not a link' },
          { type: 'post', link: 'https://ok.example/p' },
          { type: 'story', link: 'javascript:alert(1)' },
        ]),
        ...flags,
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['posts.0.link']).toEqual([MSG.invalidPostUrl]);
    expect(bad.json().errors['posts.2.link']).toEqual([MSG.invalidPostUrl]);

    const missing = await t.app.inject({
      method: 'PUT',
      url,
      headers: influencer.headers,
      payload: { posts: JSON.stringify([{ type: 'post', link: 'https://ok.example/p' }]), ...flags },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.posts).toEqual([MSG.taskPostsInvalid]);

    const notJson = await t.app.inject({
      method: 'PUT',
      url,
      headers: influencer.headers,
      payload: { posts: '[{', ...flags },
    });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().errors.posts).toEqual([MSG.taskPostsInvalid]);

    const notConfirmed = await t.app.inject({
      method: 'PUT',
      url,
      headers: influencer.headers,
      payload: { posts: goodPosts, ...flags, completed: 0 },
    });
    expect(notConfirmed.statusCode).toBe(422);
    expect(notConfirmed.json().errors.completed).toEqual([MSG.taskConfirmRequired]);
    expect((await taskRow(task.id))?.completed).toBe(false);
  });

  it("refuses another user's ids, journalists, brands and missing tokens, changing nothing", async () => {
    const { task } = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id });
    const payload = { posts: goodPosts, ...flags };
    const otherPath = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}/tasks/${task.id}`,
      headers: otherInfluencer.headers,
      payload,
    });
    expect(otherPath.statusCode).toBe(403);
    const otherTask = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${otherInfluencer.id}/tasks/${task.id}`,
      headers: otherInfluencer.headers,
      payload,
    });
    expect(otherTask.statusCode).toBe(403);
    const asJournalist = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${journalist.id}/tasks/${task.id}`,
      headers: journalist.headers,
      payload,
    });
    expect(asJournalist.statusCode).toBe(403);
    const asBrand = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${brand.id}/tasks/${task.id}`,
      headers: brand.headers,
      payload,
    });
    expect(asBrand.statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/influencers/${influencer.id}/tasks/${task.id}`,
      payload,
    });
    expect(anon.statusCode).toBe(401);
    expect((await taskRow(task.id))?.completed).toBe(false);
  });
});

describe('concurrent completions', () => {
  it('completes once when two requests race: one succeeds, the other is refused, one mail', async () => {
    const racer = await createUser(t.ctx, { role: 'influencer', name: 'Racer' });
    const { task } = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: racer.id,
      campaignName: 'Race Night',
    });
    const send = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/influencers/${racer.id}/tasks/${task.id}`,
        headers: racer.headers,
        payload: { posts: goodPosts, ...flags },
      });
    const results = await Promise.all([send(), send()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email));
    expect(mails.filter((m) => m.subject.includes('Race Night'))).toHaveLength(1);
  });
});

describe('PUT journalist/{id}/tasks/{taskId}', () => {
  it('completes with a rating and a coverage option, once', async () => {
    const { task } = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: journalist.id,
      campaignName: 'Chef Table',
    });
    const url = `/api/v1/journalist/${journalist.id}/tasks/${task.id}`;
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: journalist.headers,
      payload: { rating: 4, propertyOption: 'Feature article' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ completed: true, rating: 4, propertyOption: 'Feature article' });
    const row = await taskRow(task.id);
    expect(row).toMatchObject({ completed: true, rating: 4, propertyOption: 'Feature article' });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, brand.email));
    const mail = mails.find((m) => m.subject.includes('Chef Table'));
    expect(mail?.text).toContain('Coverage: Feature article');
    const events = await t.ctx.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.name, 'task_completion'), eq(analyticsEvents.userId, journalist.id)));
    expect(events).toHaveLength(1);

    const again = await t.app.inject({
      method: 'PUT',
      url,
      headers: journalist.headers,
      payload: { rating: 2, propertyOption: 'Social post' },
    });
    expect(again.statusCode).toBe(409);
    expect((await taskRow(task.id))?.rating).toBe(4);
  });

  it('needs a rating 1-5 and a coverage option from the list', async () => {
    const { task } = await createVisit(t.ctx, { brandId: brand.brandId, userId: journalist.id });
    const url = `/api/v1/journalist/${journalist.id}/tasks/${task.id}`;
    for (const payload of [
      { rating: 0, propertyOption: 'Social post' },
      { rating: 6, propertyOption: 'Social post' },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: journalist.headers, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.rating).toEqual([MSG.ratingRequired]);
    }
    for (const payload of [{ rating: 3 }, { rating: 3, propertyOption: 'Billboard' }]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: journalist.headers, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.propertyOption).toEqual([MSG.coverageRequired]);
    }
    expect((await taskRow(task.id))?.completed).toBe(false);
  });

  it('refuses before the visit, influencers, another journalist and brands', async () => {
    const early = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: journalist.id,
      visitAt: new Date(t.clock.now().getTime() + 3600_000),
    });
    const payload = { rating: 5, propertyOption: 'Social post' };
    const before = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/journalist/${journalist.id}/tasks/${early.task.id}`,
      headers: journalist.headers,
      payload,
    });
    expect(before.statusCode).toBe(422);
    expect(before.json().message).toBe(MSG.taskBeforeVisit);

    const { task } = await createVisit(t.ctx, { brandId: brand.brandId, userId: journalist.id });
    const otherJournalist = await createUser(t.ctx, { role: 'journalist' });
    const cases = [
      { url: `/api/v1/journalist/${influencer.id}/tasks/${task.id}`, headers: influencer.headers, status: 403 },
      { url: `/api/v1/journalist/${journalist.id}/tasks/${task.id}`, headers: otherJournalist.headers, status: 403 },
      {
        url: `/api/v1/journalist/${otherJournalist.id}/tasks/${task.id}`,
        headers: otherJournalist.headers,
        status: 403,
      },
      { url: `/api/v1/journalist/${brand.id}/tasks/${task.id}`, headers: brand.headers, status: 403 },
      { url: `/api/v1/journalist/${journalist.id}/tasks/${task.id}`, headers: {}, status: 401 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'PUT', url: c.url, headers: c.headers, payload });
      expect(res.statusCode).toBe(c.status);
    }
    expect((await taskRow(task.id))?.completed).toBe(false);
    expect((await taskRow(early.task.id))?.completed).toBe(false);
  });
});

describe('POST bookings/{id}/rate_experience', () => {
  const rating = { rate_vibe: 4, rate_food: 5, rate_service: 3, rate_general: 4 };
  async function bookingRow(id: number) {
    return t.ctx.db.query.bookings.findFirst({ where: eq(bookings.id, id) });
  }

  it('stores the rating once, after the visit', async () => {
    const { booking } = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id });
    const url = `/api/v1/bookings/${booking.id}/rate_experience`;
    const res = await t.app.inject({ method: 'POST', url, headers: influencer.headers, payload: rating });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(rating);
    const row = await bookingRow(booking.id);
    expect(row).toMatchObject({ rateVibe: 4, rateFood: 5, rateService: 3, rateGeneral: 4 });
    expect(row?.experienceRatedAt).toBeInstanceOf(Date);

    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: influencer.headers,
      payload: { rate_vibe: 1, rate_food: 1, rate_service: 1, rate_general: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.experienceAlreadyRated);
    expect((await bookingRow(booking.id))?.rateVibe).toBe(4);
  });

  it('takes a journalist rating (the web sends 5 in all four)', async () => {
    const { booking } = await createVisit(t.ctx, { brandId: brand.brandId, userId: journalist.id });
    const five = { rate_vibe: 5, rate_food: 5, rate_service: 5, rate_general: 5 };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/rate_experience`,
      headers: journalist.headers,
      payload: five,
    });
    expect(res.statusCode).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ rateVibe: 5, rateFood: 5, rateService: 5, rateGeneral: 5 });
  });

  it('checks each rating is 1 to 5', async () => {
    const { booking } = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking.id}/rate_experience`,
      headers: influencer.headers,
      payload: { rate_vibe: 0, rate_food: 6, rate_service: 'x', rate_general: 3 },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.rate_vibe).toEqual([MSG.ratingRequired]);
    expect(errors.rate_food).toEqual([MSG.ratingRequired]);
    expect(errors.rate_service).toEqual([MSG.ratingRequired]);
    expect((await bookingRow(booking.id))?.experienceRatedAt).toBeNull();
  });

  it('refuses before the visit and for bookings that were not visited', async () => {
    const early = await createVisit(t.ctx, {
      brandId: brand.brandId,
      userId: influencer.id,
      visitAt: new Date(t.clock.now().getTime() + 3600_000),
    });
    const before = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${early.booking.id}/rate_experience`,
      headers: influencer.headers,
      payload: rating,
    });
    expect(before.statusCode).toBe(422);
    expect(before.json().message).toBe(MSG.experienceBeforeVisit);
    const cancelled = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id, status: 'cancelled' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${cancelled.booking.id}/rate_experience`,
      headers: influencer.headers,
      payload: rating,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.bookingNotVisited);
  });

  it("refuses another user's booking, brands, unknown ids and missing tokens", async () => {
    const { booking } = await createVisit(t.ctx, { brandId: brand.brandId, userId: influencer.id });
    const url = `/api/v1/bookings/${booking.id}/rate_experience`;
    const other = await t.app.inject({ method: 'POST', url, headers: otherInfluencer.headers, payload: rating });
    expect(other.statusCode).toBe(403);
    const asBrand = await t.app.inject({ method: 'POST', url, headers: brand.headers, payload: rating });
    expect(asBrand.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'POST', url, payload: rating });
    expect(anon.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bookings/999999/rate_experience',
      headers: influencer.headers,
      payload: rating,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await bookingRow(booking.id))?.experienceRatedAt).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('describes the task, rating and profile routes', async () => {
    const res = await t.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/v1/influencers/{id}/tasks',
      '/api/v1/influencers/{id}/tasks/{taskId}',
      '/api/v1/journalist/{id}/tasks/{taskId}',
      '/api/v1/bookings/{id}/rate_experience',
      '/api/v1/influencers/{id}',
      '/api/v1/influencers/{id}/picture',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
