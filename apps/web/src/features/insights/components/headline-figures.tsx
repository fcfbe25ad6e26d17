import { usdAmount } from '@comped/shared/intl-formats';
import type { InsightsFigures } from '@comped/shared/schemas/insights';
import { Box, Paper, Typography } from '@mui/material';

import { rating } from './insights-format';

/** The headline figures as tiles: what the comps bought over the range. */
export function HeadlineFigures({ figures }: { figures: InsightsFigures }) {
  const tiles = [
    { label: 'Visits hosted', value: String(figures.visits_hosted) },
    { label: 'Comps given', value: usdAmount(figures.comps_given) },
    { label: 'Posts and stories', value: `${figures.posts_delivered} + ${figures.stories_delivered}` },
    { label: 'Cost per post', value: figures.cost_per_post === null ? '–' : usdAmount(figures.cost_per_post) },
    { label: 'No-shows', value: String(figures.no_shows) },
    { label: 'Average rating', value: rating(figures.ratings.general) },
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, 1fr)' },
      }}
    >
      {tiles.map((t) => (
        <Paper key={t.label} variant="outlined" sx={{ p: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }}>
            {t.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
