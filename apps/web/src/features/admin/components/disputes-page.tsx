import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatDay, formatTime12 } from '@comped/shared/time';
import { Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { useSnackbar } from '../../../lib/snackbar';
import type { DisputeFilter } from '../api/disputes';
import { useDisputes, useSettleDispute } from '../api/disputes';
import { formatDateTime } from './format';

type Outcome = 'no_show' | 'finished';
const OUTCOME_TEXT: Record<Outcome, string> = {
  no_show: 'The no-show stands',
  finished: 'Counts as completed',
};

/** /admin/disputes: no-shows the media user disputed ("I was there"); staff settle each one. */
export function DisputesPage() {
  const [filter, setFilter] = useState<DisputeFilter>('open');
  const query = useDisputes(filter);
  const settle = useSettleDispute();
  const snackbar = useSnackbar();
  const [asking, setAsking] = useState<{ booking: BookingResource; outcome: Outcome } | null>(null);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const confirm = () => {
    if (!asking) return;
    settle.mutate(
      { bookingId: asking.booking.id, outcome: asking.outcome },
      {
        onSuccess: () => snackbar('Dispute settled.'),
        onError: () => snackbar(MSG.somethingWrong, 'error'),
        onSettled: () => setAsking(null),
      },
    );
  };
  return (
    <Box>
      <PageTitle>No-show disputes</PageTitle>
      <Tabs value={filter} onChange={(_, v: DisputeFilter) => setFilter(v)} aria-label="Disputes" sx={{ mb: 2 }}>
        <Tab value="open" label="Open" />
        <Tab value="settled" label="Settled" />
      </Tabs>
      {query.isPending ? (
        <Loading label="Loading disputes" />
      ) : query.isError && items.length === 0 ? (
        <LoadError onRetry={query.refetch} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filter === 'open' ? 'No open disputes.' : 'No settled disputes yet.'}
        </Typography>
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Disputes">
          {items.map((b) => (
            <Paper component="li" key={b.id} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {b.influencer.name} at {b.campaign.brand.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {b.campaign.name} · {b.location.name} · {formatDay(b.booking_date)} at {formatTime12(b.booking_time)}
              </Typography>
              {b.dispute ? (
                <>
                  <Typography variant="body2" sx={{ mt: 1, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                    &ldquo;{b.dispute.note}&rdquo;
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    Disputed {formatDateTime(b.dispute.disputed_at)}
                    {b.dispute.outcome ? ` · settled: ${OUTCOME_TEXT[b.dispute.outcome].toLowerCase()}` : ''}
                  </Typography>
                </>
              ) : null}
              {filter === 'open' ? (
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
                  <Button variant="contained" onClick={() => setAsking({ booking: b, outcome: 'finished' })}>
                    Counts as completed
                  </Button>
                  <Button color="error" onClick={() => setAsking({ booking: b, outcome: 'no_show' })}>
                    No-show stands
                  </Button>
                </Stack>
              ) : null}
            </Paper>
          ))}
        </Stack>
      )}
      {items.length > 0 ? <InfiniteListFooter query={query} loadingLabel="Loading more disputes" /> : null}
      {asking ? (
        <ConfirmDialog
          open
          title={`${OUTCOME_TEXT[asking.outcome]}?`}
          confirmLabel="Settle"
          cancelLabel="Go back"
          busy={settle.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        >
          {asking.outcome === 'finished'
            ? `${asking.booking.influencer.name}'s visit returns to completed and their task opens again.`
            : `${asking.booking.influencer.name}'s visit stays a no-show.`}{' '}
          They are told by e-mail.
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
