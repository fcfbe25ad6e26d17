import { CheckoutPage } from '../../features/subscriptions/components/checkout-page';

export function PlansPaymentRoute() {
  return <CheckoutPage />;
}
