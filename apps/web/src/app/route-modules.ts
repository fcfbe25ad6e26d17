import type { ComponentType } from 'react';
import { paths } from '../config/paths';

/**
 * Every lazily loaded part of the app, by route, in one table: the router (app/router.tsx) builds its
 * routes from it, and app/early-start.ts starts downloading the current page's parts before React has
 * run (docs/performance.md, Web). Each part is its own chunk; the browser fetches a chunk once, so
 * the early start and the router's own load share one download.
 */
export interface LazyPage {
  /** As React Router matches it: static segments and `:params`. */
  path: string;
  load: () => Promise<ComponentType>;
}

/** The query client for every page but /login (TanStack Query is not part of the front door). */
export const loadQueryRoute = () => import('./query-route').then((m) => m.QueryRoute);
/** The signed-in frame (app bar, navigation), not part of /login's download either. */
export const loadAppShell = () => import('../components/layout/app-shell').then((m) => m.AppShell);

/** Pages for signed-out visitors (under the query route, outside the shell). */
export const publicPages: LazyPage[] = [
  { path: paths.signup, load: () => import('./routes/signup').then((m) => m.SignupRoute) },
  { path: paths.passwordReset, load: () => import('./routes/password-reset').then((m) => m.PasswordResetRoute) },
];

/** Pages inside the signed-in shell. */
export const signedInPages: LazyPage[] = [
  { path: paths.dashboard, load: () => import('./routes/dashboard').then((m) => m.DashboardRoute) },
  { path: paths.campaigns, load: () => import('./routes/campaigns').then((m) => m.CampaignsRoute) },
  {
    path: '/campaigns/:campaignId',
    load: () => import('./routes/campaign-details').then((m) => m.CampaignDetailsRoute),
  },
  {
    path: '/campaigns/:campaignId/book',
    load: () => import('./routes/campaign-book').then((m) => m.CampaignBookRoute),
  },
  { path: '/create/:type', load: () => import('./routes/campaign-wizard').then((m) => m.CampaignWizardRoute) },
  {
    path: '/edit/campaign/:campaignId',
    load: () => import('./routes/campaign-wizard').then((m) => m.CampaignWizardRoute),
  },
  { path: paths.bookings, load: () => import('./routes/bookings').then((m) => m.BookingsRoute) },
  { path: '/bookings/:tab', load: () => import('./routes/bookings').then((m) => m.BookingsRoute) },
  { path: paths.tasks, load: () => import('./routes/tasks').then((m) => m.TasksRoute) },
  { path: '/tasks/:taskId', load: () => import('./routes/task-details').then((m) => m.TaskDetailsRoute) },
  { path: paths.profile, load: () => import('./routes/profile').then((m) => m.ProfileRoute) },
  { path: paths.profileEdit, load: () => import('./routes/profile-edit').then((m) => m.ProfileEditRoute) },
  {
    path: paths.profileLocationNew,
    load: () => import('./routes/profile-location').then((m) => m.ProfileLocationRoute),
  },
  {
    path: '/profile/location/:locationId',
    load: () => import('./routes/profile-location').then((m) => m.ProfileLocationRoute),
  },
  { path: paths.profileMenus, load: () => import('./routes/profile-menus').then((m) => m.ProfileMenusRoute) },
  { path: '/profile/:influencerId', load: () => import('./routes/media-profile').then((m) => m.MediaProfileRoute) },
  { path: '/brands/:brandId', load: () => import('./routes/brand-view').then((m) => m.BrandViewRoute) },
  { path: paths.plans, load: () => import('./routes/plans').then((m) => m.PlansRoute) },
  { path: paths.plansPayment, load: () => import('./routes/plans-payment').then((m) => m.PlansPaymentRoute) },
  {
    path: '/plans/confirm/:paymentId',
    load: () => import('./routes/plans-confirm').then((m) => m.PlansConfirmRoute),
  },
  { path: paths.settings, load: () => import('./routes/settings').then((m) => m.SettingsRoute) },
  { path: paths.passwordChange, load: () => import('./routes/password-change').then((m) => m.PasswordChangeRoute) },
  { path: paths.admin, load: () => import('./routes/admin-applications').then((m) => m.AdminApplicationsRoute) },
  { path: paths.adminCampaigns, load: () => import('./routes/admin-campaigns').then((m) => m.AdminCampaignsRoute) },
  { path: paths.adminOutbox, load: () => import('./routes/admin-outbox').then((m) => m.AdminOutboxRoute) },
  { path: paths.adminDisputes, load: () => import('./routes/admin-disputes').then((m) => m.AdminDisputesRoute) },
  { path: paths.adminAnalytics, load: () => import('./routes/admin-analytics').then((m) => m.AdminAnalyticsRoute) },
  { path: paths.insights, load: () => import('./routes/insights').then((m) => m.InsightsRoute) },
];

/**
 * How well `pattern` matches `pathname`: the number of static segments that matched (a static
 * segment outranks a `:param`, as in React Router: /profile/edit before /profile/:influencerId),
 * or -1 when it does not match. Our own dozen lines rather than React Router's `matchPath`: importing
 * React Router here would make it, and React, run before app/early-start.ts (ADR 014).
 */
function matchScore(pattern: string, pathname: string): number {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return -1;
  let score = 0;
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) continue;
    if (segment !== got[i]) return -1;
    score += 1;
  }
  return score;
}

function bestMatch(pages: LazyPage[], pathname: string): LazyPage | undefined {
  let best: LazyPage | undefined;
  let bestScore = -1;
  for (const page of pages) {
    const score = matchScore(page.path, pathname);
    if (score > bestScore) [best, bestScore] = [page, score];
  }
  return best;
}

/**
 * The lazy parts the router will load to show `pathname` (where the route guard lets the visitor
 * stay): the query route, the shell for a signed-in page, and the page. Nothing for /login (part of
 * the entry) or a path the router does not know.
 */
export function lazyPartsOf(pathname: string): (() => Promise<unknown>)[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  const signedIn = bestMatch(signedInPages, path);
  if (signedIn) return [loadQueryRoute, loadAppShell, signedIn.load];
  const open = bestMatch(publicPages, path);
  return open ? [loadQueryRoute, open.load] : [];
}
