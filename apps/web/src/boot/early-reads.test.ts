import { makePage } from '@comped/shared/factories/page';
import { makeSessionUser } from '@comped/shared/factories/session-user';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { getConversationsPage } from '../api/conversations';
import { getBookings } from '../features/bookings/api/get-bookings';
import { INBOX_PAGE_SIZE } from '../features/inbox/api/inbox-request';
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
    startEarlyReads('bookings', '/bookings', session);
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
    startEarlyReads('bookingsTab', '/bookings/past', session);
    await expect(getBookings('media', 12, 'past', 1)).resolves.toEqual(emptyPage);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toContain('/api/v1/influencers/12/bookings?');
    expect(fetch.mock.calls[0]![0]).toContain('filter%5Bstatus%5D=finished%2Cdeclined%2Ccancelled%2Cno_show');
  });

  it("asks for the inbox's first page as /inbox does", async () => {
    const session = signIn(makeSessionUser('journalist'));
    const inbox = { data: [], meta: { ...emptyPage.meta, per_page: INBOX_PAGE_SIZE, unread_total: 0 } };
    const fetch = stubFetch(inbox);
    startEarlyReads('inbox', '/inbox', session);
    await expect(getConversationsPage(1, INBOX_PAGE_SIZE)).resolves.toEqual(inbox);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(`/api/v1/conversations?page%5Bnumber%5D=1&page%5Bsize%5D=${INBOX_PAGE_SIZE}`);
  });

  it('asks nothing for an unknown tab, a brand-side user without a brand, a user sent to Settings first, or a page without a list', () => {
    const fetch = stubFetch(emptyPage);
    startEarlyReads('bookingsTab', '/bookings/someday', signIn(makeSessionUser('brands')));
    startEarlyReads('bookings', '/bookings', signIn(makeSessionUser('brands', { profile: { brands: [] } })));
    startEarlyReads('inbox', '/inbox', signIn(makeSessionUser('influencer', { must_change_password: true })));
    startEarlyReads('dashboard', '/dashboard', signIn(makeSessionUser('influencer')));
    startEarlyReads('inbox', '/inbox', null);
    expect(fetch).not.toHaveBeenCalled();
  });
});
