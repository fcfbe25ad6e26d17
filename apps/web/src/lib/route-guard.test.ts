import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@comped/shared/schemas/session';
import { guardRedirect, homeRoute } from './route-guard';

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
  it('sends visitors to /login from signed-in pages and lets them see public pages', () => {
    expect(guardRedirect('/campaigns', null)).toBe('/login');
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
