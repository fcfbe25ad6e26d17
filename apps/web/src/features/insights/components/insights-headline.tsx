import { MSG } from '@comped/shared/messages';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { useInsightsHeadline } from '../hooks/use-insights-headline';
import { HeadlineFigures } from './headline-figures';

/** The brand dashboard's summary: the last 30 days' headline figures and a link to /insights. */
export function InsightsHeadline({ brandId }: { brandId: number | undefined }) {
  const query = useInsightsHeadline(brandId);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="insights-headline">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography id="insights-headline" component="h2" variant="h6">
          Last 30 days
        </Typography>
        <Button component={RouterLink} to={paths.insights.getHref()}>
          See all insights
        </Button>
      </Stack>
      {query.isPending ? (
        <Loading label="Loading insights" />
      ) : query.isError ? (
        <Alert severity="error">{MSG.somethingWrongDot}</Alert>
      ) : (
        <HeadlineFigures figures={query.data.data.totals} />
      )}
    </Paper>
  );
}
