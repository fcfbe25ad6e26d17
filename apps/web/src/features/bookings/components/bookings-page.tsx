import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import type { BookingTab } from '@comped/shared/statuses';
import { Alert, Box, Button, Typography } from '@mui/material';
import type { RefObject } from 'react';
import { memo, startTransition, Suspense, useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';

import type { BookingSide } from '../../../api/bookings-request';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { InfiniteListFooter } from '../../../components/infinite-list-footer';
import { LoadError } from '../../../components/load-error';
import { Loading } from '../../../components/loading';
import { PageTitle } from '../../../components/page-title';
import { TabBar } from '../../../components/tab-bar';
import { paths } from '../../../config/paths';
import { InTurn } from '../../../lib/in-turn';
import { lazyWithPreload, usePreloadWhenIdle } from '../../../lib/lazy-with-preload';
import { useSnackbar } from '../../../lib/snackbar';
import { useFocusAfterLeaving } from '../../../lib/use-focus-after-leaving';
import { useHoldSpinner } from '../../../lib/use-hold-spinner';
import { useUser } from '../../../lib/use-session';
import type { BookingSort } from '../api/bookings-request';
import { bookingsOwnerOf } from '../api/bookings-request';
import { useBookings } from '../api/get-bookings';
import { useAnswerBooking } from '../api/update-booking';
import { BookingCard } from './booking-card';
import { formatDate } from './format';
import { ConfirmVisitButton, ProposalPanel } from './slot-actions';
import { SortSelect } from './sort-select';
import { BrandVisitActions, MediaVisitActions, VisitPassLink } from './visit-actions';

// The dialogs' code (with MUI's Rating, the week of hours) is not part of the list's first download:
// it loads once the cards are shown and the browser is idle (usePreloadWhenIdle), before a tap opens one.
const CancelBookingDialog = lazyWithPreload(() => import('./cancel-booking-dialog').then((m) => m.CancelBookingDialog));
const ProposeTimeDialog = lazyWithPreload(() => import('./propose-time-dialog').then((m) => m.ProposeTimeDialog));
const RateVisitDialog = lazyWithPreload(() => import('./rate-visit-dialog').then((m) => m.RateVisitDialog));
const DIALOGS = [ConfirmDialog, CancelBookingDialog, ProposeTimeDialog, RateVisitDialog];

const TABS: { tab: BookingTab; label: string }[] = [
  { tab: 'pending', label: 'Pending' },
  { tab: 'upcoming', label: 'Upcoming' },
  { tab: 'past', label: 'Past' },
];

/** /bookings, /bookings/pending, /bookings/upcoming, /bookings/past for brands and media users. */
export function BookingsPage() {
  const { tab: param } = useParams();
  const user = useUser();
  const tab: BookingTab | null =
    param === undefined ? 'pending' : TABS.some((t) => t.tab === param) ? (param as BookingTab) : null;
  if (!tab) return <Navigate to={paths.bookings.getHref()} replace />;
  const { side, ownerId } = bookingsOwnerOf(user);
  return (
    <Box>
      <PageTitle>Bookings</PageTitle>
      <TabBar
        label="Booking lists"
        selected={tab}
        items={TABS.map((t) => ({
          key: t.tab,
          label: t.label,
          to: t.tab === 'pending' ? paths.bookings.getHref() : paths.bookingsTab.getHref(t.tab),
        }))}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      />
      {ownerId === undefined ? (
        <Alert severity="info">Create your brand profile to receive bookings.</Alert>
      ) : (
        <BookingList key={`${side}-${tab}`} side={side} ownerId={ownerId} tab={tab} />
      )}
    </Box>
  );
}

interface BookingCardsProps {
  items: BookingResource[];
  side: BookingSide;
  ownerId: number;
  label: string;
  /** The booking whose answer is on its way: its buttons wait. */
  busyId: number | null;
  listRef: RefObject<HTMLUListElement | null>;
  onAccept: (booking: BookingResource) => void;
  onReject: (booking: BookingResource) => void;
  onPropose: (booking: BookingResource) => void;
  onRate: (booking: BookingResource) => void;
  onCancel: (booking: BookingResource) => void;
}

/**
 * One list's cards. Memoized: a button that opens a dialog re-renders the list's owner and the
 * dialog, not every card again, so the dialog shows sooner after the tap on a phone (the bench's INP).
 */
const BookingCards = memo(function BookingCards({
  items,
  side,
  ownerId,
  label,
  busyId,
  listRef,
  onAccept,
  onReject,
  onPropose,
  onRate,
  onCancel,
}: BookingCardsProps) {
  return (
    <Box
      component="ul"
      ref={listRef}
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        // minmax(0, …): a card is never wider than the screen, whatever its longest word.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {items.map((b) => (
        <InTurn key={b.id}>
          <Box component="li">
            <BookingCard
              booking={b}
              side={side}
              actions={
                side === 'brand' ? (
                  <>
                    {b.status === 'pending' ? (
                      <>
                        <Button
                          variant="contained"
                          onClick={() => onAccept(b)}
                          disabled={busyId === b.id}
                          aria-label={`Accept ${b.influencer.name}'s booking on ${formatDate(b.booking_date)}`}
                        >
                          Accept
                        </Button>
                        <Button
                          color="error"
                          onClick={() => onReject(b)}
                          disabled={busyId === b.id}
                          aria-label={`Reject ${b.influencer.name}'s booking on ${formatDate(b.booking_date)}`}
                        >
                          Reject
                        </Button>
                        <Button
                          variant="outlined"
                          onClick={() => onPropose(b)}
                          disabled={busyId === b.id}
                          aria-label={`Propose another time to ${b.influencer.name}`}
                        >
                          Propose another time
                        </Button>
                      </>
                    ) : null}
                    <BrandVisitActions booking={b} brandId={ownerId} />
                    {b.can_rate ? (
                      <Button variant="outlined" onClick={() => onRate(b)}>
                        Rate Visit
                      </Button>
                    ) : null}
                  </>
                ) : b.status === 'pending' || b.status === 'accepted' ? (
                  <>
                    <ProposalPanel booking={b} userId={ownerId} />
                    {b.status === 'accepted' ? <ConfirmVisitButton booking={b} userId={ownerId} /> : null}
                    {b.status === 'accepted' ? <VisitPassLink booking={b} /> : null}
                    <Button
                      color="error"
                      onClick={() => onCancel(b)}
                      aria-label={`Cancel booking at ${b.campaign.brand.name} on ${formatDate(b.booking_date)}`}
                    >
                      Cancel
                    </Button>
                  </>
                ) : b.can_dispute ? (
                  <MediaVisitActions booking={b} userId={ownerId} />
                ) : undefined
              }
            />
          </Box>
        </InTurn>
      ))}
    </Box>
  );
});

function BookingList({ side, ownerId, tab }: { side: BookingSide; ownerId: number; tab: BookingTab }) {
  const sortable = side === 'brand' && tab === 'pending';
  const [sort, setSort] = useState<BookingSort>(undefined);
  const query = useBookings(side, ownerId, tab, sortable ? sort : undefined);
  const holding = useHoldSpinner(query.isPending);
  const [rejecting, setRejecting] = useState<BookingResource | null>(null);
  const [rating, setRating] = useState<BookingResource | null>(null);
  const [cancelling, setCancelling] = useState<BookingResource | null>(null);
  const [proposing, setProposing] = useState<BookingResource | null>(null);
  const answer = useAnswerBooking(side === 'brand' ? ownerId : 0);
  const snackbar = useSnackbar();
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const ids = useMemo(() => items.map((b) => b.id), [items]);
  // An accepted or rejected card leaves the list with the focused button: the focus goes to the next
  // card's first action (or the heading) once it is gone and the confirmation closed.
  const { listRef, leaving } = useFocusAfterLeaving<HTMLUListElement>(
    ids,
    !!rejecting || !query.data,
    '.MuiCardActions-root button',
  );
  const { mutate } = answer;
  const respond = useCallback(
    (b: BookingResource, status: 'accepted' | 'declined') =>
      mutate(
        { bookingId: b.id, status },
        {
          onSuccess: () => {
            leaving(b.id);
            setRejecting(null);
            snackbar(MSG.bookingUpdated);
          },
          onError: () => {
            setRejecting(null);
            snackbar(MSG.somethingWrong, 'error');
          },
        },
      ),
    [mutate, leaving, snackbar],
  );
  const accept = useCallback((b: BookingResource) => respond(b, 'accepted'), [respond]);
  // A dialog opens as a transition: the tap's own frame (the pressed button) paints at once, and the
  // dialog, MUI's heaviest first render on this page, follows in slices (INP, docs/performance.md).
  const openReject = useCallback((b: BookingResource) => startTransition(() => setRejecting(b)), []);
  const openPropose = useCallback((b: BookingResource) => startTransition(() => setProposing(b)), []);
  const openRate = useCallback((b: BookingResource) => startTransition(() => setRating(b)), []);
  const openCancel = useCallback((b: BookingResource) => startTransition(() => setCancelling(b)), []);
  const busyId = answer.isPending ? (answer.variables?.bookingId ?? null) : null;
  usePreloadWhenIdle(items.length > 0, DIALOGS);

  if (query.isPending || holding) return <Loading label="Loading bookings" />;
  if (query.isError) {
    return <LoadError onRetry={query.refetch} />;
  }
  if (items.length === 0) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">{MSG.noBookings}</Typography>
        {side === 'media' ? (
          <Button component={RouterLink} to={paths.campaigns.getHref()} sx={{ mt: 2 }}>
            Explore campaigns
          </Button>
        ) : null}
      </Box>
    );
  }

  return (
    <Box>
      {sortable ? <SortSelect value={sort} onChange={setSort} /> : null}
      <BookingCards
        items={items}
        side={side}
        ownerId={ownerId}
        label={`${TABS.find((t) => t.tab === tab)?.label} bookings`}
        busyId={busyId}
        listRef={listRef}
        onAccept={accept}
        onReject={openReject}
        onPropose={openPropose}
        onRate={openRate}
        onCancel={openCancel}
      />
      <InTurn>
        <InfiniteListFooter query={query} loadingLabel="Loading more bookings" />
      </InTurn>
      {rejecting ? (
        <ConfirmDialog
          open
          title="Reject this booking?"
          confirmLabel="Reject"
          cancelLabel="Go back"
          destructive
          busy={answer.isPending}
          onConfirm={() => respond(rejecting, 'declined')}
          onClose={() => setRejecting(null)}
        >
          {rejecting.influencer.name}&apos;s request for {formatDate(rejecting.booking_date)} will be declined. This
          cannot be undone.
        </ConfirmDialog>
      ) : null}
      <Suspense fallback={null}>
        {proposing ? (
          <ProposeTimeDialog booking={proposing} brandId={ownerId} onClose={() => setProposing(null)} />
        ) : null}
        {rating ? <RateVisitDialog booking={rating} open onClose={() => setRating(null)} /> : null}
        {cancelling ? (
          <CancelBookingDialog booking={cancelling} userId={ownerId} open onClose={() => setCancelling(null)} />
        ) : null}
      </Suspense>
    </Box>
  );
}
