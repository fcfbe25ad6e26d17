import { SLOT_RULES } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatTime12, WEEKDAY_SHORT, weekdayIndexOf } from '@comped/shared/time';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useProposalWeek, useProposeBookingTime } from '../api/propose-booking-time';
import { formatDate } from './format';

/**
 * The brand's "Propose another time" for a pending request (issue 30): a day, then one of its
 * available times (the server's slots for that week, this request left out), and a note.
 */
export function ProposeTimeDialog({
  booking,
  brandId,
  onClose,
}: {
  booking: BookingResource;
  brandId: number;
  onClose: () => void;
}) {
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [date, setDate] = useState(booking.booking_date);
  const [time, setTime] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
  const week = useProposalWeek(brandId, booking.id, validDate);
  // The time asked for is not another time: the day's list leaves it out.
  const times =
    validDate && week.data
      ? week.data[WEEKDAY_SHORT[weekdayIndexOf(validDate)]!]?.filter(
          (s) => validDate !== booking.booking_date || s !== booking.booking_time,
        )
      : undefined;
  const propose = useProposeBookingTime(brandId);
  const snackbar = useSnackbar();
  let helper: string;
  if (!validDate) helper = 'Choose a day to see its available times.';
  else if (week.isError) helper = MSG.somethingWrongDot;
  else if (!times) helper = 'Loading available times…';
  else if (times.length === 0) helper = MSG.noAvailability;
  else helper = `${times.length} available time${times.length === 1 ? '' : 's'}`;

  const submit = () => {
    if (!validDate || !time) {
      setError(MSG.selectDayAndTime);
      return;
    }
    setError(null);
    propose.mutate(
      { bookingId: booking.id, booking_date: validDate, booking_time: time, note },
      {
        onSuccess: () => {
          snackbar('Proposal sent.');
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError && err.status < 500 ? err.message : MSG.somethingWrong),
      },
    );
  };
  return (
    <Dialog open fullScreen={phone} onClose={propose.isPending ? undefined : onClose} aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>Propose another time</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {booking.influencer.name} asked for {formatDate(booking.booking_date)} at {formatTime12(booking.booking_time)}
          . Offer another available time; they accept or decline it.
        </DialogContentText>
        <Stack spacing={2}>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextField
            type="date"
            label="Day"
            id={`${id}-date`}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setTime('');
              setError(null);
            }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label="Available times"
            id={`${id}-time`}
            value={time}
            onChange={(e) => {
              setTime(e.target.value);
              setError(null);
            }}
            disabled={!times || times.length === 0}
            helperText={helper}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
            }}
          >
            <option value="">{times?.length ? 'Select a time' : '—'}</option>
            {(times ?? []).map((s) => (
              <option key={s} value={s}>
                {formatTime12(s)}
              </option>
            ))}
          </TextField>
          <TextField
            label="Note (optional)"
            id={`${id}-note`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            helperText={`${note.length}/${SLOT_RULES.proposalNoteMax}`}
            slotProps={{ htmlInput: { maxLength: SLOT_RULES.proposalNoteMax } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={propose.isPending}>
          Cancel
        </Button>
        <Button variant="contained" disabled={propose.isPending} onClick={submit}>
          Send proposal
        </Button>
      </DialogActions>
    </Dialog>
  );
}
