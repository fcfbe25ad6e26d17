import { dateTimeFormat, numberFormat } from '@comped/shared/intl-formats';
import type { InsightsData } from '@comped/shared/schemas/insights';
import type { BookingStatus } from '@comped/shared/statuses';
import { BOOKING_STATUS_LABEL } from '@comped/shared/statuses';
import { formatDay } from '@comped/shared/time';
import { Paper, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';

const STATUS_COLORS: Record<BookingStatus, string> = {
  pending: '#f9a825',
  accepted: '#1e88e5',
  finished: '#2e7d32',
  declined: '#8d6e63',
  cancelled: '#9e9e9e',
  no_show: '#c62828',
};
const ORDER: BookingStatus[] = ['finished', 'accepted', 'pending', 'no_show', 'declined', 'cancelled'];

function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return dateTimeFormat({
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, (m ?? 1) - 1, 1)));
}

/**
 * The two charts of /insights (MUI X Charts, loaded with the route): bookings per week stacked by
 * status, and comps given (dollars, left axis) against posts delivered (right axis) per month.
 */
export default function InsightsCharts({ data }: { data: InsightsData }) {
  const weeks = data.weekly.map((w) => formatDay(w.week_start));
  const months = data.monthly.map((m) => monthLabel(m.month));
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
        <Typography component="h2" variant="h6" id="chart-weekly">
          Bookings per week
        </Typography>
        <BarChart
          aria-labelledby="chart-weekly"
          height={300}
          xAxis={[{ scaleType: 'band', data: weeks, label: 'Week of' }]}
          yAxis={[{ label: 'Bookings', tickMinStep: 1 }]}
          series={ORDER.map((s) => ({
            id: s,
            label: BOOKING_STATUS_LABEL[s],
            data: data.weekly.map((w) => w[s]),
            stack: 'status',
            color: STATUS_COLORS[s],
          }))}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
        <Typography component="h2" variant="h6" id="chart-monthly">
          Comps given vs posts delivered
        </Typography>
        <BarChart
          aria-labelledby="chart-monthly"
          height={300}
          xAxis={[{ scaleType: 'band', data: months }]}
          yAxis={[
            { id: 'usd', label: 'Comps ($)', position: 'left' },
            { id: 'posts', label: 'Posts', position: 'right', tickMinStep: 1 },
          ]}
          series={[
            {
              id: 'comps',
              label: 'Comps given ($)',
              data: data.monthly.map((m) => m.comps_given),
              yAxisId: 'usd',
              color: '#6a1b9a',
              valueFormatter: (v) => (v === null ? '' : `$${numberFormat().format(v)}`),
            },
            {
              id: 'posts',
              label: 'Posts delivered',
              data: data.monthly.map((m) => m.posts_delivered),
              yAxisId: 'posts',
              color: '#00897b',
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
