import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
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
            { path: paths.signup, lazy: () => import('./routes/signup').then((m) => ({ Component: m.SignupRoute })) },
            {
              path: paths.passwordReset,
              lazy: () => import('./routes/password-reset').then((m) => ({ Component: m.PasswordResetRoute })),
            },
            {
              // The signed-in frame (app bar, navigation drawer) is not part of /login's download either.
              lazy: () => import('../components/layout/app-shell').then((m) => ({ Component: m.AppShell })),
              children: withErrorScreen([
                {
                  path: paths.dashboard,
                  lazy: () => import('./routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
                },
                {
                  path: paths.campaigns,
                  lazy: () => import('./routes/campaigns').then((m) => ({ Component: m.CampaignsRoute })),
                },
                {
                  path: '/campaigns/:campaignId',
                  lazy: () => import('./routes/campaign-details').then((m) => ({ Component: m.CampaignDetailsRoute })),
                },
                {
                  path: '/campaigns/:campaignId/book',
                  lazy: () => import('./routes/campaign-book').then((m) => ({ Component: m.CampaignBookRoute })),
                },
                {
                  path: '/create/:type',
                  lazy: () => import('./routes/campaign-wizard').then((m) => ({ Component: m.CampaignWizardRoute })),
                },
                {
                  path: '/edit/campaign/:campaignId',
                  lazy: () => import('./routes/campaign-wizard').then((m) => ({ Component: m.CampaignWizardRoute })),
                },
                {
                  path: paths.bookings,
                  lazy: () => import('./routes/bookings').then((m) => ({ Component: m.BookingsRoute })),
                },
                {
                  path: '/bookings/:tab',
                  lazy: () => import('./routes/bookings').then((m) => ({ Component: m.BookingsRoute })),
                },
                { path: paths.tasks, lazy: () => import('./routes/tasks').then((m) => ({ Component: m.TasksRoute })) },
                {
                  path: '/tasks/:taskId',
                  lazy: () => import('./routes/task-details').then((m) => ({ Component: m.TaskDetailsRoute })),
                },
                {
                  path: paths.profile,
                  lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
                },
                {
                  path: paths.profileEdit,
                  lazy: () => import('./routes/profile-edit').then((m) => ({ Component: m.ProfileEditRoute })),
                },
                {
                  path: paths.profileLocationNew,
                  lazy: () => import('./routes/profile-location').then((m) => ({ Component: m.ProfileLocationRoute })),
                },
                {
                  path: '/profile/location/:locationId',
                  lazy: () => import('./routes/profile-location').then((m) => ({ Component: m.ProfileLocationRoute })),
                },
                {
                  path: paths.profileMenus,
                  lazy: () => import('./routes/profile-menus').then((m) => ({ Component: m.ProfileMenusRoute })),
                },
                {
                  path: '/profile/:influencerId',
                  lazy: () => import('./routes/media-profile').then((m) => ({ Component: m.MediaProfileRoute })),
                },
                {
                  path: '/brands/:brandId',
                  lazy: () => import('./routes/brand-view').then((m) => ({ Component: m.BrandViewRoute })),
                },
                { path: paths.plans, lazy: () => import('./routes/plans').then((m) => ({ Component: m.PlansRoute })) },
                {
                  path: paths.plansPayment,
                  lazy: () => import('./routes/plans-payment').then((m) => ({ Component: m.PlansPaymentRoute })),
                },
                {
                  path: '/plans/confirm/:paymentId',
                  lazy: () => import('./routes/plans-confirm').then((m) => ({ Component: m.PlansConfirmRoute })),
                },
                {
                  path: paths.settings,
                  lazy: () => import('./routes/settings').then((m) => ({ Component: m.SettingsRoute })),
                },
                {
                  path: paths.passwordChange,
                  lazy: () => import('./routes/password-change').then((m) => ({ Component: m.PasswordChangeRoute })),
                },
                {
                  path: paths.admin,
                  lazy: () =>
                    import('./routes/admin-applications').then((m) => ({ Component: m.AdminApplicationsRoute })),
                },
                {
                  path: paths.adminCampaigns,
                  lazy: () => import('./routes/admin-campaigns').then((m) => ({ Component: m.AdminCampaignsRoute })),
                },
                {
                  path: paths.adminOutbox,
                  lazy: () => import('./routes/admin-outbox').then((m) => ({ Component: m.AdminOutboxRoute })),
                },
                {
                  path: paths.adminDisputes,
                  lazy: () => import('./routes/admin-disputes').then((m) => ({ Component: m.AdminDisputesRoute })),
                },
                {
                  path: paths.adminAnalytics,
                  lazy: () => import('./routes/admin-analytics').then((m) => ({ Component: m.AdminAnalyticsRoute })),
                },
                {
                  path: paths.insights,
                  lazy: () => import('./routes/insights').then((m) => ({ Component: m.InsightsRoute })),
                },
              ]),
            },
          ]),
        },
      ]),
    },
    { path: '*', element: <Navigate to={paths.login} replace />, errorElement: <ErrorScreen /> },
  ]);
}
