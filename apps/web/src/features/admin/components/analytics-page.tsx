import { MSG } from '@comped/shared/messages';
import type { AnalyticsEventName } from '@comped/shared/statuses';
import { ANALYTICS_EVENTS } from '@comped/shared/statuses';
import { isCalendarDate } from '@comped/shared/time';
import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';

import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useAnalytics } from '../api/analytics';

const EVENT_LABELS: Record<AnalyticsEventName, string> = {
  brand_sign_up: 'Brand sign-ups',
  influencer_sign_up: 'Media applications',
  booking_request: 'Booking requests',
  campaign_create: 'Campaigns created',
  task_completion: 'Tasks completed',
};

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** /admin/analytics: counts per event per day over a chosen range (default the last 30 days). */
export function AnalyticsPage() {
  const [to, setTo] = useState(() => isoDay(new Date()));
  const [from, setFrom] = useState(() => isoDay(new Date(Date.now() - 29 * 86400_000)));
  const valid = isCalendarDate(from) && isCalendarDate(to) && from <= to;
  const query = useAnalytics(from, to, valid);

  const days = useMemo(() => {
    const byDay = new Map<string, Partial<Record<string, number>>>();
    for (const row of query.data?.data ?? []) {
      const counts = byDay.get(row.day) ?? {};
      counts[row.name] = row.count;
      byDay.set(row.day, counts);
    }
    return [...byDay.entries()].sort(([a], [b]) => (a < b ? 1 : -1));
  }, [query.data]);

  const serverError = query.error instanceof ApiError ? query.error : null;

  return (
    <Box>
      <PageTitle>Analytics</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <TextField
          label="From"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!!serverError?.field('from')}
          helperText={serverError?.field('from')}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          error={!valid || !!serverError?.field('to')}
          helperText={!valid ? MSG.endOnOrAfterStart : serverError?.field('to')}
        />
      </Stack>
      {query.isPending && valid ? (
        <Loading label="Loading analytics" />
      ) : query.isError && !serverError?.isValidation ? (
        <LoadError onRetry={query.refetch}>Sorry, we couldn&apos;t load the analytics.</LoadError>
      ) : query.data ? (
        // On a phone the table scrolls sideways: the scroll box takes keyboard focus (arrows scroll it)
        // and is a named region (axe scrollable-region-focusable, WCAG 2.1.1).
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label="Events per day, scrollable"
        >
          <Table size="small" aria-label="Events per day">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Day
                </TableCell>
                {ANALYTICS_EVENTS.map((e) => (
                  <TableCell key={e} component="th" scope="col" align="right">
                    {EVENT_LABELS[e]}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {days.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={ANALYTICS_EVENTS.length + 1}>
                    {/* On a phone the table scrolls sideways: the words stay at the left edge of what shows. */}
                    <Typography
                      color="text.secondary"
                      sx={{ py: 3, position: 'sticky', left: 0, textAlign: { xs: 'left', md: 'center' } }}
                    >
                      No events in this period.
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : (
                days.map(([day, counts]) => (
                  <TableRow key={day} hover>
                    <TableCell component="th" scope="row">
                      {day}
                    </TableCell>
                    {ANALYTICS_EVENTS.map((e) => (
                      <TableCell key={e} align="right">
                        {counts[e] ?? 0}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700, color: 'text.primary' }}>
                  Total
                </TableCell>
                {ANALYTICS_EVENTS.map((e) => (
                  <TableCell key={e} align="right" sx={{ fontWeight: 700, color: 'text.primary' }}>
                    {query.data.meta.totals[e] ?? 0}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      ) : null}
    </Box>
  );
}
