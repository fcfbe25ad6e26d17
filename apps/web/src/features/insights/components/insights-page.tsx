import { MSG } from '@comped/shared/messages';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';

import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useUser } from '../../../lib/use-session';
import { useDownloadBookingsCsv } from '../api/download-bookings-csv';
import { useInsights } from '../api/get-insights';
import { useInsightsRange } from '../hooks/use-insights-range';
import { CampaignTable } from './campaign-table';
import { HeadlineFigures } from './headline-figures';

const InsightsCharts = lazy(() => import('./insights-charts'));

/** /insights (brands): what the comps bought over a date range, default the last 90 days. */
export function InsightsPage() {
  const user = useUser();
  const brandId = user.profile.brands[0]?.id;
  const { from, to, valid, set } = useInsightsRange();
  const query = useInsights(brandId, from, to, valid);
  const download = useDownloadBookingsCsv(brandId);
  const snackbar = useSnackbar();
  const serverError = query.error instanceof ApiError ? query.error : null;
  const data = query.data?.data;
  const empty = data && data.campaigns.length === 0;

  return (
    <Box>
      <PageTitle>Insights</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => set({ from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!serverError?.field('from')}
          helperText={serverError?.field('from')}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(e) => set({ to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!valid || !!serverError?.field('to')}
          helperText={!valid ? MSG.endOnOrAfterStart : serverError?.field('to')}
        />
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={!valid || download.isPending}
          onClick={() =>
            download.mutate(
              { from, to },
              {
                onSuccess: (name) => snackbar(`Downloaded ${name}`),
                onError: (err) => snackbar(err instanceof ApiError ? err.message : MSG.somethingWrong, 'error'),
              },
            )
          }
        >
          {download.isPending ? 'Preparing CSV…' : 'Export CSV'}
        </Button>
      </Stack>
      {query.isPending && valid ? (
        <Loading label="Loading insights" />
      ) : serverError && !serverError.isValidation ? (
        <Alert severity="error">{MSG.somethingWrongDot}</Alert>
      ) : data ? (
        <Stack spacing={3}>
          <HeadlineFigures figures={data.totals} />
          {empty ? (
            <Typography color="text.secondary">
              No bookings between these dates yet. Widen the range to see what your comps bought.
            </Typography>
          ) : (
            <>
              <Suspense fallback={<Loading label="Loading charts" />}>
                <InsightsCharts data={data} />
              </Suspense>
              <CampaignTable data={data} />
            </>
          )}
        </Stack>
      ) : null}
    </Box>
  );
}
