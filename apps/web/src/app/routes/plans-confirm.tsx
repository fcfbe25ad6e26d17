import { ConfirmPaymentPage } from '../../features/subscriptions/components/confirm-payment-page';

export function PlansConfirmRoute() {
  return <ConfirmPaymentPage />;
}
