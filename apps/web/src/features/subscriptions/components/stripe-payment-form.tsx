import { MSG } from '@comped/shared/messages';
import type { PlanResource } from '@comped/shared/schemas/resources';
import { Box, FormLabel, TextField } from '@mui/material';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeElementsOptions } from '@stripe/stripe-js';
import { useCallback, useMemo, useState } from 'react';

import { paths } from '../../../config/paths';
import { createSubscription } from '../api/create-subscription';
import { CardErrorList, SubscriptionError } from './checkout-messages';
import { PayButton } from './pay-button';
import { stripeFor } from './stripe-loader';
import { WaitForPayment } from './wait-for-payment';

export interface StripePaymentFormProps {
  publishableKey: string;
  plan: PlanResource;
  onSubscribed: () => Promise<void> | void;
}

/**
 * The hosted provider's Payment Element: the card never reaches our server. The page creates the
 * payment method, the server starts the subscription `default_incomplete`, and the page confirms
 * the first payment with Stripe.js (the bank's 3-D Secure page opens when the bank asks); the
 * provider's webhook then activates the plan.
 */
export function StripePaymentForm({ publishableKey, plan, onSubscribed }: StripePaymentFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const options = useMemo<StripeElementsOptions>(
    () => ({
      mode: 'subscription',
      amount: plan.intro_months > 0 ? plan.intro_price_cents : plan.price_cents,
      currency: 'usd',
      paymentMethodCreation: 'manual',
      paymentMethodTypes: ['card'],
    }),
    [plan],
  );
  return (
    <Elements stripe={stripe} options={options}>
      <StripePaymentFormInner planId={plan.id} onSubscribed={onSubscribed} />
    </Elements>
  );
}

function StripePaymentFormInner({
  planId,
  onSubscribed,
}: {
  planId: number;
  onSubscribed: () => Promise<void> | void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [complete, setComplete] = useState(false);
  // `onName`: the error is about the cardholder name field (kept while the card details change).
  const [cardError, setCardError] = useState<{ message: string; onName: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [subscriptionError, setSubscriptionError] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<string | null>(null);

  const onFailed = useCallback((message: string) => {
    setWaitingFor(null);
    setSubscriptionError(message);
  }, []);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setSubscriptionError(null);
    if (!name.trim()) {
      setCardError({ message: MSG.cardholderIncomplete, onName: true });
      return;
    }
    setSubmitting(true);
    try {
      const checked = await elements.submit();
      if (checked.error) {
        setCardError({ message: checked.error.message ?? MSG.somethingWrongDot, onName: false });
        return;
      }
      const created = await stripe.createPaymentMethod({
        elements,
        params: { billing_details: { name: name.trim() } },
      });
      if (created.error) {
        // Spec section 5: an invalid-request error reads "The cardholder name is incomplete."
        setCardError(
          created.error.type === 'invalid_request_error'
            ? { message: MSG.cardholderIncomplete, onName: true }
            : { message: created.error.message ?? MSG.somethingWrongDot, onName: false },
        );
        return;
      }
      setCardError(null);
      const paymentMethod = created.paymentMethod.id;
      const started = await createSubscription({ selected_plan: planId, payment_method: paymentMethod });
      if (!started.payment) {
        await onSubscribed();
        return;
      }
      const { payment } = started;
      if (!payment.client_secret) throw new Error(MSG.somethingWrongDot);
      const confirmed = await stripe.confirmPayment({
        clientSecret: payment.client_secret,
        confirmParams: {
          payment_method: paymentMethod,
          return_url: `${window.location.origin}${paths.plansConfirm.getHref(payment.id)}`,
        },
        redirect: 'if_required',
      });
      if (confirmed.error) {
        // The provider's own message: declined, insufficient funds, 3-D Secure failed...
        setSubscriptionError(confirmed.error.message ?? MSG.cardDeclined);
        return;
      }
      setWaitingFor(payment.id);
    } catch (err) {
      setSubscriptionError(err instanceof Error ? err.message : MSG.somethingWrongDot);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Card details">
      <TextField
        label="Cardholder name"
        autoComplete="cc-name"
        fullWidth
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!cardError?.onName}
        sx={{ mb: 2 }}
      />
      <FormLabel sx={{ display: 'block', mb: 1, typography: 'body2' }}>Card number, expiry and security code</FormLabel>
      <PaymentElement
        options={{ layout: 'tabs', fields: { billingDetails: { name: 'never' } } }}
        onChange={(ev) => {
          setComplete(ev.complete);
          if (cardError && !cardError.onName) setCardError(null);
        }}
      />
      <CardErrorList errors={cardError ? [{ id: 'card-error', message: cardError.message }] : []} />
      <SubscriptionError message={subscriptionError} />
      {waitingFor ? <WaitForPayment paymentId={waitingFor} onSucceeded={onSubscribed} onFailed={onFailed} /> : null}
      <PayButton disabled={!stripe || !complete || !name.trim()} submitting={submitting || !!waitingFor} />
    </Box>
  );
}
