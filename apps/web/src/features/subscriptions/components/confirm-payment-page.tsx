import { MSG } from '@comped/shared/messages';
import { formatUsd } from '@comped/shared/money';
import type { SubscriptionPaymentResource } from '@comped/shared/schemas/subscription-payments';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';

import { usePlans } from '../../../api/plans';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/use-session';
import { paymentKeys, usePayment } from '../api/get-payment';
import { AuthenticationChallenge } from './authentication-challenge';
import { WaitForPayment } from './wait-for-payment';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'AMEX',
  discover: 'Discover',
};

/**
 * /plans/confirm/{paymentId}: completes a payment that waits for the card holder (3-D Secure),
 * reached from the renewal mail or on return from a bank page. The local provider shows its test
 * challenge; with Stripe, Stripe.js opens the bank's page.
 */
export function ConfirmPaymentPage() {
  const { paymentId = '' } = useParams();
  const [search] = useSearchParams();
  const payment = usePayment(paymentId);
  const products = usePlans();
  const { refreshUser } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState(false);
  // Back from a bank page (redirect_status), or confirmed here with Stripe.js: wait for the webhook.
  const [waiting, setWaiting] = useState(search.has('redirect_status'));
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const settled = useCallback(async () => {
    setChallenge(false);
    setWaiting(false);
    await queryClient.invalidateQueries({ queryKey: paymentKeys.detail(paymentId) });
    await refreshUser().catch(() => null);
  }, [paymentId, queryClient, refreshUser]);
  const failed = useCallback(
    (message: string) => {
      setChallenge(false);
      setWaiting(false);
      setError(message);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.detail(paymentId) });
    },
    [paymentId, queryClient],
  );

  if (payment.isPending || products.isPending) return <Loading label="Loading the payment" />;
  if (payment.isError) {
    const gone = payment.error instanceof ApiError && payment.error.status === 404;
    return (
      <Alert
        severity="error"
        action={
          <Button component={RouterLink} to={paths.plans.getHref()} color="inherit">
            Plans
          </Button>
        }
      >
        {gone ? 'This payment link does not belong to your account.' : MSG.somethingWrongDot}
      </Alert>
    );
  }
  const p: SubscriptionPaymentResource = payment.data;
  const publishableKey = products.data?.publishableKey;

  async function confirm() {
    setError(null);
    if (p.provider === 'local') {
      setChallenge(true);
      return;
    }
    if (!publishableKey || !p.client_secret) {
      setError(MSG.somethingWrongDot);
      return;
    }
    setConfirming(true);
    try {
      const { confirmWithStripe } = await import('./stripe-confirm');
      const result = await confirmWithStripe(publishableKey, p.client_secret);
      if (result.error) setError(result.error);
      else setWaiting(true);
    } finally {
      setConfirming(false);
    }
  }

  const card = p.card ? `${BRAND_NAMES[p.card.brand] ?? 'Card'} ending in ${p.card.last4}` : null;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto' }}>
      <PageTitle title="Confirm your payment">Confirm your payment</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>
          {p.kind === 'renewal'
            ? `Your bank asks you to confirm the payment that renews your ${p.plan.title}.`
            : `Your bank asks you to confirm the first payment of your ${p.plan.title}.`}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {formatUsd(p.amount_cents)}
        </Typography>
        {card ? <Typography sx={{ color: 'text.secondary' }}>{card}</Typography> : null}
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="subscription-error">
            {error}
          </Alert>
        ) : null}
        {p.status === 'succeeded' ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            Payment confirmed. Your plan is active.
          </Alert>
        ) : null}
        {p.status === 'failed' || p.status === 'canceled' ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {p.failure_message ?? MSG.paymentNotPending}
          </Alert>
        ) : null}
        {waiting ? <WaitForPayment paymentId={p.id} onSucceeded={settled} onFailed={failed} /> : null}
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          {p.status === 'requires_action' && !waiting ? (
            <Button variant="contained" onClick={() => void confirm()} disabled={confirming} aria-busy={confirming}>
              Confirm payment
            </Button>
          ) : null}
          {p.status === 'succeeded' ? (
            <Button variant="contained" onClick={() => navigate(paths.profile.getHref())}>
              Go to your profile
            </Button>
          ) : null}
          {p.status === 'failed' || p.status === 'canceled' || error ? (
            <Button component={RouterLink} to={paths.plansPayment.getHref()}>
              Pay with another card
            </Button>
          ) : null}
        </Box>
      </Paper>
      {challenge ? <AuthenticationChallenge payment={p} onSucceeded={settled} onFailed={failed} /> : null}
    </Box>
  );
}
