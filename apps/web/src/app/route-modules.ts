import type { ComponentType } from 'react';

import type { PageName } from '../config/paths';
import { paths } from '../config/paths';

/**
 * Every lazily loaded part of the app, in one table keyed by the pages of config/paths.ts: the router
 * (app/router.tsx) builds its routes from it, and boot/early-start.ts starts downloading the current
 * page's parts before React has run. Each part is its own chunk; the browser fetches a chunk once,
 * so the early start and the router's own load share one download.
 */

type PartLoader = () => Promise<ComponentType>;

/** What each loader has loaded: a part that is in renders at once (loadedPart), without suspending. */
const loadedParts = new Map<PartLoader, ComponentType>();

const rememberers = new Map<PartLoader, PartLoader>();

/** `load`, remembering what it loaded; one per loader, so two pages of one module share it. */
function remembered(load: PartLoader): PartLoader {
  let remembering = rememberers.get(load);
  if (!remembering) {
    const self: PartLoader = () =>
      load().then((part) => {
        loadedParts.set(self, part);
        return part;
      });
    remembering = self;
    rememberers.set(load, remembering);
  }
  return remembering;
}

/** The part `load` loads, if it is in. */
export const loadedPart = (load: PartLoader): ComponentType | undefined => loadedParts.get(load);

/** The query client for every page but /login (TanStack Query is not part of the front door). */
export const loadQueryRoute = remembered(() => import('./layouts/query-route').then((m) => m.QueryRoute));
/** The signed-in frame (app bar, navigation), not part of /login's download either. */
export const loadAppShell = remembered(() => import('./layouts/app-shell').then((m) => m.AppShell));

/** Every page but /login, which is part of the entry (app/router.tsx says why). */
export type LazyPageName = Exclude<PageName, 'login'>;

// Pages that two URL patterns show.
const loadWizard = () => import('./routes/campaign-wizard').then((m) => m.CampaignWizardRoute);
const loadBookings = () => import('./routes/bookings').then((m) => m.BookingsRoute);
const loadLocation = () => import('./routes/profile-location').then((m) => m.ProfileLocationRoute);

const pageLoaders: Record<LazyPageName, PartLoader> = {
  signup: () => import('./routes/signup').then((m) => m.SignupRoute),
  passwordReset: () => import('./routes/password-reset').then((m) => m.PasswordResetRoute),
  dashboard: () => import('./routes/dashboard').then((m) => m.DashboardRoute),
  campaigns: () => import('./routes/campaigns').then((m) => m.CampaignsRoute),
  campaign: () => import('./routes/campaign-details').then((m) => m.CampaignDetailsRoute),
  campaignBook: () => import('./routes/campaign-book').then((m) => m.CampaignBookRoute),
  create: loadWizard,
  editCampaign: loadWizard,
  bookings: loadBookings,
  bookingsTab: loadBookings,
  visitPass: () => import('./routes/visit-pass').then((m) => m.VisitPassRoute),
  inbox: () => import('./routes/inbox').then((m) => m.InboxRoute),
  inboxThread: () => import('./routes/inbox-thread').then((m) => m.InboxThreadRoute),
  tasks: () => import('./routes/tasks').then((m) => m.TasksRoute),
  task: () => import('./routes/task-details').then((m) => m.TaskDetailsRoute),
  profile: () => import('./routes/profile').then((m) => m.ProfileRoute),
  profileEdit: () => import('./routes/profile-edit').then((m) => m.ProfileEditRoute),
  profileLocationNew: loadLocation,
  profileLocation: loadLocation,
  profileMenus: () => import('./routes/profile-menus').then((m) => m.ProfileMenusRoute),
  mediaProfile: () => import('./routes/media-profile').then((m) => m.MediaProfileRoute),
  brand: () => import('./routes/brand-view').then((m) => m.BrandViewRoute),
  plans: () => import('./routes/plans').then((m) => m.PlansRoute),
  plansPayment: () => import('./routes/plans-payment').then((m) => m.PlansPaymentRoute),
  plansConfirm: () => import('./routes/plans-confirm').then((m) => m.PlansConfirmRoute),
  settings: () => import('./routes/settings').then((m) => m.SettingsRoute),
  passwordChange: () => import('./routes/password-change').then((m) => m.PasswordChangeRoute),
  admin: () => import('./routes/admin-applications').then((m) => m.AdminApplicationsRoute),
  adminCampaigns: () => import('./routes/admin-campaigns').then((m) => m.AdminCampaignsRoute),
  adminOutbox: () => import('./routes/admin-outbox').then((m) => m.AdminOutboxRoute),
  adminAnalytics: () => import('./routes/admin-analytics').then((m) => m.AdminAnalyticsRoute),
  adminDisputes: () => import('./routes/admin-disputes').then((m) => m.AdminDisputesRoute),
  adminReports: () => import('./routes/admin-reports').then((m) => m.AdminReportsRoute),
  insights: () => import('./routes/insights').then((m) => m.InsightsRoute),
  team: () => import('./routes/team').then((m) => m.TeamRoute),
  join: () => import('./routes/join').then((m) => m.JoinRoute),
  door: () => import('./routes/door').then((m) => m.DoorRoute),
  creators: () => import('./routes/creators').then((m) => m.CreatorsRoute),
  content: () => import('./routes/content').then((m) => m.ContentRoute),
  invitations: () => import('./routes/invitations').then((m) => m.InvitationsRoute),
  waitlist: () => import('./routes/waitlist').then((m) => m.WaitlistRoute),
  adminHealth: () => import('./routes/admin-health').then((m) => m.AdminHealthRoute),
};

export const pageModules = Object.fromEntries(
  Object.entries(pageLoaders).map(([name, load]) => [name, remembered(load)]),
) as Record<LazyPageName, PartLoader>;

/** A page for signed-out visitors (or for anyone, as an invitation's) renders outside the signed-in shell. */
export const isPublicPage = (name: LazyPageName) => typeof paths[name].access === 'string';

/**
 * The lazy parts the router loads to show a page: the query route, the shell for a signed-in page,
 * and the page. Nothing for /login.
 */
export function lazyPartsOf(name: PageName): PartLoader[] {
  if (name === 'login') return [];
  const load = pageModules[name];
  return isPublicPage(name) ? [loadQueryRoute, load] : [loadQueryRoute, loadAppShell, load];
}
