import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { VISIT_RULES } from '@comped/shared/visit-rules';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useDisputeNoShow } from '../api/dispute-no-show';

/** "I was there": the media user disputes a no-show with a short note; staff settle it. */
export function DisputeDialog({
  booking,
  userId,
  onClose,
}: {
  booking: BookingResource;
  userId: number;
  onClose: () => void;
}) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const dispute = useDisputeNoShow(userId);
  const snackbar = useSnackbar();
  const send = () => {
    if (!note.trim()) {
      setError(MSG.disputeNoteRequired);
      return;
    }
    setError(null);
    dispute.mutate(
      { bookingId: booking.id, note: note.trim() },
      {
        onSuccess: () => {
          snackbar('Thanks. Our team will look into it.');
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.field('note')) setError(err.field('note')!);
          else setFormError(err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrongDot);
        },
      },
    );
  };
  return (
    <Dialog
      open
      onClose={dispute.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={`${id}-title`}>I was there</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {booking.campaign.brand.name} marked this visit as a no-show. Tell us briefly about your visit (when you
          arrived, who welcomed you); our team will settle it.
        </DialogContentText>
        {formError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        ) : null}
        <TextField
          label="Your note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          error={!!error}
          helperText={error ?? `${note.length}/${VISIT_RULES.disputeNoteMax}`}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: VISIT_RULES.disputeNoteMax } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={dispute.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={send} disabled={dispute.isPending}>
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
