import { createBrowserRouter, Navigate } from 'react-router';
import { AppShell } from '../components/layout/app-shell';
import { paths } from '../config/paths';
import { RouteGuard } from './route-guard';
import { AdminAnalyticsRoute } from './routes/admin-analytics';
import { AdminApplicationsRoute } from './routes/admin-applications';
import { AdminCampaignsRoute } from './routes/admin-campaigns';
import { AdminOutboxRoute } from './routes/admin-outbox';
import { BookingsRoute } from './routes/bookings';
import { BrandViewRoute } from './routes/brand-view';
import { CampaignBookRoute } from './routes/campaign-book';
import { CampaignDetailsRoute } from './routes/campaign-details';
import { CampaignWizardRoute } from './routes/campaign-wizard';
import { CampaignsRoute } from './routes/campaigns';
import { DashboardRoute } from './routes/dashboard';
import { LoginRoute } from './routes/login';
import { MediaProfileRoute } from './routes/media-profile';
import { PasswordChangeRoute } from './routes/password-change';
import { PasswordResetRoute } from './routes/password-reset';
import { PlansRoute } from './routes/plans';
import { PlansPaymentRoute } from './routes/plans-payment';
import { ProfileRoute } from './routes/profile';
import { ProfileEditRoute } from './routes/profile-edit';
import { ProfileLocationRoute } from './routes/profile-location';
import { ProfileMenusRoute } from './routes/profile-menus';
import { SettingsRoute } from './routes/settings';
import { SignupRoute } from './routes/signup';
import { TaskDetailsRoute } from './routes/task-details';
import { TasksRoute } from './routes/tasks';

/** Every screen of spec section 2; unknown paths go to /login. */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <RouteGuard />,
      children: [
        { path: paths.login, element: <LoginRoute /> },
        { path: paths.signup, element: <SignupRoute /> },
        { path: paths.passwordReset, element: <PasswordResetRoute /> },
        {
          element: <AppShell />,
          children: [
            { path: paths.dashboard, element: <DashboardRoute /> },
            { path: paths.campaigns, element: <CampaignsRoute /> },
            { path: '/campaigns/:campaignId', element: <CampaignDetailsRoute /> },
            { path: '/campaigns/:campaignId/book', element: <CampaignBookRoute /> },
            { path: '/create/:type', element: <CampaignWizardRoute /> },
            { path: '/edit/campaign/:campaignId', element: <CampaignWizardRoute /> },
            { path: paths.bookings, element: <BookingsRoute /> },
            { path: '/bookings/:tab', element: <BookingsRoute /> },
            { path: paths.tasks, element: <TasksRoute /> },
            { path: '/tasks/:taskId', element: <TaskDetailsRoute /> },
            { path: paths.profile, element: <ProfileRoute /> },
            { path: paths.profileEdit, element: <ProfileEditRoute /> },
            { path: paths.profileLocationNew, element: <ProfileLocationRoute /> },
            { path: '/profile/location/:locationId', element: <ProfileLocationRoute /> },
            { path: paths.profileMenus, element: <ProfileMenusRoute /> },
            { path: '/profile/:influencerId', element: <MediaProfileRoute /> },
            { path: '/brands/:brandId', element: <BrandViewRoute /> },
            { path: paths.plans, element: <PlansRoute /> },
            { path: paths.plansPayment, element: <PlansPaymentRoute /> },
            { path: paths.settings, element: <SettingsRoute /> },
            { path: paths.passwordChange, element: <PasswordChangeRoute /> },
            { path: paths.admin, element: <AdminApplicationsRoute /> },
            { path: paths.adminCampaigns, element: <AdminCampaignsRoute /> },
            { path: paths.adminOutbox, element: <AdminOutboxRoute /> },
            { path: paths.adminAnalytics, element: <AdminAnalyticsRoute /> },
          ],
        },
      ],
    },
    { path: '*', element: <Navigate to={paths.login} replace /> },
  ]);
}
