import { MSG, tooLong } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestBrand } from '../../../test/factories';
import { createBrandOwner, createUser } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { createTestApp } from '../../../test/test-app';
import { analyticsEvents, campaignPhotos, campaigns, locations } from '../../db/schema';
import type { Part } from '../brands/upload-fixtures';
import { multipart, SAFE_SVG } from '../brands/upload-fixtures';

type Fields = Record<string, unknown>;
function partsOf(fields: Fields, photos: Buffer[] = []): Part[] {
  const parts: Part[] = [];
  for (const [name, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    parts.push({ name, value: typeof v === 'string' ? v : JSON.stringify(v) });
  }
  photos.forEach((file, i) =>
    parts.push({ name: 'featured_photos[]', value: file, filename: `photo${i}.jpg`, contentType: 'image/jpeg' }),
  );
  return parts;
}

let png: Buffer;
let jpegWithExif: Buffer;

describe('campaign wizard API', () => {
  let t: TestApp;
  let owner: TestBrand;
  let other: TestBrand;
  let ownLocation: number;
  let otherLocation: number;

  async function addLocation(brandId: number, name = 'Downtown') {
    const [row] = await t.ctx.db
      .insert(locations)
      .values({
        brandId,
        name,
        address: '1 Main St',
        email: 'loc@example.test',
        phone: '5551234567',
        contact: 'Sam',
        timeZone: 'America/New_York',
      })
      .returning();
    return row!.id;
  }

  function basics(over: Fields = {}): Fields {
    return {
      category_id: '4',
      step: '1',
      name: 'Spring menu launch',
      description: 'Come taste our new spring menu.',
      launch_date: '2030-04-01',
      ...over,
    };
  }

  async function create(user: { headers: { authorization: string } }, fields: Fields, photos: Buffer[] = [png]) {
    const body = multipart(partsOf(fields, photos));
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/campaigns',
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }
  async function update(
    user: { headers: { authorization: string } },
    id: number,
    fields: Fields,
    photos: Buffer[] = [],
  ) {
    const body = multipart(partsOf(fields, photos));
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/campaigns/${id}`,
      headers: { ...user.headers, ...body.headers },
      payload: body.payload,
    });
  }
  async function get(user: { headers: { authorization: string } }, id: number) {
    return t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${id}`, headers: user.headers });
  }
  async function createdCampaign(fields: Fields = {}, photos: Buffer[] = [png]): Promise<CampaignResource> {
    const res = await create(owner, basics(fields), photos);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CampaignResource;
  }
  async function expectFieldError(res: { statusCode: number; json(): unknown }, field: string, message: string) {
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors[field]).toContain(message);
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createBrandOwner(t.ctx, { name: 'Owner Bistro' });
    other = await createBrandOwner(t.ctx, { name: 'Other Bar' });
    ownLocation = await addLocation(owner.brandId);
    otherLocation = await addLocation(other.brandId, 'Rival');
    png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    jpegWithExif = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#36c' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'someone' } })
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST campaigns', () => {
    it('creates a draft for the owner brand at the given step, with photos re-encoded and campaign_create recorded', async () => {
      const res = await create(owner, basics({ brand_id: String(owner.brandId), end_date: '2030-04-20' }), [
        jpegWithExif,
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const c = res.json().data as CampaignResource;
      expect(c).toMatchObject({
        name: 'Spring menu launch',
        description: 'Come taste our new spring menu.',
        brand_id: owner.brandId,
        category_id: 4,
        status: 'draft',
        step: 1,
        attributes_type: 'generalupdates',
        attributes: { launch_date: '2030-04-01', end_date: '2030-04-20', opening_date: null, event_date: null },
        target: ['influencer'],
        tier_range_influencer: [1, 2],
        expires_on: '2030-04-20',
      });
      expect(c.type.booking).toMatchObject({ compensation: 25, max_bookings_per_week: 1, max_guests: 2 });
      expect(c.featuredphotos).toHaveLength(1);
      const photo = c.featuredphotos[0]!;
      expect(photo.name).toMatch(/^[a-f0-9]{32}$/);
      expect(photo.path).toBe(`campaigns/${photo.name}.jpg`);
      const stored = await t.app.inject({ method: 'GET', url: `/files/${photo.path}` });
      expect(stored.statusCode).toBe(200);
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
      const card = await t.app.inject({ method: 'GET', url: `/files/${photo.thumb_path}` });
      expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 600, height: 360 });
      const events = await t.ctx.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'campaign_create'));
      expect(events.some((e) => e.userId === owner.id)).toBe(true);
    });

    it('sets expiry to the launch date + 30 days without an end date, and to the event date for events', async () => {
      const general = await createdCampaign();
      expect(general.expires_on).toBe('2030-05-01');
      const event = await createdCampaign({ category_id: '6', launch_date: undefined, event_date: '2030-06-10' });
      expect(event).toMatchObject({
        category_id: 6,
        expires_on: '2030-06-10',
        attributes: { event_date: '2030-06-10', from_time: '18:00', to_time: '18:30', launch_date: null },
      });
      const opening = await createdCampaign({ category_id: '5', launch_date: undefined, opening_date: '2030-07-01' });
      expect(opening).toMatchObject({ attributes_type: 'opening', expires_on: '2030-07-31' });
    });

    it('requires name and description, with their maximum lengths', async () => {
      await expectFieldError(await create(owner, basics({ name: '  ' })), 'name', MSG.required);
      await expectFieldError(await create(owner, basics({ description: '' })), 'description', MSG.required);
      await expectFieldError(await create(owner, basics({ name: 'x'.repeat(51) })), 'name', tooLong(50));
      await expectFieldError(
        await create(owner, basics({ description: 'x'.repeat(501) })),
        'description',
        tooLong(500),
      );
    });

    it("requires the kind's date and refuses an end date before it", async () => {
      await expectFieldError(await create(owner, basics({ launch_date: undefined })), 'launch_date', MSG.required);
      await expectFieldError(
        await create(owner, basics({ category_id: '5', launch_date: undefined })),
        'opening_date',
        MSG.required,
      );
      await expectFieldError(
        await create(owner, basics({ category_id: '6', launch_date: undefined })),
        'event_date',
        MSG.required,
      );
      await expectFieldError(await create(owner, basics({ end_date: '2030-03-31' })), 'end_date', MSG.endBeforeStart);
      await expectFieldError(
        await create(owner, basics({ launch_date: '2030-02-30' })),
        'launch_date',
        MSG.invalidDate,
      );
    });

    it('checks event times: half-hour slots, start and end not equal', async () => {
      const event = { category_id: '6', launch_date: undefined, event_date: '2030-06-10' };
      await expectFieldError(
        await create(owner, basics({ ...event, from_time: '19:00', to_time: '19:00' })),
        'to_time',
        MSG.eventTimesEqual,
      );
      await expectFieldError(
        await create(owner, basics({ ...event, from_time: '19:15' })),
        'from_time',
        MSG.halfHourTime,
      );
    });

    it('requires all key players fields when key players are enabled', async () => {
      const players = [
        { type: 'Chef', name: 'Ana', bio: 'Head chef' },
        { type: 'Owner', name: 'Bo', bio: 'Founder' },
        { type: 'Beverage Director', name: 'Cy', bio: '' },
        { type: 'Interior Designer', name: 'Di', bio: 'Studio Di' },
      ];
      await expectFieldError(
        await create(owner, basics({ key_players: players })),
        'key_players',
        MSG.keyPlayersIncomplete,
      );
      await expectFieldError(
        await create(owner, basics({ key_players_enabled: 'true', key_players: [] })),
        'key_players',
        MSG.keyPlayersIncomplete,
      );
      const complete = players.map((p) => ({ ...p, bio: p.bio || 'Sommelier' }));
      const ok = await createdCampaign({ key_players: complete });
      expect(ok.attributes.key_players).toEqual(complete);
      const off = await createdCampaign({ key_players_enabled: 'false', key_players: players });
      expect(off.attributes.key_players).toEqual([]);
    });

    it('checks featured photos by content, size and count', async () => {
      await expectFieldError(await create(owner, basics(), []), 'featured_photos', MSG.atLeastOneImage);
      const fake = Buffer.from('GIF89a not really an image');
      await expectFieldError(await create(owner, basics(), [fake]), 'featured_photos', MSG.photoType);
      const svg = Buffer.from(SAFE_SVG);
      await expectFieldError(await create(owner, basics(), [svg]), 'featured_photos', MSG.photoType);
      const huge = Buffer.concat([png.subarray(0, 8), Buffer.alloc(10 * 1024 * 1024 + 10)]);
      await expectFieldError(await create(owner, basics(), [huge]), 'featured_photos', MSG.imageTooLarge);
      await expectFieldError(
        await create(owner, basics(), [png, png, png, png, png, png]),
        'featured_photos',
        MSG.tooManyPhotos,
      );
    });

    it('refuses another category, another brand id and another brand location', async () => {
      await expectFieldError(await create(owner, basics({ category_id: '2' })), 'category_id', MSG.campaignCategory);
      const foreign = await create(owner, basics({ brand_id: String(other.brandId) }));
      expect(foreign.statusCode).toBe(403);
      await expectFieldError(
        await create(owner, basics({ locations: [otherLocation] })),
        'locations',
        MSG.invalidCampaignLocation,
      );
    });

    it('answers 401 without a token, 403 to media users and to brands without a subscription', async () => {
      const body = multipart(partsOf(basics(), [png]));
      const anon = await t.app.inject({
        method: 'POST',
        url: '/api/v1/campaigns',
        headers: body.headers,
        payload: body.payload,
      });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: MSG.unauthenticated, code: 'unauthenticated' });
      const influencer = await createUser(t.ctx, { role: 'influencer' });
      expect((await create(influencer, basics())).statusCode).toBe(403);
      const journalist = await createUser(t.ctx, { role: 'journalist' });
      expect((await create(journalist, basics())).statusCode).toBe(403);
      const unpaid = await createBrandOwner(t.ctx, { subscribed: false });
      await addLocation(unpaid.brandId);
      const res = await create(unpaid, basics());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.subscriptionRequired, code: 'subscription_required' });
    });

    it('ignores file parts other than featured_photos[]', async () => {
      const body = multipart([
        ...partsOf(basics(), [png]),
        {
          name: 'attachment',
          value: Buffer.alloc(2048, 1),
          filename: 'x.bin',
          contentType: 'application/octet-stream',
        },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/campaigns',
        headers: { ...owner.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.featuredphotos).toHaveLength(1);
    });

    it('refuses a brand without locations', async () => {
      const fresh = await createBrandOwner(t.ctx, { name: 'No Place' });
      const res = await create(fresh, basics());
      await expectFieldError(res, 'locations', MSG.noLocationsYet);
      const rows = await t.ctx.db.select().from(campaigns).where(eq(campaigns.brandId, fresh.brandId));
      expect(rows).toHaveLength(0);
    });
  });

  describe('POST campaigns/{id} (steps)', () => {
    it('saves each step and GET returns what was saved there', async () => {
      const c = await createdCampaign();
      const audience = await update(owner, c.id, {
        step: '2',
        target: ['influencer', 'journalist'],
        tier_range_influencer: [2, 3, 4],
        tier_range_journalist: [1],
      });
      expect(audience.statusCode, audience.body).toBe(200);
      let reloaded = (await get(owner, c.id)).json().data as CampaignResource;
      expect(reloaded).toMatchObject({
        step: 2,
        target: ['influencer', 'journalist'],
        tier_range_influencer: [2, 3, 4],
        tier_range_journalist: [1],
        name: 'Spring menu launch',
      });

      const booking = {
        compensation: 100,
        max_bookings_per_week: 50,
        max_guests: 4,
        information_only: false,
        tip: 'Ask for Sam at the bar',
        switch: true,
        unavailable_dates: { mon: [{ from: '12:00', to: '14:00' }], sat: [{ from: '19:00', to: '21:30' }] },
        // Comp terms (issue 30): saved and returned as sent.
        includes: ['Tasting menu for two', 'One glass of wine each'],
        allowance: 120,
        guest_policy: 'optional',
      };
      const bookings = await update(owner, c.id, { step: '3', locations: [ownLocation], booking });
      expect(bookings.statusCode, bookings.body).toBe(200);
      reloaded = (await get(owner, c.id)).json().data as CampaignResource;
      expect(reloaded.step).toBe(3);
      expect(reloaded.locations.map((l) => l.id)).toEqual([ownLocation]);
      expect(reloaded.type.booking).toEqual(booking);

      const requirements = await update(owner, c.id, {
        step: '4',
        influencer_instructions: {
          tagging_required: true,
          geotag_required: true,
          posts_required: 2,
          stories_required: 3,
          hashtags: ['#spring', 'newmenu'],
        },
      });
      expect(requirements.statusCode, requirements.body).toBe(200);
      reloaded = (await get(owner, c.id)).json().data as CampaignResource;
      expect(reloaded.step).toBe(4);
      expect(reloaded.influencer_instructions).toEqual({
        tagging_required: true,
        geotag_required: true,
        posts_required: 2,
        stories_required: 3,
        hashtags: ['spring', 'newmenu'],
      });
      // Earlier steps are untouched by later saves.
      expect(reloaded.target).toEqual(['influencer', 'journalist']);
      expect(reloaded.status).toBe('draft');
    });

    it('caps the step at 4 and adds photos up to 5 in total', async () => {
      const c = await createdCampaign({}, [png, png]);
      const res = await update(owner, c.id, { step: '9', locations: [ownLocation] }, [png, png, png]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ step: 4 });
      expect(res.json().data.featuredphotos).toHaveLength(5);
      await expectFieldError(await update(owner, c.id, { step: '1' }, [png]), 'featured_photos', MSG.tooManyPhotos);
    });

    it('checks the audience rules', async () => {
      const c = await createdCampaign();
      await expectFieldError(await update(owner, c.id, { step: '2', target: [] }), 'target', MSG.atLeastOneAudience);
      await expectFieldError(
        await update(owner, c.id, { step: '2', target: ['staff'] }),
        'target.0',
        MSG.atLeastOneAudience,
      );
      await expectFieldError(
        await update(owner, c.id, { step: '2', tier_range_influencer: [0, 1] }),
        'tier_range_influencer.0',
        MSG.tierRange,
      );
      await expectFieldError(
        await update(owner, c.id, { step: '2', tier_range_journalist: [1, 3] }),
        'tier_range_journalist',
        MSG.tierRange,
      );
      await expectFieldError(await update(owner, c.id, { step: '2', target: '{oops' }), 'target', MSG.invalidJson);
    });

    it('checks the bookings rules', async () => {
      const c = await createdCampaign();
      await expectFieldError(
        await update(owner, c.id, { step: '3', locations: [] }),
        'locations',
        MSG.atLeastOneLocation,
      );
      await expectFieldError(
        await update(owner, c.id, { step: '3', locations: [otherLocation] }),
        'locations',
        MSG.invalidCampaignLocation,
      );
      const withLoc = { step: '3', locations: [ownLocation] };
      await expectFieldError(
        await update(owner, c.id, { ...withLoc, booking: { max_bookings_per_week: 51 } }),
        'booking.max_bookings_per_week',
        MSG.maxBookingsHint,
      );
      await expectFieldError(
        await update(owner, c.id, { ...withLoc, booking: { max_bookings_per_week: 0 } }),
        'booking.max_bookings_per_week',
        MSG.maxBookingsMin,
      );
      await expectFieldError(
        await update(owner, c.id, { ...withLoc, booking: { compensation: 30 } }),
        'booking.compensation',
        MSG.compensationOption,
      );
      await expectFieldError(
        await update(owner, c.id, { ...withLoc, booking: { max_guests: 5 } }),
        'booking.max_guests',
        MSG.maxGuestsRange,
      );
      await expectFieldError(
        await update(owner, c.id, {
          ...withLoc,
          booking: { unavailable_dates: { tue: [{ from: '14:00', to: '12:00' }] } },
        }),
        'booking.unavailable_dates.tue.0.to',
        MSG.rangeFromBeforeTo,
      );
      await expectFieldError(
        await update(owner, c.id, {
          ...withLoc,
          booking: { unavailable_dates: { tue: [{ from: '14:10', to: '15:00' }] } },
        }),
        'booking.unavailable_dates.tue.0.from',
        MSG.halfHourTime,
      );
      // Comp terms (issue 30).
      await expectFieldError(
        await update(owner, c.id, {
          ...withLoc,
          booking: { includes: Array.from({ length: 11 }, (_, i) => `Dish ${i}`) },
        }),
        'booking.includes',
        MSG.compIncludesMax,
      );
      await expectFieldError(
        await update(owner, c.id, { ...withLoc, booking: { includes: ['x'.repeat(81)] } }),
        'booking.includes.0',
        MSG.compIncludesLine,
      );
      await expectFieldError(
        await update(owner, c.id, { ...withLoc, booking: { allowance: 0 } }),
        'booking.allowance',
        MSG.allowanceRange,
      );
      await expectFieldError(
        await update(owner, c.id, { ...withLoc, booking: { guest_policy: 'plenty' } }),
        'booking.guest_policy',
        MSG.guestPolicyOption,
      );
      // Before the Bookings step, no location is needed yet.
      expect((await update(owner, c.id, { step: '2', locations: [] })).statusCode).toBe(200);
    });

    it('checks the requirements rules', async () => {
      const c = await createdCampaign({ locations: [ownLocation] });
      const base = { step: '4' };
      await expectFieldError(
        await update(owner, c.id, { ...base, influencer_instructions: { posts_required: 4 } }),
        'influencer_instructions.posts_required',
        MSG.postsRange,
      );
      await expectFieldError(
        await update(owner, c.id, { ...base, influencer_instructions: { stories_required: -1 } }),
        'influencer_instructions.stories_required',
        MSG.postsRange,
      );
      await expectFieldError(
        await update(owner, c.id, { ...base, influencer_instructions: { hashtags: ['two words'] } }),
        'influencer_instructions.hashtags.0',
        MSG.hashtagFormat,
      );
    });

    it('submits for review: status review, submitted_at set, review reason cleared; then it is frozen', async () => {
      const c = await createdCampaign({ locations: [ownLocation] });
      await t.ctx.db.update(campaigns).set({ reviewReason: 'Add a better photo' }).where(eq(campaigns.id, c.id));
      const reopened = (await get(owner, c.id)).json().data as CampaignResource;
      expect(reopened.review_reason).toBe('Add a better photo');
      const res = await update(owner, c.id, { step: '4', status: 'review' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'review', step: 4, review_reason: null });
      const [row] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, c.id));
      expect(row!.submittedAt).toBeInstanceOf(Date);

      const edit = await update(owner, c.id, { step: '1', name: 'Changed' });
      expect(edit.statusCode).toBe(409);
      expect(edit.json()).toEqual({ message: MSG.campaignNotDraft, code: 'campaign_not_draft' });
      const again = await update(owner, c.id, { status: 'review' });
      expect(again.statusCode).toBe(409);
      expect((await get(owner, c.id)).json().data.name).toBe('Spring menu launch');
      const discard = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/campaigns/${c.id}`,
        headers: owner.headers,
      });
      expect(discard.statusCode).toBe(409);
      expect(discard.json()).toEqual({ message: MSG.campaignNotDiscardable, code: 'campaign_not_draft' });
    });

    it('refuses to submit an incomplete campaign and an unknown status', async () => {
      const c = await createdCampaign();
      await expectFieldError(await update(owner, c.id, { status: 'review' }), 'locations', MSG.atLeastOneLocation);
      const bad = await update(owner, c.id, { status: 'approved' });
      expect(bad.statusCode).toBe(422);
      expect((await get(owner, c.id)).json().data.status).toBe('draft');
    });

    it("refuses another brand's campaign and leaves it unchanged", async () => {
      const c = await createdCampaign();
      const res = await update(other, c.id, { step: '2', name: 'Hijacked' });
      expect(res.statusCode).toBe(403);
      expect((await get(other, c.id)).statusCode).toBe(403);
      const submit = await update(other, c.id, { status: 'review' });
      expect(submit.statusCode).toBe(403);
      const photo = c.featuredphotos[0]!;
      const delPhoto = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/campaigns/${c.id}/photos/${photo.name}`,
        headers: other.headers,
      });
      expect(delPhoto.statusCode).toBe(403);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/campaigns/${c.id}`, headers: other.headers });
      expect(del.statusCode).toBe(403);
      const mine = (await get(owner, c.id)).json().data as CampaignResource;
      expect(mine).toMatchObject({ name: 'Spring menu launch', status: 'draft', step: 1 });
      expect(mine.featuredphotos).toHaveLength(1);
    });

    it('answers 403 to media users, 401 without a token, 404 for an unknown id, 403 without subscription', async () => {
      const c = await createdCampaign();
      const influencer = await createUser(t.ctx, { role: 'influencer' });
      expect((await get(influencer, c.id)).statusCode).toBe(403);
      expect((await update(influencer, c.id, { step: '2' })).statusCode).toBe(403);
      const journalist = await createUser(t.ctx, { role: 'journalist' });
      const mediaDelete = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/campaigns/${c.id}`,
        headers: journalist.headers,
      });
      expect(mediaDelete.statusCode).toBe(403);
      const mediaPhoto = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/campaigns/${c.id}/photos/${c.featuredphotos[0]!.name}`,
        headers: journalist.headers,
      });
      expect(mediaPhoto.statusCode).toBe(403);
      expect((await get(owner, c.id)).json().data.featuredphotos).toHaveLength(1);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/campaigns/${c.id}` })).statusCode).toBe(401);
      expect((await get(owner, 999999)).statusCode).toBe(404);
      await t.ctx.db.update(campaigns).set({ name: 'Keep' }).where(eq(campaigns.id, c.id));
      const lapsed = await createBrandOwner(t.ctx, { subscribed: false });
      await addLocation(lapsed.brandId);
      const [own] = await t.ctx.db
        .insert(campaigns)
        .values({
          brandId: lapsed.brandId,
          categoryId: 4,
          name: 'Old',
          description: 'Old one',
          launchDate: '2030-01-01',
        })
        .returning();
      const res = await update(lapsed, own!.id, { step: '2' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.subscriptionRequired, code: 'subscription_required' });
      const discard = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/campaigns/${own!.id}`,
        headers: lapsed.headers,
      });
      expect(discard.statusCode).toBe(403);
      expect(discard.json()).toEqual({ message: MSG.subscriptionRequired, code: 'subscription_required' });
      const [still] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, own!.id));
      expect(still).toMatchObject({ name: 'Old', status: 'draft' });
    });
  });

  it('describes its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/campaigns',
        '/api/v1/campaigns/{id}',
        '/api/v1/campaigns/{id}/photos/{photoId}',
      ]),
    );
  });

  describe('photos and discard', () => {
    it('deletes a photo by its name (storage and row); clearing all then needs a new image', async () => {
      const c = await createdCampaign({}, [png, jpegWithExif]);
      expect(c.featuredphotos).toHaveLength(2);
      for (const photo of c.featuredphotos) {
        const res = await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/campaigns/${c.id}/photos/${photo.name}`,
          headers: owner.headers,
        });
        expect(res.statusCode).toBe(204);
        expect(await t.ctx.storage.get(photo.path)).toBeNull();
        expect(await t.ctx.storage.get(photo.thumb_path!)).toBeNull();
      }
      const rows = await t.ctx.db.select().from(campaignPhotos).where(eq(campaignPhotos.campaignId, c.id));
      expect(rows).toHaveLength(0);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/campaigns/${c.id}/photos/${c.featuredphotos[0]!.name}`,
        headers: owner.headers,
      });
      expect(again.statusCode).toBe(404);
      await expectFieldError(await update(owner, c.id, { step: '2' }), 'featured_photos', MSG.atLeastOneImage);
      const refilled = await update(owner, c.id, { step: '2' }, [png]);
      expect(refilled.statusCode).toBe(200);
      expect(refilled.json().data.featuredphotos).toHaveLength(1);
    });

    it('discards a draft with its photos', async () => {
      const c = await createdCampaign();
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/campaigns/${c.id}`, headers: owner.headers });
      expect(res.statusCode).toBe(204);
      expect((await get(owner, c.id)).statusCode).toBe(404);
      expect(await t.ctx.storage.get(c.featuredphotos[0]!.path)).toBeNull();
    });
  });
  describe('GET campaigns/{id}', () => {
    it('reads an approved campaign past its last day as expired (expiry on read)', async () => {
      const created = await createdCampaign({ launch_date: '2020-01-01' });
      // As if staff approved it long ago and the expiry job has not run yet.
      await t.ctx.db
        .update(campaigns)
        .set({ status: 'approved', expiresOn: '2020-01-31' })
        .where(eq(campaigns.id, created.id));
      const res = await get(owner, created.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('expired');
    });
  });
});
