import type { AppContext } from '../src/context';
import { listApplications } from '../src/modules/admin/admin.service';
import { listBookings } from '../src/modules/bookings/bookings.service';
import { pagedCampaigns, pagedVisibleCampaigns } from '../src/modules/campaigns/campaign-paging';
import { listTasks } from '../src/modules/tasks/tasks.service';
import { campaigns } from '../src/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { BookingStatus } from '@comped/shared/statuses';
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
 */
export interface Read {
  name: string;
  token: keyof typeof TOKENS;
  path: (ids: { influencerId: number; brandId: number }) => string;
  /** The bare handler's answer for a parsed URL (page number and size are read from it). */
  bare?: (ctx: AppContext, user: BenchUser, url: URL) => Promise<unknown>;
  middle?: boolean;
}

const pageOf = (url: URL) => ({
  number: Number(url.searchParams.get('page[number]') ?? 1),
  size: Number(url.searchParams.get('page[size]') ?? 10),
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
    bare: (ctx, user, url) => {
      const p = pageOf(url);
      return pagedVisibleCampaigns(
        ctx.db,
        { role: user.role as 'influencer', tier: user.tier },
        { 'page[number]': p.number, 'page[size]': p.size },
        { today: todayNy() },
      );
    },
    middle: true,
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
    bare: (ctx, _user, url) => {
      const p = pageOf(url);
      return listApplications(ctx, 'pending', { 'page[number]': p.number, 'page[size]': p.size });
    },
    middle: true,
  },
  {
    name: 'staff campaign review queue',
    token: 'staff',
    path: () => `/api/v1/admin/campaigns?filter[status]=review`,
    bare: (ctx, _user, url) => {
      const p = pageOf(url);
      return pagedCampaigns(
        ctx.db,
        and(eq(campaigns.status, 'review'), isNull(campaigns.deletedAt)),
        { 'page[number]': p.number, 'page[size]': p.size },
        { today: todayNy(), order: 'oldest' },
      );
    },
    middle: true,
  },
  { name: 'GET profile', token: 'influencer', path: () => `/api/v1/profile` },
];

/** "Today" as campaign expiry reads it (America/New_York, TZ_DEFAULT). */
export function todayNy(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}
