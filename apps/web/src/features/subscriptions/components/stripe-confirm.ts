import { stripeFor } from './stripe-loader';

/**
 * Completes a payment that waits for the card holder with Stripe.js: the bank's 3-D Secure page
 * when the PaymentIntent asks for it, otherwise a confirmation with the card on file. Loaded
 * (dynamic import) only by the confirm page with the Stripe provider.
 */
export async function confirmWithStripe(publishableKey: string, clientSecret: string): Promise<{ error?: string }> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) return { error: 'The card provider could not be reached. Please try again.' };
  const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
  const result =
    paymentIntent?.status === 'requires_action'
      ? await stripe.handleNextAction({ clientSecret })
      : await stripe.confirmCardPayment(clientSecret);
  return result.error ? { error: result.error.message ?? 'Your card was declined.' } : {};
}
