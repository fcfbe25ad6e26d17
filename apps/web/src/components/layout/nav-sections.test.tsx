import { makeSessionUser } from '@comped/shared/factories/session-user';
import { describe, expect, it } from 'vitest';

import { sectionsFor } from './nav-sections';

const labels = (user: Parameters<typeof sectionsFor>[0]) => sectionsFor(user).map((s) => `${s.label} ${s.to}`);

describe('the sidebar sections', () => {
  it('are the pages each role may open, in order (Tasks hidden for brands)', () => {
    const everyday = ['Dashboard /dashboard', 'Campaigns /campaigns', 'Bookings /bookings', 'Inbox /inbox'];
    const own = ['Profile /profile', 'Settings /settings'];
    const media = [...everyday, 'Tasks /tasks', 'Waitlist /waitlist', 'Invitations /invitations', ...own];
    expect(labels(makeSessionUser('influencer'))).toEqual(media);
    expect(labels(makeSessionUser('journalist'))).toEqual(media);
    const brandOwn = [
      'Insights /insights',
      'Creators /creators',
      'Content /content',
      'Door /door',
      'Team /profile/team',
    ];
    expect(labels(makeSessionUser('brands'))).toEqual([...everyday, ...brandOwn, ...own]);
    // Without a plan too: the sections lead to /plans.
    const unpaid = makeSessionUser('brands', { status: 'inexistent', current_subscription: null });
    expect(labels(unpaid)).toEqual([...everyday, ...brandOwn, ...own]);
    // Brand teams: the team is the owner's; the directory and the library are the owner's and the managers'.
    const member = (brand_role: 'manager' | 'host') =>
      makeSessionUser('brands', { profile: { ...makeSessionUser('brands').profile, brand_role } });
    expect(labels(member('manager'))).toEqual([
      ...everyday,
      'Insights /insights',
      'Creators /creators',
      'Content /content',
      'Door /door',
      ...own,
    ]);
    expect(labels(member('host'))).toEqual([...everyday, 'Insights /insights', 'Door /door', ...own]);
    expect(labels(makeSessionUser('staff'))).toEqual([
      'Applications /admin',
      'Campaign review /admin/campaigns',
      'Outbox /admin/outbox',
      'Disputes /admin/disputes',
      'Reports /admin/reports',
      'Analytics /admin/analytics',
      'Health /admin/health',
      'Settings /settings',
    ]);
  });

  it('count the unread messages beside the Inbox only', () => {
    const counted = sectionsFor(makeSessionUser('influencer')).filter((s) => s.count);
    expect(counted.map((s) => [s.label, s.count])).toEqual([['Inbox', 'unread']]);
  });

  it('are none while the password must be changed', () => {
    expect(sectionsFor(makeSessionUser('brands', { must_change_password: true }))).toEqual([]);
  });
});
