import { MSG } from '@comped/shared/messages';
import type { PlanResource } from '@comped/shared/schemas/resources';
import { planPriceText } from '@comped/shared/validation/subscription';
import LockIcon from '@mui/icons-material/Lock';
import { Alert, Box, Button, Divider, Paper, Typography } from '@mui/material';
import { lazy, Suspense, useCallback } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { usePlans } from '../../../api/plans';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/use-session';
import { CardBrandIcons } from './card-brand-icons';
import { LocalCardForm } from './local-card-form';
import { PlanFeatures } from './plan-features';

// Stripe.js and the Payment Element load only when the Stripe provider is on (never with the local one).
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

function OrderSummary({ plan }: { plan: PlanResource }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="order-summary-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="order-summary-title" variant="overline" component="h2" sx={{ color: 'text.secondary' }}>
        Your plan
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {plan.title}
      </Typography>
      <Typography sx={{ mt: 1, fontWeight: 600 }}>{planPriceText(plan)}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {MSG.renewsMonthly}
      </Typography>
      <Divider sx={{ my: 2 }} />
      <PlanFeatures features={plan.features} />
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2 }}>
        * {`$${plan.price}`} per month is charged after the introductory months. Prices in US dollars.
      </Typography>
    </Paper>
  );
}

/**
 * /plans/payment: Secure payment, the plan, its price and features, the accepted cards and the card
 * form of the provider in use (local fields or the hosted provider's Elements).
 */
export function CheckoutPage() {
  const products = usePlans();
  const { refreshUser } = useSession();
  const navigate = useNavigate();

  const onSubscribed = useCallback(async () => {
    // The session now reports the active plan: the guard opens the brand workspace.
    await refreshUser().catch(() => null);
    navigate(paths.profile.getHref(), { replace: true });
  }, [refreshUser, navigate]);

  if (products.isPending) return <Loading label="Loading checkout" />;
  if (products.isError || !products.data.plans[0]) {
    return <LoadError onRetry={products.refetch} />;
  }
  const plan = products.data.plans[0];
  const { provider, publishableKey } = products.data;

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LockIcon color="success" aria-hidden sx={{ mb: 3 }} />
        <PageTitle title={MSG.secureCheckout}>{MSG.secureCheckout}</PageTitle>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1.2fr' },
          alignItems: 'start',
        }}
      >
        <OrderSummary plan={plan} />
        <Paper variant="outlined" component="section" aria-labelledby="card-title" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              gap: 2,
              mb: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography id="card-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              Card details
            </Typography>
            <CardBrandIcons />
          </Box>
          {provider === 'local' ? (
            <LocalCardForm planId={plan.id} onSubscribed={onSubscribed} />
          ) : publishableKey ? (
            <Suspense fallback={<Loading label="Loading the card form" />}>
              <StripePaymentForm publishableKey={publishableKey} plan={plan} onSubscribed={onSubscribed} />
            </Suspense>
          ) : (
            <Alert severity="error">Card payments are not available right now. Please contact support.</Alert>
          )}
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 2, textAlign: 'center' }}>
            Payments are encrypted. Your card number is never stored on our servers.
          </Typography>
        </Paper>
      </Box>
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={paths.plans.getHref()}>
          Back to plans
        </Button>
      </Box>
    </Box>
  );
}
