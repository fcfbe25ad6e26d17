import type { Role } from '@comped/shared/roles';
import type { BookingStatus } from '@comped/shared/statuses';
import { and, eq, isNull } from 'drizzle-orm';

import type { AppContext } from '../src/context';
import { campaigns } from '../src/db/schema';
import { listApplications } from '../src/modules/admin/admin.service';
import { listBookings } from '../src/modules/bookings/list-bookings';
import { pagedCampaigns, pagedVisibleCampaigns } from '../src/modules/campaigns/campaign-paging';
import { listConversations } from '../src/modules/conversations/list-conversations';
import { listMessages } from '../src/modules/conversations/list-messages';
import { listTasks } from '../src/modules/tasks/tasks.service';
import { TOKENS } from './seed';

export interface BenchUser {
  id: number;
  role: string;
  tier: number | null;
}

/**
 * One read of the benchmark: the URL the real server answers, and the same response computed by
 * the bare node:http handler (bench/bare-server.ts) with the same SQL and no framework. To add a
 * read, add an entry here; `middle: true` also measures the middle page (from page 1's last_page).
 * `cursor` measures that middle page as the web asks for it when the user scrolls to it: with
 * `page[cursor]` = the last id of the page before (read from a real answer of that page) and, when
 * the list has one, the pin the web sends (the first id of page 1).
 */
export interface Read {
  name: string;
  token: keyof typeof TOKENS;
  path: (ids: { influencerId: number; brandId: number }) => string;
  /** The bare handler's answer for a parsed URL (page number and size are read from it). */
  bare?: (ctx: AppContext, user: BenchUser, url: URL) => Promise<unknown>;
  middle?: boolean;
  cursor?: { pin?: 'page[before]' | 'page[after]' };
}

const pageOf = (url: URL) => ({
  number: Number(url.searchParams.get('page[number]') ?? 1),
  size: Number(url.searchParams.get('page[size]') ?? 10),
});
const optionalNumber = (url: URL, name: string) => {
  const value = url.searchParams.get(name);
  return value === null ? undefined : Number(value);
};
/** The paging query as the routes parse it, cursor and pins included. */
const pageQueryOf = (url: URL) => ({
  'page[number]': pageOf(url).number,
  'page[size]': pageOf(url).size,
  'page[cursor]': optionalNumber(url, 'page[cursor]'),
  'page[before]': optionalNumber(url, 'page[before]'),
  'page[after]': optionalNumber(url, 'page[after]'),
});
const statusesOf = (url: URL) =>
  (url.searchParams.get('filter[status]') ?? '').split(',').filter(Boolean) as BookingStatus[];
const PAST = 'finished,declined,cancelled,no_show';

const bookingTab = (side: 'brand' | 'media', status: string): Read => ({
  name: `${side} bookings ${status === PAST ? 'past' : status}`,
  token: side === 'brand' ? 'brand' : 'influencer',
  path: (ids) =>
    side === 'brand'
      ? `/api/v1/brands/${ids.brandId}/bookings?filter[status]=${status}`
      : `/api/v1/influencers/${ids.influencerId}/bookings?filter[status]=${status}`,
  bare: (ctx, user, url) => {
    const brandId = Number(url.pathname.split('/')[4]);
    return listBookings(ctx, side === 'brand' ? { brandId } : { userId: user.id }, pageOf(url), statusesOf(url), side);
  },
  middle: true,
});

export const READS: Read[] = [
  {
    name: 'discovery',
    token: 'influencer',
    path: (ids) => `/api/v1/influencers/${ids.influencerId}/campaigns`,
    bare: (ctx, user, url) =>
      pagedVisibleCampaigns(ctx.db, { role: user.role as 'influencer', tier: user.tier }, pageQueryOf(url), {
        today: todayNy(),
      }),
    middle: true,
    cursor: { pin: 'page[before]' },
  },
  bookingTab('brand', 'pending'),
  bookingTab('brand', 'accepted'),
  bookingTab('brand', PAST),
  bookingTab('media', 'pending'),
  bookingTab('media', 'accepted'),
  bookingTab('media', PAST),
  {
    name: 'tasks',
    token: 'influencer',
    path: (ids) => `/api/v1/influencers/${ids.influencerId}/tasks`,
    bare: (ctx, user, url) => {
      const p = pageOf(url);
      return listTasks(ctx, user.id, { 'page[number]': p.number, 'page[size]': p.size });
    },
    middle: true,
  },
  {
    name: 'staff applications queue',
    token: 'staff',
    path: () => `/api/v1/admin/applications?filter[status]=pending`,
    bare: (ctx, _user, url) => listApplications(ctx, 'pending', pageQueryOf(url)),
    middle: true,
    cursor: {},
  },
  {
    name: 'staff campaign review queue',
    token: 'staff',
    path: () => `/api/v1/admin/campaigns?filter[status]=review`,
    bare: (ctx, _user, url) =>
      pagedCampaigns(ctx.db, and(eq(campaigns.status, 'review'), isNull(campaigns.deletedAt)), pageQueryOf(url), {
        today: todayNy(),
        order: 'oldest',
        queue: 'review',
      }),
    middle: true,
    cursor: { pin: 'page[after]' },
  },
  {
    // Issue 26: the inbox, newest activity first (the same 40 conversations at every scale).
    name: 'inbox',
    token: 'influencer',
    path: () => `/api/v1/conversations`,
    bare: (ctx, user, url) => {
      const p = pageQueryOf(url);
      return listConversations(
        ctx.db,
        { id: user.id, role: user.role as Role },
        { number: p['page[number]'], size: p['page[size]'], cursor: p['page[cursor]'] },
      );
    },
    middle: true,
    cursor: {},
  },
  {
    // ... and a thread's newest page (conversation 1 is the influencer's at every scale).
    name: 'thread newest page',
    token: 'influencer',
    path: () => `/api/v1/conversations/1/messages`,
    bare: (ctx, user) => listMessages(ctx.db, { id: user.id, role: user.role as Role }, 1, undefined),
  },
  { name: 'GET profile', token: 'influencer', path: () => `/api/v1/profile` },
];

/** "Today" as campaign expiry reads it (America/New_York, TZ_DEFAULT). */
export function todayNy(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}
