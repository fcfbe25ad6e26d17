import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatTime12 } from '@comped/shared/time';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';

import { paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-client';
import { formatDate } from './format';

export type BookingResult =
  | { kind: 'success'; booking: BookingResource }
  | { kind: 'already' }
  | { kind: 'profile' }
  | { kind: 'fields'; message: string }
  | { kind: 'failure'; message: string };

const FIELD_KEYS = ['location_id', 'guests', 'booking_date', 'booking_time'];

/** Which dialog a failed request opens (spec sections 4 and 8). */
export function resultOfError(err: ApiError | null): BookingResult {
  if (!err) return { kind: 'failure', message: MSG.houstonText };
  if (err.code === 'already_booked') return { kind: 'already' };
  if (err.code === 'profile_incomplete') return { kind: 'profile' };
  if (err.status === 422 && FIELD_KEYS.some((k) => err.field(k))) {
    const first = FIELD_KEYS.map((k) => err.field(k)).find(Boolean);
    return { kind: 'fields', message: err.field('booking_date') ?? first ?? err.message };
  }
  return { kind: 'failure', message: err.status === 0 || err.status >= 500 ? MSG.houstonText : err.message };
}

/** Result dialogs of a booking request; closing after success or a booking-level error goes to /campaigns. */
export function BookingResultDialog({ result, onClose }: { result: BookingResult | null; onClose: () => void }) {
  const navigate = useNavigate();
  const leaves = result?.kind === 'success' || result?.kind === 'already' || result?.kind === 'profile';
  const close = () => {
    onClose();
    if (leaves) navigate(paths.campaigns.getHref());
  };
  let title = '';
  let text = '';
  if (result?.kind === 'success') {
    title = 'Visit requested!';
    text = `Your request for ${formatDate(result.booking.booking_date)} at ${formatTime12(result.booking.booking_time)} was sent to ${result.booking.campaign.brand.name}. The brand will answer soon and we will email you.`;
  } else if (result?.kind === 'already') {
    title = MSG.alreadyBooked;
    text = 'You already have a booking for this campaign. You can follow it under Bookings.';
  } else if (result?.kind === 'profile') {
    title = MSG.moreDetailsNeeded;
    text = 'Complete your profile (influencers: your Instagram handle; journalists: where you work) before you book.';
  } else if (result?.kind === 'fields') {
    title = 'Please check your request';
    text = result.message;
  } else if (result?.kind === 'failure') {
    title = MSG.somethingWrong;
    text = result.message;
  }
  return (
    <Dialog
      open={!!result}
      onClose={close}
      aria-labelledby="booking-result-title"
      aria-describedby="booking-result-text"
    >
      <DialogTitle id="booking-result-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="booking-result-text">{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {result?.kind === 'profile' ? (
          <Button component={RouterLink} to={paths.profile.getHref()}>
            Go to my profile
          </Button>
        ) : null}
        {result?.kind === 'success' || result?.kind === 'already' ? (
          <Button component={RouterLink} to={paths.bookings.getHref()}>
            See my bookings
          </Button>
        ) : null}
        <Button variant="contained" onClick={close} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
