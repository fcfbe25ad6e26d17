import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatTime12 } from '@comped/shared/time';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useCancelBooking } from '../api/update-booking';
import { formatDate } from './format';

/**
 * Cancel a pending or accepted visit after a confirmation. Inside the 24-hour window the server
 * refuses and its message (call the property, with the phone) is shown; nothing is cancelled.
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

  if (refusal) {
    return (
      <Dialog
        open={open}
        onClose={closeRefusal}
        aria-labelledby="cancel-refused-title"
        aria-describedby="cancel-refused-text"
      >
        <DialogTitle id="cancel-refused-title">Please call the property</DialogTitle>
        <DialogContent>
          <DialogContentText id="cancel-refused-text">{refusal}</DialogContentText>
        </DialogContent>
        <DialogActions>
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
      Your visit to {booking.campaign.brand.name} ({booking.location.name}) on {formatDate(booking.booking_date)} at{' '}
      {formatTime12(booking.booking_time)} will be cancelled. This cannot be undone.
    </ConfirmDialog>
  );
}
