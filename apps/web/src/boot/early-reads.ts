import type { BookingTab } from '@comped/shared/statuses';
import { BOOKING_TABS } from '@comped/shared/statuses';

import { bookingsPath } from '../api/bookings-request';
import type { PageName } from '../config/paths';
import { bookingsTabQuery } from '../features/bookings/api/bookings-request';
import { inboxPageQuery } from '../features/inbox/api/inbox-request';
import { apiUrl } from '../lib/api-client';
import type { StoredSession } from '../lib/session';
import { startEarlyGet } from './early-request';

interface Read {
  path: string;
  query: Record<string, string | number | undefined>;
}

/**
 * The read a list page renders first, as its fetcher builds it: /inbox's first page, and the first
 * page of a bookings tab (the brand's, a brand-side user's, or the media user's own). Undefined when
 * the page has no such read or the session cannot say whose list it is.
 */
export function firstReadOf(page: PageName, pathname: string, session: StoredSession): Read | undefined {
  const { user } = session;
  if (page === 'inbox') return { path: 'conversations', query: inboxPageQuery(1) };
  if (page !== 'bookings' && page !== 'bookingsTab') return undefined;
  const param = page === 'bookings' ? 'pending' : pathname.split('/').filter(Boolean)[1];
  if (!param || !Object.hasOwn(BOOKING_TABS, param)) return undefined;
  const tab = param as BookingTab;
  const brandSide = user.profile.type === 'brands';
  const ownerId = brandSide ? user.profile.brands[0]?.id : user.id;
  if (ownerId === undefined) return undefined;
  return { path: bookingsPath(brandSide ? 'brand' : 'media', ownerId), query: bookingsTabQuery(tab, 1) };
}

/**
 * A signed-in user landing on /inbox or /bookings: the list's first page is asked for as soon as the
 * entry runs, beside the route's chunks rather than after them (the fetchers, api/conversations.ts
 * and api/bookings.ts, take the answer). Only for the page the router will show (no redirect), and
 * never for a user the app first sends to Settings.
 */
export function startEarlyReads(page: PageName, pathname: string, session: StoredSession | null): void {
  if (!session || session.user.must_change_password) return;
  const read = firstReadOf(page, pathname, session);
  if (read) startEarlyGet(apiUrl(read.path, read.query), session.token).catch(() => undefined);
}
