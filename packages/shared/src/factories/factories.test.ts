import { describe, expect, it } from 'vitest';

import { ROLES } from '../roles';
import {
  analyticsResponseSchema,
  mediaApplicationReceiptSchema,
  mediaApplicationResourceSchema,
  outboxEntrySchema,
  weekAvailabilitySchema,
} from '../schemas/admin';
import { conversationResourceSchema, messageResourceSchema } from '../schemas/conversations';
import { pagedOf } from '../schemas/envelopes';
import { notificationResourceSchema } from '../schemas/notifications';
import {
  bookingResourceSchema,
  brandResourceSchema,
  campaignResourceSchema,
  locationResourceSchema,
  mediaProfileResourceSchema,
  mediaUserSummarySchema,
  planResourceSchema,
  taskResourceSchema,
} from '../schemas/resources';
import { sessionUserSchema } from '../schemas/session';
import { makeAnalytics } from './analytics';
import { makeBooking } from './booking';
import { makeBrand } from './brand';
import { makeCampaign } from './campaign';
import { makeConversation, makeMessage } from './conversation';
import { makeLocation } from './location';
import { makeMediaApplication, makeMediaApplicationReceipt } from './media-application';
import { makeMediaProfile } from './media-profile';
import { makeMediaUserSummary } from './media-user-summary';
import { makeNotification } from './notification';
import { makeOutboxEntry } from './outbox-entry';
import { makePage } from './page';
import { makePlan } from './plan';
import { makeSessionUser } from './session-user';
import { makeTask } from './task';
import { makeWeekAvailability } from './week-availability';

describe('factories', () => {
  // Each pair: what a factory builds must be exactly what its schema accepts, with nothing stripped
  // (a field the schema does not know would vanish from the API's reply).
  const cases = [
    ['makeCampaign', makeCampaign, campaignResourceSchema],
    ['makeBooking', makeBooking, bookingResourceSchema],
    ['makeLocation', makeLocation, locationResourceSchema],
    ['makeBrand', makeBrand, brandResourceSchema],
    ['makePlan', makePlan, planResourceSchema],
    ['makeTask', makeTask, taskResourceSchema],
    ['makeMediaProfile', makeMediaProfile, mediaProfileResourceSchema],
    ['makeMediaUserSummary', makeMediaUserSummary, mediaUserSummarySchema],
    ['makeMediaApplication', makeMediaApplication, mediaApplicationResourceSchema],
    ['makeMediaApplicationReceipt', makeMediaApplicationReceipt, mediaApplicationReceiptSchema],
    ['makeOutboxEntry', makeOutboxEntry, outboxEntrySchema],
    ['makeAnalytics', makeAnalytics, analyticsResponseSchema],
    ['makeWeekAvailability', makeWeekAvailability, weekAvailabilitySchema],
    ['makeConversation', makeConversation, conversationResourceSchema],
    ['makeMessage', makeMessage, messageResourceSchema],
    ['makeNotification', makeNotification, notificationResourceSchema],
  ] as const;

  it.each(cases)('%s builds a resource its schema accepts unchanged', (_name, make, schema) => {
    const built = make();
    expect(schema.parse(built)).toEqual(built);
  });

  it('makeSessionUser builds a valid user for every role', () => {
    for (const role of ROLES) {
      const user = makeSessionUser(role);
      expect(sessionUserSchema.parse(user)).toEqual(user);
      expect(user.profile.type).toBe(role);
    }
  });

  it('applies overrides', () => {
    expect(makeCampaign({ id: 12, status: 'draft' })).toMatchObject({ id: 12, status: 'draft' });
    expect(makeBooking({ status: 'no_show', check_in_code: null })).toMatchObject({
      status: 'no_show',
      check_in_code: null,
    });
    expect(makeSessionUser('journalist', { profile: { tier_range: 3 } }).profile).toMatchObject({
      type: 'journalist',
      tier_range: 3,
      workplace: 'The Daily Test',
    });
  });

  it('refuses overrides the contract does not allow, naming the field', () => {
    // @ts-expect-error -- a status that does not exist, as a careless fixture might write it
    expect(() => makeCampaign({ status: 'published' })).toThrow(/status/);
    expect(() => makeBooking({ guests: 1.5 })).toThrow(/guests/);
    // @ts-expect-error -- staff are not a media type
    expect(() => makeMediaUserSummary({ type: 'staff' })).toThrow(/type/);
  });

  it('keeps the nested task of makeTask in step with the task itself', () => {
    const task = makeTask();
    expect(task.booking.task?.id).toBe(task.id);
    expect([task.booking_date, task.booking_time]).toEqual([task.booking.booking_date, task.booking.booking_time]);
  });

  it('derives the plan price from its cents, as the API does', () => {
    expect(makePlan({ price_cents: 12_950 })).toMatchObject({ price: 129.5, price_cents: 12_950 });
  });

  it('makeMediaProfile builds the brand view without an e-mail', () => {
    const profile = makeMediaProfile({ email: undefined });
    expect(profile).not.toHaveProperty('email', expect.anything());
    expect(mediaProfileResourceSchema.parse(profile).email).toBeUndefined();
  });
});

describe('staff console and availability factories', () => {
  it('makeMediaApplication applies overrides and refuses what the contract does not allow', () => {
    expect(makeMediaApplication({ status: 'approved', tier: 3, tier_check: true })).toMatchObject({
      status: 'approved',
      tier: 3,
      tier_check: true,
    });
    // @ts-expect-error -- staff are not a media type
    expect(() => makeMediaApplication({ type: 'staff' })).toThrow(/type/);
    // @ts-expect-error -- a receipt is always pending
    expect(() => makeMediaApplicationReceipt({ status: 'approved' })).toThrow(/status/);
  });

  it('makeOutboxEntry refuses a mail status that does not exist', () => {
    expect(makeOutboxEntry({ status: 'failed', sent_at: null }).status).toBe('failed');
    // @ts-expect-error -- not a mail status
    expect(() => makeOutboxEntry({ status: 'bounced' })).toThrow(/status/);
  });

  it('makeAnalytics lists every event and totals the days as the API does', () => {
    const answer = makeAnalytics([
      { day: '2026-03-01', name: 'brand_sign_up', count: 2 },
      { day: '2026-03-02', name: 'brand_sign_up', count: 1 },
      { day: '2026-03-02', name: 'booking_request', count: 4 },
    ]);
    expect(answer.meta.events).toEqual([
      'brand_sign_up',
      'influencer_sign_up',
      'booking_request',
      'campaign_create',
      'task_completion',
    ]);
    expect(answer.meta.totals).toEqual({
      brand_sign_up: 3,
      influencer_sign_up: 0,
      booking_request: 4,
      campaign_create: 0,
      task_completion: 0,
    });
  });

  it('makeWeekAvailability gives every day the slots unless a day is overridden', () => {
    const week = makeWeekAvailability('2026-06-08', ['19:00'], { sun: [] });
    expect(week).toMatchObject({ week_start: '2026-06-08', mon: ['19:00'], sat: ['19:00'], sun: [] });
  });
});

describe('makePage', () => {
  it('wraps items with meta consistent with them', () => {
    const page = makePage([makeCampaign(), makeCampaign({ id: 8 })]);
    expect(page.meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 2 });
    expect(pagedOf(campaignResourceSchema).parse(page)).toEqual(page);
  });

  it('computes last_page from an overridden total, as pageMeta() does', () => {
    expect(makePage([makeBooking()], { total: 25 }).meta).toEqual({
      current_page: 1,
      last_page: 3,
      per_page: 10,
      total: 25,
    });
    expect(makePage([], {}).meta).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 0 });
    expect(makePage([makeBooking()], { current_page: 2, last_page: 2, total: 11 }).meta.current_page).toBe(2);
  });

  it('refuses meta that is not whole numbers, naming the field', () => {
    expect(() => makePage([], { total: 1.5 })).toThrow(/total/);
  });
});
