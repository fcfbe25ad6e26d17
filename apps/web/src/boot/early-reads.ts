import { INSIGHTS_DASHBOARD_DAYS } from '@comped/shared/insights-days';
import type { BookingTab } from '@comped/shared/statuses';
import { BOOKING_TABS } from '@comped/shared/statuses';

import { bookingsPath } from '../api/bookings-request';
import { brandCampaignsPath, brandPath } from '../api/brand-requests';
import type { PageName } from '../config/paths';
import { bookingsOwnerOf, bookingsTabQuery, visitPassPath } from '../features/bookings/api/bookings-request';
import { approvedCampaignsQuery, recentBookingsQuery } from '../features/brand-profile/api/dashboard-requests';
import { inboxPageQuery } from '../features/inbox/api/inbox-request';
import { insightsPath, lastDays } from '../features/insights/api/insights-request';
import { apiUrl } from '../lib/api-client';
import type { StoredSession } from '../lib/session';
import { startEarlyGet } from './early-request';

interface Read {
  path: string;
  query: Record<string, string | number | undefined>;
}

/**
 * The reads a page renders first, as its fetchers build them: /inbox's first page, a bookings tab's
 * first page (the brand's, a brand-side user's, or the media user's own), the visit pass's booking,
 * and the brand dashboard's four (the brand, its latest bookings, its live campaigns, the last 30
 * days' insights). None when the page has no such read or the session cannot say whose it is.
 */
function firstReadsOf(page: PageName, pathname: string, session: StoredSession): Read[] {
  const { user } = session;
  const segments = pathname.split('/').filter(Boolean);
  const brandSide = user.profile.type === 'brands';
  const brandId = user.profile.brands[0]?.id;
  if (page === 'inbox') return [{ path: 'conversations', query: inboxPageQuery(1) }];
  if (page === 'visitPass') {
    const bookingId = segments[1] ?? '';
    return !brandSide && /^\d{1,9}$/.test(bookingId)
      ? [{ path: visitPassPath(user.id, Number(bookingId)), query: {} }]
      : [];
  }
  if (page === 'dashboard') {
    if (!brandSide || brandId === undefined) return [];
    return [
      { path: brandPath(brandId), query: {} },
      { path: bookingsPath('brand', brandId), query: recentBookingsQuery },
      { path: brandCampaignsPath(brandId), query: approvedCampaignsQuery },
      { path: insightsPath(brandId), query: lastDays(INSIGHTS_DASHBOARD_DAYS) },
    ];
  }
  if (page !== 'bookings' && page !== 'bookingsTab') return [];
  const param = page === 'bookings' ? 'pending' : segments[1];
  if (!param || !Object.hasOwn(BOOKING_TABS, param)) return [];
  const { side, ownerId } = bookingsOwnerOf(user);
  if (ownerId === undefined) return [];
  return [{ path: bookingsPath(side, ownerId), query: bookingsTabQuery(param as BookingTab, 1) }];
}

/**
 * A signed-in user landing on /inbox, a bookings tab, a visit pass or the brand dashboard: the page's
 * first reads are asked for as soon as the entry runs, beside the route's chunks rather than after
 * them (each fetcher takes its answer with apiParseEarly, or its query with earlyInitialData). Only
 * for the page the router will show (no redirect), and never for a user the app first sends to
 * Settings. Settles when the answers are in (or failed).
 */
export function startEarlyReads(page: PageName, pathname: string, session: StoredSession | null): Promise<unknown> {
  if (!session || session.user.must_change_password) return Promise.resolve();
  return Promise.all(
    firstReadsOf(page, pathname, session).map((read) =>
      startEarlyGet(apiUrl(read.path, read.query), session.token).catch(() => undefined),
    ),
  );
}
