import { usdAmount } from '@comped/shared/intl-formats';
import type { InsightsData, InsightsFigures } from '@comped/shared/schemas/insights';
import { Paper, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';

import { rating } from './insights-format';

function coverage(f: InsightsFigures): string {
  return f.coverage.length ? f.coverage.map((c) => `${c.option} (${c.count})`).join(', ') : '–';
}

function Cells({ f }: { f: InsightsFigures }) {
  return (
    <>
      <TableCell align="right">{f.visits_hosted}</TableCell>
      <TableCell align="right">{usdAmount(f.comps_given)}</TableCell>
      <TableCell align="right">{f.no_shows}</TableCell>
      <TableCell align="right">{f.posts_delivered}</TableCell>
      <TableCell align="right">{f.stories_delivered}</TableCell>
      <TableCell>{coverage(f)}</TableCell>
      <TableCell align="right">
        {[f.ratings.vibe, f.ratings.food, f.ratings.service, f.ratings.general].map(rating).join(' / ')}
      </TableCell>
      <TableCell align="right">{f.cost_per_post === null ? '–' : usdAmount(f.cost_per_post)}</TableCell>
    </>
  );
}

/** Per campaign and in total: the figures of decisions.md "Beyond the specification". */
export function CampaignTable({ data }: { data: InsightsData }) {
  return (
    // On a phone the table scrolls sideways: the scroll box takes keyboard focus (arrows scroll it) and
    // is a named region (axe scrollable-region-focusable, WCAG 2.1.1), as on the staff analytics page.
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label="Figures per campaign, scrollable"
    >
      <Table size="small" aria-label="Figures per campaign">
        <TableHead>
          <TableRow>
            <TableCell>Campaign</TableCell>
            <TableCell align="right">Visits hosted</TableCell>
            <TableCell align="right">Comps given</TableCell>
            <TableCell align="right">No-shows</TableCell>
            <TableCell align="right">Posts</TableCell>
            <TableCell align="right">Stories</TableCell>
            <TableCell>Coverage (journalists)</TableCell>
            <TableCell align="right">Vibe / Food / Service / General</TableCell>
            <TableCell align="right">Cost per post</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.campaigns.map((c) => (
            <TableRow key={c.campaign_id}>
              <TableCell component="th" scope="row">
                {c.name}
              </TableCell>
              <Cells f={c} />
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row">
              Total
            </TableCell>
            <Cells f={data.totals} />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
