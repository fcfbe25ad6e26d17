import { MSG } from '@comped/shared/messages';
import type { BookingResource } from '@comped/shared/schemas/resources';
import { formatTime12 } from '@comped/shared/time';
import { normalizeCheckInCode } from '@comped/shared/validation/visits';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { useCheckIn } from '../api/check-in';
import { useQrScanner } from '../hooks/use-qr-scanner';
import { CompTermsList } from './comp-terms-list';
import { checkedInLabel } from './visit-format';

/**
 * The brand checks a guest in at the door: type the 6-character code, or scan the guest's QR with
 * the phone's camera. Full screen on a phone.
 */
export function CheckInDialog({
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
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const checkIn = useCheckIn(brandId);
  const snackbar = useSnackbar();

  const submit = (value: string) => {
    const normalized = normalizeCheckInCode(value);
    if (!normalized) {
      setFieldError(MSG.checkInCodeRequired);
      return;
    }
    setFieldError(null);
    setFormError(null);
    checkIn.mutate(
      { bookingId: booking.id, code: normalized },
      {
        onSuccess: ({ data }) => {
          snackbar(`${booking.influencer.name}: ${checkedInLabel(data)}`);
          onClose();
        },
        onError: (err) => {
          // Too early or too late is about the time, not the code: said above the field.
          if (err instanceof ApiError && (err.code === 'check_in_not_open' || err.code === 'check_in_closed')) {
            setFormError(err.message);
          } else if (err instanceof ApiError && err.status === 422 && err.field('code'))
            setFieldError(err.field('code')!);
          else if (err instanceof ApiError && err.status < 500) setFormError(err.message);
          else setFormError(MSG.somethingWrongDot);
        },
      },
    );
  };
  const scanner = useQrScanner(scanning, (text) => {
    setScanning(false);
    setCode(normalizeCheckInCode(text));
    submit(text);
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  return (
    <Dialog
      open
      fullScreen={phone}
      onClose={checkIn.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="xs"
    >
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', flex: 1 }}>
        <DialogTitle id={`${id}-title`}>Check in {booking.influencer.name}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Visit at {formatTime12(booking.booking_time)} for {booking.guests} guest{booking.guests === 1 ? '' : 's'}.
            Ask for the check-in code on their Comped booking, or scan its QR code.
          </DialogContentText>
          <CompTermsList booking={booking} title="Serve them" />
          <Box sx={{ mb: 2 }} />
          {formError ? (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {formError}
            </Alert>
          ) : null}
          <TextField
            label="Check-in code"
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            error={!!fieldError}
            helperText={fieldError ?? '6 characters, letters and digits'}
            fullWidth
            autoFocus
            slotProps={{
              htmlInput: {
                autoComplete: 'off',
                autoCapitalize: 'characters',
                spellCheck: false,
                maxLength: 9,
                style: { fontFamily: 'monospace', fontSize: 24, letterSpacing: 4 },
              },
            }}
          />
          <Box sx={{ mt: 2 }}>
            {scanning ? (
              <>
                <Box
                  component="video"
                  ref={scanner.videoRef}
                  muted
                  playsInline
                  aria-label="Camera preview for the QR code"
                  sx={{ width: '100%', borderRadius: 1, bgcolor: 'grey.900', aspectRatio: '1 / 1', objectFit: 'cover' }}
                />
                <Button onClick={() => setScanning(false)} sx={{ mt: 1 }}>
                  Stop camera
                </Button>
              </>
            ) : (
              <Button variant="outlined" onClick={() => setScanning(true)} fullWidth>
                Scan QR code
              </Button>
            )}
            {scanner.error ? (
              <Alert severity="info" sx={{ mt: 1 }}>
                {scanner.error}
              </Alert>
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={checkIn.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={checkIn.isPending}>
            Check in
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
