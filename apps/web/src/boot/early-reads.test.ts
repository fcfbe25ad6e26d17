import { makeBooking } from '@comped/shared/factories/booking';
import { makeBrand } from '@comped/shared/factories/brand';
import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { INSIGHTS_DASHBOARD_DAYS } from '@comped/shared/insights-days';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getBookingsPage } from '../api/bookings';
import { getBrandCampaigns } from '../api/campaigns';
import { getConversationsPage } from '../api/conversations';
import { getBookings } from '../features/bookings/api/get-bookings';
import { getVisitPass } from '../features/bookings/api/get-visit-pass';
import { getBrand } from '../features/brand-profile/api/brand';
import { approvedCampaignsQuery, recentBookingsQuery } from '../features/brand-profile/api/dashboard-requests';
import { INBOX_PAGE_SIZE } from '../features/inbox/api/inbox-request';
import { getInsights } from '../features/insights/api/get-insights';
import { lastDays } from '../features/insights/api/insights-request';
import type { StoredSession } from '../lib/session';
import { writeSession } from '../lib/session';
import { startEarlyReads } from './early-reads';

afterEach(() => {
  vi.unstubAllGlobals();
  writeSession(null);
});

function stubFetch(body: unknown) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function signIn(user: StoredSession['user']): StoredSession {
  const session = { token: 'tok', user };
  writeSession(session);
  return session;
}

const emptyPage = makePage([]);

describe('early reads (boot/early-reads.ts)', () => {
  it("asks for a brand's pending bookings as /bookings does, and the page's fetcher takes that answer", async () => {
    const session = signIn(makeSessionUser('brands'));
    const fetch = stubFetch(emptyPage);
    void startEarlyReads('bookings', '/bookings', session);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(
      '/api/v1/brands/3/bookings?page%5Bnumber%5D=1&page%5Bsize%5D=10&filter%5Bstatus%5D=pending',
    );
    // Taken, not asked again: the fetcher built the same URL.
    await expect(getBookings('brand', 3, 'pending', 1)).resolves.toEqual(emptyPage);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("asks for the tab in the path, and for a media user's own bookings", async () => {
    const session = signIn(makeSessionUser('influencer', { id: 12 }));
    const fetch = stubFetch(emptyPage);
    void startEarlyReads('bookingsTab', '/bookings/past', session);
    await expect(getBookings('media', 12, 'past', 1)).resolves.toEqual(emptyPage);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toContain('/api/v1/influencers/12/bookings?');
    expect(fetch.mock.calls[0]![0]).toContain('filter%5Bstatus%5D=finished%2Cdeclined%2Ccancelled%2Cno_show');
  });

  it("asks for the inbox's first page as /inbox does", async () => {
    const session = signIn(makeSessionUser('journalist'));
    const inbox = { data: [], meta: { ...emptyPage.meta, per_page: INBOX_PAGE_SIZE, unread_total: 0 } };
    const fetch = stubFetch(inbox);
    void startEarlyReads('inbox', '/inbox', session);
    await expect(getConversationsPage(1, INBOX_PAGE_SIZE)).resolves.toEqual(inbox);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(`/api/v1/conversations?page%5Bnumber%5D=1&page%5Bsize%5D=${INBOX_PAGE_SIZE}`);
  });

  it("asks for the brand dashboard's four reads as its sections do, each taken once", async () => {
    const session = signIn(makeSessionUser('brands'));
    const brand = makeBrand({ id: 3 });
    const bodies: [RegExp, unknown][] = [
      [/\/brands\/3$/, { data: brand }],
      [/\/brands\/3\/(bookings|campaigns)\?/, emptyPage],
      [/\/brands\/3\/insights\?/, { data: 'not insights' }],
    ];
    const fetch = vi.fn(
      async (url: string) => new Response(JSON.stringify(bodies.find(([re]) => re.test(url))?.[1]), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    void startEarlyReads('dashboard', '/dashboard', session);
    expect(fetch).toHaveBeenCalledTimes(4);
    await expect(getBrand(3)).resolves.toEqual(brand);
    await expect(getBookingsPage('brand', 3, recentBookingsQuery)).resolves.toEqual(emptyPage);
    await expect(getBrandCampaigns(3, approvedCampaignsQuery)).resolves.toEqual(emptyPage);
    const { from, to } = lastDays(INSIGHTS_DASHBOARD_DAYS);
    // The early answer is checked like any other: this one is not insights.
    await expect(getInsights(3, from, to)).rejects.toThrow(/insights/);
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it("asks for the visit pass's booking, for a media user only", async () => {
    const booking = makeBooking({ id: 41 });
    const fetch = stubFetch({ data: booking });
    void startEarlyReads('visitPass', '/bookings/41/pass', signIn(makeSessionUser('brands')));
    expect(fetch).not.toHaveBeenCalled();
    void startEarlyReads('visitPass', '/bookings/41/pass', signIn(makeSessionUser('influencer', { id: 12 })));
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/influencers/12/bookings/41');
    await expect(getVisitPass(12, 41)).resolves.toEqual(booking);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for an unknown tab or booking, a brand-side user without a brand, a user sent to Settings first, or a page without a first read', () => {
    const fetch = stubFetch(emptyPage);
    void startEarlyReads('bookingsTab', '/bookings/someday', signIn(makeSessionUser('brands')));
    void startEarlyReads('bookings', '/bookings', signIn(makeSessionUser('brands', { profile: { brands: [] } })));
    void startEarlyReads('inbox', '/inbox', signIn(makeSessionUser('influencer', { must_change_password: true })));
    void startEarlyReads('dashboard', '/dashboard', signIn(makeSessionUser('influencer')));
    void startEarlyReads('dashboard', '/dashboard', signIn(makeSessionUser('brands', { profile: { brands: [] } })));
    void startEarlyReads('visitPass', '/bookings/next/pass', signIn(makeSessionUser('influencer')));
    void startEarlyReads('inbox', '/inbox', null);
    expect(fetch).not.toHaveBeenCalled();
  });
});
