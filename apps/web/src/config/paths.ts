import type { BrandRole, Role } from '@comped/shared/roles';

/**
 * Who may open a page (spec sections 2, 4 and 6), as lib/route-guard.ts applies it: anyone else is
 * sent to their home page, or to `otherwise` when they may open that.
 */
export type PageAccess =
  /** Signed-out visitors only: a signed-in user goes to their home page. */
  | 'guest'
  /**
   * Signed in or not: an invitation's link, which a signed-in user may open too (the page says what
   * to do, rather than sending them home without a word).
   */
  | 'anyone'
  | {
      roles: readonly Role[];
      /**
       * For a brand: `required`, only with an active plan (without one: /plans); `none`, only
       * without one (with one: /profile). Unset: with or without.
       */
      plan?: 'required' | 'none';
      /** Where a signed-in user whose role may not open the page goes instead of home. */
      otherwise?: string;
      /**
       * For a brand-side user: the team roles that may open it (brand teams; `profile.brand_role`).
       * Unset: every role. The API refuses the rest regardless (403).
       */
      brandRoles?: readonly BrandRole[];
    };

export interface Page {
  /** The URL pattern as React Router matches it: static segments and `:params`. */
  path: string;
  /** The URL of one such page: the pattern with its parameters filled in, in order. */
  getHref: (...params: never[]) => string;
  access: PageAccess;
}

/** The parameters of a pattern, in order: `'/campaigns/:campaignId/book'` -> `[id]`. */
type ParamsOf<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string | number, ...ParamsOf<`/${Rest}`>]
  : P extends `${string}:${string}`
    ? [string | number]
    : [];

/** A page at `path`, whose URL is the pattern with its `:params` filled in. */
function page<P extends string>(path: P, access: PageAccess) {
  const getHref = (...params: ParamsOf<P>) => {
    let i = 0;
    return path.replace(/:\w+/g, () => encodeURIComponent(params[i++]!));
  };
  return { path, getHref, access };
}

const MEDIA = ['influencer', 'journalist'] as const;
const BRANDS = ['brands'] as const;
const STAFF = ['staff'] as const;
/** Every signed-in user. */
const ANYONE = ['brands', 'influencer', 'journalist', 'staff'] as const;

const GUEST: PageAccess = 'guest';
const SIGNED_IN_OR_NOT: PageAccess = 'anyone';
/** A brand with a plan, or a media user. */
const BRAND_OR_MEDIA: PageAccess = { roles: [...BRANDS, ...MEDIA], plan: 'required' };
const BRAND_WITH_PLAN: PageAccess = { roles: BRANDS, plan: 'required' };
/** The brand's own workspace: a media user asking for it sees their own profile instead. */
const BRAND_WORKSPACE: PageAccess = { roles: BRANDS, plan: 'required', otherwise: '/profile' };
const MEDIA_ONLY: PageAccess = { roles: MEDIA };
/** Brand teams: what an owner and a manager change (a host reads the workspace only). */
const MANAGERS = ['owner', 'manager'] as const;
const BRAND_MANAGING: PageAccess = { roles: BRANDS, plan: 'required', brandRoles: MANAGERS };
const BRAND_WORKSPACE_MANAGING: PageAccess = { ...BRAND_WORKSPACE, brandRoles: MANAGERS };
const STAFF_ONLY: PageAccess = { roles: STAFF };

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
  campaign: page('/campaigns/:campaignId', BRAND_OR_MEDIA),
  campaignBook: page('/campaigns/:campaignId/book', MEDIA_ONLY),
  create: page('/create/:type', BRAND_MANAGING),
  editCampaign: page('/edit/campaign/:campaignId', BRAND_MANAGING),
  bookings: page('/bookings', BRAND_OR_MEDIA),
  bookingsTab: page('/bookings/:tab', BRAND_OR_MEDIA),
  /** The visit pass of an accepted booking: it opens offline once it has been opened (issue 29). */
  visitPass: page('/bookings/:bookingId/pass', MEDIA_ONLY),
  /** The conversations of bookings and Contact Brand (issue 26). */
  inbox: page('/inbox', BRAND_OR_MEDIA),
  inboxThread: page('/inbox/:conversationId', BRAND_OR_MEDIA),
  tasks: page('/tasks', MEDIA_ONLY),
  task: page('/tasks/:taskId', MEDIA_ONLY),
  profile: page('/profile', BRAND_OR_MEDIA),
  profileEdit: page('/profile/edit', BRAND_WORKSPACE_MANAGING),
  profileLocationNew: page('/profile/location', BRAND_WORKSPACE_MANAGING),
  profileLocation: page('/profile/location/:locationId', BRAND_WORKSPACE_MANAGING),
  profileMenus: page('/profile/menus', BRAND_WORKSPACE_MANAGING),
  /** A media user's public profile, reached from a booking card: shown to a brand without a plan too. */
  mediaProfile: page('/profile/:influencerId', { roles: [...BRANDS, ...MEDIA] }),
  brand: page('/brands/:brandId', BRAND_OR_MEDIA),
  plans: page('/plans', { roles: BRANDS, plan: 'none' }),
  plansPayment: page('/plans/payment', { roles: BRANDS, plan: 'none', brandRoles: ['owner'] }),
  /** A payment that waits for the card holder (3-D Secure): mailed for renewals, the return of a bank page. */
  plansConfirm: page('/plans/confirm/:paymentId', { roles: BRANDS, brandRoles: ['owner'] }),
  settings: page('/settings', { roles: ANYONE }),
  /** Also the one page of a user who must change their password. */
  passwordChange: page('/settings/password-change', { roles: ANYONE }),
  admin: page('/admin', STAFF_ONLY),
  adminCampaigns: page('/admin/campaigns', STAFF_ONLY),
  adminOutbox: page('/admin/outbox', STAFF_ONLY),
  adminAnalytics: page('/admin/analytics', STAFF_ONLY),
  adminDisputes: page('/admin/disputes', STAFF_ONLY),
  adminReports: page('/admin/reports', STAFF_ONLY),
  insights: page('/insights', BRAND_WITH_PLAN),
  /** Brand teams (issue 27): the owner's team, an invitation's sign-up, and the door view. */
  team: page('/profile/team', { ...BRAND_WORKSPACE, brandRoles: ['owner'] }),
  join: page('/join', SIGNED_IN_OR_NOT),
  door: page('/door', BRAND_WITH_PLAN),
  /** The creator directory and the content library (issue 28). */
  creators: page('/creators', { ...BRAND_WITH_PLAN, brandRoles: ['owner', 'manager'] }),
  content: page('/content', { ...BRAND_WITH_PLAN, brandRoles: ['owner', 'manager'] }),
  /** A media user's invitations to campaigns (issue 28). */
  invitations: page('/invitations', MEDIA_ONLY),
  /** A media user's waitlist entries (issue 30). */
  waitlist: page('/waitlist', MEDIA_ONLY),
  /** The staff's marketplace health, week by week (issue 30). */
  adminHealth: page('/admin/health', STAFF_ONLY),
} as const satisfies Record<string, Page>;

export type PageName = keyof typeof paths;
