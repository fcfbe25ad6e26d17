import { describe, expect, it } from 'vitest';

import { MSG } from '../messages';
import { mediaApplicationSchema } from './auth';
import { brandSocialNetworksSchema } from './brand';
import { mediaProfileSchema } from './media-profile';

const application = (instagram: string) =>
  mediaApplicationSchema.safeParse({ name: 'Ann', email: 'ann@example.test', type: 'influencer', instagram });

describe('social handles', () => {
  it('keeps a handle without its "@", on the application, the profile and the brand', () => {
    expect(application(' @Ann.Eats_1 ').data?.instagram).toBe('Ann.Eats_1');
    expect(mediaProfileSchema.parse({ name: 'Ann', tiktok: '@ann-eats' }).tiktok).toBe('ann-eats');
    expect(
      brandSocialNetworksSchema.parse({ socialnetworks: [{ name: 'facebook', handle: '@Trattoria-Marino' }] })
        .socialnetworks[0]!.handle,
    ).toBe('Trattoria-Marino');
  });

  it.each([
    ['https://www.instagram.com/Ann.Eats_1/?hl=en', 'Ann.Eats_1'],
    ['instagram.com/ann.eats', 'ann.eats'],
    ['https://www.tiktok.com/@ann-eats', 'ann-eats'],
    ['https://x.com/ann_eats', 'ann_eats'],
    ['https://m.facebook.com/Trattoria-Marino/', 'Trattoria-Marino'],
  ])('reads the profile link "%s" as its handle', (link, handle) => {
    expect(application(link).data?.instagram).toBe(handle);
    expect(mediaProfileSchema.parse({ name: 'Ann', twitter: link }).twitter).toBe(handle);
  });

  it.each(['ann eats', 'https://instagram.com/p/C0dE123/', 'https://example.com/ann', 'ann/eats', 'ann?x=1', 'änn'])(
    'refuses "%s" under its field',
    (value) => {
      const parsed = application(value);
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['instagram', MSG.socialHandleFormat],
      ]);
      expect(mediaProfileSchema.safeParse({ name: 'Ann', twitter: value }).error?.issues[0]?.message).toBe(
        MSG.socialHandleFormat,
      );
    },
  );

  it("still requires the application's Instagram, and lets the others be empty", () => {
    expect(application('').error?.issues[0]?.message).toBe(MSG.required);
    expect(application('@').error?.issues[0]?.message).toBe(MSG.required);
    expect(mediaProfileSchema.parse({ name: 'Ann', instagram: '' }).instagram).toBe('');
    expect(
      brandSocialNetworksSchema.parse({ socialnetworks: [{ name: 'tiktok', handle: '' }] }).socialnetworks,
    ).toEqual([{ name: 'tiktok', handle: '' }]);
  });
});
