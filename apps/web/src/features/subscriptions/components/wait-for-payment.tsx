import { MSG } from '@comped/shared/messages';
import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';

import { usePayment } from '../api/get-payment';

/**
 * After the bank accepted the payment on the page: the provider tells our server by webhook, a
 * moment later. Polls the payment until it is settled, then hands over.
 */
export function WaitForPayment({
  paymentId,
  onSucceeded,
  onFailed,
}: {
  paymentId: string;
  onSucceeded: () => Promise<void> | void;
  onFailed: (message: string) => void;
}) {
  const payment = usePayment(paymentId, true);
  const settled = useRef(false);
  const status = payment.data?.status;
  useEffect(() => {
    if (settled.current || !payment.data) return;
    if (status === 'succeeded') {
      settled.current = true;
      void onSucceeded();
    } else if (status === 'failed' || status === 'canceled') {
      settled.current = true;
      onFailed(payment.data.failure_message ?? MSG.cardDeclined);
    }
  }, [status, payment.data, onSucceeded, onFailed]);
  if (payment.isError) return <Alert severity="error">{MSG.somethingWrongDot}</Alert>;
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2 }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>Payment accepted by your bank. Activating your plan…</Typography>
    </Box>
  );
}
