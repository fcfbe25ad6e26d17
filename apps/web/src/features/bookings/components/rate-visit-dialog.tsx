import { LIMITS, RATING_LABELS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormHelperText,
  Rating,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useRateInfluencer } from '../api/rate-influencer';

/** Rate Visit: 1-5 (Very Bad .. Very Good) and an optional review; a failure shows the first rate message. */
export function RateVisitDialog({
  booking,
  open,
  onClose,
}: {
  booking: BookingResource;
  open: boolean;
  onClose: () => void;
}) {
  const [rate, setRate] = useState<number | null>(null);
  const [hover, setHover] = useState(-1);
  const [review, setReview] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useRateInfluencer();
  const snackbar = useSnackbar();
  const shown = hover > 0 ? hover : rate;

  const submit = () => {
    if (!rate) {
      setError(MSG.ratingRequired);
      return;
    }
    setError(null);
    mutation.mutate(
      { bookingId: booking.id, body: { rate, review: review.trim() || null } },
      {
        onSuccess: () => {
          snackbar(MSG.bookingUpdated);
          onClose();
        },
        onError: (err) =>
          setError(
            err instanceof ApiError ? (err.field('rate') ?? err.field('review') ?? err.message) : MSG.somethingWrong,
          ),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby="rate-visit-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="rate-visit-title">Rate Visit</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>How was {booking.influencer.name}&apos;s visit?</DialogContentText>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
          <Typography component="legend" variant="body2" sx={{ mb: 0.5 }}>
            Rating
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Rating
              name={`rate-${booking.id}`}
              value={rate}
              max={5}
              size="large"
              getLabelText={(v) => RATING_LABELS[v - 1] ?? `${v}`}
              onChange={(_e, v) => {
                setRate(v);
                setError(null);
              }}
              onChangeActive={(_e, v) => setHover(v)}
            />
            <Typography variant="body2" aria-live="polite">
              {shown ? RATING_LABELS[shown - 1] : ''}
            </Typography>
          </Box>
        </Box>
        <TextField
          label="Review (optional)"
          multiline
          minRows={3}
          fullWidth
          value={review}
          onChange={(e) => setReview(e.target.value.slice(0, LIMITS.reviewMax))}
          helperText={`${LIMITS.reviewMax} characters max`}
        />
        {error ? (
          <FormHelperText error role="alert" sx={{ mt: 1 }}>
            {error}
          </FormHelperText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Submit rating
        </Button>
      </DialogActions>
    </Dialog>
  );
}
