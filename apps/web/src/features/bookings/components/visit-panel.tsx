import type { BookingResource } from '@comped/shared/schemas/resources';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';

import { QrSquare } from './qr-square';
import { checkedInLabel, localDateTime } from './visit-format';

// The QR encoder is its own chunk here: most cards show no code (every brand's, and media users'
// past visits). The visit pass imports it directly, its QR being what that page is for.
const QrImage = lazy(() => import('./qr-image').then((m) => ({ default: m.QrImage })));
const CARD_QR_SIZE = 96;

/**
 * What a booking card says about the visit itself: the media user's check-in code and QR, the
 * check-in time (both sides), an overdue report, and a no-show with its dispute.
 */
export function VisitPanel({ booking, side }: { booking: BookingResource; side: 'brand' | 'media' }) {
  const b = booking;
  const zone = b.location.time_zone;
  const showCode = side === 'media' && b.check_in_code && !b.checked_in_at && b.status === 'accepted';
  const parts = [];
  if (showCode) {
    parts.push(
      <Stack
        key="code"
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Suspense fallback={<QrSquare size={CARD_QR_SIZE} />}>
          <QrImage value={b.check_in_code!} size={CARD_QR_SIZE} label={`QR code of check-in code ${b.check_in_code}`} />
        </Suspense>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Check-in code
          </Typography>
          <Typography
            component="div"
            data-testid="check-in-code"
            sx={{ fontFamily: 'monospace', fontSize: 26, fontWeight: 700, letterSpacing: 3 }}
          >
            {b.check_in_code}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Show it when you arrive.
          </Typography>
        </Box>
      </Stack>,
    );
  }
  if (b.checked_in_at) {
    parts.push(
      <Stack key="in" direction="row" spacing={1} sx={{ alignItems: 'center', color: 'success.dark' }}>
        <CheckCircleIcon fontSize="small" aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {checkedInLabel(b)}
        </Typography>
      </Stack>,
    );
  }
  if (b.task?.overdue) {
    parts.push(
      <Chip
        key="overdue"
        size="small"
        label={side === 'media' ? 'Report overdue' : 'Report overdue from this guest'}
        sx={{ bgcolor: '#fdecea', color: '#8e1c1c', fontWeight: 600, alignSelf: 'flex-start' }}
      />,
    );
  }
  if (b.status === 'no_show' || b.dispute) {
    const d = b.dispute;
    const text = !d
      ? side === 'media' && b.can_dispute && b.dispute_until
        ? `Marked as a no-show. If you were there, you can tell us until ${localDateTime(b.dispute_until, zone)}.`
        : 'Marked as a no-show.'
      : d.outcome === null
        ? `Disputed ("I was there"): our team is looking into it.`
        : d.outcome === 'finished'
          ? 'Dispute settled: the visit counts as completed.'
          : 'Dispute settled: the no-show stands.';
    parts.push(
      <Box key="noshow">
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
        {d && side === 'brand' ? (
          <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
            &ldquo;{d.note}&rdquo;
          </Typography>
        ) : null}
      </Box>,
    );
  }
  if (parts.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }}>
      {parts}
    </Stack>
  );
}
