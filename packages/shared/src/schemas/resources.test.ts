import { describe, expect, it } from 'vitest';

import { makeBooking } from '../factories/booking';
import { makeBrand } from '../factories/brand';
import { makeCampaign } from '../factories/campaign';
import { makeLocation } from '../factories/location';
import { makeMediaProfile } from '../factories/media-profile';
import { makePlan } from '../factories/plan';
import { makeTask } from '../factories/task';
import {
  bookingResourceSchema,
  brandResourceSchema,
  campaignResourceSchema,
  fileRefSchema,
  locationResourceSchema,
  mediaProfileResourceSchema,
  productsResponseSchema,
  taskResourceSchema,
} from './resources';

/** The paths of the issues a parse reports, so a test reads which field was refused. */
function failedPaths(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((i) => i.path.join('.'));
}

describe('resource schemas', () => {
  it('refuses a campaign whose status is not a campaign status', () => {
    expect(failedPaths(campaignResourceSchema.safeParse({ ...makeCampaign(), status: 'live' }))).toEqual(['status']);
  });

  it('refuses a campaign kind, target or weekday outside the shared constants', () => {
    const campaign = makeCampaign();
    expect(failedPaths(campaignResourceSchema.safeParse({ ...campaign, attributes_type: 'popup' }))).toEqual([
      'attributes_type',
    ]);
    expect(failedPaths(campaignResourceSchema.safeParse({ ...campaign, target: ['brands'] }))).toEqual(['target.0']);
    const booking = { ...campaign.type.booking!, unavailable_dates: { someday: [] } };
    // Zod reports a key outside the enum on the record itself.
    expect(failedPaths(campaignResourceSchema.safeParse({ ...campaign, type: { booking } }))).toEqual([
      'type.booking.unavailable_dates',
    ]);
  });

  it('refuses a booking status or a missing reliability, deep inside a task too', () => {
    const booking = makeBooking();
    expect(failedPaths(bookingResourceSchema.safeParse({ ...booking, status: 'done' }))).toEqual(['status']);
    const { reliability: _omitted, ...withoutReliability } = booking;
    expect(failedPaths(bookingResourceSchema.safeParse(withoutReliability))).toEqual(['reliability']);
    const task = makeTask();
    expect(
      failedPaths(taskResourceSchema.safeParse({ ...task, booking: { ...task.booking, status: 'done' } })),
    ).toEqual(['booking.status']);
  });

  it('sends dates as strings, never Date objects', () => {
    expect(
      failedPaths(bookingResourceSchema.safeParse({ ...makeBooking(), created_at: new Date('2026-06-01') })),
    ).toEqual(['created_at']);
  });

  it('keeps optional fields optional and nullable fields nullable', () => {
    expect(fileRefSchema.parse({ id: 1, name: 'menu.pdf', path: 'menus/1.pdf' })).not.toHaveProperty('thumb_path');
    const { zip: _zip, ...noZip } = makeLocation();
    expect(locationResourceSchema.safeParse(noZip).success).toBe(true);
    expect(locationResourceSchema.safeParse({ ...noZip, zip: null }).success).toBe(true);
    const { email: _email, reliability: _rel, ...brandView } = makeMediaProfile();
    expect(mediaProfileResourceSchema.safeParse(brandView).success).toBe(true);
    expect(brandResourceSchema.safeParse({ ...makeBrand(), description: null, logo: null }).success).toBe(true);
    // Nullable is not optional: the API always sends these keys.
    const { description: _d, ...noDescription } = makeBrand();
    expect(failedPaths(brandResourceSchema.safeParse(noDescription))).toEqual(['description']);
  });

  it('keeps any network name of a media user (a string on the wire)', () => {
    const profile = makeMediaProfile({ socialnetworks: [{ name: 'threads', handle: 'ann' }] });
    expect(profile.socialnetworks).toEqual([{ name: 'threads', handle: 'ann' }]);
  });

  it('strips what the contract does not list, as the API reply serializer will', () => {
    const parsed = campaignResourceSchema.parse({ ...makeCampaign(), internal_note: 'secret' });
    expect(parsed).not.toHaveProperty('internal_note');
  });

  it('reads the products answer as {data, meta}, not as a bare list of plans', () => {
    const products = { data: [makePlan()], meta: { provider: 'local' } };
    expect(productsResponseSchema.parse(products)).toEqual(products);
    expect(failedPaths(productsResponseSchema.safeParse([makePlan()]))).toEqual(['']);
    expect(failedPaths(productsResponseSchema.safeParse({ data: [makePlan()] }))).toEqual(['meta']);
  });
});
