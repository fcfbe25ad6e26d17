import { cancelWindowMessage, insideCancelWindow } from '@comped/shared/cancel-window';
import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatTime12, instantAt } from '@comped/shared/time';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useCancelBooking } from '../api/update-booking';
import { formatDate } from './format';

/**
 * Cancel a pending or accepted visit after a confirmation. Inside the 24-hour window it says at once
 * that a cancellation needs a call to the property (with its phone to tap) and asks nothing; should
 * the window start while the question is open, the server's refusal says the same.
 */
export function CancelBookingDialog({
  booking,
  userId,
  open,
  onClose,
}: {
  booking: BookingResource;
  userId: number;
  open: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelBooking(userId);
  const snackbar = useSnackbar();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Read when the dialog opens, not on the list's first render (a page's first Intl date formatter
  // loads ICU's data: docs/performance.md).
  const [when] = useState(() => {
    const visitAt = instantAt(booking.booking_date, booking.booking_time, booking.location.time_zone);
    const now = new Date();
    return { passed: visitAt.getTime() <= now.getTime(), insideWindow: insideCancelWindow(visitAt, now) };
  });
  const callMessage = when.insideWindow ? cancelWindowMessage(booking.location) : refusal;
  const visit = `Your visit to ${booking.campaign.brand.name} (${booking.location.name}) on ${formatDate(booking.booking_date)} at ${formatTime12(booking.booking_time)}`;

  const confirm = () => {
    cancel.mutate(booking.id, {
      onSuccess: () => {
        onClose();
        snackbar('Your booking was cancelled.');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 422) setRefusal(err.field('status') ?? err.message);
        else {
          onClose();
          snackbar(MSG.somethingWrong, 'error');
        }
      },
    });
  };
  const closeRefusal = () => {
    setRefusal(null);
    onClose();
  };

  if (when.passed) {
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby="cancel-passed-title" aria-describedby="cancel-passed-text">
        <DialogTitle id="cancel-passed-title">This visit has passed</DialogTitle>
        <DialogContent>
          <DialogContentText id="cancel-passed-text">
            {visit} has passed: it can no longer be cancelled.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  if (callMessage) {
    return (
      <Dialog
        open={open}
        onClose={closeRefusal}
        aria-labelledby="cancel-refused-title"
        aria-describedby="cancel-refused-text"
      >
        <DialogTitle id="cancel-refused-title">Please call the property</DialogTitle>
        <DialogContent>
          <DialogContentText id="cancel-refused-text">{callMessage}</DialogContentText>
        </DialogContent>
        <DialogActions>
          {booking.location.phone ? (
            <Button href={`tel:${booking.location.phone.replace(/[^\d+]/g, '')}`}>Call {booking.location.name}</Button>
          ) : null}
          <Button variant="contained" onClick={closeRefusal} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      title="Cancel this booking?"
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      destructive
      busy={cancel.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {visit} will be cancelled. This cannot be undone.
    </ConfirmDialog>
  );
}
