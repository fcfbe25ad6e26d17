import { describe, expect, it } from 'vitest';

import { lazyPartsOf, loadAppShell, loadQueryRoute, pageModules } from './route-modules';

describe('the lazy parts of a page', () => {
  it('are the query route, the shell and the page for a signed-in page', () => {
    expect(lazyPartsOf('campaigns')).toEqual([loadQueryRoute, loadAppShell, pageModules.campaigns]);
    expect(lazyPartsOf('campaignBook')).toEqual([loadQueryRoute, loadAppShell, pageModules.campaignBook]);
    expect(lazyPartsOf('passwordChange')).toEqual([loadQueryRoute, loadAppShell, pageModules.passwordChange]);
  });

  it('are the query route and the page for a public page, and nothing for /login', () => {
    expect(lazyPartsOf('signup')).toEqual([loadQueryRoute, pageModules.signup]);
    expect(lazyPartsOf('passwordReset')).toEqual([loadQueryRoute, pageModules.passwordReset]);
    expect(lazyPartsOf('login')).toEqual([]);
  });
});
