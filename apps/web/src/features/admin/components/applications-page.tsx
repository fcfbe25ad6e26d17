import type { ApplicationStatus } from '@comped/shared/statuses';
import { APPLICATION_STATUSES } from '@comped/shared/statuses';
import { Box, Button, Card, CardActions, CardContent, Chip, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { useFocusAfterLeaving } from '../../../lib/use-focus-after-leaving';
import type { MediaApplication } from '../api/applications';
import { useApplications } from '../api/applications';
import { formatDateTime } from './format';
import { ApproveDialog, RejectDialog } from './review-dialogs';

const LABELS: Record<ApplicationStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 92, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ApplicationCard({
  application: a,
  onApprove,
  onReject,
}: {
  application: MediaApplication;
  onApprove: () => void;
  onReject: () => void;
}) {
  const handles = [
    ['Instagram', a.instagram],
    ['Twitter', a.twitter],
    ['TikTok', a.tiktok],
  ].filter((h): h is [string, string] => !!h[1]);
  return (
    <Card variant="outlined" component="article" aria-labelledby={`application-${a.id}`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
          <Typography id={`application-${a.id}`} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {a.name}
          </Typography>
          <Chip size="small" label={a.type === 'journalist' ? 'Journalist' : 'Influencer'} color="secondary" />
          {a.tier !== null && <Chip size="small" label={`Tier ${a.tier}`} variant="outlined" />}
          {a.tier_check && (
            <Chip
              size="small"
              label="Tier check: Instagram handle changed"
              color="warning"
              variant="outlined"
              title="An approved account changed its Instagram handle; approving sets its tier again."
            />
          )}
        </Box>
        <Stack spacing={0.5}>
          <Detail label="Email">{a.email}</Detail>
          {handles.map(([label, handle]) => (
            <Detail key={label} label={label}>
              {handle}
            </Detail>
          ))}
          {a.workplace && <Detail label="Working at">{a.workplace}</Detail>}
          {[a.press1, a.press2].map(
            (p, i) =>
              p && (
                <Detail key={p} label={`Press piece #${i + 1}`}>
                  <Link href={p} target="_blank" rel="noopener noreferrer">
                    {p}
                  </Link>
                </Detail>
              ),
          )}
          <Detail label="Applied">{formatDateTime(a.created_at)}</Detail>
          {a.reviewed_at && <Detail label="Reviewed">{formatDateTime(a.reviewed_at)}</Detail>}
          {a.reason && <Detail label="Reason">{a.reason}</Detail>}
        </Stack>
      </CardContent>
      {a.status === 'pending' && (
        <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
          <Button variant="contained" onClick={onApprove} aria-label={`Approve ${a.name}`}>
            Approve
          </Button>
          <Button color="error" onClick={onReject} aria-label={`Reject ${a.name}`}>
            Reject
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** /admin: media applications by status; staff approve (with a tier) or reject (with a note). */
export function ApplicationsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ApplicationStatus = APPLICATION_STATUSES.includes(raw as ApplicationStatus)
    ? (raw as ApplicationStatus)
    : 'pending';
  const query = useApplications(status);
  const [review, setReview] = useState<{ kind: 'approve' | 'reject'; application: MediaApplication } | null>(null);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  // A decided card leaves the list with the button that opened its dialog: the focus goes to the next
  // card's first action (or the heading) once it is gone and the dialog closed.
  const { listRef, leaving } = useFocusAfterLeaving<HTMLDivElement>(
    items.map((a) => a.id),
    review !== null,
    'button',
  );
  const total = query.data?.pages[0]?.meta.total;

  return (
    <Box>
      <PageTitle>Applications</PageTitle>
      <Tabs
        value={status}
        onChange={(_e, value: ApplicationStatus) => setParams(value === 'pending' ? {} : { status: value })}
        aria-label="Application status"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {APPLICATION_STATUSES.map((s) => (
          <Tab key={s} value={s} label={LABELS[s]} />
        ))}
      </Tabs>
      <Box role="region" aria-label={`${LABELS[status]} applications`} aria-busy={query.isFetching}>
        {query.isPending ? (
          <Loading label="Loading applications" />
        ) : query.isError && items.length === 0 ? (
          <LoadError onRetry={query.refetch}>Sorry, we couldn&apos;t load the applications.</LoadError>
        ) : items.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
            <Typography variant="h6" component="p">
              No {LABELS[status].toLowerCase()} applications.
            </Typography>
            {status === 'pending' && <Typography>New media applications will show up here.</Typography>}
          </Box>
        ) : (
          <Stack spacing={2}>
            {total !== undefined && (
              <Typography variant="body2" color="text.secondary">
                {total} {total === 1 ? 'application' : 'applications'}
              </Typography>
            )}
            <Stack spacing={2} ref={listRef}>
              {items.map((a) => (
                <ApplicationCard
                  key={a.id}
                  application={a}
                  onApprove={() => setReview({ kind: 'approve', application: a })}
                  onReject={() => setReview({ kind: 'reject', application: a })}
                />
              ))}
            </Stack>
          </Stack>
        )}
        {items.length > 0 ? <InfiniteListFooter query={query} loadingLabel="Loading more applications" mt={2} /> : null}
      </Box>
      {review?.kind === 'approve' && (
        <ApproveDialog
          application={review.application}
          onClose={() => setReview(null)}
          onDecided={() => leaving(review.application.id)}
        />
      )}
      {review?.kind === 'reject' && (
        <RejectDialog
          application={review.application}
          onClose={() => setReview(null)}
          onDecided={() => leaving(review.application.id)}
        />
      )}
    </Box>
  );
}
