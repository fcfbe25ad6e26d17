import { formatUsd } from '@comped/shared/money';
import CheckIcon from '@mui/icons-material/Check';
import { Box, List, ListItem, ListItemIcon, ListItemText, Skeleton, Typography } from '@mui/material';

import { usePlans } from '../../../api/plans';

/** Used when the plans cannot be loaded: the seeded plan of decisions.md (Money). */
export const FALLBACK_PLAN = {
  title: 'Brand Plan',
  priceCents: 14900,
  introPriceCents: 9900,
  introMonths: 3,
  features: ['1 brand', 'Up to 3 unique locations', 'Unlimited campaigns and bookings', 'Onboarding support'],
};

export function planPriceText(p: { priceCents: number; introPriceCents: number; introMonths: number }): string {
  if (p.introMonths > 0 && p.introPriceCents !== p.priceCents) {
    return `${formatUsd(p.introPriceCents)}/month for ${p.introMonths} months, then ${formatUsd(p.priceCents)}/month`;
  }
  return `${formatUsd(p.priceCents)}/month`;
}

/** The brand sign-up's pricing block (spec section 2): plan title, price, no billing until the first campaign. */
export function PricingBlock() {
  const { data, isPending } = usePlans();
  const loaded = data?.plans[0];
  const plan = loaded
    ? {
        title: loaded.title,
        priceCents: loaded.price_cents,
        introPriceCents: loaded.intro_price_cents,
        introMonths: loaded.intro_months,
        features: loaded.features,
      }
    : FALLBACK_PLAN;
  return (
    <Box
      component="section"
      aria-labelledby="pricing-title"
      sx={{ borderRadius: 2, p: 2.5, bgcolor: '#fff7ed', border: 1, borderColor: '#fed7aa' }}
    >
      <Typography variant="overline" color="text.secondary">
        Pricing
      </Typography>
      {isPending ? (
        <Skeleton width="60%" height={32} />
      ) : (
        <Typography id="pricing-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {plan.title}
        </Typography>
      )}
      <Typography sx={{ fontWeight: 600, color: 'primary.dark' }}>{planPriceText(plan)}</Typography>
      <List dense disablePadding sx={{ my: 1 }}>
        {plan.features.map((f) => (
          <ListItem key={f} disableGutters sx={{ py: 0 }}>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <CheckIcon fontSize="small" color="success" />
            </ListItemIcon>
            <ListItemText primary={f} />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary">
        No billing information is needed now: we only ask for it when you create your first campaign.
      </Typography>
    </Box>
  );
}
