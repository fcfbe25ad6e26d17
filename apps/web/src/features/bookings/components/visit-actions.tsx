import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { Button } from '@mui/material';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { lazyWithPreload, usePreloadWhenIdle } from '../../../lib/lazy-with-preload';
import { useSnackbar } from '../../../lib/snackbar';
import { useAnswerBooking } from '../api/update-booking';
import { formatDate } from './format';

// Their code (the QR scanner's, the dispute form's) loads once the card offering them is shown.
const CheckInDialog = lazyWithPreload(() => import('./check-in-dialog').then((m) => m.CheckInDialog));
const DisputeDialog = lazyWithPreload(() => import('./dispute-dialog').then((m) => m.DisputeDialog));

/** Brand side of an accepted visit: Check in at the door; Mark as no-show from 2 hours after. */
export function BrandVisitActions({ booking, brandId }: { booking: BookingResource; brandId: number }) {
  const [checking, setChecking] = useState(false);
  const canCheckIn = booking.status === 'accepted' && !booking.checked_in_at && booking.check_in_opens_at !== null;
  const who = `${booking.influencer.name} on ${formatDate(booking.booking_date)}`;
  usePreloadWhenIdle(canCheckIn, [CheckInDialog]);
  return (
    <>
      {canCheckIn ? (
        <Button variant="contained" onClick={() => setChecking(true)} aria-label={`Check in ${who}`}>
          Check in
        </Button>
      ) : null}
      <MarkNoShow booking={booking} brandId={brandId} />
      {checking ? (
        <Suspense fallback={null}>
          <CheckInDialog booking={booking} brandId={brandId} onClose={() => setChecking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Mark as no-show, from 2 hours after an accepted visit nobody checked in for (`can_mark_no_show`),
 * after a confirmation: on a bookings card and at the door.
 */
export function MarkNoShow({ booking, brandId }: { booking: BookingResource; brandId: number }) {
  const [confirming, setConfirming] = useState(false);
  const answer = useAnswerBooking(brandId);
  const snackbar = useSnackbar();
  if (!booking.can_mark_no_show) return null;
  const who = `${booking.influencer.name} on ${formatDate(booking.booking_date)}`;
  const markNoShow = () =>
    answer.mutate(
      { bookingId: booking.id, status: 'no_show' },
      {
        onSuccess: () => {
          setConfirming(false);
          snackbar('Marked as a no-show.');
        },
        onError: (err) => {
          setConfirming(false);
          snackbar(err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrong, 'error');
        },
      },
    );
  return (
    <>
      <Button color="error" onClick={() => setConfirming(true)} aria-label={`Mark as no-show: ${who}`}>
        Mark as no-show
      </Button>
      {confirming ? (
        <ConfirmDialog
          open
          title="Mark as no-show?"
          confirmLabel="Mark as no-show"
          cancelLabel="Go back"
          destructive
          busy={answer.isPending}
          onConfirm={markNoShow}
          onClose={() => setConfirming(false)}
        >
          {booking.influencer.name} was not checked in for {formatDate(booking.booking_date)}. Their task closes and
          they are told by e-mail; they may dispute it within 48 hours.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Media side of an accepted visit: its pass, with the check-in code, that opens offline too. */
export function VisitPassLink({ booking }: { booking: BookingResource }) {
  return (
    <Button
      variant="contained"
      component={RouterLink}
      to={paths.visitPass.getHref(booking.id)}
      aria-label={`Visit pass: ${booking.campaign.brand.name} on ${formatDate(booking.booking_date)}`}
    >
      Visit pass
    </Button>
  );
}

/** Media side of a no-show: "I was there" within 48 hours. */
export function MediaVisitActions({ booking, userId }: { booking: BookingResource; userId: number }) {
  const [open, setOpen] = useState(false);
  usePreloadWhenIdle(booking.can_dispute, [DisputeDialog]);
  if (!booking.can_dispute) return null;
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        I was there
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <DisputeDialog booking={booking} userId={userId} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
