import { describe, expect, it } from 'vitest';

import { MSG } from '../messages';
import { brandGeneralSchema, brandSocialNetworksSchema } from './brand';
import { isValidTimeZone, locationSchema } from './location';

const location = {
  name: 'Downtown',
  address: '1 Main St',
  email: 'a@example.test',
  phone: '555',
  contact: 'Ana',
  hours: [{ day: 'monday', start_time: '00:00', end_time: '23:30' }],
};

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('location rules', () => {
  it('accepts a valid location; a missing day is closed', () => {
    expect(locationSchema.parse({ ...location, hours: undefined }).hours).toEqual([]);
    expect(locationSchema.safeParse(location).success).toBe(true);
  });
  it('refuses equal times, off-grid times and duplicate days', () => {
    expect(
      messages(
        locationSchema.safeParse({ ...location, hours: [{ day: 'monday', start_time: '09:00', end_time: '09:00' }] }),
      ),
    ).toEqual({
      'hours.0.end_time': MSG.startEndEqual,
    });
    expect(
      messages(
        locationSchema.safeParse({ ...location, hours: [{ day: 'monday', start_time: '09:10', end_time: '10:00' }] }),
      ),
    ).toEqual({
      'hours.0.start_time': MSG.halfHourSteps,
    });
    const twice = { ...location, hours: [location.hours[0], location.hours[0]] };
    expect(messages(locationSchema.safeParse(twice))).toEqual({ hours: MSG.duplicateDay });
  });
  it('knows IANA zones', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Mars/Base')).toBe(false);
    expect(messages(locationSchema.safeParse({ ...location, time_zone: 'Nowhere' }))).toEqual({
      time_zone: MSG.invalidTimeZone,
    });
  });
});

describe('brand rules', () => {
  it('requires the general info and a numeric zip', () => {
    const r = brandGeneralSchema.safeParse({ name: '', description: ' ', address: 'x', zip: '1a', phones: '1' });
    expect(messages(r)).toEqual({ name: MSG.required, description: MSG.required, zip: MSG.zipNumber });
  });
  it('strips a leading @ from handles and refuses a network twice', () => {
    expect(
      brandSocialNetworksSchema.parse({ socialnetworks: [{ name: 'instagram', handle: '@abc' }] }).socialnetworks[0]
        ?.handle,
    ).toBe('abc');
    const twice = {
      socialnetworks: [
        { name: 'instagram', handle: 'a' },
        { name: 'instagram', handle: 'b' },
      ],
    };
    expect(brandSocialNetworksSchema.safeParse(twice).success).toBe(false);
  });
});
