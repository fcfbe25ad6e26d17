import type { CampaignKind } from '@comped/shared/campaign-kinds';
import type { Role } from '@comped/shared/roles';
import type { BookingTab } from '@comped/shared/validation/booking';

/**
 * Who may open a page (spec sections 2, 4 and 6), as lib/route-guard.ts applies it: anyone else is
 * sent to their home page, or to `otherwise` when they may open that.
 */
export type PageAccess =
  /** Signed-out visitors only: a signed-in user goes to their home page. */
  | 'guest'
  | {
      roles: readonly Role[];
      /**
       * For a brand: `required`, only with an active plan (without one: /plans); `none`, only
       * without one (with one: /profile). Unset: with or without.
       */
      plan?: 'required' | 'none';
      /** Where a signed-in user whose role may not open the page goes instead of home. */
      otherwise?: string;
    };

export interface Page {
  /** The URL pattern as React Router matches it: static segments and `:params`. */
  path: string;
  /** The URL of one such page. */
  getHref: (...args: never[]) => string;
  access: PageAccess;
}

const MEDIA = ['influencer', 'journalist'] as const;
const BRANDS = ['brands'] as const;
const STAFF = ['staff'] as const;
/** Every signed-in user. */
const ANYONE = ['brands', 'influencer', 'journalist', 'staff'] as const;

const GUEST: PageAccess = 'guest';
/** A brand with a plan, or a media user. */
const BRAND_OR_MEDIA: PageAccess = { roles: [...BRANDS, ...MEDIA], plan: 'required' };
const BRAND_WITH_PLAN: PageAccess = { roles: BRANDS, plan: 'required' };
/** The brand's own workspace: a media user asking for it sees their own profile instead. */
const BRAND_WORKSPACE: PageAccess = { roles: BRANDS, plan: 'required', otherwise: '/profile' };
const MEDIA_ONLY: PageAccess = { roles: MEDIA };
const STAFF_ONLY: PageAccess = { roles: STAFF };

/** A page without parameters: its URL is its pattern. */
function page(path: string, access: PageAccess) {
  return { path, getHref: () => path, access };
}

/**
 * Every page of the web app (spec section 2), in one place: its URL pattern (the router's route,
 * app/router.tsx), how to build its URL, and who may see it. The route table (app/route-modules.ts),
 * the early start (boot/) and the route guard read them.
 */
export const paths = {
  login: page('/login', GUEST),
  signup: page('/signup', GUEST),
  passwordReset: page('/password-reset', GUEST),
  dashboard: page('/dashboard', BRAND_OR_MEDIA),
  campaigns: page('/campaigns', BRAND_OR_MEDIA),
  campaign: {
    path: '/campaigns/:campaignId',
    getHref: (id: number | string) => `/campaigns/${id}`,
    access: BRAND_OR_MEDIA,
  },
  campaignBook: {
    path: '/campaigns/:campaignId/book',
    getHref: (id: number | string) => `/campaigns/${id}/book`,
    access: MEDIA_ONLY,
  },
  create: { path: '/create/:type', getHref: (type: CampaignKind) => `/create/${type}`, access: BRAND_WITH_PLAN },
  editCampaign: {
    path: '/edit/campaign/:campaignId',
    getHref: (id: number | string) => `/edit/campaign/${id}`,
    access: BRAND_WITH_PLAN,
  },
  bookings: page('/bookings', BRAND_OR_MEDIA),
  bookingsTab: { path: '/bookings/:tab', getHref: (tab: BookingTab) => `/bookings/${tab}`, access: BRAND_OR_MEDIA },
  tasks: page('/tasks', MEDIA_ONLY),
  task: { path: '/tasks/:taskId', getHref: (id: number | string) => `/tasks/${id}`, access: MEDIA_ONLY },
  profile: page('/profile', BRAND_OR_MEDIA),
  profileEdit: page('/profile/edit', BRAND_WORKSPACE),
  profileLocationNew: page('/profile/location', BRAND_WORKSPACE),
  profileLocation: {
    path: '/profile/location/:locationId',
    getHref: (id: number | string) => `/profile/location/${id}`,
    access: BRAND_WORKSPACE,
  },
  profileMenus: page('/profile/menus', BRAND_WORKSPACE),
  /** A media user's public profile, reached from a booking card: shown to a brand without a plan too. */
  mediaProfile: {
    path: '/profile/:influencerId',
    getHref: (id: number | string) => `/profile/${id}`,
    access: { roles: [...BRANDS, ...MEDIA] },
  },
  brand: { path: '/brands/:brandId', getHref: (id: number | string) => `/brands/${id}`, access: BRAND_OR_MEDIA },
  plans: page('/plans', { roles: BRANDS, plan: 'none' }),
  plansPayment: page('/plans/payment', { roles: BRANDS, plan: 'none' }),
  /** A payment that waits for the card holder (3-D Secure): mailed for renewals, the return of a bank page. */
  plansConfirm: {
    path: '/plans/confirm/:paymentId',
    getHref: (paymentId: string) => `/plans/confirm/${paymentId}`,
    access: { roles: BRANDS },
  },
  settings: page('/settings', { roles: ANYONE }),
  /** Also the one page of a user who must change their password. */
  passwordChange: page('/settings/password-change', { roles: ANYONE }),
  admin: page('/admin', STAFF_ONLY),
  adminCampaigns: page('/admin/campaigns', STAFF_ONLY),
  adminOutbox: page('/admin/outbox', STAFF_ONLY),
  adminAnalytics: page('/admin/analytics', STAFF_ONLY),
  adminDisputes: page('/admin/disputes', STAFF_ONLY),
  insights: page('/insights', BRAND_WITH_PLAN),
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof paths;
