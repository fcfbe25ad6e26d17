import { describe, expect, it } from 'vitest';

import { MSG } from '../messages';
import { brandSignupSchema } from './auth';
import { locationSchema } from './location';

const signup = (phones: string) =>
  brandSignupSchema.safeParse({
    name: 'Harbor Lights',
    address: '1 Main St',
    zip: '10001',
    phones,
    email: 'h@example.test',
    password: 'secret1',
  });

describe('phone numbers', () => {
  it.each(['5551234567', '+1 555 123 4567', '(555) 123-4567', '555.123.4567', '555'])('takes "%s"', (phone) => {
    expect(signup(phone).success).toBe(true);
  });

  it.each(['call me', '+', 'no phone', '555-CALL'])('refuses "%s" under its field', (phone) => {
    expect(signup(phone).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phones', MSG.phoneFormat],
    ]);
  });

  it("applies to a location's phone too", () => {
    const location = (phone: string) =>
      locationSchema.safeParse({
        name: 'Pier',
        address: '1 Main St',
        email: 'p@example.test',
        phone,
        contact: 'Sam',
        hours: [],
      });
    expect(location('+1 555 123 4567').success).toBe(true);
    expect(location('ask at the bar').error?.issues[0]?.message).toBe(MSG.phoneFormat);
  });

  it('says only "required" for an empty one', () => {
    expect(signup('').error?.issues.map((i) => i.message)).toEqual([MSG.required]);
  });
});
