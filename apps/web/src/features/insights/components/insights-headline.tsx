import { MSG } from '@comped/shared/messages';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { LazyAlert } from '../../../components/lazy-alert';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useInsightsHeadline } from '../hooks/use-insights-headline';
import { HeadlineFigures } from './headline-figures';

/** The brand dashboard's summary: the last 30 days' headline figures and a link to /insights. */
export function InsightsHeadline({ brandId }: { brandId: number | undefined }) {
  const query = useInsightsHeadline(brandId);
  return (
    // An outlined Paper's look from the entry's parts: /dashboard paints this before the shared `mui` chunk is in.
    <Box
      component="section"
      aria-labelledby="insights-headline"
      sx={{ p: 2, bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography id="insights-headline" component="h2" variant="h6">
          Last 30 days
        </Typography>
        <Button component={RouterLink} to={paths.insights.getHref()}>
          See all insights
        </Button>
      </Box>
      {query.isPending ? (
        <Loading label="Loading insights" />
      ) : query.isError ? (
        <LazyAlert severity="error">{MSG.somethingWrongDot}</LazyAlert>
      ) : (
        <HeadlineFigures figures={query.data.data.totals} />
      )}
    </Box>
  );
}
