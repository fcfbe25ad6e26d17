import { MSG } from '@comped/shared/messages';
import type { HealthWeek } from '@comped/shared/schemas/slots';
import { addDays, formatDay } from '@comped/shared/time';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useCallback, useState } from 'react';

import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { useSnackbar } from '../../../lib/snackbar';
import { downloadHealthCsv, useHealth } from '../api/health';

/**
 * The row labels stay on the left while the weeks scroll under them (a phone shows two or three
 * weeks at a time).
 */
const ROW_HEADER_SX = {
  minWidth: { xs: 136, sm: 160 },
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
} as const;

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);
const hrs = (v: number | null) => (v === null ? '—' : `${v} h`);

/** The figures of the table, in order: label, value of a week as text. */
const ROWS: { label: string; value: (w: HealthWeek) => string }[] = [
  { label: 'Active brands', value: (w) => String(w.active_brands) },
  { label: 'Active media users', value: (w) => String(w.active_media) },
  { label: 'Live campaigns', value: (w) => String(w.live_campaigns) },
  { label: 'Bookings requested', value: (w) => String(w.bookings_requested) },
  { label: 'Bookings accepted', value: (w) => String(w.bookings_accepted) },
  { label: 'Visits hosted', value: (w) => String(w.bookings_hosted) },
  { label: 'Fill rate', value: (w) => pct(w.fill_rate) },
  { label: 'Median time to answer a request', value: (w) => hrs(w.median_hours_to_answer_request) },
  { label: 'Median time to approve an application', value: (w) => hrs(w.median_hours_to_approve_application) },
  { label: 'Median time to approve a campaign', value: (w) => hrs(w.median_hours_to_approve_campaign) },
  { label: 'No-show rate', value: (w) => pct(w.no_show_rate) },
  { label: 'Dispute rate', value: (w) => pct(w.dispute_rate) },
  { label: 'Tasks done within 7 days', value: (w) => pct(w.tasks_done_within_7_days) },
];

/**
 * A small bar chart in SVG: one bar per week on a baseline, the latest week's value beside the title,
 * the first and last weeks under it, each bar's value as its title and in the table below.
 */
function BarChart({
  title,
  weeks,
  value,
  format,
  max,
}: {
  title: string;
  weeks: HealthWeek[];
  value: (w: HealthWeek) => number | null;
  format: (v: number | null) => string;
  max?: number;
}) {
  const values = weeks.map(value);
  const top = max ?? Math.max(1, ...values.map((v) => v ?? 0));
  const barWidth = 100 / Math.max(1, weeks.length);
  const summary = weeks.map((w, i) => `${formatDay(w.week_start)}: ${format(values[i] ?? null)}`).join(', ');
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 260px', minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="h2">
          {title}
        </Typography>
        {last ? (
          <Typography variant="body2" aria-hidden sx={{ color: 'text.secondary', textAlign: 'right' }}>
            <Box component="span" sx={{ fontSize: 20, fontWeight: 700, color: 'text.primary' }}>
              {format(values.at(-1) ?? null)}
            </Box>{' '}
            last week
          </Typography>
        ) : null}
      </Stack>
      <Box
        component="svg"
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${title}. ${summary}`}
        sx={{ width: '100%', height: 120, display: 'block' }}
      >
        <line x1={0} y1={39.8} x2={100} y2={39.8} stroke="#9e9e9e" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        {values.map((v, i) => {
          const h = ((v ?? 0) / top) * 38;
          return (
            <rect
              key={weeks[i]!.week_start}
              x={i * barWidth + barWidth * 0.15}
              y={40 - h}
              width={barWidth * 0.7}
              height={h}
              fill="#1565c0"
            >
              <title>{`${formatDay(weeks[i]!.week_start)}: ${format(v ?? null)}`}</title>
            </rect>
          );
        })}
      </Box>
      {first && last ? (
        <Stack
          direction="row"
          aria-hidden
          sx={{ justifyContent: 'space-between', mt: 0.5, color: 'text.secondary', typography: 'caption' }}
        >
          <span>{formatDay(first.week_start)}</span>
          {max === undefined ? <span>peak {format(Math.max(0, ...values.map((v) => v ?? 0)))}</span> : null}
          <span>{formatDay(last.week_start)}</span>
        </Stack>
      ) : null}
    </Paper>
  );
}

/** /admin/health (issue 30): the marketplace per week, with charts and a CSV download. */
export function HealthPage() {
  const today = new Date().toISOString().slice(0, 10);
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(addDays(today, -7 * 11));
  const query = useHealth(from, to);
  const snackbar = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadHealthCsv(from, to)
      .catch((err: unknown) => snackbar(err instanceof Error ? err.message : MSG.somethingWrong, 'error'))
      .finally(() => setDownloading(false));
  };
  // The newest week is the one staff came for: a table wider than the screen opens scrolled to it,
  // and again for every new range.
  const { data } = query;
  const newestWeekInView = useCallback(
    (box: HTMLDivElement | null) => {
      if (box && data) box.scrollLeft = box.scrollWidth;
    },
    [data],
  );
  let body;
  if (query.isPending) body = <Loading label="Loading marketplace health" />;
  else if (query.isError) body = <LoadError onRetry={query.refetch}>{query.error.message}</LoadError>;
  else {
    const weeks = query.data.weeks;
    body = (
      <Stack spacing={2}>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }}>
          <BarChart
            title="Bookings requested"
            weeks={weeks}
            value={(w) => w.bookings_requested}
            format={(v) => String(v ?? 0)}
          />
          <BarChart title="Fill rate" weeks={weeks} value={(w) => w.fill_rate} format={pct} max={1} />
          <BarChart title="No-show rate" weeks={weeks} value={(w) => w.no_show_rate} format={pct} max={1} />
        </Stack>
        {/* On a phone the weeks scroll sideways: the scroll box takes keyboard focus and is a named
            region (axe scrollable-region-focusable, WCAG 2.1.1). It is positioned, so that the
            headings' visually hidden words (absolutely positioned) stay inside it: outside, they
            widened the whole page to the table's width. */}
        <TableContainer
          component={Paper}
          variant="outlined"
          sx={{ position: 'relative' }}
          ref={newestWeekInView}
          tabIndex={0}
          role="region"
          aria-label="Marketplace health per week, scrollable"
        >
          <Table size="small" aria-label="Marketplace health per week">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={ROW_HEADER_SX}>
                  Week of
                </TableCell>
                {weeks.map((w, i) => (
                  <TableCell
                    key={w.week_start}
                    component="th"
                    scope="col"
                    align="right"
                    sx={{ whiteSpace: 'nowrap', verticalAlign: 'bottom' }}
                  >
                    <WeekHeading date={w.week_start} previous={weeks[i - 1]?.week_start} />
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {ROWS.map((row) => (
                <TableRow key={row.label}>
                  <TableCell component="th" scope="row" sx={ROW_HEADER_SX}>
                    {row.label}
                  </TableCell>
                  {weeks.map((w) => (
                    <TableCell key={w.week_start} align="right">
                      {row.value(w)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Stack>
    );
  }
  return (
    <Box>
      <PageTitle>Marketplace health</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          type="date"
          label="From"
          id="health-from"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label="To"
          id="health-to"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button variant="outlined" onClick={download} disabled={downloading}>
          Download CSV
        </Button>
      </Stack>
      {body}
    </Box>
  );
}

/**
 * A week's column heading: every column is a Monday, so "Sep 21" without the weekday, and the year
 * where it starts or changes ("Sep 14, 2026", "Jan 4, 2027"); a screen reader hears it every time.
 */
function WeekHeading({ date, previous }: { date: string; previous: string | undefined }) {
  const [day, year] = formatDay(date, { weekday: false }).split(', ') as [string, string];
  const yearShown = !previous || previous.slice(0, 4) !== date.slice(0, 4);
  return (
    <>
      {day}
      <Box component="span" sx={visuallyHidden}>
        ,{' '}
      </Box>
      <Box
        component="span"
        sx={yearShown ? { display: 'block', color: 'text.secondary', fontWeight: 400 } : visuallyHidden}
      >
        {year}
      </Box>
    </>
  );
}
