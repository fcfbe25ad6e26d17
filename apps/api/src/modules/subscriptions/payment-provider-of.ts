import type { AppContext } from '../../context';
import { LocalPaymentProvider } from './local-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeClient, StripePaymentProvider } from './stripe-provider';

const providers = new WeakMap<AppContext, PaymentProvider>();

/** The provider chosen by PAYMENT_PROVIDER, built once per app. */
export function paymentProviderOf(ctx: AppContext): PaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider =
      ctx.config.payment.provider === 'stripe'
        ? new StripePaymentProvider(createStripeClient(ctx.config.payment), ctx.config.payment)
        : new LocalPaymentProvider();
    providers.set(ctx, provider);
  }
  return provider;
}
