import { describe, expect, it } from 'vitest';
import { lazyPartsOf, loadAppShell, loadQueryRoute, publicPages, signedInPages } from './route-modules';

const pageLoad = (path: string) => [...signedInPages, ...publicPages].find((p) => p.path === path)?.load;

describe('the lazy parts of a path', () => {
  it('are the query route, the shell and the page for a signed-in page, with or without a trailing slash', () => {
    expect(lazyPartsOf('/campaigns')).toEqual([loadQueryRoute, loadAppShell, pageLoad('/campaigns')]);
    expect(lazyPartsOf('/campaigns/')).toEqual([loadQueryRoute, loadAppShell, pageLoad('/campaigns')]);
    expect(lazyPartsOf('/campaigns/12/book')).toEqual([
      loadQueryRoute,
      loadAppShell,
      pageLoad('/campaigns/:campaignId/book'),
    ]);
  });

  it('prefer a static segment to a parameter, as React Router does', () => {
    expect(lazyPartsOf('/profile/edit').at(-1)).toBe(pageLoad('/profile/edit'));
    expect(lazyPartsOf('/profile/location').at(-1)).toBe(pageLoad('/profile/location'));
    expect(lazyPartsOf('/profile/41').at(-1)).toBe(pageLoad('/profile/:influencerId'));
    expect(lazyPartsOf('/profile/location/7').at(-1)).toBe(pageLoad('/profile/location/:locationId'));
  });

  it('are the query route and the page for a public page, and nothing for /login or an unknown path', () => {
    expect(lazyPartsOf('/signup')).toEqual([loadQueryRoute, pageLoad('/signup')]);
    expect(lazyPartsOf('/login')).toEqual([]);
    expect(lazyPartsOf('/nowhere/at/all')).toEqual([]);
    expect(lazyPartsOf('/')).toEqual([]);
  });
});
