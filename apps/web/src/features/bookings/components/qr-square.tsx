import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The QR's white square, the same size before its image is drawn (or its code has arrived) as after:
 * nothing around it moves when the QR shows.
 */
export function QrSquare({ size, children }: { size: number; children?: ReactNode }) {
  return <Box sx={{ width: size, height: size, bgcolor: '#fff', flexShrink: 0 }}>{children}</Box>;
}
