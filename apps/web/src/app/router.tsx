import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { ErrorScreen } from '../components/error-screen';
import { Loading } from '../components/loading';
import { paths } from '../config/paths';
import { RouteGuard } from './route-guard';
import { LoginRoute } from './routes/login';

/**
 * Every screen of spec section 2; unknown paths go to /login. Each screen is its own lazy chunk
 * (React Router `lazy`), so /login downloads only what /login shows: date pickers, the wizard and
 * the checkout (with Stripe) arrive with their routes. /login itself, the front door, is part of the
 * entry: a lazy chunk there costs a round trip after the entry ran, before anything paints (Lighthouse
 * LCP 3.4 s -> 1.9 s); its validation (zod) still loads on first focus, and TanStack Query comes with
 * every other page's lazy layout route (app/query-route.tsx; docs/performance.md, Web).
 */
/**
 * Gives every route its error element (ErrorScreen, never React Router's developer screen). On a
 * route inside the signed-in shell the error shows in the shell's outlet, so the sidebar stays usable.
 */
function withErrorScreen(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({ errorElement: <ErrorScreen />, ...route }) as RouteObject);
}

/** A screen in its own chunk (React Router `lazy`): downloaded on its first visit. */
function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: () => load().then((Component) => ({ Component })) };
}

function FirstLoad() {
  return <Loading label="Loading Comped" />;
}

export function createRouter() {
  return createBrowserRouter([
    {
      element: <RouteGuard />,
      errorElement: <ErrorScreen />,
      // The first load of a lazy page (every page but /login): a spinner while its code downloads, not
      // a blank page (on a phone about 0.7 s sooner than the page itself: docs/performance.md, Web).
      // Later navigations keep the current page until the next one is ready.
      HydrateFallback: FirstLoad,
      children: withErrorScreen([
        { path: paths.login, Component: LoginRoute },
        {
          // The query client for every other page (TanStack Query is not part of /login's download).
          lazy: () => import('./query-route').then((m) => ({ Component: m.QueryRoute })),
          children: withErrorScreen([
            page(paths.signup, () => import('./routes/signup').then((m) => m.SignupRoute)),
            page(paths.passwordReset, () => import('./routes/password-reset').then((m) => m.PasswordResetRoute)),
            {
              // The signed-in frame (app bar, navigation drawer) is not part of /login's download either.
              lazy: () => import('../components/layout/app-shell').then((m) => ({ Component: m.AppShell })),
              children: withErrorScreen([
                page(paths.dashboard, () => import('./routes/dashboard').then((m) => m.DashboardRoute)),
                page(paths.campaigns, () => import('./routes/campaigns').then((m) => m.CampaignsRoute)),
                page('/campaigns/:campaignId', () =>
                  import('./routes/campaign-details').then((m) => m.CampaignDetailsRoute),
                ),
                page('/campaigns/:campaignId/book', () =>
                  import('./routes/campaign-book').then((m) => m.CampaignBookRoute),
                ),
                page('/create/:type', () => import('./routes/campaign-wizard').then((m) => m.CampaignWizardRoute)),
                page('/edit/campaign/:campaignId', () =>
                  import('./routes/campaign-wizard').then((m) => m.CampaignWizardRoute),
                ),
                page(paths.bookings, () => import('./routes/bookings').then((m) => m.BookingsRoute)),
                page('/bookings/:tab', () => import('./routes/bookings').then((m) => m.BookingsRoute)),
                page(paths.tasks, () => import('./routes/tasks').then((m) => m.TasksRoute)),
                page('/tasks/:taskId', () => import('./routes/task-details').then((m) => m.TaskDetailsRoute)),
                page(paths.profile, () => import('./routes/profile').then((m) => m.ProfileRoute)),
                page(paths.profileEdit, () => import('./routes/profile-edit').then((m) => m.ProfileEditRoute)),
                page(paths.profileLocationNew, () =>
                  import('./routes/profile-location').then((m) => m.ProfileLocationRoute),
                ),
                page('/profile/location/:locationId', () =>
                  import('./routes/profile-location').then((m) => m.ProfileLocationRoute),
                ),
                page(paths.profileMenus, () => import('./routes/profile-menus').then((m) => m.ProfileMenusRoute)),
                page('/profile/:influencerId', () => import('./routes/media-profile').then((m) => m.MediaProfileRoute)),
                page('/brands/:brandId', () => import('./routes/brand-view').then((m) => m.BrandViewRoute)),
                page(paths.plans, () => import('./routes/plans').then((m) => m.PlansRoute)),
                page(paths.plansPayment, () => import('./routes/plans-payment').then((m) => m.PlansPaymentRoute)),
                page('/plans/confirm/:paymentId', () =>
                  import('./routes/plans-confirm').then((m) => m.PlansConfirmRoute),
                ),
                page(paths.settings, () => import('./routes/settings').then((m) => m.SettingsRoute)),
                page(paths.passwordChange, () => import('./routes/password-change').then((m) => m.PasswordChangeRoute)),
                page(paths.admin, () => import('./routes/admin-applications').then((m) => m.AdminApplicationsRoute)),
                page(paths.adminCampaigns, () => import('./routes/admin-campaigns').then((m) => m.AdminCampaignsRoute)),
                page(paths.adminOutbox, () => import('./routes/admin-outbox').then((m) => m.AdminOutboxRoute)),
                page(paths.adminDisputes, () => import('./routes/admin-disputes').then((m) => m.AdminDisputesRoute)),
                page(paths.adminAnalytics, () => import('./routes/admin-analytics').then((m) => m.AdminAnalyticsRoute)),
                page(paths.insights, () => import('./routes/insights').then((m) => m.InsightsRoute)),
              ]),
            },
          ]),
        },
      ]),
    },
    { path: '*', element: <Navigate to={paths.login} replace />, errorElement: <ErrorScreen /> },
  ]);
}
