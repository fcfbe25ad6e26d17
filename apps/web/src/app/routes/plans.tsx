import { PlansPage } from '../../features/subscriptions/components/plans-page';

export function PlansRoute() {
  return <PlansPage />;
}
