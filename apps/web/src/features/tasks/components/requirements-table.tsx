import type { InfluencerInstructionsResource } from '@comped/shared/schemas/resources';
import { Paper, Table, TableBody, TableCell, TableContainer, TableRow } from '@mui/material';

/** What the campaign asks of an influencer: posts, stories, hashtags, tagging and geotag. */
export function RequirementsTable({ instructions }: { instructions: InfluencerInstructionsResource | null }) {
  const i = instructions ?? {
    posts_required: 0,
    stories_required: 0,
    hashtags: [],
    tagging_required: false,
    geotag_required: false,
  };
  const rows: [string, string][] = [
    ['Posts', String(i.posts_required)],
    ['Stories', String(i.stories_required)],
    ['Hashtags', i.hashtags.length ? i.hashtags.map((h) => `#${h.replace(/^#/, '')}`).join(' ') : 'None'],
    ['Tagging', i.tagging_required ? 'Tag the brand' : 'Not required'],
    ['Geotag', i.geotag_required ? 'Add the location' : 'Not required'],
  ];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Requirements">
        <TableBody>
          {rows.map(([k, v]) => (
            <TableRow key={k}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
                {k}
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{v}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
