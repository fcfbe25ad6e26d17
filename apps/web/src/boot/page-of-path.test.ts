import { describe, expect, it } from 'vitest';

import type { PageName } from '../config/paths';
import { paths } from '../config/paths';
import { pageOf } from './page-of-path';

describe('the page of a path', () => {
  it('is the page whose pattern matches, with or without a trailing slash', () => {
    expect(pageOf('/campaigns')).toBe('campaigns');
    expect(pageOf('/campaigns/')).toBe('campaigns');
    expect(pageOf('/campaigns/12')).toBe('campaign');
    expect(pageOf('/campaigns/12/book')).toBe('campaignBook');
    expect(pageOf('/settings/password-change')).toBe('passwordChange');
  });

  it('prefers a static segment to a parameter, as React Router does', () => {
    expect(pageOf('/profile/edit')).toBe('profileEdit');
    expect(pageOf('/profile/location')).toBe('profileLocationNew');
    expect(pageOf('/profile/41')).toBe('mediaProfile');
    expect(pageOf('/profile/location/7')).toBe('profileLocation');
    expect(pageOf('/bookings/past')).toBe('bookingsTab');
  });

  it('is nothing for a path the router does not know', () => {
    expect(pageOf('/')).toBeUndefined();
    expect(pageOf('/nowhere/at/all')).toBeUndefined();
    expect(pageOf('/myclients')).toBeUndefined();
    expect(pageOf('/campaigns/12/book/now')).toBeUndefined();
  });

  it('is, for every URL a page builds, that page', () => {
    const args: Partial<Record<PageName, unknown[]>> = {
      campaign: [12],
      campaignBook: [12],
      create: ['opening'],
      editCampaign: [12],
      bookingsTab: ['upcoming'],
      task: [4],
      profileLocation: [7],
      mediaProfile: [41],
      brand: [3],
      plansConfirm: ['pi_123'],
    };
    for (const [name, page] of Object.entries(paths) as [PageName, (typeof paths)[PageName]][]) {
      const getHref = page.getHref as (...a: unknown[]) => string;
      expect([name, pageOf(getHref(...(args[name] ?? [])))]).toEqual([name, name]);
    }
  });
});
