import { Box, FormLabel, TextField } from '@mui/material';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { MSG } from '@comped/shared/messages';
import { createSubscription } from '../api/create-subscription';
import { CardErrorList, SubscriptionError } from './checkout-messages';
import { PayButton } from './pay-button';

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js instance per key for the page's life. */
function stripeFor(key: string): Promise<Stripe | null> {
  let p = stripes.get(key);
  if (!p) {
    p = loadStripe(key);
    stripes.set(key, p);
  }
  return p;
}

export interface StripeCardFormProps {
  publishableKey: string;
  planId: number;
  onSubscribed: () => Promise<void> | void;
}

/** The hosted provider's card field (Elements): the card never reaches our server. */
export function StripeCardForm({ publishableKey, ...rest }: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCardFormInner {...rest} />
    </Elements>
  );
}

function StripeCardFormInner({ planId, onSubscribed }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [cardComplete, setCardComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [subscriptionError, setSubscriptionError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    if (!card) return;
    setSubscriptionError(null);
    if (!name.trim()) {
      setCardError(MSG.cardholderIncomplete);
      return;
    }
    setSubmitting(true);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: name.trim() } });
      if (result.error) {
        // Spec section 5: an invalid-request error reads "The cardholder name is incomplete."
        setCardError(
          result.error.type === 'invalid_request_error'
            ? MSG.cardholderIncomplete
            : (result.error.message ?? MSG.somethingWrongDot),
        );
        return;
      }
      setCardError(null);
      await createSubscription({ selected_plan: planId, payment_method: result.paymentMethod.id });
      await onSubscribed();
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
        error={cardError === MSG.cardholderIncomplete}
        sx={{ mb: 2 }}
      />
      <FormLabel sx={{ display: 'block', mb: 1, typography: 'body2' }}>Card number, expiry and security code</FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: cardError && cardError !== MSG.cardholderIncomplete ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1.75,
          bgcolor: 'background.paper',
        }}
      >
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
          onChange={(ev) => {
            setCardComplete(ev.complete);
            setCardError(ev.error?.message ?? null);
          }}
        />
      </Box>
      <CardErrorList errors={cardError ? [{ id: 'card-error', message: cardError }] : []} />
      <SubscriptionError message={subscriptionError} />
      <PayButton disabled={!stripe || !cardComplete || !name.trim()} submitting={submitting} />
    </Box>
  );
}
