import { makeSessionUser } from '@comped/shared/factories/session-user';
import type { SessionUser } from '@comped/shared/schemas/session';
import { describe, expect, it } from 'vitest';

import { afterSignIn, guardRedirect, homeRoute } from './route-guard';

function user(type: SessionUser['profile']['type'], opts: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    name: 'Ann',
    email: 'ann@example.test',
    profile_picture: null,
    must_change_password: false,
    profile: { type, tier_range: null, bio: null, location: null, workplace: null, socialnetworks: [], brands: [] },
    current_subscription: null,
    status: 'inexistent',
    ...opts,
  };
}
const paying = (t: 'brands') => user(t, { status: 'active', current_subscription: { plan_id: 1, status: 'active' } });

describe('route guards (spec sections 2, 4, 6)', () => {
  it('sends visitors to /login from signed-in pages, the page kept as next, and lets them see public pages', () => {
    expect(guardRedirect('/campaigns', null)).toBe('/login?next=%2Fcampaigns');
    expect(guardRedirect('/inbox/12', null, '?from=mail')).toBe('/login?next=%2Finbox%2F12%3Ffrom%3Dmail');
    expect(guardRedirect('/login', null)).toBeNull();
    expect(guardRedirect('/signup', null)).toBeNull();
  });

  it('lands each role on its home route', () => {
    expect(homeRoute(user('influencer'))).toBe('/campaigns');
    expect(homeRoute(user('journalist'))).toBe('/campaigns');
    expect(homeRoute(user('brands'))).toBe('/plans');
    expect(homeRoute(paying('brands'))).toBe('/campaigns');
    expect(homeRoute(user('staff'))).toBe('/admin');
  });

  it('moves a signed-in user away from /login', () => {
    expect(guardRedirect('/login', user('influencer'))).toBe('/campaigns');
  });

  it('holds a brand without a plan on /plans, /plans/payment and /settings', () => {
    const b = user('brands');
    expect(guardRedirect('/campaigns', b)).toBe('/plans');
    expect(guardRedirect('/profile', b)).toBe('/plans');
    expect(guardRedirect('/plans', b)).toBeNull();
    expect(guardRedirect('/plans/payment', b)).toBeNull();
    expect(guardRedirect('/settings', b)).toBeNull();
    // The public profile of a media user is shown without the plan guard.
    expect(guardRedirect('/profile/12', b)).toBeNull();
    expect(guardRedirect('/profile/edit', b)).toBe('/plans');
  });

  it('sends a brand with a plan away from checkout and from tasks', () => {
    expect(guardRedirect('/plans', paying('brands'))).toBe('/profile');
    expect(guardRedirect('/plans/payment', paying('brands'))).toBe('/profile');
    expect(guardRedirect('/tasks', paying('brands'))).toBe('/campaigns');
    expect(guardRedirect('/tasks/4', paying('brands'))).toBe('/campaigns');
  });

  it('keeps media users off /create, /plans and brand-only pages', () => {
    const m = user('journalist');
    expect(guardRedirect('/create/opening', m)).toBe('/campaigns');
    expect(guardRedirect('/plans', m)).toBe('/campaigns');
    expect(guardRedirect('/plans/payment', m)).toBe('/campaigns');
    expect(guardRedirect('/tasks', m)).toBeNull();
    expect(guardRedirect('/profile/12', m)).toBeNull();
  });

  it('holds a user with a forced password change on the password page', () => {
    const m = user('influencer', { must_change_password: true });
    expect(guardRedirect('/campaigns', m)).toBe('/settings/password-change');
    expect(guardRedirect('/settings/password-change', m)).toBeNull();
  });
});

/**
 * Where each kind of user goes on a URL of every page (null: they stay). Columns: a visitor, a brand
 * without a plan, a brand with one, an influencer, a journalist, staff, and an influencer who must
 * change their password.
 */
const EVERY_PAGE: [string, ...(string | null)[]][] = [
  ['/login', null, '/plans', '/campaigns', '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/signup', null, '/plans', '/campaigns', '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/password-reset', null, '/plans', '/campaigns', '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/dashboard', '/login', '/plans', null, null, null, '/admin', '/settings/password-change'],
  ['/campaigns', '/login', '/plans', null, null, null, '/admin', '/settings/password-change'],
  ['/campaigns/12', '/login', '/plans', null, null, null, '/admin', '/settings/password-change'],
  ['/campaigns/12/book', '/login', '/plans', '/campaigns', null, null, '/admin', '/settings/password-change'],
  ['/create/opening', '/login', '/plans', null, '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/edit/campaign/12', '/login', '/plans', null, '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/bookings', '/login', '/plans', null, null, null, '/admin', '/settings/password-change'],
  ['/bookings/past', '/login', '/plans', null, null, null, '/admin', '/settings/password-change'],
  ['/tasks', '/login', '/plans', '/campaigns', null, null, '/admin', '/settings/password-change'],
  ['/tasks/4', '/login', '/plans', '/campaigns', null, null, '/admin', '/settings/password-change'],
  ['/profile', '/login', '/plans', null, null, null, '/admin', '/settings/password-change'],
  ['/profile/edit', '/login', '/plans', null, '/profile', '/profile', '/admin', '/settings/password-change'],
  ['/profile/location', '/login', '/plans', null, '/profile', '/profile', '/admin', '/settings/password-change'],
  ['/profile/location/7', '/login', '/plans', null, '/profile', '/profile', '/admin', '/settings/password-change'],
  ['/profile/menus', '/login', '/plans', null, '/profile', '/profile', '/admin', '/settings/password-change'],
  ['/profile/41', '/login', null, null, null, null, '/admin', '/settings/password-change'],
  ['/brands/3', '/login', '/plans', null, null, null, '/admin', '/settings/password-change'],
  ['/plans', '/login', null, '/profile', '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/plans/payment', '/login', null, '/profile', '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/plans/confirm/pi_1', '/login', null, null, '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/settings', '/login', null, null, null, null, null, '/settings/password-change'],
  ['/settings/password-change', '/login', null, null, null, null, null, null],
  ['/admin', '/login', '/plans', '/campaigns', '/campaigns', '/campaigns', null, '/settings/password-change'],
  ['/admin/campaigns', '/login', '/plans', '/campaigns', '/campaigns', '/campaigns', null, '/settings/password-change'],
  ['/admin/outbox', '/login', '/plans', '/campaigns', '/campaigns', '/campaigns', null, '/settings/password-change'],
  ['/admin/analytics', '/login', '/plans', '/campaigns', '/campaigns', '/campaigns', null, '/settings/password-change'],
  ['/admin/disputes', '/login', '/plans', '/campaigns', '/campaigns', '/campaigns', null, '/settings/password-change'],
  ['/insights', '/login', '/plans', null, '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
  ['/profile/team', '/login', '/plans', null, '/profile', '/profile', '/admin', '/settings/password-change'],
  // An invitation's link says to a signed-in user what to do (sign out to join) rather than moving them.
  ['/join', null, null, null, null, null, null, null],
  ['/door', '/login', '/plans', null, '/campaigns', '/campaigns', '/admin', '/settings/password-change'],
];

describe('brand teams (issue 27)', () => {
  const member = (brand_role: 'manager' | 'host') =>
    makeSessionUser('brands', { profile: { ...makeSessionUser('brands').profile, brand_role } });

  it('sends a host home to the door, and away from what only owners and managers change', () => {
    const host = member('host');
    expect(homeRoute(host)).toBe('/door');
    expect(guardRedirect('/door', host)).toBeNull();
    expect(guardRedirect('/bookings', host)).toBeNull();
    expect(guardRedirect('/create/opening', host)).toBe('/door');
    expect(guardRedirect('/profile/edit', host)).toBe('/profile');
    expect(guardRedirect('/profile/team', host)).toBe('/profile');
  });

  it('lets a manager change the workspace but not the team or the payment', () => {
    const manager = member('manager');
    expect(homeRoute(manager)).toBe('/campaigns');
    expect(guardRedirect('/create/opening', manager)).toBeNull();
    expect(guardRedirect('/profile/menus', manager)).toBeNull();
    expect(guardRedirect('/profile/team', manager)).toBe('/profile');
    expect(guardRedirect('/plans/confirm/pi_1', manager)).toBe('/campaigns');
  });
});

describe('the route guard on every page', () => {
  const users = [
    null,
    makeSessionUser('brands', { status: 'inexistent', current_subscription: null }),
    makeSessionUser('brands'),
    makeSessionUser('influencer'),
    makeSessionUser('journalist'),
    makeSessionUser('staff'),
    makeSessionUser('influencer', { must_change_password: true }),
  ];

  it.each(EVERY_PAGE)('%s', (path, ...expected) => {
    // A visitor sent to /login takes the page along (next).
    const withNext = expected.map((e) => (e === '/login' ? `/login?next=${encodeURIComponent(path)}` : e));
    expect(users.map((u) => guardRedirect(path, u))).toEqual(withNext);
  });

  it('leaves a path the router does not know to the router (which sends it to /login)', () => {
    expect(guardRedirect('/myclients', makeSessionUser('influencer'))).toBeNull();
    expect(guardRedirect('/nowhere', null)).toBeNull();
  });

  it('after signing in, goes back to the page asked for when the user may open it, else home', () => {
    const media = user('influencer');
    expect(afterSignIn(media, '/inbox/12')).toBe('/inbox/12');
    expect(afterSignIn(media, '/bookings/upcoming?sort=date')).toBe('/bookings/upcoming?sort=date');
    expect(afterSignIn(media, null)).toBe('/campaigns');
    // Not theirs to open, a guest page, an unknown path, another site: home instead.
    expect(afterSignIn(media, '/admin')).toBe('/campaigns');
    expect(afterSignIn(media, '/signup')).toBe('/campaigns');
    expect(afterSignIn(media, '/join?token=abc')).toBe('/campaigns');
    expect(afterSignIn(media, '/nowhere')).toBe('/campaigns');
    expect(afterSignIn(media, '//evil.example/inbox')).toBe('/campaigns');
    expect(afterSignIn(media, '/\\evil.example/inbox')).toBe('/campaigns');
    expect(afterSignIn(media, 'https://evil.example/inbox')).toBe('/campaigns');
    // Signed in on /login?next=..., the guard goes on as the form does.
    expect(guardRedirect('/login', media, '?next=%2Finbox%2F12')).toBe('/inbox/12');
    expect(guardRedirect('/login', media, '?next=%2Fadmin')).toBe('/campaigns');
    // A password to change comes first.
    expect(afterSignIn(user('influencer', { must_change_password: true }), '/inbox/12')).toBe(
      '/settings/password-change',
    );
  });
});
