import { MSG } from '@comped/shared/messages';
import { planPriceText } from '@comped/shared/validation/subscription';
import { Alert, Box, Button, Card, CardActions, CardContent, Chip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { usePlans } from '../../../api/plans';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/use-session';
import { PlanFeatures } from './plan-features';

/** /plans: the plan, its price and features, and a Checkout button (spec section 2). */
export function PlansPage() {
  const { user } = useSession();
  const products = usePlans();
  const pastDue = user?.status === 'past_due';

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <PageTitle>Choose your plan</PageTitle>
      {pastDue ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Your last payment did not go through, so your brand workspace is paused. Check out again with another card to
          continue.
        </Alert>
      ) : (
        <Typography sx={{ mb: 3, color: 'text.secondary' }}>
          Subscribe to run campaigns, manage your locations and welcome influencers and journalists.
        </Typography>
      )}
      {products.isPending ? (
        <Loading label="Loading plans" />
      ) : products.isError ? (
        <LoadError onRetry={products.refetch} />
      ) : (
        products.data.plans.map((plan) => (
          <Card key={plan.id} component="section" aria-labelledby={`plan-${plan.id}-title`} sx={{ mb: 2 }}>
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
                <Typography id={`plan-${plan.id}-title`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
                  {plan.title}
                </Typography>
                <Chip label={MSG.renewsMonthly} size="small" />
              </Box>
              <Typography variant="h6" component="p" sx={{ mb: 2 }}>
                {planPriceText(plan)}
              </Typography>
              <PlanFeatures features={plan.features} />
            </CardContent>
            <CardActions sx={{ px: { xs: 2, sm: 3 }, pb: { xs: 2, sm: 3 } }}>
              <Button
                component={RouterLink}
                to={paths.plansPayment.getHref()}
                variant="contained"
                size="large"
                sx={{ width: { xs: '100%', sm: 'auto' } }}
              >
                Checkout
              </Button>
            </CardActions>
          </Card>
        ))
      )}
    </Box>
  );
}
