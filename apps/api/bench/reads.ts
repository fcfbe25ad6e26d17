import { TOKENS } from './seed';

export interface BenchUser {
  id: number;
  role: string;
  tier: number | null;
}

/**
 * One read of the benchmark: the URL the real server answers; the lean reference handler
 * (bench/reference-server.ts, routed by the same URL) answers the same JSON, the limit the product
 * is measured against. To add a read, add an entry here and its handler there; `middle: true`
 * also measures the middle page (from page 1's last_page).
 * `cursor` measures that middle page as the web asks for it when the user scrolls to it: with
 * `page[cursor]` = the last id of the page before (read from a real answer of that page) and, when
 * the list has one, the pin the web sends (page 1's newest id, the queue's oldest).
 */
export interface Read {
  name: string;
  token: keyof typeof TOKENS;
  path: (ids: { influencerId: number; brandId: number }) => string;
  /** False: no reference handler (GET profile, the yardstick of the bookings pages). */
  reference?: false;
  middle?: boolean;
  cursor?: { pin?: 'page[before]' | 'page[after]' };
}

const PAST = 'finished,declined,cancelled,no_show';

const bookingTab = (side: 'brand' | 'host' | 'media', status: string): Read => ({
  name: `${side} bookings ${status === PAST ? 'past' : status}`,
  token: side === 'media' ? 'influencer' : side,
  path: (ids) =>
    side === 'media'
      ? `/api/v1/influencers/${ids.influencerId}/bookings?filter[status]=${status}`
      : `/api/v1/brands/${ids.brandId}/bookings?filter[status]=${status}`,
  middle: true,
});

export const READS: Read[] = [
  {
    name: 'discovery',
    token: 'influencer',
    path: (ids) => `/api/v1/influencers/${ids.influencerId}/campaigns`,
    middle: true,
    cursor: { pin: 'page[before]' },
  },
  bookingTab('brand', 'pending'),
  bookingTab('brand', 'accepted'),
  bookingTab('brand', PAST),
  bookingTab('host', 'pending'),
  bookingTab('host', 'accepted'),
  bookingTab('host', PAST),
  bookingTab('media', 'pending'),
  bookingTab('media', 'accepted'),
  bookingTab('media', PAST),
  // The yardstick of a bookings page (0.5x), measured next to them.
  { name: 'GET profile', token: 'influencer', path: () => `/api/v1/profile`, reference: false },
  {
    name: 'tasks',
    token: 'influencer',
    path: (ids) => `/api/v1/influencers/${ids.influencerId}/tasks`,
    middle: true,
  },
  {
    name: 'staff applications queue',
    token: 'staff',
    path: () => `/api/v1/admin/applications?filter[status]=pending`,
    middle: true,
    cursor: {},
  },
  {
    name: 'staff campaign review queue',
    token: 'staff',
    path: () => `/api/v1/admin/campaigns?filter[status]=review`,
    middle: true,
    cursor: { pin: 'page[after]' },
  },
  {
    // Issue 26: the inbox, newest activity first (the same 40 conversations at every scale).
    name: 'inbox',
    token: 'influencer',
    path: () => `/api/v1/conversations`,
    middle: true,
    cursor: {},
  },
  {
    // ... and a thread's newest page (conversation 1 is the influencer's at every scale).
    name: 'thread newest page',
    token: 'influencer',
    path: () => `/api/v1/conversations/1/messages`,
  },
  {
    name: 'notifications',
    token: 'influencer',
    path: () => `/api/v1/notifications`,
    middle: true,
  },
  {
    name: 'content library',
    token: 'brand',
    path: (ids) => `/api/v1/brands/${ids.brandId}/content`,
    middle: true,
  },
  {
    name: 'creator directory',
    token: 'brand',
    path: (ids) => `/api/v1/brands/${ids.brandId}/creators`,
    middle: true,
    cursor: {},
  },
];

/** "Today" as campaign expiry reads it (America/New_York, TZ_DEFAULT). */
export function todayNy(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
}
