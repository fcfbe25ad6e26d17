import { InsightsPage } from '../../features/insights/components/insights-page';

/** /insights (brands): a lazy route, so the chart library arrives with this page only. */
export function InsightsRoute() {
  return <InsightsPage />;
}
