import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const stripes = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js, once per key for the page's life. `/pure` loads the script only when this is called:
 * the plain entry would inject it on import, on every page. Only the Stripe checkout and confirm
 * pages (lazy chunks, with `PAYMENT_PROVIDER=stripe`) import this file.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let p = stripes.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey);
    stripes.set(publishableKey, p);
  }
  return p;
}
