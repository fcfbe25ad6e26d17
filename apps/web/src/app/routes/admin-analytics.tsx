import { AnalyticsPage } from '../../features/admin/components/analytics-page';

export function AdminAnalyticsRoute() {
  return <AnalyticsPage />;
}
