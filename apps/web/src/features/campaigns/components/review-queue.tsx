import { MSG } from '@comped/shared/messages';
import type { CampaignResource } from '@comped/shared/schemas/resources';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

import { EmptyState } from '../../../components/empty-state';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/form-errors';
import { useSnackbar } from '../../../lib/snackbar';
import { useFocusAfterLeaving } from '../../../lib/use-focus-after-leaving';
import { useReviewDecision, useReviewQueue } from '../api/admin-campaigns';
import { formatDate, kindLabel } from '../lib/format';
import { CampaignDetailsView } from './campaign-details-view';
import { RejectCampaignDialog } from './reject-campaign-dialog';

/** /admin/campaigns: campaigns waiting for review, oldest first; approve or send back with a reason. */
export function ReviewQueue() {
  const query = useReviewQueue();
  const decide = useReviewDecision();
  const snackbar = useSnackbar();
  const [rejecting, setRejecting] = useState<CampaignResource | null>(null);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.data);
  const total = pages[0]?.meta.total ?? 0;
  useEffect(() => {
    if (query.isFetchNextPageError) snackbar('Could not load more campaigns.', 'error');
  }, [query.isFetchNextPageError, snackbar]);

  const failed = (err: unknown) => snackbar(errorMessage(err, MSG.somethingWrongDot), 'error');
  // A decided campaign leaves the list with the buttons that decided it: the focus goes to the next
  // campaign's Approve (or the heading) once it is gone and the dialog closed.
  const { listRef, leaving } = useFocusAfterLeaving<HTMLUListElement>(
    items.map((c) => c.id),
    rejecting !== null,
    'button[aria-label^="Approve"]',
  );

  if (query.isPending) return <Loading label="Loading campaigns in review" />;
  if (query.isError && items.length === 0) {
    return <LoadError onRetry={query.refetch}>Could not load the campaigns in review.</LoadError>;
  }
  if (items.length === 0) {
    return <EmptyState title="Nothing to review" text="Campaigns that brands submit appear here." />;
  }
  return (
    <>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        {total} campaign{total === 1 ? '' : 's'} waiting, oldest first.
      </Typography>
      <Box ref={listRef} component="ul" aria-label="Campaigns in review" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((c) => {
          const busy = decide.isPending && decide.variables?.id === c.id;
          return (
            <Paper
              component="li"
              variant="outlined"
              key={c.id}
              sx={{ mb: 2, overflow: 'hidden' }}
              data-testid="review-item"
            >
              <Accordion disableGutters elevation={0} slotProps={{ heading: { component: 'h2' } }}>
                <AccordionSummary
                  expandIcon={<ExpandMoreIcon />}
                  aria-controls={`review-${c.id}`}
                  id={`review-${c.id}-header`}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      component="span"
                      variant="h6"
                      sx={{ display: 'block', fontWeight: 700, overflowWrap: 'anywhere' }}
                    >
                      {c.name}
                    </Typography>
                    <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                      {c.brand.name} · {kindLabel(c)} · created {formatDate(c.created_at.slice(0, 10))}
                    </Typography>
                  </Box>
                </AccordionSummary>
                <AccordionDetails>
                  <CampaignDetailsView campaign={c} titleLevel="h3" showAudience />
                </AccordionDetails>
              </Accordion>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', px: 2, pb: 2 }}>
                <Button
                  variant="contained"
                  color="success"
                  loading={busy && decide.variables?.decision === 'approve'}
                  disabled={busy}
                  onClick={() =>
                    decide.mutate(
                      { id: c.id, decision: 'approve' },
                      {
                        onSuccess: () => {
                          snackbar(`“${c.name}” was approved.`);
                          leaving(c.id);
                        },
                        onError: failed,
                      },
                    )
                  }
                  aria-label={`Approve ${c.name}`}
                >
                  Approve
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  disabled={busy}
                  onClick={() => setRejecting(c)}
                  // Visible words first in the accessible name (WCAG 2.5.3 label in name).
                  aria-label={`Send back to draft: ${c.name}`}
                >
                  Send back to draft
                </Button>
              </Box>
            </Paper>
          );
        })}
      </Box>
      <InfiniteListFooter query={query} loadingLabel="Loading more campaigns" mt={2} />
      <RejectCampaignDialog
        key={rejecting?.id ?? 0}
        open={!!rejecting}
        campaignName={rejecting?.name ?? ''}
        busy={decide.isPending}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          const c = rejecting;
          decide.mutate(
            { id: c.id, decision: 'reject', reason },
            {
              onSuccess: () => {
                snackbar(`“${c.name}” was sent back to draft.`);
                setRejecting(null);
                leaving(c.id);
              },
              onError: failed,
            },
          );
        }}
      />
    </>
  );
}
