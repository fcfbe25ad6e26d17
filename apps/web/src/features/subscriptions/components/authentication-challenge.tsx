import { MSG } from '@comped/shared/messages';
import { formatUsd } from '@comped/shared/money';
import type { SubscriptionPaymentResource } from '@comped/shared/schemas/subscription-payments';
import ShieldIcon from '@mui/icons-material/VerifiedUser';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { authenticatePayment } from '../api/authenticate-payment';

export interface AuthenticationChallengeProps {
  payment: SubscriptionPaymentResource;
  /** The payment went through (the subscription is active, or the renewal paid). */
  onSucceeded: (payment: SubscriptionPaymentResource) => Promise<void> | void;
  /** The challenge failed, or the payment no longer waits: the provider's message. */
  onFailed: (message: string) => void;
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'AMEX',
  discover: 'Discover',
};

/**
 * Answers that end the challenge (the API's modules/subscriptions/payments.ts): the bank refused
 * (`card_declined`), the payment no longer waits (`conflict`) or the plan is already active.
 */
const ENDED_CODES: readonly ApiError['code'][] = ['card_declined', 'conflict', 'already_subscribed'];

/**
 * The local provider's stand-in for the bank's 3-D Secure page, as the hosted provider's test page
 * shows it: the payment, and Complete or Fail. Only the local provider shows it; with Stripe the
 * bank's own page opens from Stripe.js.
 */
export function AuthenticationChallenge({ payment, onSucceeded, onFailed }: AuthenticationChallengeProps) {
  const [busy, setBusy] = useState<'complete' | 'fail' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(result: 'complete' | 'fail') {
    setBusy(result);
    setError(null);
    try {
      const done = await authenticatePayment(payment.id, { result });
      await onSucceeded(done);
    } catch (err) {
      if (err instanceof ApiError && ENDED_CODES.includes(err.code)) onFailed(err.message);
      else setError(err instanceof Error ? err.message : MSG.somethingWrongDot);
    } finally {
      setBusy(null);
    }
  }

  const card = payment.card ? `${BRAND_NAMES[payment.card.brand] ?? 'Card'} ending in ${payment.card.last4}` : null;
  return (
    <Dialog open aria-labelledby="challenge-title" aria-describedby="challenge-text">
      <DialogTitle id="challenge-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ShieldIcon color="primary" aria-hidden />
        Authenticate this payment
      </DialogTitle>
      <DialogContent>
        <Typography id="challenge-text" sx={{ mb: 2 }}>
          Your bank asks you to confirm this payment. This test page of the local card provider stands in for your
          bank&apos;s 3-D Secure check.
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            Amount
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
            {formatUsd(payment.amount_cents)}
          </Typography>
          <Typography component="dt" sx={{ color: 'text.secondary' }}>
            Merchant
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            Comped · {payment.plan.title}
          </Typography>
          {card ? (
            <>
              <Typography component="dt" sx={{ color: 'text.secondary' }}>
                Card
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {card}
              </Typography>
            </>
          ) : null}
        </Box>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button color="error" disabled={!!busy} onClick={() => void answer('fail')} aria-busy={busy === 'fail'}>
          Fail
        </Button>
        <Button
          variant="contained"
          disabled={!!busy}
          onClick={() => void answer('complete')}
          aria-busy={busy === 'complete'}
          startIcon={busy === 'complete' ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          Complete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
